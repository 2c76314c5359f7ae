// Signed double-submit XSRF tokens (OWASP "signed double-submit cookie") plus the Origin /
// Sec-Fetch-Site check. A token is `nonce.expiry.mac` where mac = HMAC-SHA256(secret, nonce.expiry):
// nobody without the secret can mint one, and a cookie planted by a sibling sub-domain is useless.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { XSRF_COOKIE } from "#app/lib/contact-schema.ts";

export type CsrfFailure = "missing" | "mismatch" | "invalid" | "expired";

export type Csrf = {
  /** A fresh token, or the one in `cookieHeader` when it is valid for at least half its lifetime. */
  issue(cookieHeader?: string): { token: string; cookie: string };
  /** Checks the submitted token against the cookie: both present, equal, signed and not expired. */
  check(submitted: string | undefined, cookieHeader: string | undefined): CsrfFailure | null;
};

const DOMAIN = "techspark-contact-xsrf-v1";

export function createCsrf(options: {
  secret: string;
  ttlMs: number;
  secureCookie: boolean;
  now: () => number;
}): Csrf {
  const { secret, ttlMs, secureCookie, now } = options;

  const mac = (payload: string) =>
    createHmac("sha256", secret).update(`${DOMAIN}.${payload}`).digest("base64url");

  /** Milliseconds left, or a failure. */
  function verify(token: string): number | "invalid" | "expired" {
    const parts = token.split(".");
    if (parts.length !== 3) return "invalid";
    const [nonce = "", expiry = "", signature = ""] = parts;
    if (!/^[\w-]{16,64}$/.test(nonce) || !/^[0-9a-z]{1,12}$/.test(expiry)) return "invalid";
    if (!safeEqual(signature, mac(`${nonce}.${expiry}`))) return "invalid";
    const left = parseInt(expiry, 36) - now();
    return left > 0 ? left : "expired";
  }

  function cookieFor(token: string, maxAgeMs: number): string {
    const attributes = [
      `${XSRF_COOKIE}=${token}`,
      "Path=/",
      `Max-Age=${Math.floor(maxAgeMs / 1000)}`,
      "SameSite=Strict",
    ];
    if (secureCookie) attributes.push("Secure");
    return attributes.join("; ");
  }

  return {
    issue(cookieHeader) {
      for (const existing of readCookies(cookieHeader, XSRF_COOKIE)) {
        const left = verify(existing);
        if (typeof left === "number" && left >= ttlMs / 2) {
          return { token: existing, cookie: cookieFor(existing, left) };
        }
      }
      const nonce = randomBytes(18).toString("base64url");
      const expiry = (now() + ttlMs).toString(36);
      const token = `${nonce}.${expiry}.${mac(`${nonce}.${expiry}`)}`;
      return { token, cookie: cookieFor(token, ttlMs) };
    },

    check(submitted, cookieHeader) {
      // The same cookie name can arrive more than once (a stale or planted one from another path
      // or sub-domain beside ours): the submitted token must equal one of them.
      // The JavaScript client sends every value it sees, comma-separated, for the same reason.
      const cookies = readCookies(cookieHeader, XSRF_COOKIE);
      if (!submitted || cookies.length === 0) return "missing";
      let failure: CsrfFailure = "mismatch";
      for (const candidate of submitted.split(",", 4)) {
        if (!cookies.some((cookie) => safeEqual(candidate, cookie))) continue;
        const left = verify(candidate);
        if (typeof left === "number") return null;
        failure = left;
      }
      return failure;
    },
  };
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Every value of one cookie in a Cookie header, in the order sent. */
export function readCookies(cookieHeader: string | undefined, name: string): string[] {
  if (!cookieHeader) return [];
  const values: string[] = [];
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq !== -1 && part.slice(0, eq).trim() === name) {
      let value = part.slice(eq + 1).trim();
      if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
      values.push(value);
    }
  }
  return values;
}

/** The value of one cookie in a Cookie header (the first one when repeated). */
export function readCookie(cookieHeader: string | undefined, name: string): string | undefined {
  return readCookies(cookieHeader, name)[0];
}

/**
 * True when the request may come from our own pages: Sec-Fetch-Site is absent, "same-origin" or
 * "none", and Origin (when sent) is `siteOrigin` — or, without a configured site origin, has the
 * host the request was sent to (X-Forwarded-Host when proxies are trusted, else Host).
 */
export function isSameOrigin(headers: Headers, siteOrigin: string | undefined, trustProxy = false): boolean {
  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return false;
  const origin = headers.get("origin");
  if (origin === null) return true;
  if (siteOrigin) return origin === new URL(siteOrigin).origin;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false; // garbage
  }
  if (!originHost) return false; // "null" (sandboxed frames, file: pages) and other opaque origins
  const host = (trustProxy && headers.get("x-forwarded-host")?.split(",")[0]?.trim()) || headers.get("host");
  return host ? originHost === host : true; // nothing to compare with: the XSRF token decides
}
