// Page links for every paginated list: a window of pages around the current one, the first
// and last pages ("margins"), and a break ('...') where pages are left out.

export type PageItem = { kind: "page"; page: number; current: boolean } | { kind: "break"; key: string };

export type Pagination = {
  current: number;
  total: number;
  items: PageItem[];
  /** The neighbouring pages, or null on the first / last page (shown disabled). */
  previous: number | null;
  next: number | null;
};

export type PaginateOptions = {
  /** Pages shown around the current page (the spec: 5). */
  range?: number;
  /** Pages always shown at each end (the spec: 2). */
  margin?: number;
};

export function paginate(
  current: number,
  total: number,
  { range = 5, margin = 2 }: PaginateOptions = {},
): Pagination {
  const last = Math.max(1, Math.floor(total));
  const page = Math.min(Math.max(1, Math.floor(current)), last);
  const start = Math.max(1, Math.min(page - Math.floor((range - 1) / 2), last - range + 1));
  const end = Math.min(last, start + range - 1);

  const shown = new Set<number>();
  for (let p = 1; p <= Math.min(margin, last); p++) shown.add(p);
  for (let p = start; p <= end; p++) shown.add(p);
  for (let p = Math.max(1, last - margin + 1); p <= last; p++) shown.add(p);

  const items: PageItem[] = [];
  let previousShown = 0;
  for (const p of [...shown].sort((a, b) => a - b)) {
    // A break that would hide a single page hides nothing worth hiding: show the page.
    if (p - previousShown === 2) items.push({ kind: "page", page: p - 1, current: false });
    else if (p - previousShown > 2) items.push({ kind: "break", key: `break-${previousShown}` });
    items.push({ kind: "page", page: p, current: p === page });
    previousShown = p;
  }

  return {
    current: page,
    total: last,
    items,
    previous: page > 1 ? page - 1 : null,
    next: page < last ? page + 1 : null,
  };
}

/**
 * The page asked for in the query: a positive whole number, else 1 (absent, empty,
 * non-numeric, zero or negative). A number past the last page is the caller's to refuse.
 */
export function pageFromQuery(value: string | null | undefined): number {
  if (!value || !/^\d+$/.test(value.trim())) return 1;
  // A huge number is still a page past the end, not page 1.
  return Math.max(1, Math.min(Number(value.trim()), Number.MAX_SAFE_INTEGER));
}

/** Number of pages for `count` items, `size` per page; an empty list still has one page. */
export function pageCount(count: number, size: number): number {
  return Math.max(1, Math.ceil(count / size));
}
