// The article's editor itself: CodeMirror 6 with its Markdown language, over the form's textarea
// (which stays the field the form posts: every change is written back to it). Loaded by
// markdown-editor.tsx with a dynamic import, so that only the editor's page downloads it.
// Pasted HTML (Docs, Word, a web page) arrives as Markdown (html-to-markdown.ts); a pasted or
// dropped picture is handed to the page, which uploads it and asks what it shows.
import { EditorSelection, EditorState, type ChangeSpec } from "@codemirror/state";
import { EditorView, keymap, drawSelection, placeholder } from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, insertNewline } from "@codemirror/commands";
import { markdownLanguage } from "@codemirror/lang-markdown";
import { HighlightStyle, LanguageSupport, syntaxHighlighting } from "@codemirror/language";
import { tags } from "@lezer/highlight";
import { htmlToMarkdown } from "#app/lib/html-to-markdown.ts";

/** What the toolbar and the shortcuts do. */
export type MarkdownCommand = "bold" | "italic" | "link" | "heading" | "list" | "quote";

/** Around the selection (or a word to type): `**…**`, `*…*`, `[…](https://)`. */
function wrap(view: EditorView, before: string, after: string, empty: string) {
  view.dispatch(
    view.state.changeByRange((range) => {
      const text = view.state.sliceDoc(range.from, range.to) || empty;
      const insert = before + text + after;
      return {
        changes: { from: range.from, to: range.to, insert },
        range: EditorSelection.range(range.from + before.length, range.from + before.length + text.length),
      };
    }),
  );
}

/** Each line of the selection starts with `prefix` (or loses it when all do already). */
function prefixLines(view: EditorView, prefix: string, other: RegExp) {
  const { state } = view;
  const lines = new Set<number>();
  for (const range of state.selection.ranges)
    for (let at = range.from; at <= range.to;) {
      const line = state.doc.lineAt(at);
      lines.add(line.number);
      at = line.to + 1;
    }
  const all = [...lines].map((n) => state.doc.line(n));
  const remove = all.every((line) => line.text.startsWith(prefix));
  const changes: ChangeSpec[] = all.map((line) => {
    if (remove) return { from: line.from, to: line.from + prefix.length };
    // Another block's marker (a quote made a heading) is replaced, not stacked.
    const existing = other.exec(line.text)?.[0].length ?? 0;
    return { from: line.from, to: line.from + existing, insert: prefix };
  });
  view.dispatch({ changes });
}

const BLOCK_MARKERS = /^(#{1,6} |> |- |\* |\d+\. )/;

export function runCommand(view: EditorView, command: MarkdownCommand): boolean {
  if (command === "bold") wrap(view, "**", "**", "bold text");
  else if (command === "italic") wrap(view, "*", "*", "text");
  else if (command === "link") {
    const range = view.state.selection.main;
    const text = view.state.sliceDoc(range.from, range.to) || "the link's words";
    const insert = `[${text}](https://)`;
    // The address is selected: type it over.
    const start = range.from + text.length + 3;
    view.dispatch({
      changes: { from: range.from, to: range.to, insert },
      selection: EditorSelection.single(start, start + "https://".length),
    });
  } else if (command === "heading") prefixLines(view, "## ", BLOCK_MARKERS);
  else if (command === "list") prefixLines(view, "- ", BLOCK_MARKERS);
  else prefixLines(view, "> ", BLOCK_MARKERS);
  view.focus();
  return true;
}

/** The shortcuts, as Google Docs and Word have them where they can (Ctrl on Windows and Linux,
 *  Cmd on a Mac). */
export const SHORTCUTS: Record<MarkdownCommand, string> = {
  bold: "Mod-b",
  italic: "Mod-i",
  link: "Mod-k",
  heading: "Mod-Alt-2",
  list: "Mod-Shift-8",
  quote: "Mod-Shift-9",
};

/** Colours from the site's own tokens (light and dark follow the page). */
const highlight = HighlightStyle.define([
  { tag: tags.heading, fontWeight: "700", color: "var(--primary-ink)" },
  { tag: tags.strong, fontWeight: "700" },
  { tag: tags.emphasis, fontStyle: "italic" },
  { tag: tags.link, color: "var(--primary-ink)", textDecoration: "underline" },
  { tag: tags.url, color: "var(--ink-muted)" },
  { tag: tags.quote, color: "var(--ink-muted)", fontStyle: "italic" },
  { tag: tags.processingInstruction, color: "var(--ink-muted)" },
  { tag: tags.monospace, fontFamily: "ui-monospace, monospace" },
]);

/** The field's look: the site's own colours and focus ring (the page's tokens, light and dark). */
const look = EditorView.theme({
  "&": { color: "var(--ink)", backgroundColor: "var(--canvas)", borderRadius: "0 0 1rem 1rem" },
  "&.cm-focused": { outline: "3px solid var(--focus)", outlineOffset: "2px" },
  ".cm-content": {
    minHeight: "26rem",
    padding: "0.9rem 1.25rem",
    fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
    fontSize: "0.95rem",
    lineHeight: "1.65",
    caretColor: "var(--ink)",
  },
  ".cm-scroller": { fontFamily: "inherit" },
  ".cm-placeholder": { color: "var(--ink-muted)" },
  "&.cm-focused .cm-selectionBackground, .cm-selectionBackground": {
    backgroundColor: "color-mix(in oklab, var(--primary) 28%, transparent)",
  },
  ".cm-cursor": { borderLeftColor: "var(--ink)" },
});

export type MarkdownViewOptions = {
  /** The form's field: the editor starts from its text and writes every change back. */
  textarea: HTMLTextAreaElement;
  /** Where the editor goes (beside the textarea, which is then hidden). */
  parent: HTMLElement;
  /** The accessible description's ids (the hint, the error). */
  describedBy: string;
  labelledBy: string;
  /** A picture pasted or dropped: uploaded by the page, which inserts it. */
  onPicture: (file: File) => void;
  placeholderText: string;
};

export function createMarkdownView(options: MarkdownViewOptions): EditorView {
  const { textarea } = options;
  let writing = false;
  const bindings = (Object.entries(SHORTCUTS) as [MarkdownCommand, string][]).map(([command, key]) => ({
    key,
    run: (view: EditorView) => runCommand(view, command),
    preventDefault: true,
  }));
  const view = new EditorView({
    parent: options.parent,
    state: EditorState.create({
      doc: textarea.value,
      extensions: [
        history(),
        drawSelection(),
        EditorView.lineWrapping,
        // The Markdown language alone: its `markdown()` also brings HTML, CSS and JavaScript
        // highlighting for code blocks (about 110 KB compressed) that articles do not need; and
        // without its keymap, Enter is a new line, as in the textarea (no marker added by itself).
        new LanguageSupport(markdownLanguage),
        syntaxHighlighting(highlight),
        look,
        placeholder(options.placeholderText),
        // Tab is left to the browser: it moves the focus on, as in every other field.
        keymap.of([...bindings, { key: "Enter", run: insertNewline }, ...historyKeymap, ...defaultKeymap]),
        EditorView.contentAttributes.of({
          "aria-labelledby": options.labelledBy,
          "aria-describedby": options.describedBy,
          "aria-multiline": "true",
          spellcheck: "true",
          autocorrect: "on",
          autocapitalize: "sentences",
        }),
        EditorView.updateListener.of((update) => {
          if (!update.docChanged) return;
          // The form's field follows, and says so as typing would (the preview, the draft kept).
          writing = true;
          textarea.value = update.state.doc.toString();
          textarea.dispatchEvent(new Event("input", { bubbles: true }));
          writing = false;
        }),
        EditorView.domEventHandlers({
          paste(event, view) {
            const data = event.clipboardData;
            if (!data) return false;
            const picture = [...data.files].find((f) => f.type.startsWith("image/"));
            if (picture) {
              event.preventDefault();
              options.onPicture(picture);
              return true;
            }
            const html = data.getData("text/html");
            if (!html) return false;
            const text = htmlToMarkdown(html);
            if (!text) return false;
            event.preventDefault();
            view.dispatch(view.state.replaceSelection(text));
            view.dispatch({ scrollIntoView: true });
            return true;
          },
          drop(event, view) {
            const picture = [...(event.dataTransfer?.files ?? [])].find((f) => f.type.startsWith("image/"));
            if (!picture) return false;
            event.preventDefault();
            // Where it was dropped: the picture goes there.
            const at = view.posAtCoords({ x: event.clientX, y: event.clientY });
            if (at !== null) view.dispatch({ selection: EditorSelection.cursor(at) });
            options.onPicture(picture);
            return true;
          },
        }),
      ],
    }),
  });
  // Typing in the textarea while the editor loaded: the editor takes the focus where it was.
  if (document.activeElement === textarea) {
    view.focus();
    view.dispatch({ selection: EditorSelection.single(textarea.selectionStart, textarea.selectionEnd) });
  }
  // The field changed by the page (a draft kept on this device put back): the editor follows.
  textarea.addEventListener("input", () => {
    if (writing || textarea.value === view.state.doc.toString()) return;
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: textarea.value } });
  });
  return view;
}

/** Inserts `text` as a paragraph of its own where the cursor is. */
export function insertBlock(view: EditorView, text: string) {
  const { state } = view;
  const at = state.selection.main.head;
  const line = state.doc.lineAt(at);
  const before =
    line.from === at ? (line.number > 1 && state.doc.line(line.number - 1).text ? "\n" : "") : "\n\n";
  const after = line.to === at && line.text.trim() === "" ? "\n" : "\n\n";
  const insert = `${before}${text}${after}`;
  view.dispatch({
    changes: { from: at, insert },
    selection: EditorSelection.cursor(at + insert.length),
    scrollIntoView: true,
  });
  view.focus();
}
