// Pages React Router renders per request for GET (a query on a prerendered page such as
// /blog-standard?page=2, /search?q=…, /contact-us, unknown paths). They are rendered without a
// nonce: the CSP lists the hashes of the document's inline scripts, as for prerendered pages, so
// the same URL gives the same bytes. A response that is the same for every visitor (200, no
// Set-Cookie, not `no-store`) is kept in memory, compressed once (off the main thread), up to a
// size limit (least recently used first out), and answered before Express (server/fast-path.ts);
// one with a query from its second request on. /contact-us (a
// per-visitor token in a cookie, `no-store`) is never kept. Query parameters a page does not read
// are dropped from the key (server/canonical-url.ts), so they neither render nor keep a new copy.
// A page whose content changes while the server runs (a post when a comment is approved) is
// dropped by its path (`drop`) and rendered again on the next request; when the published posts
// change, every kept page is dropped. A page of the registry still kept and read again a while
// later gets a smaller brotli (`refineBrotli`).
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { LRUCache } from "lru-cache";
import pLimit from "p-limit";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { sha256Etag } from "#app/lib/digest.server.ts";
import { contentSecurityPolicy, inlineScriptHashes, securityHeaderList } from "./security.ts";
import { canonicalUrl, type QueryRules } from "./canonical-url.ts";
import { negotiate, sendStored, storeAnswer, type Encoding, type Stored } from "./stored.ts";

export type PageCacheOptions = {
  build: ServerBuild;
  mode: string;
  loadContext: (req: Request) => RouterContextProvider;
  /** The query parameters each page reads: the others neither change nor multiply a page. */
  queries: QueryRules;
  /** Bytes of documents (all encodings) kept at most. */
  maxBytes?: number;
  /** Told of each page answered from memory (hit) or rendered (miss): the metrics. */
  count?: (result: "hit" | "miss") => void;
  /** How long a page must stay kept before a request for it has its brotli refined. */
  refineAfterMs?: number;
};

const brotliBest = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A page's body in an encoding at the quick quality: on libuv's threads, not the one that
 *  answers requests (a flood of renders must not hold up /healthz and the pages kept). */
function compressed(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === "gzip") return gzipAsync(body, { level: 6 });
  return brotliBest(body, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: 5,
      // A window the size of a page (not brotli's default 4 MB): much less memory per call.
      [zlib.BROTLI_PARAM_LGWIN]: 18,
      [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** A kept page read again this long after it was kept gets the best brotli (`refineBrotli`). */
const REFINE_AFTER_MS = 30_000;

/** Queried URLs asked for once and not (yet) kept, remembered at most. */
const SEEN_ONCE = 10_000;

/** What a URL costs besides its page: the key and the cache's own bookkeeping. */
const URL_OVERHEAD = 200;

/**
 * URL → stored page, least recently used out first, bounded by the bytes of the pages and of
 * their URLs. Two URLs whose pages come out the same share one copy in memory (found by its
 * ETag, a hash of its bytes); each is counted in full, so the bound holds whatever is shared.
 */
export function pageStore(maxBytes: number) {
  const shared = new Map<string, WeakRef<Stored>>();
  // A page no URL keeps any more is collected; its entry goes with it.
  const collected = new FinalizationRegistry<string>((etag) => {
    if (shared.get(etag)?.deref() === undefined) shared.delete(etag);
  });
  const urls = new LRUCache<string, Stored>({
    maxSize: maxBytes,
    sizeCalculation: (stored, url) => url.length + URL_OVERHEAD + stored.bytes,
  });
  let generation = 0;
  return {
    get: (url: string) => urls.get(url),
    /** What is kept for a URL, without counting as a use. */
    peek: (url: string) => urls.peek(url),
    /** A page already kept under another URL, by its ETag. */
    byEtag: (etag: string) => shared.get(etag)?.deref(),
    set(url: string, stored: Stored) {
      // Too big to keep at all: lru-cache would refuse it too, without telling.
      if (url.length + URL_OVERHEAD + stored.bytes > maxBytes) return;
      urls.set(url, stored);
      if (shared.get(stored.etag)?.deref() !== stored) {
        shared.set(stored.etag, new WeakRef(stored));
        collected.register(stored, stored.etag);
      }
    },
    /** Forgets the pages of these paths, whatever their query (their content changed); "all": every
     *  page (the posts changed, which most pages of the blog and the home pages show). */
    drop(paths: readonly string[] | "all") {
      generation++;
      if (paths === "all") return urls.clear();
      const dropped = new Set(paths);
      for (const url of [...urls.keys()]) {
        const at = url.indexOf("?");
        if (dropped.has(at === -1 ? url : url.slice(0, at))) urls.delete(url);
      }
    },
    /** Moves on each drop: a render that started before one may hold what changed, and is not kept. */
    get generation() {
      return generation;
    },
    /** URLs kept. */
    get size() {
      return urls.size;
    },
    /** Bytes counted against the bound. */
    get bytes() {
      return urls.calculatedSize;
    },
  };
}

/** Renders GET and HEAD requests for documents; everything else goes on (`next`). */
export function pageCache({
  build,
  mode,
  loadContext,
  queries,
  // Every page of the site (84 pages, about 11 MB in all encodings) and room for as many queried
  // ones (search results, list pages): every page is rendered per request (decision 020).
  maxBytes = 32 * 1024 * 1024,
  count,
  refineAfterMs = REFINE_AFTER_MS,
}: PageCacheOptions) {
  const handle = createRequestHandler(build, mode);
  const cache = pageStore(maxBytes);
  const seenOnce = new LRUCache<string, true>({ max: SEEN_ONCE });
  const security = securityHeaderList();
  // Rendering is work for the one JavaScript thread: more renders at once do not finish sooner,
  // they only hold more half-built pages in memory.
  const rendering = pLimit(4);

  /** Kept pages of the registry whose brotli is still the quick one: when they were kept, and what
   *  a better one is made of (collected with the page when it is dropped or pushed out). */
  const quick = new WeakMap<Stored, { keptAt: number; body: Buffer; head: string[] }>();
  // One at a time: the best quality takes 80–220 ms of a core per page, on libuv's threads.
  const refining = pLimit(1);

  /**
   * A page of the registry kept without a query (a blog post) is read by everyone until its
   * content changes: its brotli is made again at the best quality, off the main thread (11–14 %
   * smaller: 10.3 against 11.7 KB for /about-us). Only a page read again once it has stayed kept
   * `refineAfterMs`: after a publish drops every page, or while an editor saves again and again,
   * the pages nobody reads twice cost no best-quality compression (about 10 s of a core for all
   * 84). Pages with a query stay at the quick quality: any visitor can make new ones.
   */
  function maybeRefine(key: string, stored: Stored) {
    const waiting = quick.get(stored);
    if (!waiting || Date.now() - waiting.keptAt < refineAfterMs) return;
    quick.delete(stored);
    void refining(() => refineBrotli(key, stored, waiting.body, waiting.head));
  }

  async function refineBrotli(key: string, stored: Stored, body: Buffer, head: string[]) {
    // Dropped or pushed out while it waited: nothing to improve.
    if (cache.peek(key) !== stored) return;
    try {
      const br = await brotliBest(body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
      const gzip = stored.variants.find((v) => v.encoding === "gzip")?.body;
      // Dropped (its content changed) or replaced meanwhile: nothing to improve.
      if (cache.peek(key) === stored)
        cache.set(key, storeAnswer({ identity: body, br, gzip }, head, { etag: stored.etag }));
    } catch {
      // The quick brotli stays.
    }
  }

  const middleware = async (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.path.endsWith(".data")) return next();
    // An address that is not valid percent-encoding: the app's 400, not React Router's page.
    try {
      decodeURIComponent(req.path);
    } catch (error) {
      return next(error);
    }
    const key = canonicalUrl(req.originalUrl, queries);
    const cached = cache.get(key);
    count?.(cached ? "hit" : "miss");
    if (cached) {
      maybeRefine(key, cached);
      return sendStored(req, res, cached, [], true);
    }
    const generation = cache.generation;
    try {
      // Joined, not resolved: a path such as `//x/y` is a path here, not another host.
      const url = new URL(`${req.protocol}://${req.get("host") ?? "localhost"}${key}`);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string") headers.set(name, value);
        else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      }
      // Rendered as GET (a HEAD gets the same headers, without the body).
      const { response, body } = await rendering(async () => {
        // Each render begins on a turn of the loop of its own. Chained in one run of microtasks
        // (one render's end starts the next one waiting), the renders queued here held the
        // thread for up to 900 ms: no connection accepted, no /healthz answered meanwhile.
        await new Promise((resolve) => setImmediate(resolve));
        const response = await handle(new Request(url, { method: "GET", headers }), loadContext(req));
        return { response, body: Buffer.from(await response.arrayBuffer()) };
      });
      const isHtml = (response.headers.get("Content-Type") ?? "").startsWith("text/html");
      const outHeaders: string[] = [];
      response.headers.forEach((value, name) => {
        if (name !== "content-length" && name !== "set-cookie") outHeaders.push(name, value);
      });
      if (isHtml)
        outHeaders.push(
          "Content-Security-Policy",
          contentSecurityPolicy(inlineScriptHashes(body.toString("utf8"))),
        );
      const cookies = response.headers.getSetCookie();
      const keep =
        generation === cache.generation &&
        isHtml &&
        response.status === 200 &&
        cookies.length === 0 &&
        !/no-store/.test(response.headers.get("Cache-Control") ?? "");
      if (keep) {
        const etag = sha256Etag(body);
        const head = [...security, ...outHeaders];
        // A URL with a query is kept from its second request on: a one-off (a flood of unique
        // searches) costs one compression, for the encoding asked, and pushes out no page that
        // others read. A URL without one is a page of the site, kept at once.
        if (key.includes("?") && !seenOnce.get(key)) {
          seenOnce.set(key, true);
          const encoding = negotiate(req.headers["accept-encoding"]);
          const one = encoding ? { [encoding]: await compressed(body, encoding) } : {};
          return sendStored(req, res, storeAnswer({ identity: body, ...one }, head, { etag }), [], true);
        }
        seenOnce.delete(key);
        let stored = cache.byEtag(etag);
        // Rendered beside the one that kept it (requests that came together): nothing to add.
        if (stored && cache.peek(key) === stored) return sendStored(req, res, stored, [], true);
        if (!stored) {
          const [br, gzipped] = await Promise.all([compressed(body, "br"), compressed(body, "gzip")]);
          stored = storeAnswer({ identity: body, br, gzip: gzipped }, head, { etag });
        }
        // Dropped while it was compressed: served once, kept at the next request.
        if (generation === cache.generation) {
          cache.set(key, stored);
          if (!key.includes("?") && !quick.has(stored)) quick.set(stored, { keptAt: Date.now(), body, head });
        }
        return sendStored(req, res, stored, [], true);
      }
      for (const cookie of cookies) res.append("Set-Cookie", cookie);
      for (let i = 0; i < outHeaders.length; i += 2) res.setHeader(outHeaders[i]!, outHeaders[i + 1]!);
      res.status(response.status);
      if (req.method === "HEAD") res.end();
      else res.end(body);
    } catch (error) {
      next(error);
    }
  };
  return Object.assign(middleware, { cache, drop: (paths: readonly string[] | "all") => cache.drop(paths) });
}
