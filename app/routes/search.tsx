import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import type { Route } from "./+types/search";
import { getPage } from "#app/config/pages.ts";
import { currentPages } from "#app/lib/site-pages.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { searchPages } from "#app/lib/site-search.ts";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { SearchForm } from "#app/components/ui/search-form.tsx";

export function loader({ url, context }: Route.LoaderArgs) {
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const results = query ? searchPages(query, currentPages(context)) : [];
  return { page: getPage("/search"), query, results };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const { page, query } = loaderData;
  // Result pages are not for search engines; the empty search page is.
  return pageMeta({
    ...page,
    title: query ? `Search results for “${query}”` : page.title,
    indexable: !query,
  });
};

export default function Search({ loaderData: { query, results } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={query ? `Results for “${query}”` : "Search the site"} crumbs={[{ label: "Search" }]}>
        <SearchForm
          id="search-page-q"
          label="Search keyword"
          tone="dark"
          placeholder="Services, projects, articles…"
          query={query}
          className="mt-8 max-w-2xl"
        />
      </PageHeader>
      <section className="section-y" aria-live="polite">
        <div className="container-page max-w-4xl">
          {!query ? (
            <p className="text-lg text-ink-muted">
              Type a keyword above to search our services, projects, team and articles.
            </p>
          ) : results.length === 0 ? (
            <div>
              <h2 className="text-h3">No results found</h2>
              <p className="mt-3 text-lg text-ink-muted">
                Nothing on the site matches “{query}”. Try a shorter or different word, or{" "}
                <Link to="/faq" className="font-semibold text-primary-ink underline underline-offset-4">
                  read our FAQ
                </Link>
                .
              </p>
            </div>
          ) : (
            <>
              <h2 className="text-lg font-semibold text-ink-muted">
                {results.length} {results.length === 1 ? "page" : "pages"} found
              </h2>
              <ul className="mt-6 grid gap-4">
                {results.map((r) => (
                  <li key={r.path}>
                    <Link
                      to={r.path}
                      className="group block rounded-card border border-line bg-surface p-6 transition-colors hover:border-primary"
                    >
                      <span className="flex items-center justify-between gap-4 text-h3 group-hover:text-primary-ink">
                        {r.title}
                        <Icon name="arrow-right" className="size-5 shrink-0" />
                      </span>
                      <span className="mt-2 block text-ink-muted">{r.description}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </section>
    </>
  );
}
