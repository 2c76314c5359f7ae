// The front of the server, a plain node:http handler: it gives every request its id and its log
// line, answers what is already in memory (robots.txt, hashed assets, kept per-request
// pages, /healthz; /readyz and /metrics from server/health/) with headers computed once, and
// hands everything else to Express. Most
// requests a site gets are the first kind; Express's middleware chain costs them a third of the
// throughput.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { canonicalUrl, type QueryRules } from "./canonical-url.ts";
import type { HealthEndpoints } from "./health/endpoints.ts";
import type { Metrics } from "./health/metrics.ts";
import { routeKind } from "./health/route-kind.ts";
import { checkRequest, sameOriginPath, staysOnOrigin, type RequestGuardOptions } from "./request-guard.ts";
import { securityHeaderList } from "./security.ts";
import { sendStored, type Stored } from "./stored.ts";

export type FastPathOptions = {
  /** URL path (no query) → a file built ahead (robots.txt) or a root file. */
  documents: Map<string, Stored>;
  /** /assets/… → hashed asset. */
  assets: Map<string, Stored>;
  /** Full URL (with its query) → page kept after its first render. */
  pages: { get(url: string): Stored | undefined };
  /** Believe an `X-Request-Id` from the client (only behind a trusted proxy). */
  trustRequestId: boolean;
  /** Log one line per request (`log` receives it). */
  logRequests: boolean;
  log: (entry: Record<string, unknown>) => void;
  /** Host, method and body-size rules every request must meet (server/request-guard.ts). */
  guard: RequestGuardOptions;
  /** The query parameters each page reads (server/canonical-url.ts). */
  queries: QueryRules;
  /** Requests handed on (renders, posts) at once at most; more are answered 503 at once. */
  maxInFlight: number;
  /** Told of every request it wants (a visitor's page), once answered: the traffic's count
   *  (server/traffic/), whatever answered it (a file, a kept page, a render). */
  observe?: { wants(req: IncomingMessage): boolean; seen(req: IncomingMessage, res: ServerResponse): void };
  /** /readyz and /metrics (server/health/endpoints.ts): answered here, never shed. */
  health?: HealthEndpoints;
  /** Counts every answer, the kept pages' hits and the requests shed (server/health/metrics.ts). */
  metrics?: Pick<Metrics, "request" | "pageCache" | "shed">;
  /** Everything else. */
  next: RequestListener;
};

const REQUEST_ID = /^[\w.:-]{1,64}$/;
const QUERY_KEY = /^[\w.[\]-]{1,32}$/;

/**
 * The path for the logs: the query's names are kept, its values never (`/search?q=…`): they may
 * hold what a visitor typed. Names that do not look like names are masked too.
 */
export function loggablePath(url: string): string {
  const at = url.indexOf("?");
  if (at === -1) return url;
  const keys = url
    .slice(at + 1)
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const key = pair.split("=")[0]!;
      return `${QUERY_KEY.test(key) ? key : "…"}=…`;
    });
  return `${url.slice(0, at)}?${keys.join("&")}`;
}

export function fastPath({
  documents,
  assets,
  pages,
  trustRequestId,
  logRequests,
  log,
  guard,
  queries,
  maxInFlight,
  observe,
  health,
  metrics,
  next,
}: FastPathOptions): RequestListener & { healthOnly: RequestListener } {
  const security = securityHeaderList();
  const healthz: Stored = {
    status: 200,
    etag: "",
    notModified: [],
    variants: [
      {
        body: Buffer.from('{"status":"ok"}'),
        head: [
          ...security,
          "Content-Type",
          "application/json; charset=utf-8",
          "Cache-Control",
          "no-store",
          "Content-Length",
          "15",
        ],
      },
    ],
    bytes: 15,
  };
  const notFound = Buffer.from("Not found");
  const busy = "The site is busy right now. Please try again in a moment.";
  let inFlight = 0;

  const answer = (
    req: IncomingMessage,
    res: ServerResponse,
    id: string,
    ended: () => void,
  ): boolean | "later" => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "/";
    const queryAt = url.indexOf("?");
    if (health?.(req, res, queryAt === -1 ? url : url.slice(0, queryAt), id, ended)) return "later";
    // A query on a hashed asset changes nothing (cache busting by hand).
    if (url.startsWith("/assets/")) {
      const asset = assets.get(queryAt === -1 ? url : url.slice(0, queryAt));
      if (asset) sendStored(req, res, asset, ["X-Request-Id", id]);
      else sendNotFound(req, res, id);
      return true;
    }
    // A query the page does not read is as good as none (server/canonical-url.ts).
    const canonical = queryAt === -1 ? url : canonicalUrl(url, queries);
    if (!canonical.includes("?")) {
      if (canonical === "/healthz") {
        sendStored(req, res, healthz, ["X-Request-Id", id]);
        return true;
      }
      const document = documents.get(canonical);
      if (document) {
        sendStored(req, res, document, ["X-Request-Id", id]);
        return true;
      }
      if (queryAt === -1) return false;
    }
    const page = pages.get(canonical);
    if (page) {
      metrics?.pageCache("hit");
      sendStored(req, res, page, ["X-Request-Id", id]);
      return true;
    }
    return false;
  };

  /** A refusal made here: plain text, or on the JSON API (`/api/…`) the API's own answer
   *  `{success: false, message}` (a client written against spec §7 reads `message`). */
  const sendRefusal = (
    req: IncomingMessage,
    res: ServerResponse,
    id: string,
    status: number,
    message: string,
    headers: string[],
  ) => {
    const api = (req.url ?? "/").startsWith("/api/");
    const body = Buffer.from(api ? JSON.stringify({ success: false, message }) : message);
    res.writeHead(status, [
      ...security,
      ...headers,
      "Content-Type",
      api ? "application/json; charset=utf-8" : "text/plain; charset=utf-8",
      "Content-Length",
      String(body.length),
      "Cache-Control",
      "no-store",
      "X-Request-Id",
      id,
    ]);
    res.end(req.method === "HEAD" ? undefined : body);
  };

  /** Answers a request that breaks the rules every request must meet (server/request-guard.ts). */
  const refused = (req: IncomingMessage, res: ServerResponse, id: string): boolean => {
    const refusal = checkRequest(req, guard);
    if (!refusal) return false;
    sendRefusal(req, res, id, refusal.status, refusal.message, refusal.headers);
    return true;
  };

  const sendNotFound = (req: IncomingMessage, res: ServerResponse, id: string) => {
    res.writeHead(404, [
      ...security,
      "Content-Type",
      "text/plain; charset=utf-8",
      "Content-Length",
      String(notFound.length),
      "X-Request-Id",
      id,
    ]);
    res.end(req.method === "HEAD" ? undefined : notFound);
  };

  /**
   * The health port's listener (HEALTH_PORT): /healthz, /readyz and /metrics alone, unlogged and
   * uncounted (a load balancer asks every few seconds). On a listener of its own, a check is not
   * queued behind the site's visitors: Node accepts one connection per turn of its loop, so under
   * a flood of new connections the site port's queue holds about a second of renders.
   */
  const healthOnly: RequestListener = (req, res) => {
    const id = randomUUID();
    if (refused(req, res, id)) return;
    const url = req.url ?? "/";
    const path = url.split("?", 1)[0]!;
    if (req.method === "GET" || req.method === "HEAD") {
      if (path === "/healthz") return sendStored(req, res, healthz, ["X-Request-Id", id]);
      if (health?.(req, res, path, id, () => {})) return;
    }
    sendNotFound(req, res, id);
  };

  const listener: RequestListener = (req, res) => {
    const start = logRequests || metrics ? process.hrtime.bigint() : 0n;
    // A proxy in front may have given the request its id already (logs then match across both).
    const given = trustRequestId ? req.headers["x-request-id"] : undefined;
    const id = typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    const done = () =>
      log({
        msg: "request",
        id,
        method: req.method,
        path: loggablePath(req.url ?? "/"),
        status: res.statusCode,
        ms: Number((process.hrtime.bigint() - start) / 1000n) / 1000,
      });
    // Once answered: the log line and the count (a label from the path's kind, never the path).
    const ended = () => {
      if (logRequests) done();
      metrics?.request(
        routeKind(req.method, req.url ?? "/"),
        res.statusCode,
        Number(process.hrtime.bigint() - start) / 1e9,
      );
    };
    if (refused(req, res, id)) {
      if (!logRequests)
        log({ level: "info", msg: "request.refused", id, method: req.method, status: res.statusCode });
      ended();
      return;
    }
    // `//host/…` and `/\host/…` are paths to us, but other hosts to a browser or a URL parser:
    // no code further on ever sees one; the address with one slash is where they belong.
    const url = req.url ?? "/";
    if (/^\/[/\\]/.test(url) && (req.method === "GET" || req.method === "HEAD")) {
      res.writeHead(301, [
        ...security,
        "Location",
        sameOriginPath(url),
        "Content-Length",
        "0",
        "X-Request-Id",
        id,
      ]);
      res.end();
      ended();
      return;
    }
    if (observe?.wants(req)) res.once("finish", () => observe.seen(req, res));
    const answered = answer(req, res, id, ended);
    if (answered) {
      if (answered === true) ended();
      return;
    }
    // Past this point a request costs work (a render, a database write). Beyond what the one
    // thread can do soon, more would only queue and hold memory: say so at once, and when to
    // come back. What is answered from memory above (pages, assets, /healthz) is never shed.
    if (inFlight >= maxInFlight) {
      sendRefusal(req, res, id, 503, busy, ["Retry-After", "2"]);
      metrics?.shed();
      ended();
      return;
    }
    inFlight++;
    res.once("close", () => inFlight--);
    res.setHeader("X-Request-Id", id);
    keepRedirectsOnOrigin(res);
    if (logRequests || metrics) res.once("finish", ended);
    next(req, res);
  };
  return Object.assign(listener, { healthOnly });
}

/**
 * The last word on redirects: whatever sets `Location` further down (Express, React Router, a
 * route yet to be written), a target that would leave our origin becomes the home page.
 */
function keepRedirectsOnOrigin(res: ServerResponse) {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name: string, value: number | string | readonly string[]) => {
    if (name.toLowerCase() === "location" && typeof value === "string" && !staysOnOrigin(value)) {
      value = "/";
    }
    return setHeader(name, value);
  };
}
