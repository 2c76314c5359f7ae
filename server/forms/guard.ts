// The checks every form post passes before a feature looks at its fields, in this order:
// same origin → rate limit (per client, per form) → XSRF token → spam signals (honeypot, time).
// Contact, newsletter and comments call it the same way, for every post of their form (the route
// action, app/lib/form-action.server.ts):
//   const limiter = guard.limiter("newsletter", config.rateLimit);   // once
//   const verdict = await guard.check(input, limiter, "newsletter");
//   if (!verdict.ok) return verdict.answer;           // 403 / 429 / 503, message for the visitor
//   if (verdict.spam) …                               // answer like a success, keep or drop
// A form that counts only some attempts (staff sign-in: failures) checks with { count: false }
// and later calls limiter.hit(verdict.limitKey).
import { HONEYPOT_FIELD } from "#app/config/forms.ts";
import type { Logger } from "#app/lib/log.server.ts";
import { describeError } from "../log.ts";
import type { Db } from "../db/index.ts";
import type { FormPost } from "#app/lib/ports/common.ts";
import { isSameOrigin, type Csrf } from "./csrf.ts";
import { hashClient } from "./hash.ts";
import { clientAddress, createRateLimiter, rateLimitKey, type RateLimiter } from "./rate-limit.ts";

/** A post as a service receives it: the page's form (app/lib/form-action.server.ts) or the
 *  console's JSON (the token in the X-XSRF-TOKEN header). One shape on both sides of the seam. */
export type FormInput = FormPost;

export type FormAnswer = {
  status: number;
  body: { success: boolean; message: string; errors?: Record<string, string> };
  headers?: Record<string, string>;
};

/** Why a post looks automated: a filled honeypot, or a token younger than the minimum time. */
export type SpamSignal = "honeypot" | "too-fast";

export type Verdict =
  | {
      ok: false;
      answer: FormAnswer;
      /** The keyed hash of the client's address, for a record of the refusal. */
      client: string;
    }
  | {
      ok: true;
      /** The keyed hash of the client's address, for records and logs. */
      client: string;
      /** What to pass to the limiter's hit() to count this attempt later (checked uncounted). */
      limitKey: string;
      spam: SpamSignal | null;
    };

export const FORM_RESPONSES = {
  crossSite: "This form can only be sent from the TechSpark Innovations website.",
  token: "Your session has expired. Please reload the page and try again.",
  invalid: "Please correct the highlighted fields and try again.",
  tooMany: (minutes: number) =>
    `Too many forms were sent from your connection. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  unavailable: "We could not accept forms just now. Please try again in a few minutes.",
} as const;

export type FormGuard = {
  /** One form's rate limiter, counting in the database for every instance. Each name counts on
   *  its own (one name per form). */
  limiter(name: string, limits: { perMinute: number; perHour: number }): RateLimiter;
  /** `count` (default true): count this attempt; false only checks the limits. */
  check(
    input: FormInput,
    limiter: RateLimiter,
    form: string,
    options?: { count?: boolean },
  ): Promise<Verdict>;
  /** The keyed hash stored instead of a client address. */
  hashClient(address: string): string;
};

export const fail = (status: number, message: string, extra?: Partial<FormAnswer>): FormAnswer => ({
  status,
  body: { success: false, message },
  ...extra,
});

export function createFormGuard(options: {
  csrf: Csrf;
  db: Db;
  secret: string;
  trustProxy: boolean | number;
  siteOrigin: string | undefined;
  minSubmitMs: number;
  now: () => number;
  log: Logger;
}): FormGuard {
  const { csrf, db, secret, trustProxy, siteOrigin, minSubmitMs, now, log } = options;
  return {
    limiter: (name, limits) =>
      createRateLimiter({
        ...limits,
        db,
        name,
        secret,
        now,
        onPruneError: (error) =>
          log({ level: "error", msg: "rate-limit.prune-failed", reason: describeError(error) }),
      }),
    hashClient: (address) => hashClient(secret, address),

    async check(input, limiter, form, { count = true } = {}) {
      const address = clientAddress(input.ip, input.headers, trustProxy);
      const client = hashClient(secret, address);
      const refuse = (answer: FormAnswer, reason: string): Verdict => {
        // Expected refusals: one info line, no stack (outsiders must not fill the error log).
        log({ level: "info", msg: `${form}.rejected`, status: answer.status, reason, client });
        return { ok: false, answer, client };
      };

      if (!isSameOrigin(input.headers, siteOrigin, trustProxy !== false)) {
        return refuse(fail(403, FORM_RESPONSES.crossSite), "cross-site");
      }
      const limitKey = rateLimitKey(address);
      let limit;
      try {
        limit = await (count ? limiter.hit(limitKey) : limiter.peek(limitKey));
      } catch (error) {
        // The counters are in the database: without it no form could be stored either, so the
        // visitor gets the same "try again shortly" as a storage failure (fail closed).
        log({
          level: "error",
          msg: `${form}.storage-unavailable`,
          during: "rate-limit",
          client,
          reason: describeError(error),
        });
        return {
          ok: false,
          answer: fail(503, FORM_RESPONSES.unavailable, { headers: { "Retry-After": "60" } }),
          client,
        };
      }
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
      return { ok: true, client, limitKey, spam };
    },
  };
}
