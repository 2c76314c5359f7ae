// Bare detail paths the spec sends to their first item (/team-details → /team-details/1). Now
// that staff publish, hide and delete items, that item may be gone: the bare path goes to item 1
// while it is shown, else to the first item the site shows, and is a 404 when there is none
// (app/routes/first-item.tsx, at request time). A 302: where it leads can change.
export const firstItemBases = [
  "/services-details",
  "/project-details",
  "/team-details",
  "/blog-single",
  "/blog-single-sidebar",
] as const;

/** Where a bare detail path leads among the pages the site shows now (in their order). */
export function firstItemPath(base: string, shown: readonly { path: string }[]): string | undefined {
  const items = shown.filter(
    (p) => p.path.startsWith(`${base}/`) && !p.path.slice(base.length + 1).includes("/"),
  );
  return (items.find((p) => p.path === `${base}/1`) ?? items[0])?.path;
}
