import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { cn } from "#app/lib/cn.ts";

type Neighbour = { title: string; href: string };

/** Links to the case studies before and after this one (the list wraps around). */
export function CaseStudyNav({
  previous,
  next,
  className,
  ...props
}: React.ComponentProps<"nav"> & { previous: Neighbour; next: Neighbour }) {
  const item = (n: Neighbour, direction: "previous" | "next") => (
    <Link
      to={n.href}
      rel={direction === "previous" ? "prev" : "next"}
      className={cn(
        "group flex items-center gap-4 rounded-card border border-line bg-surface p-5 transition-colors hover:border-primary/40",
        direction === "next" && "flex-row-reverse text-right",
      )}
    >
      <span className="grid size-11 shrink-0 place-items-center rounded-full bg-primary/12 text-primary-ink transition-colors group-hover:bg-primary group-hover:text-on-primary">
        <Icon name={direction === "previous" ? "arrow-left" : "arrow-right"} className="size-5" />
      </span>
      <span className="min-w-0">
        <span className="block text-sm font-semibold text-ink-muted">
          {direction === "previous" ? "Previous project" : "Next project"}
        </span>
        <span className="block font-bold">{n.title}</span>
      </span>
    </Link>
  );
  return (
    <nav aria-label="More case studies" className={cn("grid gap-4 sm:grid-cols-2", className)} {...props}>
      {item(previous, "previous")}
      {item(next, "next")}
    </nav>
  );
}
