// The HTTP application: static files and prerendered pages first, React Router SSR for
// everything else. Nothing here knows about individual pages.
import type { IncomingMessage, RequestListener } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import compression from "compression";
import express, { type Request, type Response, type NextFunction } from "express";
import { createRequestHandler } from "@react-router/express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import onHeaders from "on-headers";
import sirv from "sirv";
// The one import of the app's entry (type only, allowed by .dependency-cruiser.mjs): its exports are
// the seam; the server reads them from the built bundle, never from the source.
import type * as Entry from "#app/entry.server.tsx";
import { PAGE_CACHE_CONTROL } from "#app/lib/http-cache.ts";
import { issuePath } from "#app/config/newsletter.ts";
import type { ServerConfig } from "./config.ts";
import { queryRules } from "./canonical-url.ts";
import { fastPath } from "./fast-path.ts";
import { sameOriginPath } from "./request-guard.ts";
import { loadAssets, loadPrerendered } from "./prerendered.ts";
import { pageCache } from "./page-cache.ts";
import { SERVICE_WORKER_PATH, serviceWorkerAnswer } from "./service-worker.ts";
import { healthEndpoints } from "./health/endpoints.ts";
import type { Metrics } from "./health/metrics.ts";
import type { ReadinessCheck } from "./health/readiness.ts";
import { contentSecurityPolicy, newNonce, securityHeaderList, securityHeaders } from "./security.ts";

export type AppOptions = {
  config: ServerConfig;
  /** Routers mounted before the pages: the services' (server/services.ts `routers`): GET /api/csrf,
   *  the staff console's JSON API (/api/admin/…) and picture uploads, the traffic beacon
   *  (POST /api/traffic). The contact API (POST /api/send-email) is a React Router route. */
  routers?: express.Router[];
  /** React Router's per-request context (server/services.ts `requestContext`: every port, from
   *  the build's record); the app adds the CSP nonce. */
  loadContext?: (req: Request, build: AppBuild) => RouterContextProvider;
  log?: (entry: Record<string, unknown>) => void;
  /** How long a page stays kept before a request for it has its brotli refined (server/page-cache.ts). */
  refineAfterMs?: number;
  /** Tells the app which pages changed (a post's comments were approved, here or on another
   *  instance): their kept copies are dropped. */
  pageChanges?: (drop: (paths: string[] | "all") => void) => void;
  /** Told of every visitor's page once answered, with its template (the registry's kind of
   *  page): the traffic's count (server/traffic/). */
  observe?: {
    wants(req: IncomingMessage): boolean;
    seen(req: IncomingMessage, status: number, template: string): void;
    /** Given the app's way from a path to its template (for the views reported later). */
    bind(templateOf: (path: string) => string): void;
  };
  /** /readyz, and /metrics when METRICS_TOKEN is set (server/health/): the services' own. */
  health?: { readiness: ReadinessCheck; metrics: Metrics };
};

/** What app/entry.server.tsx exports: the request contexts, the page registry and the
 *  blog's posts, declared there once. */
type EntryExports = typeof Entry;
export type AppBuild = ServerBuild & { entry: { module: EntryExports } };

export async function loadBuild(buildDir: string): Promise<AppBuild> {
  const file = path.join(path.resolve(buildDir), "server/index.js");
  return (await import(pathToFileURL(file).href)) as AppBuild;
}

/**
 * The server's request handler: the fast path (server/fast-path.ts: ids, logs, answers from
 * memory) in front of the Express application below.
 */
export async function createApp({
  config,
  routers = [],
  loadContext,
  log = () => {},
  refineAfterMs,
  pageChanges,
  observe,
  health,
}: AppOptions): Promise<RequestListener & { healthOnly: RequestListener }> {
  const buildDir = path.resolve(config.BUILD_DIR);
  const clientDir = path.join(buildDir, "client");
  const build = await loadBuild(buildDir);
  const { cspNonceContext } = build.entry.module;

  const app = express();
  app.disable("x-powered-by");
  // A hop count, as the contact service reads it: `true` means the one proxy in front.
  app.set("trust proxy", config.TRUST_PROXY === true ? 1 : config.TRUST_PROXY);

  app.use(securityHeaders);

  // Canonical URLs have no trailing slash and no index.html (the prerendered files' names). (Bare
  // detail paths go to their first item from the app: app/routes/first-item.tsx.)
  app.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const query = req.originalUrl.slice(req.path.length);
    // The target is built from the request's own path: `sameOriginPath` keeps `//evil.example/`
    // from becoming `//evil.example` (another host, to a browser).
    if (req.path.endsWith("/index.html")) {
      return res.redirect(301, sameOriginPath(req.path.slice(0, -"/index.html".length)) + query);
    }
    if (req.path.length > 1 && req.path.endsWith("/")) {
      return res.redirect(301, sameOriginPath(req.path.replace(/\/+$/, "")) + query);
    }
    next();
  });

  // Documents for GET: rendered without a nonce (CSP by hashes), kept when the same for everyone
  // (rendered further down, answered from memory by the fast path).
  const queries = queryRules(build.entry.module.sitePages());
  const templateOf = templates(build.entry.module.sitePages());
  // Requests are counted only where the metrics are shown (METRICS_TOKEN set).
  const metrics = config.METRICS_TOKEN ? health?.metrics : undefined;
  observe?.bind(templateOf);
  const pages = pageCache({
    build,
    mode: config.NODE_ENV,
    queries,
    count: metrics?.pageCache,
    refineAfterMs,
    loadContext: (req) => loadContext?.(req, build) ?? new RouterContextProvider(),
  });
  pageChanges?.((paths) => pages.drop(paths));
  const publicFiles = sirv(clientDir, {
    // Media and icons keep their names when they change: cache a day, then revalidate.
    maxAge: 86400,
    brotli: true,
    gzip: true,
    etag: true,
    extensions: [],
    setHeaders: (res, pathname) => {
      // Documents and the pages' data change with each deploy under the same name.
      if (/\.(html|data|xml)$/.test(pathname))
        res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
      // sirv's type table has no .ico.
      if (pathname.endsWith(".ico")) res.setHeader("Content-Type", "image/x-icon");
    },
  });
  // A prerendered page's data file (/blog-standard.data) holds the data of the bare URL: when
  // the browser asks for it with a query (?page=2), React Router must answer, like for the HTML.
  // Files answer reads only: a form's script posts to the same `.data` path (its route's action).
  app.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (req.path.endsWith(".data") && req.originalUrl.includes("?")) return next();
    return publicFiles(req, res, next);
  });
  // A missing media file is a plain 404, not a rendered page.
  app.use(["/img", "/videos", "/fonts"], (_req, res) => res.status(404).type("text/plain").send("Not found"));

  for (const router of routers) app.use(router);

  app.use(compression());
  app.use(pages);
  // Everything else (form posts, client navigation data): a nonce per request.
  app.use((req, res, next) => {
    // A page's data for a client navigation is kept like the page, unless its route says
    // otherwise (the contact page's no-store); an error's by no one.
    if (req.path.endsWith(".data"))
      onHeaders(res, () => {
        if (!res.hasHeader("Cache-Control"))
          res.setHeader("Cache-Control", res.statusCode === 200 ? PAGE_CACHE_CONTROL : "private, no-cache");
      });
    const nonce = newNonce();
    res.locals.nonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy([`'nonce-${nonce}'`]));
    next();
  });
  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      mode: config.NODE_ENV,
      getLoadContext(req, res) {
        const ctx = loadContext?.(req, build) ?? new RouterContextProvider();
        ctx.set(cspNonceContext, res.locals.nonce as string);
        return ctx;
      },
    }),
  );

  // Last resort: never show internals to a visitor.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    log({ msg: "unhandled error", id: res.getHeader("X-Request-Id"), path: req.path, error: String(error) });
    if (res.headersSent) return res.end();
    // An address that is not valid percent-encoding (Express cannot decode its path) is the
    // visitor's mistake, not ours.
    if (error instanceof URIError)
      return res.status(400).type("text/plain").send("Bad request: malformed address.");
    res.status(500).type("text/plain").send("Something went wrong. Please try again later.");
  });

  // The service worker's script, or the kill switch's (SERVICE_WORKER=off), at a name of its own.
  const documents = loadPrerendered(clientDir);
  const worker = serviceWorkerAnswer(clientDir, config.SERVICE_WORKER === "on");
  if (worker) documents.set(SERVICE_WORKER_PATH, worker);

  return fastPath({
    documents,
    assets: loadAssets(path.join(clientDir, "assets")),
    pages: pages.cache,
    trustRequestId: config.TRUST_PROXY !== false,
    logRequests: config.LOG_REQUESTS,
    log,
    guard: {
      maxBodyBytes: config.MAX_BODY_BYTES,
      trustProxy: config.TRUST_PROXY !== false,
      siteOrigin: config.SITE_ORIGIN,
    },
    queries,
    maxInFlight: config.MAX_IN_FLIGHT,
    observe: observe && {
      wants: observe.wants,
      seen: (req, res) => observe.seen(req, res.statusCode, templateOf(req.url ?? "/")),
    },
    health:
      health &&
      healthEndpoints({ ...health, metricsToken: config.METRICS_TOKEN, security: securityHeaderList(), log }),
    metrics,
    next: app,
  });
}

/** A page's template by its path: the registry's kind of page ("services"); an item's page not in
 *  the registry (a post, a member made in the console, a newsletter issue sent since the start) by
 *  its template's ("/team-details/{id}"); "not-found" for none. */
export function templates(pages: readonly { path: string; kind: string }[]): (url: string) => string {
  const byPath = new Map<string, string>();
  // An item is named by a number (a post, a member) or a random UUID (a sent newsletter issue).
  const item = (path: string) =>
    path.replace(/\/(\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i, "/{id}");
  for (const page of pages) {
    byPath.set(page.path, page.kind);
    if (!byPath.has(item(page.path))) byPath.set(item(page.path), page.kind);
  }
  // The issues' pages are made as issues are sent, after the start (app/config/pages.ts, issuePage:
  // the default kind), so the registry read at the start may hold none.
  if (!byPath.has(issuePath("{id}"))) byPath.set(issuePath("{id}"), "default");
  return (url) => {
    const at = url.indexOf("?");
    const path = at === -1 ? url : url.slice(0, at);
    return byPath.get(path) ?? byPath.get(item(path)) ?? "not-found";
  };
}
