import { Link } from "react-router";
import { consoleTabClass } from "#app/components/admin/console-shell.tsx";
import { SearchForm } from "#app/components/ui/search-form.tsx";
import { listHref } from "#app/lib/console-list.ts";

/**
 * A console list's filters and search (enquiries, subscribers, posts): a tab per filter with its
 * count, the current one marked for screen readers, each keeping the search and starting at page
 * 1; then a plain GET search form that keeps the filter.
 */
export function ListFilters<F extends string>({
  path,
  noun,
  filters,
  current,
  labels,
  counts,
  q,
  search,
}: {
  /** The list's address: "/admin/enquiries". */
  path: string;
  /** What it lists, for the tabs' name: "Filter the enquiries". */
  noun: string;
  filters: readonly F[];
  current: F;
  labels: Record<F, string>;
  counts: Record<F, number>;
  /** The search shown. */
  q: string;
  search: { id: string; label: string; placeholder: string };
}) {
  return (
    <>
      <nav aria-label={`Filter the ${noun}`} className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {filters.map((f) => (
            <li key={f}>
              <Link
                to={listHref(path, { state: current, q }, { state: f })}
                aria-current={f === current ? "page" : undefined}
                className={consoleTabClass(f === current)}
              >
                {labels[f]} ({counts[f]})
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <SearchForm
        id={search.id}
        action={path}
        label={search.label}
        showLabel
        tone="light"
        placeholder={search.placeholder}
        query={q}
        className="mt-6"
      >
        <input type="hidden" name="state" value={current} />
      </SearchForm>
    </>
  );
}
