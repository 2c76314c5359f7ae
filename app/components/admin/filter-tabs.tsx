import { Link } from "react-router";
import { consoleTabClass } from "#app/components/admin/console-shell.tsx";

/** A console list's filters, each with its count; the current one is marked for screen readers. */
export function FilterTabs<F extends string>({
  label,
  filters,
  current,
  labels,
  counts,
  href,
}: {
  label: string;
  filters: readonly F[];
  current: F;
  labels: Record<F, string>;
  counts: Record<F, number>;
  href: (filter: F) => string;
}) {
  return (
    <nav aria-label={label} className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {filters.map((f) => (
          <li key={f}>
            <Link
              to={href(f)}
              aria-current={f === current ? "page" : undefined}
              className={consoleTabClass(f === current)}
            >
              {labels[f]} ({counts[f]})
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
