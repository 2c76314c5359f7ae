// The kind of route a request went to, for the metrics' labels: a handful of words, never the
// path itself (any visitor can make up paths; a label per path would grow without bound). The
// same lines as the traffic's count (server/traffic/classify.ts: the console, files, the
// server's own paths are not pages) and the request guard (a post is a form's).
export const ROUTE_KINDS = ["page", "asset", "api", "form", "console", "other"] as const;
export type RouteKind = (typeof ROUTE_KINDS)[number];

/** The server's own endpoints (health, readiness, metrics). */
const OWN = /^\/(?:healthz|readyz|metrics)$/;
/** The console's pages, their data and its API. */
const CONSOLE = /^\/(?:api\/)?admin(?:\/|\.data$|$)/;
/** Files: hashed assets, media, and any path with a file's extension (not a page's `.data`). */
const FILE = /^\/(?:assets|media|img|videos|fonts)\/|\.(?!data$)[a-z0-9]{1,8}$/i;

export function routeKind(method: string | undefined, url: string): RouteKind {
  const at = url.indexOf("?");
  const path = at === -1 ? url : url.slice(0, at);
  if (CONSOLE.test(path)) return "console";
  if (OWN.test(path)) return "other";
  if (path.startsWith("/api/")) return "api";
  if (method !== "GET" && method !== "HEAD") return "form";
  return FILE.test(path) ? "asset" : "page";
}
