// The site's service worker, served at /sw.js (server/service-worker.ts) and built by
// scripts/postbuild.ts (bundled with Vite, its precache list written in by Serwist's
// injectManifest). What it keeps and why: docs/decisions/027-a-site-for-a-flaky-network.md;
// what the phone holds and how a visitor clears it: docs/offline.md.
//
// The public site only: the console (/admin), the API (/api) and every request but a GET pass it
// by (a form's post and its answer are never kept). Everything it fetches is on the site's own
// origin (the server gives this script a CSP that allows nothing else).
import {
  CacheFirst,
  ExpirationPlugin,
  NetworkFirst,
  NetworkOnly,
  Serwist,
  StaleWhileRevalidate,
  type PrecacheEntry,
  type RouteHandlerCallbackOptions,
  type SerwistGlobalConfig,
  type SerwistPlugin,
} from "serwist";
import {
  OFFLINE_PAGE_PATH,
  isPublicPagePath,
  listHeldPages,
  markOffline,
  pageOfDataRequest,
  titleOf,
  type HeldPage,
} from "./offline-copy.ts";
import { OUTBOX_SYNC_TAG, sendKept } from "#app/lib/outbox-send.ts";

/** Background Sync's event (Chromium's browsers; not in TypeScript's own types). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  /** The browser's last try of this tag: it will not wake the worker for it again. */
  readonly lastChance: boolean;
}

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
  interface ServiceWorkerGlobalScopeEventMap {
    sync: SyncEvent;
  }
}
declare const self: ServiceWorkerGlobalScope;

const PAGES = "techspark-pages";
const ASSETS = "techspark-assets";
const PICTURES = "techspark-pictures";
const OFFLINE_PAGE = "techspark-offline-page";

/** How long a page waits for the network before the copy this phone holds is shown. Measured
 *  (decision 027): a page of the site on a slow 3G link arrives in about 1.5–2.5 s. */
const PAGE_TIMEOUT_SECONDS = 3;
const DAY = 24 * 60 * 60;

/** A page the same for every visitor (`Cache-Control: public`, decision 011): one with a
 *  visitor's token (the contact page), an answer to a form, an error, the console are never kept. */
function isKeepablePage(response: Response): boolean {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  return (
    response.status === 200 &&
    response.type === "basic" &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html") &&
    /\bpublic\b/.test(cacheControl) &&
    !/\b(?:private|no-store)\b/.test(cacheControl)
  );
}

/** The same answer with new text: the headers that described the bytes on the wire go. */
function withBody(response: Response, body: string): Response {
  const headers = new Headers(response.headers);
  for (const name of ["Content-Length", "Content-Encoding", "ETag", "Last-Modified"]) headers.delete(name);
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** When the copy was taken: the server's `Date` (every answer has one), else now. */
const takenAt = (response: Response) => {
  const date = Date.parse(response.headers.get("Date") ?? "");
  return Number.isNaN(date) ? new Date() : new Date(date);
};

/** The beginning of a kept page, up to its `<title>` (the rest is not read). */
async function headOf(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes("</title>") && text.length < 64 * 1024) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  void reader.cancel();
  return text;
}

/** The pages this phone holds, by title. */
async function heldPages(): Promise<HeldPage[]> {
  const cache = await caches.open(PAGES);
  const pages: HeldPage[] = [];
  for (const request of await cache.keys()) {
    const url = new URL(request.url);
    const response = await cache.match(request);
    if (!response) continue;
    const path = url.pathname + url.search;
    pages.push({ path, title: titleOf(await headOf(response)) ?? path });
  }
  return pages.sort((a, b) => a.title.localeCompare(b.title, "en"));
}

/** The offline page (app/routes/offline.tsx, fetched when the worker is installed and again
 *  once a day), with the pages this phone holds. */
async function offlinePage(): Promise<Response> {
  const kept = await (await caches.open(OFFLINE_PAGE)).match(OFFLINE_PAGE_PATH);
  if (!kept) return Response.error();
  return withBody(kept, listHeldPages(await kept.text(), await heldPages()));
}

async function refreshOfflinePage(olderThanSeconds = 0): Promise<void> {
  const cache = await caches.open(OFFLINE_PAGE);
  const kept = await cache.match(OFFLINE_PAGE_PATH);
  if (kept && Date.now() - takenAt(kept).getTime() < olderThanSeconds * 1000) return;
  try {
    const response = await fetch(OFFLINE_PAGE_PATH, { cache: "no-cache" });
    if (response.ok) await cache.put(OFFLINE_PAGE_PATH, response);
  } catch {
    // Offline now: the copy it has (if any) stays.
  }
}

const pagePlugins: SerwistPlugin[] = [
  { cacheWillUpdate: async ({ response }) => (isKeepablePage(response) ? response : null) },
  new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * DAY, maxAgeFrom: "last-used" }),
  {
    // Only read when the network failed or was too slow: say so at the top of the page.
    cachedResponseWillBeUsed: async ({ cachedResponse }) =>
      cachedResponse
        ? withBody(cachedResponse, markOffline(await cachedResponse.text(), takenAt(cachedResponse)))
        : null,
    // Online again: the offline page's phone and address are kept current (a day at most behind).
    cacheDidUpdate: () => refreshOfflinePage(DAY),
    // Neither the network nor a copy: the offline page.
    handlerDidError: () => offlinePage(),
  },
];

const pictureExpiry = new ExpirationPlugin({
  // The cap: 200 pictures of at most about 200 KB each (decision 027), the least recently
  // shown out first; and the browser's quota, if it says the phone is full.
  maxEntries: 200,
  maxAgeSeconds: 30 * DAY,
  maxAgeFrom: "last-used",
  purgeOnQuotaError: true,
});
const freshPictures = new StaleWhileRevalidate({ cacheName: PICTURES, plugins: [pictureExpiry] });
const keptPictures = new CacheFirst({ cacheName: PICTURES, plugins: [pictureExpiry] });

/** The visitor asked for less data (the browser's Save-Data): nothing fetched that the page does
 *  not need now, so a picture held is shown without asking the server whether it changed. */
const savesData = (request: Request) =>
  request.headers.get("Save-Data") === "on" ||
  (self.navigator as WorkerNavigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;

/**
 * Offline (or the network too slow), a client navigation's data request is answered with React
 * Router's own "load this page as a document" (a 204 with `X-Remix-Reload-Document`): the
 * document then comes from the cache, marked, or is the offline page.
 */
const reloadAsDocument: SerwistPlugin = {
  handlerDidError: async ({ request }) => {
    const page = pageOfDataRequest(new URL(request.url));
    if (!page) return undefined;
    return new Response(null, {
      status: 204,
      headers: { "X-Remix-Redirect": page, "X-Remix-Reload-Document": "true" },
    });
  },
};

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: { cleanupOutdatedCaches: true },
  cacheId: "techspark",
  // A new deploy's worker takes over at once; the caches below are shared by every version, so a
  // page opened under the old one still gets its scripts (hashed names never change content).
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: true,
  disableDevLogs: true,
  runtimeCaching: [
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/"),
      handler: new CacheFirst({
        cacheName: ASSETS,
        plugins: [
          new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 60 * DAY, maxAgeFrom: "last-used" }),
        ],
      }),
    },
    {
      matcher: ({ url, request, sameOrigin }) =>
        sameOrigin &&
        isPublicPagePath(url.pathname) &&
        (request.mode === "navigate" || (request.headers.get("Accept") ?? "").includes("text/html")),
      handler: new NetworkFirst({
        cacheName: PAGES,
        networkTimeoutSeconds: PAGE_TIMEOUT_SECONDS,
        matchOptions: { ignoreVary: true },
        plugins: pagePlugins,
      }),
    },
    {
      matcher: ({ url, sameOrigin }) =>
        sameOrigin && isPublicPagePath(url.pathname) && url.pathname.endsWith(".data"),
      handler: new NetworkOnly({ networkTimeoutSeconds: PAGE_TIMEOUT_SECONDS, plugins: [reloadAsDocument] }),
    },
    {
      matcher: ({ url, request, sameOrigin }) =>
        sameOrigin && (request.destination === "image" || /^\/(?:img|media\/u)\//.test(url.pathname)),
      handler: (options: RouteHandlerCallbackOptions) =>
        (savesData(options.request) ? keptPictures : freshPictures).handle(options),
    },
  ],
});

self.addEventListener("install", (event) => event.waitUntil(refreshOfflinePage()));

/**
 * The forms kept on the phone (docs/offline-forms.md): a page that keeps one asks the browser for
 * this event, which comes when the network is back, even with no tab of the site open. The
 * sending is the pages' own (app/lib/outbox-send.ts: the same key, a fresh token, one sender at a
 * time). Still out of reach, the promise fails and the browser tries again later, a few times;
 * after its last try, the next visit to any page sends it.
 */
async function sendKeptForms(lastChance: boolean) {
  const reached = await sendKept("worker");
  if (!reached && !lastChance) throw new Error("The site is out of reach: the browser tries again later");
}

self.addEventListener("sync", (event) => {
  if (event.tag === OUTBOX_SYNC_TAG) event.waitUntil(sendKeptForms(event.lastChance));
});
serwist.addEventListeners();
