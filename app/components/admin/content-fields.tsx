import { useEffect, useRef, useState } from "react";
import {
  REMOVE_ROW,
  rowCount,
  type ContentField,
  type FieldValues,
  type RowField,
} from "#app/config/content-fields.ts";
import type { ContentFieldErrors } from "#app/lib/ports/content-console.ts";
import { cn } from "#app/lib/cn.ts";
import type { PictureFrame } from "#app/config/picture-sizes.ts";
import { PictureUpload } from "./picture-upload.tsx";

// The inputs of a content type's editor, made from the type's fields (app/content-types/):
// each labelled, with its hint and its error announced and linked to it. The server checks what is
// posted by the type's schema; in the browser, before sending, each input's own limits (required,
// a key's letters) are checked and said in the same words (checkFields).

const controlClass =
  "w-full rounded-2xl border bg-canvas px-5 py-3.5 text-ink transition-colors focus:border-primary";

const KEY_PATTERN = "[a-z0-9\\-]+";

/** The input's id for a field's name (dots are not welcome in selectors). */
export const fieldId = (name: string) => `field-${name.replaceAll(".", "-")}`;

function Hint({ id, hint }: { id: string; hint?: string }) {
  return hint ? (
    <p id={`${id}-hint`} className="mb-2 text-sm text-ink-muted">
      {hint}
    </p>
  ) : null;
}

function ErrorLine({ id, error }: { id: string; error?: string }) {
  return (
    <p id={`${id}-error`} className="mt-1.5 min-h-5 text-sm font-medium text-danger">
      {error}
    </p>
  );
}

const describedBy = (id: string, hint?: string, error?: string) =>
  [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;

/** One input. `fixed`: the key of an item that exists (shown, not changed). */
function Input({
  field,
  name,
  value,
  error,
  fixed,
}: {
  field: RowField | Extract<ContentField, { kind: "key" }>;
  name: string;
  value: string;
  error?: string;
  fixed?: boolean;
}) {
  const id = fieldId(name);
  const hint = field.kind === "key" && fixed ? "Set when it was made: it stays." : field.hint;
  const common = {
    id,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, hint, error),
    className: cn(controlClass, error ? "border-danger" : "border-line"),
  };
  if (field.kind === "checkbox")
    return (
      <div className="mb-4">
        <label className="flex min-h-11 items-center gap-3 font-semibold">
          <input
            type="checkbox"
            id={id}
            name={name}
            defaultChecked={value !== ""}
            aria-describedby={describedBy(id, field.hint, error)}
            className="size-5 accent-primary"
          />
          {field.label}
        </label>
        {field.hint && (
          <p id={`${id}-hint`} className="text-sm text-ink-muted">
            {field.hint}
          </p>
        )}
        <ErrorLine id={id} error={error} />
      </div>
    );
  let control: React.ReactNode;
  if (field.kind === "choice")
    control = (
      <select {...common} defaultValue={value} required={!field.optional}>
        {!field.options.some((o) => o.value === value) && <option value={value}>Choose…</option>}
        {field.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  else if (field.kind === "text" || field.kind === "paragraphs" || field.kind === "lines")
    control = (
      <textarea
        {...common}
        rows={field.kind === "paragraphs" ? 8 : 4}
        defaultValue={value}
        required={!field.optional}
        maxLength={FIELD_MAX_LENGTH}
      />
    );
  else
    control = (
      <input
        {...common}
        type={field.kind === "number" ? "number" : "text"}
        inputMode={field.kind === "number" ? "numeric" : undefined}
        defaultValue={value}
        required={!field.optional}
        readOnly={fixed}
        maxLength={field.kind === "number" ? undefined : FIELD_MAX_LENGTH}
        pattern={field.kind === "key" ? KEY_PATTERN : undefined}
        autoComplete="off"
        spellCheck={field.kind === "key" ? false : undefined}
      />
    );
  return (
    <div>
      <label htmlFor={id} className="mb-2 block text-sm font-semibold">
        {field.label}
      </label>
      <Hint id={id} hint={hint} />
      {control}
      <ErrorLine id={id} error={error} />
    </div>
  );
}

/** The longest text an input takes (the schemas' own limits are checked on the server). */
export const FIELD_MAX_LENGTH = 5_000;

/** A list of rows: one fieldset each, a tick to remove it, and an empty one to add one. */
function Rows({
  field,
  values,
  errors,
}: {
  field: Extract<ContentField, { kind: "rows" }>;
  values: FieldValues;
  errors: ContentFieldErrors;
}) {
  const count = rowCount(values, field);
  return (
    <fieldset className="mb-4 grid gap-3">
      <legend className="mb-2 text-sm font-semibold">{field.label}</legend>
      {field.hint && <p className="text-sm text-ink-muted">{field.hint}</p>}
      {errors[field.name] && <p className="text-sm font-medium text-danger">{errors[field.name]}</p>}
      {Array.from({ length: count }, (_, i) => {
        const name = (sub: string) => `${field.name}.${i}.${sub}`;
        const last = i === count - 1;
        return (
          <fieldset key={i} className="rounded-2xl border border-line p-4">
            <legend className="px-1 text-sm font-semibold">
              {last
                ? `A new ${field.rowLabel} (leave empty for none)`
                : `${capital(field.rowLabel)} ${i + 1}`}
            </legend>
            {field.fields.map((sub) => (
              <Input
                key={sub.name}
                field={sub}
                name={name(sub.name)}
                value={values[name(sub.name)] ?? ""}
                error={errors[name(sub.name)]}
              />
            ))}
            {!last && (
              <label className="flex min-h-11 items-center gap-3">
                <input type="checkbox" name={name(REMOVE_ROW)} className="size-5 accent-primary" />
                Remove this {field.rowLabel}
              </label>
            )}
          </fieldset>
        );
      })}
    </fieldset>
  );
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A picture field with a frame (a portrait; a project's card and page pictures): its upload,
 *  cropped to the frame, above the choice of the pictures it may show (the site's own and those
 *  uploaded of its shape); an upload ready is added to the choice and chosen. `several`: the
 *  editor has more than one, each upload names its field. */
function PictureChoice({
  field,
  value,
  error,
  uploaded,
  several,
  returned,
  pastes,
}: {
  field: Extract<ContentField, { kind: "choice" }> & { frame: PictureFrame };
  value: string;
  error?: string;
  uploaded: readonly string[];
  several: boolean;
  returned: boolean;
  pastes: boolean;
}) {
  const [added, setAdded] = useState<readonly string[]>([]);
  // An upload ready: chosen once its option is rendered (chosen before, the browser would fall
  // back to the first option); the live preview follows the change.
  const choose = useRef<string | null>(null);
  useEffect(() => {
    const name = choose.current;
    const select = document.getElementById(fieldId(field.name));
    if (!name || !(select instanceof HTMLSelectElement)) return;
    choose.current = null;
    select.value = name;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  }, [added, field.name]);
  const names = [...new Set([...added, ...uploaded])];
  const options = [
    ...field.options,
    ...names
      .filter((n) => !field.options.some((o) => o.value === n))
      .map((n) => ({ value: n, label: `Uploaded picture ${n}` })),
  ];
  return (
    <>
      <PictureUpload
        known={uploaded}
        frame={field.frame}
        field={field.name}
        noun={several ? field.label.toLowerCase() : undefined}
        returned={returned}
        pastes={pastes}
        usage={pastes}
        onReady={(name) => {
          choose.current = name;
          setAdded((list) => [name, ...list.filter((n) => n !== name)]);
        }}
      />
      <Input field={{ ...field, options }} name={field.name} value={value} error={error} />
    </>
  );
}

/** Every field of a type's editor. `isNew`: the key may still be chosen. `pictures`: the
 *  uploaded pictures each picture field with a frame may choose, by its name (ready, of its
 *  frame's shape). `uploadFor`: the picture field a plain form's upload came back for. */
export function ContentFields({
  fields,
  values,
  errors = {},
  isNew,
  pictures = {},
  uploadFor = null,
}: {
  fields: readonly ContentField[];
  values: FieldValues;
  errors?: ContentFieldErrors;
  isNew: boolean;
  pictures?: Readonly<Record<string, readonly string[]>>;
  uploadFor?: string | null;
}) {
  const framed = fields.filter((f) => f.kind === "choice" && f.frame).map((f) => f.name);
  return (
    <>
      {fields.map((field) =>
        field.kind === "rows" ? (
          <Rows key={field.name} field={field} values={values} errors={errors} />
        ) : field.kind === "choice" && field.frame ? (
          <PictureChoice
            key={field.name}
            field={{ ...field, frame: field.frame }}
            value={values[field.name] ?? ""}
            error={errors[field.name]}
            uploaded={pictures[field.name] ?? []}
            several={framed.length > 1}
            returned={uploadFor === field.name}
            pastes={framed[0] === field.name}
          />
        ) : (
          <Input
            key={field.name}
            field={field}
            name={field.name}
            value={values[field.name] ?? ""}
            error={errors[field.name]}
            fixed={field.kind === "key" && !isNew}
          />
        ),
      )}
    </>
  );
}

/** What the browser finds wrong with the inputs before sending, in the server's words (the
 *  server checks everything again). Empty rows are not checked: they add nothing. */
export function checkFields(form: HTMLFormElement): ContentFieldErrors {
  const errors: ContentFieldErrors = {};
  const controls = form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
    "input[name], textarea[name], select[name]",
  );
  const rowEmpty = (el: Element) => {
    const row = el.closest("fieldset fieldset");
    return (
      row !== null &&
      [
        ...row.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
          "input:not([type=checkbox]), textarea",
        ),
      ].every((c) => c.value.trim() === "")
    );
  };
  for (const el of controls) {
    if (el.type === "hidden" || el.type === "checkbox" || rowEmpty(el)) continue;
    const value = el.value.trim();
    if (el.required && value === "") errors[el.name] = "Required.";
    else if (
      el instanceof HTMLInputElement &&
      el.pattern &&
      value &&
      !new RegExp(`^(?:${el.pattern})$`).test(value)
    )
      errors[el.name] = "Lower-case letters, digits and dashes only.";
    else if (el instanceof HTMLInputElement && el.type === "number" && el.validity.badInput)
      errors[el.name] = "A number is needed.";
  }
  return errors;
}

/** The fields' errors shown: the browser's own, else the server's. */
export function useFieldErrors(server?: ContentFieldErrors) {
  const [client, setClient] = useState<ContentFieldErrors | null>(null);
  const check = (event: React.FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    // Only what keeps the item is checked: unpublishing or previewing needs no complete item.
    if (submitter?.value === "unpublish") return setClient(null);
    const found = checkFields(event.currentTarget);
    if (Object.keys(found).length === 0) return setClient(null);
    event.preventDefault();
    setClient(found);
    document.getElementById(fieldId(Object.keys(found)[0]!))?.focus();
  };
  return { errors: client ?? server ?? {}, check };
}
