// Which pages the browser sweeps load (routes.spec.ts, media.spec.ts), chosen from the page
// registry so that a new template, layout or kind is swept without editing a test. No file
// access: tests/pages/sweep.test.ts checks the choice in Vitest.

/** What the choice reads of a page of the registry (build/pages.json). */
type RegistryPage = { path: string; kind: string; dark?: boolean };

/**
 * The family a page belongs to: pages of one family are one template filled with other data, so
 * one of them stands for all in the browser. A numbered page (/team-details/4) is an item of its
 * template; a page that forces the dark theme (/home-2-dark) is its light twin under the same
 * theme the sweep also checks by emulation (app/routes/force-dark.tsx sets the class the
 * system's dark preference sets); every other page is a template of its own (the list layouts
 * of one route module differ in their markup, so each is one).
 */
export function pageFamily(page: RegistryPage): string {
  if (/\/\d+$/.test(page.path)) return page.path.replace(/\/\d+$/, "/:n");
  if (page.dark) return `dark ${page.kind}`;
  return page.path;
}

/**
 * The pages the browser sweeps (routes.spec.ts, media.spec.ts) load: the first page of each
 * family, in the registry's order, so a new template, layout or kind is swept without editing a
 * test, while the 54 detail pages of 5 templates are swept through their first. What does not
 * need a browser (status, headers, one h1, metadata, links, image attributes, the HTML without
 * JavaScript) is checked on every page over HTTP in tests/pages/pages.test.ts.
 */
export function sweepPages<P extends RegistryPage>(all: readonly P[]): P[] {
  const seen = new Set<string>();
  return all.filter((page) => {
    const family = pageFamily(page);
    if (seen.has(family)) return false;
    seen.add(family);
    return true;
  });
}
