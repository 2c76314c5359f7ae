import { cn } from "#app/lib/cn.ts";

/** Tags as small chips, named "Tags" for screen readers. */
export function TagList({ tags, className }: { tags: readonly string[]; className?: string }) {
  return (
    <ul className={cn("flex flex-wrap gap-2", className)} aria-label="Tags">
      {tags.map((tag) => (
        <li
          key={tag}
          className="rounded-full bg-primary/10 px-3 py-1 text-xs font-bold tracking-wider text-primary-ink uppercase"
        >
          {tag}
        </li>
      ))}
    </ul>
  );
}
