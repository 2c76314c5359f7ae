import type { PostComparisonView, PostFormField } from "#app/lib/ports/posts-console.ts";
import { cn } from "#app/lib/cn.ts";

/** The editor's name of each field, as the comparison heads them. */
const POST_FIELD_LABELS: Record<PostFormField, string> = {
  title: "Title",
  slug: "Address",
  date: "Date",
  author: "Author",
  category: "Category",
  tags: "Tags",
  excerpt: "Excerpt",
  midTitle: "Mid-title",
  quote: "Pull quote",
  thumb: "List picture",
  image: "Header picture",
  inlineImage: "Picture in the body",
  imageAlt: "What the header picture shows",
  body: "The article",
};

const MARK = { added: "Added", removed: "Removed", same: "" } as const;

/** What changed between two revisions, field by field and line by line. Each added or removed
 *  line says so in words (and is <ins>/<del>), so nothing depends on seeing a colour. */
export function PostDiff({ comparison }: { comparison: PostComparisonView }) {
  const { from, to, changes } = comparison;
  if (changes.length === 0)
    return (
      <p className="rounded-card bg-surface p-6 shadow-card">
        Revisions {from.revision} and {to.revision} have the same fields (only the state or who saved it
        differ).
      </p>
    );
  return (
    <div className="grid gap-4">
      <p className="text-ink-muted">
        Lines marked “Removed” are in revision {from.revision} only; lines marked “Added” are in revision{" "}
        {to.revision} only. Unmarked lines are in both.
      </p>
      {changes.map(({ field, lines }) => (
        <section
          key={field}
          aria-labelledby={`diff-${field}`}
          className="rounded-card bg-surface p-5 shadow-card sm:p-6"
        >
          <h3 id={`diff-${field}`} className="font-bold">
            {POST_FIELD_LABELS[field]}
          </h3>
          <ol className="mt-3 grid gap-px text-sm">
            {lines.map((line, i) =>
              line.kind === "skipped" ? (
                <li key={i} className="py-1 text-ink-muted italic">
                  … {line.count} unchanged {line.count === 1 ? "line" : "lines"} …
                </li>
              ) : (
                <li
                  key={i}
                  className={cn(
                    "grid grid-cols-[5.5rem_1fr] gap-2 py-0.5 pl-2",
                    line.kind === "added" && "border-l-4 border-primary bg-surface-alt",
                    line.kind === "removed" && "border-l-4 border-danger bg-surface-alt",
                    line.kind === "same" && "border-l-4 border-transparent",
                  )}
                >
                  <span className="font-semibold">{MARK[line.kind]}</span>
                  {line.kind === "added" ? (
                    <ins className="wrap-anywhere whitespace-pre-wrap no-underline">
                      {line.text || "\u00a0"}
                    </ins>
                  ) : line.kind === "removed" ? (
                    <del className="wrap-anywhere whitespace-pre-wrap">{line.text || "\u00a0"}</del>
                  ) : (
                    <span className="wrap-anywhere whitespace-pre-wrap">{line.text || "\u00a0"}</span>
                  )}
                </li>
              ),
            )}
          </ol>
        </section>
      ))}
    </div>
  );
}
