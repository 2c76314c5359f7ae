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
