// Pages React Router renders per request for GET (a query on a prerendered page such as
// /blog-standard?page=2, /search?q=…, /contact-us, unknown paths). They are rendered without a
// nonce: the CSP lists the hashes of the document's inline scripts, as for prerendered pages, so
// the same URL gives the same bytes. A response that is the same for every visitor (200, no
// Set-Cookie, not `no-store`) is kept in memory, compressed once, up to a size limit (least
// recently used first out). /contact-us (a per-visitor token in a cookie) is never kept.
import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { contentSecurityPolicy, inlineScriptHashes } from "./security.ts";

type Entry = {
  status: number;
  headers: Array<[string, string]>;
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  bytes: number;
};

export type PageCacheOptions = {
  build: ServerBuild;
  mode: string;
  loadContext: (req: Request) => RouterContextProvider;
  /** Bytes of documents (all encodings) kept at most. */
  maxBytes?: number;
};

/** A least-recently-used map bounded by the bytes of its values. */
export class ByteLru<V extends { bytes: number }> {
  private readonly map = new Map<string, V>();
  private total = 0;
  private readonly maxBytes: number;
  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }
  get size() {
    return this.map.size;
  }
  get bytes() {
    return this.total;
  }
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: string, value: V) {
    if (value.bytes > this.maxBytes) return;
    const old = this.map.get(key);
    if (old) this.total -= old.bytes;
    this.map.delete(key);
    this.map.set(key, value);
    this.total += value.bytes;
    for (const [k, v] of this.map) {
      if (this.total <= this.maxBytes) break;
      this.map.delete(k);
      this.total -= v.bytes;
    }
  }
}

const accepts = (header: string, encoding: string) =>
  new RegExp(`\\b${encoding}\\b(?!;q=0(\\.0*)?\\b)`).test(header);

/** At most `limit` tasks at once; the others wait their turn (first come, first served). */
export function limiter(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

/** Handles GET and HEAD requests for documents; everything else goes on (`next`). */
export function pageCache({ build, mode, loadContext, maxBytes = 32 * 1024 * 1024 }: PageCacheOptions) {
  const handle = createRequestHandler(build, mode);
  const cache = new ByteLru<Entry>(maxBytes);
  // Rendering is work for the one JavaScript thread: more renders at once do not finish sooner,
  // they only hold more half-built pages in memory.
  const rendering = limiter(4);

  const send = (req: Request, res: Response, entry: Entry) => {
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("ETag", entry.etag);
    res.setHeader("Vary", "Accept-Encoding");
    if (req.headers["if-none-match"] === entry.etag) return void res.status(304).end();
    const acceptEncoding = String(req.headers["accept-encoding"] ?? "");
    const [body, encoding] = accepts(acceptEncoding, "br")
      ? [entry.br, "br"]
      : accepts(acceptEncoding, "gzip")
        ? [entry.gzip, "gzip"]
        : [entry.identity, undefined];
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.status(entry.status);
    if (req.method === "HEAD") res.end();
    else res.end(body);
  };

  const middleware = async (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.path.endsWith(".data")) return next();
    // An address that is not valid percent-encoding: the app's 400, not React Router's page.
    try {
      decodeURIComponent(req.path);
    } catch (error) {
      return next(error);
    }
    const key = req.originalUrl;
    const cached = cache.get(key);
    if (cached) return send(req, res, cached);
    try {
      const url = new URL(key, `${req.protocol}://${req.get("host") ?? "localhost"}`);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string") headers.set(name, value);
        else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      }
      // Rendered as GET (a HEAD gets the same headers, without the body).
      const { response, body } = await rendering(async () => {
        const response = await handle(new Request(url, { method: "GET", headers }), loadContext(req));
        return { response, body: Buffer.from(await response.arrayBuffer()) };
      });
      const isHtml = (response.headers.get("Content-Type") ?? "").startsWith("text/html");
      const outHeaders: Array<[string, string]> = [];
      response.headers.forEach((value, name) => {
        if (name !== "content-length" && name !== "set-cookie") outHeaders.push([name, value]);
      });
      if (isHtml)
        outHeaders.push([
          "Content-Security-Policy",
          contentSecurityPolicy(inlineScriptHashes(body.toString("utf8"))),
        ]);
      const cookies = response.headers.getSetCookie();
      for (const cookie of cookies) res.append("Set-Cookie", cookie);
      const keep =
        isHtml &&
        response.status === 200 &&
        cookies.length === 0 &&
        !/no-store/.test(response.headers.get("Cache-Control") ?? "");
      if (keep) {
        const entry: Entry = {
          status: response.status,
          headers: outHeaders,
          etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
          identity: body,
          // A window the size of a page (not brotli's default 4 MB): much less memory per call.
          br: brotliCompressSync(body, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: 5,
              [zlib.BROTLI_PARAM_LGWIN]: 18,
              [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
          gzip: gzipSync(body, { level: 6 }),
          bytes: 0,
        };
        entry.bytes = entry.identity.length + entry.br.length + entry.gzip.length + key.length;
        cache.set(key, entry);
        return send(req, res, entry);
      }
      for (const [name, value] of outHeaders) res.setHeader(name, value);
      res.status(response.status);
      if (req.method === "HEAD") res.end();
      else res.end(body);
    } catch (error) {
      next(error);
    }
  };
  /** Answers from memory only (placed early, before the middleware a hit does not need). */
  const cached = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const entry = cache.get(req.originalUrl);
    if (entry) return send(req, res, entry);
    next();
  };
  return Object.assign(middleware, { cache, cached });
}
