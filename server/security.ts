// Security headers. Scripts are allowed by per-request nonce (server-rendered pages) or by
// the SHA-256 hashes of a prerendered file's inline scripts: never 'unsafe-inline'.
import { createHash, randomBytes } from "node:crypto";
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import helmet from "helmet";

export function newNonce(): string {
  return randomBytes(18).toString("base64");
}

/** The Content-Security-Policy for a page whose inline scripts carry these sources. */
export function contentSecurityPolicy(scriptSources: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(" ")}`.trim(),
    // Inline style attributes (progress widths, toasts) are allowed; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "media-src 'self'",
    "connect-src 'self'",
    // Video embeds load only when a visitor presses play in the video popup.
    "frame-src https://www.youtube-nocookie.com https://player.vimeo.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
  ].join("; ");
}

const inlineScript = /<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g;

/** 'sha256-…' sources for every inline executable script in an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(inlineScript)) {
    const body = match[1] ?? "";
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * Powerful browser features the site never uses, denied to it and to any frame: a script that
 * got in could not reach the camera, the microphone, the visitor's position or payments. (What
 * the site does use, such as fullscreen video and passkeys, keeps the browser's default: self.)
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "screen-wake-lock=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
  "browsing-topics=()",
].join(", ");

const helmetHeaders = helmet({
  contentSecurityPolicy: false,
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: { policy: "same-origin" },
  crossOriginResourcePolicy: { policy: "same-origin" },
  referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  strictTransportSecurity: { maxAge: 63072000, includeSubDomains: true },
  xFrameOptions: { action: "deny" },
});

/**
 * The pictures other sites may show: the uploaded ones (`/media/u/`, server/pictures/serve.ts) and
 * the site's own built ones (`/img/`). A newsletter read in a web mail and a post read in a feed
 * reader name them from another origin, and `Cross-Origin-Resource-Policy: same-origin` would
 * keep those from showing them (issue 45). Everything else stays same-origin.
 */
export const CROSS_ORIGIN_PICTURES = /^\/(?:img|media\/u)\/(?![^?#]*\.\.)[^?#]+(?:[?#]|$)/;

/** Every header but the CSP, which depends on the page (see above). */
export const securityHeaders: typeof helmetHeaders = (req, res, next) => {
  res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
  helmetHeaders(req, res, (error?: unknown) => {
    if (CROSS_ORIGIN_PICTURES.test(req.url ?? ""))
      res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    next(error);
  });
};

/**
 * The headers `securityHeaders` sets, as a flat [name, value, …] list: computed once for the
 * answers served from memory before Express (server/fast-path.ts), which set them verbatim. The
 * middleware runs on a real (unsent) response, so what it sets is read as Node holds it.
 */
export function securityHeaderList(): string[] {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  let done = false;
  securityHeaders(req as never, res as never, () => (done = true));
  if (!done) throw new Error("the security headers' middleware did not finish synchronously");
  const list: string[] = [];
  for (const name of res.getHeaderNames()) {
    const value = res.getHeader(name);
    for (const v of Array.isArray(value) ? value : [value]) list.push(name, String(v));
  }
  return list;
}
