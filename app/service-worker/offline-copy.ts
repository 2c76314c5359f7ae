// What the service worker (app/service-worker/sw.ts) does to the documents it answers from its
// cache: plain functions of text, so that the unit tests can read them without a worker.

/** The mark's id: the page's script removes it when the visitor moves on (service-worker-setup.tsx). */
export const OFFLINE_MARK_ID = "offline-mark";

/** The offline page (app/routes/offline.tsx): the worker keeps it and shows it for a page this
 *  phone has not seen. */
export const OFFLINE_PAGE_PATH = "/offline";

/** Where the offline page wants the list of the pages this phone holds: an empty list it renders. */
export const HELD_PAGES_ATTRIBUTE = "data-held-pages";

/** The pages' paths that are never kept or listed: the console, the API and the offline page. */
export function isPublicPagePath(pathname: string): boolean {
  return !/^\/(?:admin|api)(?:\/|$)/.test(pathname) && pathname !== OFFLINE_PAGE_PATH;
}

/**
 * "12 March, 10:40" in the phone's own time zone, with the year when it is not this one
 * ("30 December 2025, 18:05"): when the copy was taken, as the visitor reads a date.
 */
export function copyTime(taken: Date, now = new Date()): string {
  const day = taken.toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    ...(taken.getFullYear() === now.getFullYear() ? {} : { year: "numeric" }),
  });
  const time = taken.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return `${day}, ${time}`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The document as it was, marked at the top: "You are offline. This page is as it was on …".
 * A status region, so that a screen reader says it; its look (and dark theme) is the stylesheet's
 * `.offline-mark`. It is the body's first child, outside what React hydrates (React skips
 * elements it did not render there). A document without a body is returned as it was.
 */
export function markOffline(html: string, taken: Date, now = new Date()): string {
  const body = /<body[^>]*>/.exec(html);
  if (!body) return html;
  const mark = `<div id="${OFFLINE_MARK_ID}" role="status" class="offline-mark">You are offline. This page is as it was on ${escapeHtml(copyTime(taken, now))}.</div>`;
  const at = body.index + body[0].length;
  return html.slice(0, at) + mark + html.slice(at);
}

/** A page's title from its document: the text of `<title>` without the agency's name (the home
 *  pages lead with it, the others end with it: app/lib/meta.ts). */
export function titleOf(html: string): string | undefined {
  const match = /<title[^>]*>([^<]*)<\/title>/.exec(html);
  if (!match) return undefined;
  const title = match[1]!
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .trim();
  return title.replace(/^TechSpark Innovations \| | \| TechSpark Innovations$/g, "") || undefined;
}

export type HeldPage = { path: string; title: string };

/**
 * The offline page with the pages this phone holds, as links, in the empty list it renders for
 * them. With none, the list says so.
 */
export function listHeldPages(html: string, pages: HeldPage[]): string {
  const items =
    pages.length === 0
      ? "<li>None yet: the pages you open while online are kept here.</li>"
      : pages.map((p) => `<li><a href="${escapeHtml(p.path)}">${escapeHtml(p.title)}</a></li>`).join("");
  const list = new RegExp(`<ul[^>]*\\b${HELD_PAGES_ATTRIBUTE}=""[^>]*>`).exec(html);
  if (!list) return html;
  const at = list.index + list[0].length;
  return html.slice(0, at) + items + html.slice(at);
}

/**
 * The page a client navigation's data request (`/about-us.data?_routes=…`, `/_.data` for `/`)
 * is for: offline, the worker answers it with "load this page as a document", so that the
 * document comes from the cache (React Router's own redirect, `X-Remix-Reload-Document`).
 */
export function pageOfDataRequest(url: URL): string | undefined {
  if (!url.pathname.endsWith(".data")) return undefined;
  const pathname = url.pathname === "/_.data" ? "/" : url.pathname.replace(/(\/_)?\.data$/, "") || "/";
  const query = new URLSearchParams(url.search);
  query.delete("_routes");
  query.delete("index");
  const search = query.toString();
  return pathname + (search ? `?${search}` : "");
}
