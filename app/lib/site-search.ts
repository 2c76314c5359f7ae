import type { Page } from "#app/config/pages.ts";
import { words as allWords } from "./format.ts";

export type SearchResult = Pick<Page, "path" | "title" | "description">;

// Single letters ("a", "i") match nearly every page: they are left out of titles and queries.
const words = (text: string) => allWords(text).filter((w) => w.length > 1);

/**
 * Pages whose title or description contain every word of the query (prefix match, so
 * "brand" finds "branding"); title matches rank first.
 */
export function searchPages(query: string, pages: Page[]): SearchResult[] {
  const terms = words(query);
  if (!terms.length) return [];
  return pages
    .filter((p) => p.indexable)
    .map((p) => {
      const title = words(p.title);
      const body = words(`${p.title} ${p.description}`);
      const hits = terms.every((t) => body.some((w) => w.startsWith(t)));
      const score = terms.filter((t) => title.some((w) => w.startsWith(t))).length;
      return { page: p, hits, score };
    })
    .filter((r) => r.hits)
    .sort((a, b) => b.score - a.score || a.page.title.localeCompare(b.page.title))
    .map(({ page: { path, title, description } }) => ({ path, title, description }));
}
