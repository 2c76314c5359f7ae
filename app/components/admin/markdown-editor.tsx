import { use, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { EditorView } from "@codemirror/view";
import { cn } from "#app/lib/cn.ts";
import { PICTURE_MAX_BYTES, PICTURE_REFUSED } from "#app/lib/picture-upload.ts";
import { Button } from "#app/components/ui/button.tsx";
import { ConsoleTokenContext } from "./console-form.tsx";
import { uploadPicture } from "./picture-upload.tsx";
import type { MarkdownCommand } from "./markdown-view.ts";
import type * as MarkdownView from "./markdown-view.ts";

// The article's field. Without JavaScript (and until the editor has loaded) it is the plain
// textarea the form posts. With JavaScript the same textarea, hidden, still carries the text,
// and a Markdown editor (CodeMirror 6, markdown-view.ts, downloaded by this page alone) is shown
// in its place with a toolbar and the shortcuts writers know from Docs and Word. A picture
// pasted, dropped or chosen with the toolbar's Picture is uploaded as the picture fields' are,
// and goes in the article where the cursor was, `![what it shows](/media/u/…)`, once its writer
// has said what it shows (required: people who cannot see it hear those words).

const BUTTONS: { command: MarkdownCommand; text: string; label: string; keys: string }[] = [
  { command: "bold", text: "B", label: "Bold", keys: "Control+B" },
  { command: "italic", text: "I", label: "Italic", keys: "Control+I" },
  { command: "link", text: "Link", label: "Link", keys: "Control+K" },
  { command: "heading", text: "H2", label: "H2 heading", keys: "Control+Alt+2" },
  { command: "list", text: "List", label: "Bullet list", keys: "Control+Shift+8" },
  { command: "quote", text: "Quote", label: "Quote", keys: "Control+Shift+9" },
];

const ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif";

/** The picture on its way into the article. */
type Pending = {
  file: File;
  state: "uploading" | "ready" | "refused";
  name?: string;
  /** Insert was pressed before the upload finished: it goes in when ready. */
  insertWhenReady?: string;
};

/** What the alt text may not hold: the Markdown around it (brackets) and line breaks. */
const cleanAlt = (text: string) =>
  text
    .replace(/[[\]\n\r]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** The body's field focused (a problem found before sending): the editor when there is one. */
export function focusArticle(): boolean {
  const content = document.querySelector<HTMLElement>("[data-markdown-editor] .cm-content");
  if (!content) return false;
  content.focus();
  return true;
}

export function MarkdownEditor({
  name,
  label,
  defaultValue,
  error,
  hint,
  onPictureReady,
}: {
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  /** What the article must have (shown under the field). */
  hint?: React.ReactNode;
  /** An uploaded picture is ready: the page's picture fields offer it too. */
  onPictureReady?: (name: string) => void;
}) {
  const id = `field-${name}`;
  const token = use(ConsoleTokenContext);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const commands = useRef<typeof MarkdownView | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const altInput = useRef<HTMLInputElement>(null);
  const [ready, setReady] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [alt, setAlt] = useState("");
  const [altError, setAltError] = useState("");
  const [status, setStatus] = useState("");
  const [toolbarAt, setToolbarAt] = useState(0);
  const described = [`${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ");

  // The picture on its way, as the upload's answer finds it (state is a render behind).
  const current = useRef<Pending | null>(null);
  function show(next: Pending | null) {
    current.current = next;
    setPending(next);
  }

  function take(file: File) {
    if (file.size > PICTURE_MAX_BYTES) return setStatus(PICTURE_REFUSED.tooLarge);
    setStatus(`Uploading ${file.name || "the picture"}…`);
    setAltError("");
    // The question is on the screen before the focus goes to it.
    flushSync(() => {
      setAlt("");
      show({ file, state: "uploading" });
    });
    altInput.current?.focus();
    const refuse = (message: string) => {
      if (current.current?.file !== file) return;
      show({ file, state: "refused" });
      setStatus(message);
    };
    uploadPicture(file, token)
      .then((answer) => {
        if (current.current?.file !== file) return;
        if (!answer.ok) return refuse(answer.message);
        if (answer.state !== "ready")
          return refuse(
            answer.state === "failed"
              ? `${answer.name} could not be processed: ${PICTURE_REFUSED.unreadable}`
              : `${answer.name} is still being processed: try again in a minute.`,
          );
        onPictureReady?.(answer.name);
        const waiting = current.current.insertWhenReady;
        if (waiting) return insert(waiting, answer.name);
        show({ file, state: "ready", name: answer.name });
        setStatus(`Ready: ${answer.name}. Say what it shows, then insert it.`);
      })
      .catch(() => refuse("The picture could not be sent: check the connection and try again."));
  }
  const takeRef = useRef(take);
  const describedRef = useRef(described);
  useEffect(() => {
    takeRef.current = take;
    describedRef.current = described;
  });

  // The editor, downloaded once the page is on the screen (this page alone asks for it).
  useEffect(() => {
    let cancelled = false;
    void import("./markdown-view.ts").then((module) => {
      if (cancelled || !textarea.current || !host.current) return;
      commands.current = module;
      view.current = module.createMarkdownView({
        textarea: textarea.current,
        parent: host.current,
        labelledBy: `${id}-label`,
        describedBy: describedRef.current,
        placeholderText: "Write the article here…",
        onPicture: (file) => takeRef.current(file),
      });
      setReady(true);
    });
    return () => {
      cancelled = true;
      view.current?.destroy();
      view.current = null;
    };
    // The editor is made once; its description's ids are set again below.
  }, [id]);

  // The error (found before sending, or by the server) is read with the editor's name.
  useEffect(() => {
    view.current?.contentDOM.setAttribute("aria-describedby", described);
    if (error) view.current?.contentDOM.setAttribute("aria-invalid", "true");
    else view.current?.contentDOM.removeAttribute("aria-invalid");
  }, [described, error, ready]);

  function insert(text: string, picture: string) {
    if (view.current && commands.current)
      commands.current.insertBlock(view.current, `![${text}](/media/${picture})`);
    show(null);
    setStatus(`The picture is in the article: ${text}.`);
  }

  function confirmAlt() {
    const text = cleanAlt(alt);
    if (!text) {
      setAltError(
        "Say what the picture shows: people who cannot see it hear these words. A picture without them is not inserted.",
      );
      altInput.current?.focus();
      return;
    }
    setAltError("");
    const now = current.current;
    if (!now) return;
    if (now.state === "ready") insert(text, now.name!);
    else if (now.state === "uploading") {
      show({ ...now, insertWhenReady: text });
      setStatus("Still uploading: the picture goes in as soon as it is ready.");
    }
  }

  function cancelPicture() {
    show(null);
    setAltError("");
    setStatus("The picture was left out.");
    view.current?.focus();
  }

  function toolbarKeys(event: React.KeyboardEvent<HTMLDivElement>) {
    // One stop in the Tab order; the arrows move along it (the toolbar pattern).
    const count = BUTTONS.length + 1;
    const moves: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: count - 1,
      Home: count - toolbarAt,
      End: count - 1 - toolbarAt,
    };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    const next = (toolbarAt + move) % count;
    setToolbarAt(next);
    event.currentTarget.querySelectorAll<HTMLButtonElement>("button")[next]?.focus();
  }

  return (
    <div data-markdown-editor="" className="min-w-0">
      <label
        id={`${id}-label`}
        // The editor is named by it (aria-labelledby) once it is there; the textarea until then.
        htmlFor={ready ? undefined : id}
        className="mb-2 block text-sm font-semibold"
      >
        {label}
      </label>
      <p id={`${id}-hint`} className="mb-2 text-sm text-ink-muted">
        {ready
          ? "Shortcuts: Ctrl+B bold, Ctrl+I italic, Ctrl+K link, Ctrl+Alt+2 heading, Ctrl+Shift+8 list, Ctrl+Shift+9 quote (⌘ on a Mac). Paste from Docs or Word: headings, lists and links are kept. Paste or drop a picture to put it here."
          : "Markdown: ## a heading, - a list item, > a quote, **bold**, *italic*, [words](address)."}
      </p>
      {ready && (
        <div
          role="toolbar"
          aria-label="Formatting"
          aria-controls={id}
          onKeyDown={toolbarKeys}
          className="flex flex-wrap gap-1 rounded-t-2xl border border-b-0 border-line bg-surface-alt p-1.5"
        >
          {BUTTONS.map((button, i) => (
            <button
              key={button.command}
              type="button"
              tabIndex={i === toolbarAt ? 0 : -1}
              aria-label={button.label}
              aria-keyshortcuts={button.keys}
              title={`${button.label} (${button.keys.replace("Control", "Ctrl")})`}
              // The editor keeps the focus and its selection.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                setToolbarAt(i);
                if (view.current && commands.current)
                  commands.current.runCommand(view.current, button.command);
              }}
              className={cn(
                "min-h-11 min-w-11 rounded-xl px-3 text-sm font-semibold text-ink hover:bg-surface",
                button.command === "bold" && "font-extrabold",
                button.command === "italic" && "font-serif italic",
              )}
            >
              {button.text}
            </button>
          ))}
          <button
            type="button"
            tabIndex={toolbarAt === BUTTONS.length ? 0 : -1}
            aria-label="Insert a picture"
            onClick={() => {
              setToolbarAt(BUTTONS.length);
              fileInput.current?.click();
            }}
            className="min-h-11 rounded-xl px-3 text-sm font-semibold text-ink hover:bg-surface"
          >
            Picture…
          </button>
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPT}
            hidden
            aria-label="The picture to insert in the article"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = "";
              if (file) take(file);
            }}
          />
        </div>
      )}
      <textarea
        ref={textarea}
        id={id}
        name={name}
        rows={20}
        required
        defaultValue={defaultValue}
        hidden={ready}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className={cn(
          "w-full rounded-2xl border bg-canvas px-5 py-3.5 font-mono text-sm text-ink transition-colors focus:border-primary",
          error ? "border-danger" : "border-line",
        )}
      />
      <div
        ref={host}
        className={cn(
          ready && "rounded-b-2xl border bg-canvas focus-within:border-primary",
          ready && (error ? "border-danger" : "border-line"),
        )}
      />
      <p id={`${id}-error`} className="mt-1.5 min-h-5 text-sm font-medium text-danger">
        {error}
      </p>
      {hint}
      {pending && pending.state !== "refused" && (
        <div
          role="group"
          aria-labelledby={`${id}-picture-title`}
          className="mb-3 grid gap-2 rounded-2xl border-2 border-primary bg-surface p-4"
        >
          <p id={`${id}-picture-title`} className="font-semibold">
            A picture for the article: {pending.file.name || "pasted picture"}
          </p>
          <label htmlFor={`${id}-alt`} className="text-sm font-semibold">
            What the picture shows, for people who cannot see it (required)
          </label>
          <input
            ref={altInput}
            id={`${id}-alt`}
            type="text"
            value={alt}
            maxLength={200}
            autoComplete="off"
            aria-invalid={altError ? true : undefined}
            aria-describedby={`${id}-alt-error`}
            onChange={(event) => setAlt(event.currentTarget.value)}
            onKeyDown={(event) => {
              // Enter inserts the picture; it does not send the post's form.
              if (event.key === "Enter") {
                event.preventDefault();
                confirmAlt();
              }
              if (event.key === "Escape") {
                event.preventDefault();
                cancelPicture();
              }
            }}
            className={cn(
              "w-full rounded-2xl border bg-canvas px-5 py-3 text-ink focus:border-primary",
              altError ? "border-danger" : "border-line",
            )}
          />
          <p id={`${id}-alt-error`} className="min-h-5 text-sm font-medium text-danger">
            {altError}
          </p>
          <div className="flex flex-wrap gap-3">
            <Button type="button" size="sm" onClick={confirmAlt}>
              Insert the picture
            </Button>
            <Button type="button" size="sm" tone="outline" onClick={cancelPicture}>
              Leave it out
            </Button>
          </div>
        </div>
      )}
      <p
        aria-live="polite"
        className={cn(
          "min-h-5 text-sm font-medium",
          pending?.state === "refused" ? "text-danger" : "text-ink-muted",
        )}
      >
        {status}
      </p>
    </div>
  );
}
