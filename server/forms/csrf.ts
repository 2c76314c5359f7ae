// Signed double-submit XSRF tokens (OWASP "signed double-submit cookie") plus the Origin /
// Sec-Fetch-Site check, for every form the site takes (contact, newsletter, comments).
// A token is `nonce.issued.mac` where `issued` is the time it was minted (base 36 ms) and
// mac = HMAC-SHA256(secret, nonce.issued): nobody without the secret can mint one or change its
// time, so the server knows how long a visitor has had the form (the minimum time-to-submit) without
// trusting anything the client says. Lifetime and reuse: docs/decisions/012-xsrf-tokens.md.
import { randomBytes } from "node:crypto";
import { safeEqual } from "#app/lib/digest.server.ts";
import { XSRF_COOKIE } from "#app/config/forms.ts";
import { keyedHash } from "../secret.ts";

export type CsrfFailure = "missing" | "mismatch" | "invalid" | "expired";

/** A token that passed: how long ago it was minted. */
export type CsrfCheck = { ok: true; ageMs: number } | { ok: false; failure: CsrfFailure };

export type IssuedToken = {
  token: string;
  cookie: string;
  /** How long until the token is old enough for a submission not to count as too fast. */
  readyInMs: number;
};

export type Csrf = {
  /** A fresh token, or the one in `cookieHeader` when it is valid for at least half its lifetime. */
  issue(cookieHeader?: string): IssuedToken;
  /** Checks the submitted token against the cookie: both present, equal, signed and not expired. */
  check(submitted: string | undefined, cookieHeader: string | undefined): CsrfCheck;
};

const DOMAIN = "techspark-form-xsrf-v2";

export function createCsrf(options: {
  secret: string;
  ttlMs: number;
  /** Minimum time-to-submit: `readyInMs` counts down to it. */
  minAgeMs?: number;
  secureCookie: boolean;
  now: () => number;
}): Csrf {
  const { secret, ttlMs, secureCookie, now, minAgeMs = 0 } = options;

  const mac = (payload: string) => keyedHash(secret, `${DOMAIN}.${payload}`, "base64url");

  /** The token's age in ms, or why it is refused. */
  function verify(token: string): number | "invalid" | "expired" {
    const parts = token.split(".");
    if (parts.length !== 3) return "invalid";
    const [nonce = "", issued = "", signature = ""] = parts;
    if (!/^[\w-]{16,64}$/.test(nonce) || !/^[0-9a-z]{1,12}$/.test(issued)) return "invalid";
    if (!safeEqual(signature, mac(`${nonce}.${issued}`))) return "invalid";
    const age = now() - parseInt(issued, 36);
    // A token from the future (a clock moved back) is as useless as an old one.
    return age >= 0 && age < ttlMs ? age : "expired";
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

  const issued = (token: string, age: number): IssuedToken => ({
    token,
    cookie: cookieFor(token, ttlMs - age),
    readyInMs: Math.max(0, minAgeMs - age),
  });

  return {
    issue(cookieHeader) {
      for (const existing of readCookies(cookieHeader, XSRF_COOKIE)) {
        const age = verify(existing);
        if (typeof age === "number" && age <= ttlMs / 2) return issued(existing, age);
      }
      const nonce = randomBytes(18).toString("base64url");
      const time = now().toString(36);
      return issued(`${nonce}.${time}.${mac(`${nonce}.${time}`)}`, 0);
    },

    check(submitted, cookieHeader) {
      // The same cookie name can arrive more than once (a stale or planted one from another path
      // or sub-domain beside ours): the submitted token must equal one of them.
      // The JavaScript client sends every value it sees, comma-separated, for the same reason.
      const cookies = readCookies(cookieHeader, XSRF_COOKIE);
      if (!submitted || cookies.length === 0) return { ok: false, failure: "missing" };
      let failure: CsrfFailure = "mismatch";
      for (const candidate of submitted.split(",", 4)) {
        if (!cookies.some((cookie) => safeEqual(candidate, cookie))) continue;
        const age = verify(candidate);
        if (typeof age === "number") return { ok: true, ageMs: age };
        failure = age;
      }
      return { ok: false, failure };
    },
  };
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
