// Which copy of a page a URL asks for. A page reads a few query parameters (the registry says
// which: app/config/pages.ts `query`); the others (`utm_source`, `ref`, a random cache-buster)
// change nothing. The server drops them before it looks a page up, renders it or keeps it, so
// a flood of URLs that differ only in junk costs neither renders nor memory.

/** Path → the query parameters its page reads (pages absent here read none… or are unknown). */
export type QueryRules = Map<string, ReadonlySet<string>>;

/** A numbered page's family (/blog-single/7 → /blog-single/:n): items made later (a post
 *  published in the console) read what the registry's items of that template read. */
const family = (path: string) => path.replace(/\/\d+$/, "/:n");

export function queryRules(pages: Array<{ path: string; query?: readonly string[] }>): QueryRules {
  const rules: QueryRules = new Map();
  for (const page of pages) {
    const reads = new Set(page.query ?? []);
    rules.set(page.path, reads);
    if (family(page.path) !== page.path) rules.set(family(page.path), reads);
  }
  return rules;
}

/**
 * The URL with only the parameters its page reads, in the order sent; a URL whose page is not
 * in the registry (a 404, a `.data` request, an API) is returned as it is.
 */
export function canonicalUrl(url: string, rules: QueryRules): string {
  const at = url.indexOf("?");
  if (at === -1) return url;
  const path = url.slice(0, at);
  const reads = rules.get(path) ?? rules.get(family(path));
  if (!reads) return url;
  const kept = url
    .slice(at + 1)
    .split("&")
    .filter((pair) => pair && reads.has(safeDecode(pair.split("=", 1)[0]!)));
  return kept.length ? `${path}?${kept.join("&")}` : path;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return value;
  }
}
