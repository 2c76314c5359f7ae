// The checks every form post passes before a feature looks at its fields, in this order:
// same origin → rate limit (per client, per form) → XSRF token → spam signals (honeypot, time).
// Contact, newsletter and comments call it the same way, for the JSON endpoint and for the
// no-JavaScript form post alike:
//   const verdict = guard.check(input, limiter);
//   if (!verdict.ok) return verdict.refusal;          // 403 / 429, message for the visitor
//   if (verdict.spam) …                               // answer like a success, keep or drop
import { createHmac } from "node:crypto";
import { HONEYPOT_FIELD } from "#app/config/forms.ts";
import type { Logger } from "#app/lib/log.server.ts";
import { isSameOrigin, type Csrf } from "./csrf.ts";
import { clientAddress, createRateLimiter, rateLimitKey, type RateLimiter } from "./rate-limit.ts";

export type FormInput = {
  fields: Record<string, unknown>;
  /** The XSRF token: the X-XSRF-TOKEN header (JSON) or the hidden `_xsrf` field (no JS). */
  token?: string;
  cookieHeader?: string;
  headers: Headers;
  /** The socket's peer address; X-Forwarded-For in `headers` is applied when trustProxy is set. */
  ip: string;
};

export type FormAnswer = {
  status: number;
  body: { success: boolean; message: string; errors?: Record<string, string> };
  headers?: Record<string, string>;
};

/** Why a post looks automated: a filled honeypot, or a token younger than the minimum time. */
export type SpamSignal = "honeypot" | "too-fast";

export type Verdict =
  { ok: false; answer: FormAnswer } | { ok: true; client: string; spam: SpamSignal | null };

export const FORM_RESPONSES = {
  crossSite: "This form can only be sent from the TechSpark Innovations website.",
  token: "Your session has expired. Please reload the page and try again.",
  invalid: "Please correct the highlighted fields and try again.",
  tooMany: (minutes: number) =>
    `Too many forms were sent from your connection. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
} as const;

export type FormGuard = {
  /** One form's rate limiter (each form counts on its own). */
  limiter(limits: { perMinute: number; perHour: number }): RateLimiter;
  check(input: FormInput, limiter: RateLimiter, form: string): Verdict;
  /** The keyed hash stored instead of a client address. */
  hashClient(address: string): string;
};

export const fail = (status: number, message: string, extra?: Partial<FormAnswer>): FormAnswer => ({
  status,
  body: { success: false, message },
  ...extra,
});

export function hashClient(secret: string, address: string): string {
  return createHmac("sha256", secret).update(`client:${address}`).digest("hex").slice(0, 16);
}

export function createFormGuard(options: {
  csrf: Csrf;
  secret: string;
  trustProxy: boolean | number;
  siteOrigin: string | undefined;
  minSubmitMs: number;
  now: () => number;
  log: Logger;
}): FormGuard {
  const { csrf, secret, trustProxy, siteOrigin, minSubmitMs, now, log } = options;
  return {
    limiter: (limits) => createRateLimiter({ ...limits, now }),
    hashClient: (address) => hashClient(secret, address),

    check(input, limiter, form) {
      const address = clientAddress(input.ip, input.headers, trustProxy);
      const client = hashClient(secret, address);
      const refuse = (answer: FormAnswer, reason: string): Verdict => {
        // Expected refusals: one info line, no stack (outsiders must not fill the error log).
        log({ level: "info", msg: `${form}.rejected`, status: answer.status, reason, client });
        return { ok: false, answer };
      };

      if (!isSameOrigin(input.headers, siteOrigin, trustProxy !== false)) {
        return refuse(fail(403, FORM_RESPONSES.crossSite), "cross-site");
      }
      const limit = limiter.hit(rateLimitKey(address));
      if (!limit.ok) {
        const minutes = Math.ceil(limit.retryAfterSeconds / 60);
        return refuse(
          fail(429, FORM_RESPONSES.tooMany(minutes), {
            headers: { "Retry-After": String(limit.retryAfterSeconds) },
          }),
          "rate-limit",
        );
      }
      const token = csrf.check(input.token, input.cookieHeader);
      if (!token.ok) return refuse(fail(403, FORM_RESPONSES.token), `xsrf-${token.failure}`);

      const honeypot = input.fields[HONEYPOT_FIELD];
      const spam: SpamSignal | null =
        honeypot !== undefined && honeypot !== null && honeypot !== ""
          ? "honeypot"
          : token.ageMs < minSubmitMs
            ? "too-fast"
            : null;
      return { ok: true, client, spam };
    },
  };
}
