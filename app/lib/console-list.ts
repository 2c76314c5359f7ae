// The address of a console list (enquiries, subscribers, posts) with a filter, the search kept
// and a page: a new filter starts at page 1, and page 1 is left out of the address.

export function listHref(
  path: string,
  current: { state: string; q: string | null | undefined },
  next: { state?: string; page?: number },
): string {
  const params = new URLSearchParams({ state: next.state ?? current.state });
  if (current.q) params.set("q", current.q);
  if (next.page && next.page > 1) params.set("page", String(next.page));
  return `${path}?${params}`;
}

/** What a console list's address asks for: one of its filters (else `fallback`), the search (trimmed,
 *  200 characters at most) and the page. */
export function listQuery<F extends string>(
  url: URL,
  filters: readonly F[],
  fallback: NoInfer<F>,
): { state: F; q: string; page: number } {
  return {
    state: filters.find((f) => f === url.searchParams.get("state")) ?? fallback,
    q: (url.searchParams.get("q") ?? "").trim().slice(0, 200),
    page: Number(url.searchParams.get("page") ?? 1),
  };
}
