import { ButtonLink } from "#app/components/ui/button.tsx";

/** A console list's pages, newest first: Newer and Older around "Page 2 of 5"; nothing for one page. */
export function Pager({
  page,
  pages,
  href,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-6 flex flex-wrap items-center gap-4">
      {page > 1 && (
        <ButtonLink to={href(page - 1)} tone="outline" size="sm">
          Newer
        </ButtonLink>
      )}
      <span className="text-ink-muted">
        Page {page} of {pages}
      </span>
      {page < pages && (
        <ButtonLink to={href(page + 1)} tone="outline" size="sm">
          Older
        </ButtonLink>
      )}
    </nav>
  );
}
