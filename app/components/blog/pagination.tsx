import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";

export type PaginationLink =
  { kind: "page"; page: number; current: boolean; href: string } | { kind: "break"; key: string };

type PaginationProps = {
  items: PaginationLink[];
  previousHref: string | null;
  nextHref: string | null;
};

/** Previous or Next: a link, or disabled with a ban icon on the first / last page. */
function Edge({ label, href }: { label: "Previous" | "Next"; href: string | null }) {
  const icon = (
    <Icon name={href ? (label === "Previous" ? "arrow-left" : "arrow-right") : "ban"} className="size-4" />
  );
  const content = (
    <>
      {label === "Previous" && icon}
      {label}
      {label === "Next" && icon}
    </>
  );
  return href ? (
    <Link to={href} preventScrollReset rel={label === "Previous" ? "prev" : "next"} className="blog-page">
      {content}
    </Link>
  ) : (
    <span aria-disabled="true" className="blog-page">
      {content}
    </span>
  );
}

/**
 * Page links as real links (?page=n), so every page works without JavaScript and for
 * crawlers. With JavaScript the list scrolls to the top itself (see BlogList), so the
 * router keeps the scroll position meanwhile.
 */
export function Pagination({ items, previousHref, nextHref }: PaginationProps) {
  return (
    <nav
      aria-label="Pages"
      className="mt-16 flex flex-wrap items-center justify-center gap-2 border-t border-line pt-10"
    >
      <Edge label="Previous" href={previousHref} />
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {items.map((item) =>
          item.kind === "break" ? (
            <li key={item.key} aria-hidden="true" className="px-1 text-ink-muted">
              ...
            </li>
          ) : (
            <li key={item.page}>
              <Link
                to={item.href}
                preventScrollReset
                aria-current={item.current ? "page" : undefined}
                className="blog-page px-0"
              >
                <span className="sr-only">Page </span>
                {item.page}
              </Link>
            </li>
          ),
        )}
      </ul>
      <Edge label="Next" href={nextHref} />
    </nav>
  );
}
