import { useEffect, useRef } from "react";
import { data, Link, redirect, useFetcher, useNavigation, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/content-item";
import { consoleHeaders, requireStaff, requireStaffForm, staffService } from "#app/lib/staff.server.ts";
import {
  formFieldValues,
  fieldValues,
  type ContentField,
  type FieldValues,
} from "#app/config/content-fields.ts";
import type { ContentFieldErrors, ContentItemView } from "#app/lib/ports/content-console.ts";
import { lagosTime } from "#app/lib/format.ts";
import { cn } from "#app/lib/cn.ts";
import { Button } from "#app/components/ui/button.tsx";
import { ConsoleForm } from "#app/components/admin/console-form.tsx";
import { consoleErrorBoundary } from "#app/components/admin/console-problem.tsx";
import { ConfirmPanel } from "#app/components/admin/confirm-panel.tsx";
import { ContentFields, useFieldErrors } from "#app/components/admin/content-fields.tsx";
import { ContentPreview, PageLinks } from "#app/components/admin/content-preview.tsx";
import { PictureUploadForm } from "#app/components/admin/picture-upload.tsx";
import type { PictureData } from "#app/lib/media.ts";
import { TheirVersion } from "#app/components/admin/their-version.tsx";
import { postStateLabel } from "#app/components/admin/post-state.ts";
import { When } from "#app/components/admin/when.tsx";

// One item of a content type (/admin/content/:type/:key), or a new one (/admin/content/:type/new):
// its fields in a form made from the type's declaration, previewed as the site shows it (Preview
// checks the form and shows it, saving nothing), saved based on the revision the editor started
// from (someone else's save meanwhile is refused, their version shown), published now or at a
// time, unpublished, deleted after a second step; its revisions, any of which can be loaded into
// the form to be saved again. All of it works without JavaScript.

const notFound = () => data(null, { status: 404, headers: consoleHeaders() });

/** The names of a type's picture fields with a frame (a portrait; a project's two pictures). */
const framedFields = (fields: readonly ContentField[]) =>
  fields.flatMap((f) => (f.kind === "choice" && f.frame ? [f.name] : []));

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(context, request);
  const content = staffService(context).content;
  const url = new URL(request.url);
  const declared = content.type(params.type);
  if (!declared) throw notFound();
  // The uploaded pictures each picture field with a frame may choose (of its shape).
  const fields = framedFields(declared.fields);
  const framed: Record<string, string[]> = Object.fromEntries(
    await Promise.all(fields.map(async (f) => [f, await content.framedPictures(params.type, f)] as const)),
  );
  // Back from a plain form's upload (`?picture=u/…&field=thumb`): the field it was for (one of
  // the type's; else the first), where a ready one of its shape is chosen.
  const asked = url.searchParams.get("field");
  const uploadFor = fields.find((f) => f === asked) ?? fields[0] ?? null;
  const uploaded = url.searchParams.get("picture");
  const choose = (values: FieldValues): FieldValues =>
    uploadFor && uploaded && framed[uploadFor]?.includes(uploaded)
      ? { ...values, [uploadFor]: uploaded }
      : values;
  if (params.key === undefined)
    return {
      type: declared,
      item: null,
      revisions: [],
      values: choose(fieldValues(declared.fields)),
      loaded: null,
      made: null,
      framed,
      uploadFor,
      pictures: {},
    };
  const found = await content.get(params.type, params.key);
  if (!found) throw notFound();
  // ?revision=N: that revision's fields in the form, to be saved again.
  const n = Number(url.searchParams.get("revision"));
  const old = Number.isSafeInteger(n) && n > 0 ? await content.revision(params.type, params.key, n) : null;
  const made = url.searchParams.get("made");
  return {
    ...found,
    values: choose(old ?? found.item.values),
    loaded: old ? n : null,
    made: made && MADE[made] ? made : null,
    framed,
    uploadFor,
    // The uploaded pictures it names, for the preview (the manifest's it draws by name).
    pictures: await content.pictures(found.item.item),
  };
}

type Answer = {
  ok: boolean;
  message: string;
  errors?: ContentFieldErrors;
  /** What the editor sent, kept in the form when it was not saved (or only previewed). */
  values?: FieldValues;
  /** The item as Preview shows it. */
  preview?: unknown;
  /** The uploaded pictures the previewed item names. */
  pictures?: Record<string, PictureData>;
  /** The item as someone else saved it meanwhile. */
  theirs?: ContentItemView;
  confirmDelete?: boolean;
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const { session, form } = await requireStaffForm(context, request);
  const content = staffService(context).content;
  // The type's declaration only: the live preview posts here every pause in typing.
  const type = content.type(params.type);
  if (!type) throw notFound();
  const by = session.member.email;
  const answer = (body: Answer, status = 200) => data(body, { status, headers: consoleHeaders() });
  const intent = form.get("intent");
  const key = params.key;
  // The item's own key is the facade's to add (check, save): a form may not show it.
  const values = formFieldValues(form, type.fields);
  const itemPath = (k: string) => `/admin/content/${params.type}/${k}`;

  if (key !== undefined && intent === "delete" && !type.single)
    return answer({ ok: true, message: "", confirmDelete: true });
  if (key !== undefined && (intent === "delete-confirmed" || intent === "erase-confirmed")) {
    if (!(await content.remove(by, params.type, key, intent === "erase-confirmed"))) throw notFound();
    const erased = intent === "erase-confirmed";
    throw redirect(
      `/admin/content/${params.type}?${erased ? "erased=1" : `deleted=${encodeURIComponent(key)}`}`,
      {
        headers: consoleHeaders(),
      },
    );
  }
  if (intent === "preview") {
    const checked = content.check(params.type, values, key)!;
    if (!checked.ok)
      return answer(
        { ok: false, message: "Please correct the highlighted fields.", errors: checked.errors, values },
        400,
      );
    return answer({
      ok: true,
      message: "The preview shows the form as it is now: nothing is saved yet.",
      values,
      preview: checked.item,
      pictures: await content.pictures(checked.item),
    });
  }
  if (intent !== "save" && intent !== "publish" && intent !== "unpublish")
    return answer({ ok: false, message: "Choose what to do with it." }, 400);
  const at = String(form.get("publishAt") ?? "").trim();
  const publishAt = intent === "publish" && at ? lagosTime(at) : null;
  if (Number.isNaN(publishAt))
    return answer(
      { ok: false, message: "The time to publish at is not one: give a day and a time.", values },
      400,
    );
  const change = { values, intent, publishAt } as const;
  const saved =
    key === undefined
      ? await content.create(by, params.type, change)
      : await content.save(by, params.type, key, change, Number(form.get("revision")));
  if (!saved.ok) {
    if (saved.reason === "unknown") throw notFound();
    if (saved.reason === "invalid")
      return answer(
        { ok: false, message: "Please correct the highlighted fields.", errors: saved.errors, values },
        400,
      );
    if (saved.reason === "always-shown")
      return answer(
        {
          ok: false,
          message: `Not saved: the ${type.label.toLowerCase()} are always on the site. Save your change with Update.`,
          values,
        },
        400,
      );
    if (saved.reason === "taken")
      return answer(
        {
          ok: false,
          message: `Not saved: another ${type.itemLabel} has that short name.`,
          errors: {
            [type.fields.find((f) => f.kind === "key")?.name ?? "id"]: "Another item has it: choose another.",
          },
          values,
        },
        409,
      );
    return answer(
      {
        ok: false,
        message: `Not saved: ${saved.current.updatedBy} saved this ${type.itemLabel} while you were editing it. Your text is still in the form; theirs is shown above it. Saving again now replaces theirs with yours.`,
        values,
        theirs: saved.current,
      },
      409,
    );
  }
  const done =
    intent === "unpublish"
      ? "Unpublished: it is a draft, and the site no longer shows it."
      : intent === "publish"
        ? publishAt === null
          ? "Published: the site shows it now."
          : "Scheduled: the site shows it from the time shown above."
        : !saved.changed
          ? "Nothing had changed."
          : saved.state === "published"
            ? "Updated: the site shows it now."
            : "Saved.";
  if (key === undefined)
    throw redirect(`${itemPath(saved.key)}?made=${intent}`, { headers: consoleHeaders() });
  return answer({ ok: true, message: done });
}

export const headers: Route.HeadersFunction = () => consoleHeaders();

/** The live preview's posts change nothing: the page's data stays as it is. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "preview" ? false : defaultShouldRevalidate;

/** How long the form is quiet before the live preview follows it (ms). */
const QUIET_MS = 400;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `${loaderData?.item?.title ?? `A new ${loaderData?.type.itemLabel ?? "item"}`} | Staff console`,
  },
  { name: "robots", content: "noindex, nofollow" },
];

const MADE: Record<string, string> = {
  save: "Saved as a draft: the site does not show it yet.",
  publish: "Published: the site shows it now.",
};

/** What Save does to the item as it is: a published one changes on the site at once. */
const saveLabel = (item: ContentItemView | null) =>
  !item
    ? "Save as a draft"
    : item.state === "draft"
      ? "Save the draft"
      : item.state === "published"
        ? "Update"
        : "Save";

const actionLabel: Record<string, string> = {
  seed: "first imported",
  imported: "imported",
  created: "made",
  saved: "saved",
  published: "published",
  unpublished: "unpublished",
  deleted: "deleted",
};

export default function ContentItem({ loaderData, actionData }: Route.ComponentProps) {
  const { type, item, revisions, loaded, made } = loaderData;
  const busy = useNavigation().state === "submitting";
  const { errors, check } = useFieldErrors(actionData?.errors);
  const message =
    actionData?.message ||
    (made ? MADE[made] : "") ||
    (loaded ? `Revision ${loaded} is in the form: save it to make it the current one.` : "");
  const theirs = actionData?.theirs;
  // A form made again (saved, their version, a revision loaded) starts from what it shows.
  const formKey = `${item?.revision ?? "new"}:${actionData?.theirs?.revision ?? ""}:${loaded ?? ""}`;
  // With JavaScript the preview follows the form as one types: the action's Preview, posted by a
  // fetcher (one per form made) once the form has been quiet for a moment.
  const live = useFetcher<typeof action>({ key: `content-preview:${formKey}` });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const follow = (event: React.FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const fields = new FormData(form);
      fields.set("intent", "preview");
      void live.submit(fields, { method: "post", action: form.getAttribute("action") ?? undefined });
    }, QUIET_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  const following = live.data?.preview;
  const incomplete = live.data !== undefined && following === undefined;
  const preview = following ?? actionData?.preview ?? item?.item;
  const pictures = { ...loaderData.pictures, ...actionData?.pictures, ...live.data?.pictures };
  const status = useRef<HTMLParagraphElement>(null);
  // A preview answered in place: its message is read out; the preview is beside (below) the form.
  useEffect(() => {
    if (actionData?.preview) status.current?.focus();
  }, [actionData]);
  const listPath = `/admin/content/${type.name}`;
  const framed = type.fields.flatMap((f) =>
    f.kind === "choice" && f.frame ? [{ ...f, frame: f.frame }] : [],
  );
  // A type of one item has no list of its own to go back to.
  const backPath = type.single ? "/admin/content" : listPath;
  const title = item ? item.title : `A new ${type.itemLabel}`;
  return (
    <>
      <Link to={backPath} className="font-semibold text-primary-ink underline underline-offset-4">
        {type.single ? "All content" : `All ${type.label.toLowerCase()}`}
      </Link>
      <h1 className="mt-6 text-h2 wrap-anywhere">{title}</h1>
      {item ? (
        <>
          <p className="mt-2 font-semibold">{postStateLabel(item)}</p>
          <p className="mt-1 text-sm text-ink-muted">
            Last saved by {item.updatedBy}, <When ms={item.updatedAt} className="" /> (revision{" "}
            {item.revision}).
          </p>
        </>
      ) : (
        <p className="mt-3 text-ink-muted">Nothing is on the site until you publish it.</p>
      )}
      <p
        ref={status}
        tabIndex={-1}
        role="status"
        className={cn("mt-4 min-h-6 font-semibold", actionData?.ok === false && "text-danger")}
      >
        {message}
      </p>

      {actionData?.confirmDelete && item && (
        <ConfirmPanel
          id="confirm-delete-title"
          title={`Delete “${item.title}”?`}
          intent="delete-confirmed"
          confirmLabel="Delete it"
          alternative={{ intent: "erase-confirmed", label: "Delete it and erase its history" }}
          cancel={{ href: `${listPath}/${item.key}`, label: "Keep it" }}
        >
          <p>
            The site stops showing it at once. Its revisions are kept: making a {type.itemLabel} with the same
            short name brings its history back.
          </p>
          <p className="mt-2">
            When someone asks for what they said or gave to be erased (a client who withdraws their
            testimonial), <strong>erase its history</strong>: its revisions go too, and the audit log keeps
            only that a {type.itemLabel} was erased.
          </p>
        </ConfirmPanel>
      )}

      {theirs && (
        <TheirVersion revision={theirs.revision} by={theirs.updatedBy}>
          <ContentPreview type={type} item={theirs.item} pictures={pictures} />
        </TheirVersion>
      )}

      <div className="mt-6 grid items-start gap-6 xl:grid-cols-2">
        <section aria-labelledby="edit-title" className="rounded-card bg-surface p-6 shadow-card sm:p-8">
          <h2 id="edit-title" className="mb-4 text-h3">
            {item ? "Edit" : "Write it"}
          </h2>
          {/* Each picture field's upload without JavaScript: a form of its own, before the item's. */}
          {framed.map((f) => (
            <PictureUploadForm key={f.name} frame={f.frame} field={f.name} />
          ))}
          <ConsoleForm
            key={formKey}
            // The item's own address: a revision loaded into the form (?revision=) is left behind.
            action={`${listPath}/${item ? item.key : "new"}`}
            noValidate
            onSubmit={check}
            onInput={follow}
            onChange={follow}
            className="grid gap-1"
            aria-label={`The ${type.itemLabel}`}
          >
            {item && <input type="hidden" name="revision" value={theirs?.revision ?? item.revision} />}
            <ContentFields
              // A type of one item has one key, its own: nothing to show of it.
              fields={type.single ? type.fields.filter((f) => f.kind !== "key") : type.fields}
              values={actionData?.values ?? loaderData.values}
              errors={errors}
              isNew={!item}
              pictures={loaderData.framed}
              uploadFor={loaderData.uploadFor}
            />
            <div className="mt-2 flex flex-wrap items-end gap-3">
              <Button type="submit" name="intent" value="preview" tone="outline" disabled={busy}>
                Preview
              </Button>
              <Button type="submit" name="intent" value="save" disabled={busy}>
                {saveLabel(item)}
              </Button>
              {item?.state !== "published" && !type.single && (
                <Button type="submit" name="intent" value="publish" tone="outline" disabled={busy}>
                  Publish
                </Button>
              )}
              {item && item.state !== "draft" && !type.single && (
                <Button type="submit" name="intent" value="unpublish" tone="outline" disabled={busy}>
                  Unpublish
                </Button>
              )}
            </div>
            {item?.state !== "published" && !type.single && (
              <div className="mt-3 max-w-xs">
                <label htmlFor="field-publishAt" className="mb-1 block text-sm font-semibold">
                  Publish at (Lagos time; leave empty for now)
                </label>
                <input
                  id="field-publishAt"
                  name="publishAt"
                  type="datetime-local"
                  className="w-full rounded-2xl border border-line bg-canvas px-5 py-3.5 text-ink focus:border-primary"
                />
              </div>
            )}
          </ConsoleForm>
        </section>

        <section aria-labelledby="preview-title" className="rounded-card bg-surface p-6 shadow-card sm:p-8">
          <h2 id="preview-title" className="mb-4 text-h3">
            Preview
          </h2>
          <p className="mb-4 text-sm text-ink-muted">
            {incomplete
              ? "The preview follows the form once every field is filled in as it should be; until then, as saved."
              : following !== undefined || actionData?.preview
                ? "The form as it is now, as the site would show it (not saved)."
                : item
                  ? "As saved. Preview shows the form's changes before you save them."
                  : "Press Preview to see it as the site will show it."}
          </p>
          {preview !== undefined && <ContentPreview type={type} item={preview} pictures={pictures} />}
          <p className="mt-4 text-sm text-ink-muted">
            Shown on <PageLinks pages={type.pages} />.
          </p>
        </section>
      </div>

      {item && (
        <>
          <section aria-labelledby="revisions-title" className="mt-8">
            <h2 id="revisions-title" className="text-h3">
              Revisions
            </h2>
            <ol className="mt-4 grid gap-2">
              {revisions.map((r) => (
                <li key={`${r.revision}-${r.at}`} className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                  <span className="font-semibold">Revision {r.revision}</span>
                  <span className="text-sm text-ink-muted">
                    {actionLabel[r.action] ?? r.action} by {r.by}, <When ms={r.at} className="" />
                  </span>
                  {r.revision !== item.revision && r.action !== "deleted" && (
                    <Link
                      to={`?revision=${r.revision}`}
                      className="text-sm font-semibold text-primary-ink underline underline-offset-4"
                      // Its name starts with what it shows (axe: label-content-name-mismatch).
                      aria-label={`Load into the form: revision ${r.revision}`}
                    >
                      Load into the form
                    </Link>
                  )}
                </li>
              ))}
            </ol>
          </section>
          {!type.single && (
            <ConsoleForm className="mt-8" aria-label={`Delete the ${type.itemLabel}`}>
              <Button type="submit" name="intent" value="delete" size="sm" tone="outline" disabled={busy}>
                Delete…
              </Button>
            </ConsoleForm>
          )}
        </>
      )}
    </>
  );
}

export const ErrorBoundary = consoleErrorBoundary("There is no such item.", {
  href: "/admin/content",
  label: "Back to the content",
});
