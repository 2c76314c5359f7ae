import { useState, useSyncExternalStore } from "react";
import { flushSync } from "react-dom";
import { useNavigation } from "react-router";
import { blogCategories, blogTags } from "#app/content/schemas.ts";
import { postFormValues, validatePost } from "#app/lib/post-form.ts";
import { POST_FORM_FIELDS, type PostFormErrors, type PostFormValues } from "#app/lib/ports/posts-console.ts";
import { cn } from "#app/lib/cn.ts";
import { Button } from "#app/components/ui/button.tsx";
import { FormField } from "#app/components/ui/form-field.tsx";
import { ConsoleForm } from "./console-form.tsx";
import { PictureUpload, PictureUploadForm } from "./picture-upload.tsx";
import { focusArticle, MarkdownEditor } from "./markdown-editor.tsx";
import { useDraftKeeper } from "./draft-keeper.ts";
import { useHydrated } from "#app/hooks/use-motion.ts";

const controlClass =
  "w-full rounded-2xl border bg-canvas px-5 py-3.5 text-ink transition-colors focus:border-primary";

/** A labelled choice whose error is announced and linked to it (as FormField's). */
function Choice({
  name,
  label,
  options,
  value,
  error,
  hint,
}: {
  name: string;
  label: string;
  options: readonly string[];
  value: string;
  error?: string;
  hint?: string;
}) {
  const id = `field-${name}`;
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="mb-2 block text-sm font-semibold">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mb-2 text-sm text-ink-muted">
          {hint}
        </p>
      )}
      <select
        id={id}
        name={name}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={cn(controlClass, error ? "border-danger" : "border-line")}
      >
        {!options.includes(value) && (
          <option value={value}>{value ? `${value} (not available)` : "Choose…"}</option>
        )}
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
      <p id={`${id}-error`} className="mt-1.5 min-h-5 text-sm font-medium text-danger">
        {error}
      </p>
    </div>
  );
}

/** The three picture fields and their labels (each picture's frame). */
const PICTURE_CHOICES = [
  ["thumb", "List picture (3:2)"],
  ["image", "Header picture (16:9)"],
  ["inlineImage", "Picture in the body"],
] as const;

/** The post form's id: the live preview follows its fields (live-preview.tsx). */
export const POST_FORM_ID = "post-form";

export const emptyPost: PostFormValues = {
  title: "",
  slug: "",
  date: "",
  author: "",
  category: "",
  tags: [],
  excerpt: "",
  midTitle: "",
  quote: "",
  thumb: "",
  image: "",
  inlineImage: "",
  imageAlt: "",
  body: "",
};

/** The settings' panel is beside the article from 1280 px (Tailwind's xl). */
const WIDE = "(min-width: 80rem)";
const watchWide = (changed: () => void) => {
  const query = matchMedia(WIDE);
  query.addEventListener("change", changed);
  return () => query.removeEventListener("change", changed);
};
/** A wide screen (the server, and hydration, assume a narrow one: nothing is folded then). */
const useWide = () =>
  useSyncExternalStore(
    watchWide,
    () => matchMedia(WIDE).matches,
    () => false,
  );

/** The fields in the order the page shows them: the title and the article, then the settings. */
const FOCUS_ORDER = [
  "title",
  "body",
  ...POST_FORM_FIELDS.filter((f) => f !== "title" && f !== "body"),
] as const;

/** The fields in the settings panel (beside the article on a wide screen). */
const SETTINGS_FIELDS = new Set<string>(POST_FORM_FIELDS.filter((f) => f !== "title" && f !== "body"));

/** Every field of a post, checked in the browser with the server's own rules
 *  (app/lib/post-form.ts; the pictures' names are checked on the server), which the server checks
 *  again. `revision`: the one the writer started from (a save based on an older one is refused).
 *  `publish`: a Publish button (and a time to schedule it) beside Save; `confirm`, a new post's:
 *  it asks once before publishing (publish-confirm.tsx, given as `confirmPanel`).
 *  The title and the article first; the settings in a panel beside them on a wide screen, behind
 *  a Settings button on a phone (with JavaScript; without, every field in one column).
 *  `keeper`: what draft-keeper.ts needs (the post's number, the saved values, whether a draft is
 *  saved as the writer types). */
export function PostForm({
  values,
  errors: serverErrors,
  revision,
  authors,
  pictures,
  submitLabel,
  publish,
  keeper,
  onPublish,
  confirmPanel,
}: {
  values: PostFormValues;
  errors?: PostFormErrors;
  revision?: number;
  authors: readonly string[];
  pictures: readonly string[];
  submitLabel: string;
  publish?: { label: string };
  keeper: { postId: number | null; saved: PostFormValues | null; autosave: boolean };
  /** Publish pressed and the form passes its checks (with JavaScript): false sends it as it is. */
  onPublish?: () => boolean;
  confirmPanel?: React.ReactNode;
}) {
  const [clientErrors, setClientErrors] = useState<PostFormErrors>({});
  const errors: PostFormErrors = { ...serverErrors, ...clientErrors };
  const busy = useNavigation().state === "submitting";
  // Pictures uploaded on this page (with JavaScript): choosable at once, the newest first.
  const [uploaded, setUploaded] = useState<string[]>([]);
  const pictureChoices = [...new Set([...uploaded, ...pictures])];
  const scripted = useHydrated();
  const wide = useWide();
  // A new post's settings are all still to fill: open. An existing post's fold away on a phone.
  const [settingsOpen, setSettingsOpen] = useState(keeper.postId === null);
  const [rulesOpen, setRulesOpen] = useState(false);
  const { base, note } = useDraftKeeper({ formId: POST_FORM_ID, revision, authors, ...keeper });
  const addUpload = (name: string) => setUploaded((list) => [name, ...list.filter((n) => n !== name)]);

  function check(event: React.FormEvent<HTMLFormElement>) {
    // The authors offered: the team published now (and the post's own author, if they left).
    const result = validatePost(postFormValues(new FormData(event.currentTarget)), { authors });
    if (result.ok) {
      setClientErrors({});
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      if (submitter?.getAttribute("value") === "publish" && onPublish?.()) event.preventDefault();
      return;
    }
    event.preventDefault();
    // The problems are shown (and the settings opened, when one is there) before the focus moves.
    flushSync(() => {
      setClientErrors(result.errors);
      if (Object.keys(result.errors).some((f) => SETTINGS_FIELDS.has(f))) setSettingsOpen(true);
    });
    // The first field on the page with a problem takes the focus.
    const first = FOCUS_ORDER.find((f) => result.errors[f]);
    if (first === "body" && focusArticle()) return;
    if (first) document.getElementById(first === "tags" ? "field-tags-0" : `field-${first}`)?.focus();
  }
  // The settings fold away below 1280 px only with JavaScript (and open when a problem is there);
  // on a wide screen they are beside the article, always open.
  const foldable = scripted && !wide;
  const folded = foldable && !settingsOpen;

  // With JavaScript the list is made when it is opened: a closed <details>'s content is not
  // drawn, and its colour transitions (a theme change) would wait for a frame that never comes.
  const mustHave = (
    <details
      className="mb-2 text-sm text-ink-muted"
      onToggle={(event) => setRulesOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer py-3 font-semibold text-ink">What the article must have</summary>
      {(rulesOpen || !scripted) && (
        <ul className="mt-1 grid list-disc gap-1 pl-5">
          <li>At least three paragraphs, a blank line between them.</li>
          <li>
            The mid-title as a heading: <code>## The mid-title</code> (the picture in the body goes just
            before it).
          </li>
          <li>
            The pull quote as a quote: <code>&gt; The pull quote</code>.
          </li>
          <li>
            A bullet list: lines starting with <code>- </code>.
          </li>
          <li>
            Headings with <code>##</code> or <code>###</code>: the title is the page&rsquo;s only main
            heading.
          </li>
        </ul>
      )}
    </details>
  );

  const settings = (
    <div className="grid gap-1">
      <FormField
        name="slug"
        label="Address: lower-case words joined by - (the post's file name, unique)"
        defaultValue={values.slug}
        error={errors.slug}
        required
        autoComplete="off"
        spellCheck={false}
      />
      <div className="grid gap-x-6 sm:grid-cols-3 xl:grid-cols-1">
        <FormField
          name="date"
          label="Date"
          type="date"
          defaultValue={values.date}
          error={errors.date}
          required
        />
        <Choice name="author" label="Author" options={authors} value={values.author} error={errors.author} />
        <Choice
          name="category"
          label="Category"
          options={blogCategories}
          value={values.category}
          error={errors.category}
        />
      </div>
      <fieldset aria-describedby={errors.tags ? "field-tags-error" : undefined}>
        <legend className="mb-2 text-sm font-semibold">Tags (one to four)</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {blogTags.map((tag, i) => (
            <label key={tag} className="flex min-h-11 items-center gap-2">
              <input
                id={`field-tags-${i}`}
                type="checkbox"
                name="tags"
                value={tag}
                defaultChecked={values.tags.includes(tag)}
                className="size-5 accent-primary"
              />
              {tag}
            </label>
          ))}
        </div>
        <p id="field-tags-error" className="mt-1.5 min-h-5 text-sm font-medium text-danger">
          {errors.tags}
        </p>
      </fieldset>
      <FormField
        name="excerpt"
        label="Excerpt: one or two sentences for lists, search and the feed (80 to 260 characters)"
        multiline
        rows={4}
        maxLength={260}
        defaultValue={values.excerpt}
        error={errors.excerpt}
        required
      />
      <FormField
        name="midTitle"
        label="Mid-title: the heading in the middle (5 to 80 characters)"
        maxLength={80}
        defaultValue={values.midTitle}
        error={errors.midTitle}
        required
      />
      <FormField
        name="quote"
        label="Pull quote (at least 20 characters)"
        defaultValue={values.quote}
        error={errors.quote}
        required
      />
      <PictureUpload known={pictures} onReady={addUpload} />
      <div className="grid gap-x-6 sm:grid-cols-3 xl:grid-cols-1">
        {PICTURE_CHOICES.map(([name, label]) => (
          <Choice
            key={name}
            name={name}
            label={label}
            options={pictureChoices}
            value={values[name]}
            error={errors[name]}
          />
        ))}
      </div>
      <FormField
        name="imageAlt"
        label="What the header picture shows, for people who cannot see it (at least 10 characters)"
        defaultValue={values.imageAlt}
        error={errors.imageAlt}
        required
      />
    </div>
  );

  const form = (
    <ConsoleForm
      id={POST_FORM_ID}
      noValidate
      onSubmit={check}
      className="grid items-start gap-x-8 gap-y-2 xl:grid-cols-[minmax(0,1fr)_22rem] xl:grid-rows-[auto_1fr]"
      aria-label="The post"
    >
      {base !== undefined && <input type="hidden" name="revision" value={base} />}
      <div className="grid min-w-0 gap-1">
        <FormField
          name="title"
          label="Title (10 to 100 characters)"
          maxLength={100}
          defaultValue={values.title}
          error={errors.title}
          required
          autoComplete="off"
          className="[&_input]:text-xl [&_input]:font-semibold"
        />
        <MarkdownEditor
          name="body"
          label="The article, in Markdown"
          defaultValue={values.body}
          error={errors.body}
          hint={mustHave}
          onPictureReady={addUpload}
        />
      </div>
      <section
        aria-labelledby="settings-title"
        className="min-w-0 rounded-card border border-line p-4 sm:p-5 xl:sticky xl:top-4 xl:row-span-2 xl:max-h-[calc(100vh-2rem)] xl:overflow-y-auto"
      >
        <h2 id="settings-title" className="text-lg font-semibold">
          {foldable ? (
            <button
              type="button"
              aria-expanded={!folded}
              aria-controls="post-settings"
              onClick={() => setSettingsOpen((open) => !open)}
              className="flex min-h-11 w-full items-center justify-between gap-3 text-left"
            >
              Settings
              <span aria-hidden="true" className="text-sm font-normal text-ink-muted">
                {folded ? "Show" : "Hide"}
              </span>
            </button>
          ) : (
            "Settings"
          )}
        </h2>
        <p className={cn("text-sm text-ink-muted", folded && "hidden")}>
          The address, date, author, category, tags, excerpt, mid-title, pull quote and pictures.
        </p>
        <div id="post-settings" className={cn("mt-3", folded && "hidden")}>
          {settings}
        </div>
      </section>
      <div className="grid min-w-0 gap-3">
        <div className="flex flex-wrap items-end gap-3">
          <Button type="submit" name="intent" value="save" disabled={busy}>
            {submitLabel}
          </Button>
          {publish && (
            <>
              <Button type="submit" name="intent" value="publish" tone="outline" disabled={busy}>
                {publish.label}
              </Button>
              <div>
                <label htmlFor="field-publishAt" className="mb-1 block text-sm font-semibold">
                  Or publish at (Lagos time; leave empty for now)
                </label>
                <input
                  id="field-publishAt"
                  name="publishAt"
                  type="datetime-local"
                  className={cn(controlClass, "border-line")}
                />
              </div>
            </>
          )}
        </div>
        {confirmPanel}
        {/* Said when a save happens or fails, not at every key (a live region, not role=status:
            the page's own status line stays the one "status"). */}
        <p aria-live="polite" className="min-h-6 text-sm font-semibold text-ink-muted" data-draft-note="">
          {note}
        </p>
      </div>
    </ConsoleForm>
  );
  // The upload's own form (a file cannot go with the post's: forms do not nest), before it.
  return (
    <>
      <PictureUploadForm />
      {form}
    </>
  );
}
