// What every request must be before anything reads it: a Host the URL parser accepts, a method
// the site takes, and a body of a declared, small size. Checked first, in the fast path, so
// that every route (pages, form posts, APIs, routes still to come) gets the same answers:
// 400 for a malformed Host, 405 with `Allow` for another method, 411 for a body of unknown
// length, 413 for one over the limit (answered before a byte of it is read), 403 for a post
// from another site. Each is an expected refusal: one info line in the log, no stack.
import type { IncomingMessage } from "node:http";
import { ISSUE_LIMITS } from "#app/lib/newsletter-issue-schema.ts";
import { POST_LIMITS } from "#app/lib/post-form.ts";
import { PICTURE_MAX_REQUEST_BYTES, PICTURE_REFUSED, PICTURE_UPLOAD_PATH } from "#app/lib/picture-upload.ts";
import { POST_FORM_FIELDS } from "#app/lib/ports/posts-console.ts";
import { CONTACT_API, CSRF_ENDPOINT } from "#app/config/forms.ts";
import { TRAFFIC_BEACON_PATH } from "#app/lib/traffic.ts";
import { isSameOrigin } from "./forms/csrf.ts";

export type Refusal = { status: number; message: string; headers: string[] };

export type RequestGuardOptions = {
  /** Largest request body accepted on a public route (bytes); the console takes at least
   *  CONSOLE_MAX_BODY_BYTES. Routes may take less (the JSON API). */
  maxBodyBytes: number;
  /** Also check X-Forwarded-Host (it names the page's origin behind a trusted proxy). */
  trustProxy: boolean;
  /** The site's public origin (SITE_ORIGIN): posts from any other origin are refused. */
  siteOrigin?: string;
};

// A DNS name or IPv4 address, or a bracketed IPv6 address, then an optional port. Underscores
// are tolerated (some internal names have them); spaces, '%', '@', '/', '\' and the like are not.
const HOST =
  /^(?:[a-z0-9_](?:[a-z0-9_-]{0,62})(?:\.[a-z0-9_](?:[a-z0-9_-]{0,62}))*\.?|\[[0-9a-f:.]{2,45}\])(?::(\d{1,5}))?$/i;

/** A Host header value that makes a valid URL origin. */
export function isValidHost(value: string): boolean {
  const match = HOST.exec(value);
  if (!match || value.length > 255) return false;
  return match[1] === undefined || Number(match[1]) <= 65535;
}

/**
 * The console's largest forms are a newsletter issue and a post: every character the page allows
 * must arrive (issue 26: "é" × 12,000 of the 20,000 allowed was refused as too large). A form is
 * sent percent-encoded, so one character may take 12 bytes (a 4-byte UTF-8 character,
 * "%F0%9F%98%80"), plus the other fields (intent, token, the tags' boxes). A field too long then
 * gets its own message from the page's validation, not a 413. About 315 KB (a post); public
 * routes keep MAX_BODY_BYTES (64 KB).
 */
const LARGEST_CONSOLE_FORM_CHARS = Math.max(
  ISSUE_LIMITS.subject + ISSUE_LIMITS.body,
  POST_LIMITS.body + (POST_FORM_FIELDS.length - 1) * POST_LIMITS.line,
);
export const CONSOLE_MAX_BODY_BYTES = LARGEST_CONSOLE_FORM_CHARS * 12 + 4096;

/** The console's pages and their data twins (`/admin`, `/admin.data`, `/admin/…`). */
const isConsolePath = (path: string) => /^\/admin(?:\/|\.data$|$)/.test(path);

const READS = "GET, HEAD";

/** The public API's methods: the spec's contact call (§7) and the traffic beacon take a post and
 *  nothing else, the form token is only read. */
const API_METHODS = new Map([
  [CONTACT_API, "POST"],
  [TRAFFIC_BEACON_PATH, "POST"],
  [CSRF_ENDPOINT, "GET, HEAD"],
]);
const READS_AND_POSTS = "GET, HEAD, POST";

/** The methods a path takes: files never take a post; pages and APIs may (each route decides). */
export function allowedMethods(path: string): string {
  // The public JSON API (docs/api/openapi.yaml): each path takes what it is for.
  const api = API_METHODS.get(path);
  if (api) return api;
  // `/page.data` is React Router's: a form posted with JavaScript goes there.
  if (path.endsWith(".data")) return READS_AND_POSTS;
  return path.startsWith("/assets/") || /\.[a-z0-9]{2,5}$/i.test(path) ? READS : READS_AND_POSTS;
}

export function checkRequest(req: IncomingMessage, options: RequestGuardOptions): Refusal | null {
  const host = req.headers.host;
  if (typeof host !== "string" || !isValidHost(host)) {
    return refuse(400, "Bad request: the Host header is not a valid host name.");
  }
  const forwarded = options.trustProxy ? req.headers["x-forwarded-host"] : undefined;
  if (typeof forwarded === "string" && !forwarded.split(",").every((h) => isValidHost(h.trim()))) {
    return refuse(400, "Bad request: the X-Forwarded-Host header is not a valid host name.");
  }
  const method = req.method ?? "GET";
  const url = req.url ?? "/";
  const path = url.split("?", 1)[0]!;
  // No page of ours has an encoded slash, backslash or control character in its path; routers
  // and URL parsers disagree on what they mean (React Router decodes `/%09/%2Fx` into `//x`).
  if (/%(?:2f|5c|[01][0-9a-f]|7f)/i.test(path)) {
    return refuse(400, "Bad request: malformed address.");
  }
  if (/^\/[/\\]/.test(path) && method !== "GET" && method !== "HEAD") {
    return refuse(400, "Bad request: the address starts with two slashes.");
  }
  const allow = allowedMethods(path);
  if (!allow.split(", ").includes(method)) {
    return refuse(405, `Method not allowed: use ${allow}.`, ["Allow", allow]);
  }
  if (method === "GET" || method === "HEAD") return null;
  // A body must say how long it is, and be small: the server never reads an unbounded one.
  if (req.headers["transfer-encoding"] !== undefined) {
    return refuse(411, "Length required: send the request body with a Content-Length.");
  }
  const length = Number(req.headers["content-length"] ?? 0);
  // A picture for a post (server/pictures/): up to 15 MB, streamed to disk by its route.
  const upload = path === PICTURE_UPLOAD_PATH;
  const limit = upload
    ? PICTURE_MAX_REQUEST_BYTES
    : isConsolePath(path)
      ? Math.max(options.maxBodyBytes, CONSOLE_MAX_BODY_BYTES)
      : options.maxBodyBytes;
  if (length > limit) {
    const message = upload
      ? PICTURE_REFUSED.tooLarge
      : "Request too large: the form sent more than this site accepts.";
    return refuse(413, message, ["Connection", "close"]);
  }
  // A post from another site's page (cross-site request forgery) never reaches a route: each
  // route still checks its own token; this is the first of two locks.
  if (!isSameOrigin(toHeaders(req), options.siteOrigin, options.trustProxy)) {
    return refuse(403, "Forbidden: forms can only be sent from this site's own pages.");
  }
  return null;
}

function toHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const name of ["origin", "sec-fetch-site", "host", "x-forwarded-host"]) {
    const value = req.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  return headers;
}

function refuse(status: number, message: string, headers: string[] = []): Refusal {
  return { status, message, headers };
}

/**
 * A redirect target on our own origin: a path that starts with one '/' and no second '/' or '\'
 * (which browsers read as "another host": `//evil.example`, `/\evil.example`).
 */
export function sameOriginPath(path: string): string {
  return `/${path.replace(/^[/\\\s]+/, "")}`;
}

/** Whether a Location value, as a browser resolves it against our origin, stays on it. */
export function staysOnOrigin(location: string, origin = "http://site.invalid"): boolean {
  try {
    return new URL(location, `${origin}/some/page`).origin === origin;
  } catch {
    return false;
  }
}
