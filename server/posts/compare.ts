// What changed between two revisions of a post, as the console shows it: each field that differs,
// line by line (jsdiff's line diff: the body's lines, a one-line field as one line), unchanged
// lines kept only around a change. The diff is bounded in time: past it, a field reads as all
// its old lines removed and all its new ones added (true, only less precise).
import { diffLines } from "diff";
import { POST_FORM_FIELDS, type PostDiffLine, type PostFormField } from "#app/lib/ports/posts-console.ts";
import type { PostFields } from "#app/lib/ports/posts.ts";

/** Unchanged lines shown before and after each change. */
const DIFF_CONTEXT = 2;
/** How long one field's diff may take (the body: at most 20,000 characters). */
const DIFF_TIMEOUT_MS = 500;

/** A field as lines of text (the tags: one line, comma-separated). */
const textOf = (fields: PostFields, field: PostFormField) => {
  const value = fields[field];
  return Array.isArray(value) ? value.join(", ") : String(value);
};

const linesOf = (text: string) => text.replace(/\r\n?/g, "\n").replace(/\n$/, "").split("\n");

/** Runs of unchanged lines longer than the context on both sides become one `skipped`. */
function trimmed(lines: PostDiffLine[]): PostDiffLine[] {
  const out: PostDiffLine[] = [];
  for (let i = 0; i < lines.length;) {
    if (lines[i]!.kind !== "same") {
      out.push(lines[i++]!);
      continue;
    }
    let end = i;
    while (end < lines.length && lines[end]!.kind === "same") end++;
    const before = i === 0 ? 0 : DIFF_CONTEXT; // after a change
    const after = end === lines.length ? 0 : DIFF_CONTEXT; // before the next
    const run = end - i;
    if (run > before + after + 1) {
      out.push(...lines.slice(i, i + before));
      out.push({ kind: "skipped", count: run - before - after });
      out.push(...lines.slice(end - after, end));
    } else out.push(...lines.slice(i, end));
    i = end;
  }
  return out;
}

/** One field's lines from `a` to `b`: unchanged, removed and added. */
export function diffText(a: string, b: string): PostDiffLine[] {
  const old = linesOf(a).join("\n") + "\n";
  const next = linesOf(b).join("\n") + "\n";
  const changes = diffLines(old, next, { timeout: DIFF_TIMEOUT_MS }) ?? [
    { value: old, removed: true, added: false, count: 0 },
    { value: next, added: true, removed: false, count: 0 },
  ];
  const lines: PostDiffLine[] = changes.flatMap((c) =>
    linesOf(c.value).map((text) => ({
      kind: c.added ? ("added" as const) : c.removed ? ("removed" as const) : ("same" as const),
      text,
    })),
  );
  return trimmed(lines);
}

/** The fields that differ from `from` to `to`, in the editor's order, each line by line. */
export function compareFields(
  from: PostFields,
  to: PostFields,
): { field: PostFormField; lines: PostDiffLine[] }[] {
  return POST_FORM_FIELDS.filter((f) => textOf(from, f) !== textOf(to, f)).map((field) => ({
    field,
    lines: diffText(textOf(from, field), textOf(to, field)),
  }));
}
