import { useEffect, useRef, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { cn } from "#app/lib/cn.ts";
import { useHydrated } from "#app/hooks/use-motion.ts";
import type { LivePreviewReply } from "#app/lib/post-preview.server.ts";
import { PostPreview } from "./post-preview.tsx";

/** What the writer sees while typing: the preview follows the form this long after the last key. */
const QUIET_MS = 400;
/** Where the preview's fields go (a Save pressed while one is on its way waits: draft-keeper.ts). */
export const PREVIEW_ACTION = "/admin/posts/preview";

/**
 * The post editor's two panes: the form and the post as its page shows it, one at a time, chosen
 * by two buttons (Edit, Preview) at every width: the writing and its settings take the screen,
 * and the preview, when asked for, is the page at its own width (decision 028). Without
 * JavaScript both are on the page, one above the other, and the preview is the saved post's (save,
 * then see it). With JavaScript the preview follows the form as the writer types: the form's
 * fields go to /admin/posts/preview, which renders them as the post page would (the same rules,
 * the same Markdown) and keeps nothing.
 */
export function PostEditorPanes({
  postId,
  formId,
  form,
  saved,
  savedNote,
}: {
  /** The post's number (its preview's links), or null for a new one. */
  postId: number | null;
  /** The post form's id: its fields are what the preview shows. */
  formId: string;
  /** Null when the post cannot be edited (in the trash): the preview alone. */
  form: ReactNode;
  /** The saved post's preview (the server's, shown until the writer changes something). */
  saved: ReactNode;
  /** What the saved preview is ("as saved"). */
  savedNote: string;
}) {
  const fetcher = useFetcher<LivePreviewReply>();
  const [tab, setTab] = useState<"edit" | "preview">("edit");
  const scripted = useHydrated();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { submit } = fetcher;
  const previewAction = `${PREVIEW_ACTION}${postId === null ? "" : `?id=${postId}`}`;

  useEffect(() => {
    const element = document.getElementById(formId);
    if (!(element instanceof HTMLFormElement)) return;
    const form = element;
    const follow = () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const fields = new FormData(form);
        fields.delete("intent");
        void submit(fields, { method: "post", action: previewAction });
      }, QUIET_MS);
    };
    // Saved or published: no preview sent after it.
    const pressed = () => clearTimeout(timer.current);
    form.addEventListener("input", follow);
    form.addEventListener("change", follow);
    form.addEventListener("submit", pressed);
    return () => {
      form.removeEventListener("input", follow);
      form.removeEventListener("change", follow);
      form.removeEventListener("submit", pressed);
      clearTimeout(timer.current);
    };
  }, [formId, submit, previewAction]);

  const reply = fetcher.data;
  // The switch only where there is a form to switch from, with JavaScript.
  const tabs = scripted && form !== null;
  const live = reply !== undefined;
  const tabButton = (value: typeof tab, label: string) => (
    <button
      type="button"
      aria-pressed={tab === value}
      aria-controls={`pane-${value}`}
      onClick={() => setTab(value)}
      className={cn(
        "min-h-11 flex-1 rounded-full px-4 font-semibold",
        tab === value ? "bg-primary text-on-primary" : "text-ink",
      )}
    >
      {label}
    </button>
  );

  return (
    <div className="mt-4 grid gap-4">
      {tabs && (
        <div
          role="group"
          aria-label="Show"
          className="flex gap-1 justify-self-start rounded-full border border-line bg-surface p-1 max-sm:w-full sm:min-w-72"
        >
          {tabButton("edit", "Edit")}
          {tabButton("preview", "Preview")}
        </div>
      )}
      {form !== null && (
        <div id="pane-edit" className={cn(tabs && tab !== "edit" && "hidden")}>
          {form}
        </div>
      )}
      <section
        id="pane-preview"
        aria-labelledby="preview-title"
        className={cn("grid gap-3", tabs && tab !== "preview" && "hidden")}
      >
        <h2 id="preview-title" className="text-h3">
          Preview: the post as its page shows it
        </h2>
        <p aria-live="polite" className="text-sm text-ink-muted">
          {!live
            ? savedNote
            : reply.ok
              ? "As you have written it, not saved yet."
              : `Not shown: ${reply.problems.join(" ")}`}
        </p>
        {live && reply.ok ? <PostPreview post={reply.preview} /> : saved}
      </section>
    </div>
  );
}
