// The one code path of a contact submission, for the JSON endpoint and the no-JS form action:
// same-origin check → rate limit → XSRF token → validation → spam checks → storage.
import { createHmac, randomUUID } from "node:crypto";
import {
  CONTACT_SUCCESS_MESSAGE,
  HONEYPOT_FIELD,
  STARTED_AT_FIELD,
  validateContact,
} from "#app/lib/contact-schema.ts";
import { isSameOrigin, type Csrf } from "./csrf.ts";
import { describeError, type Logger } from "./log.ts";
import { clientAddress, rateLimitKey, type RateLimiter } from "./rate-limit.ts";
import type { ContactRepository } from "./repository.ts";

export type SubmitInput = {
  fields: Record<string, unknown>;
  token?: string;
  cookieHeader?: string;
  headers: Headers;
  /** The socket's peer address; X-Forwarded-For in `headers` is applied when trustProxy is set. */
  ip: string;
};

export type SubmitResult = {
  status: number;
  body: { success: boolean; message: string; errors?: Record<string, string> };
  headers?: Record<string, string>;
};

export type SubmitDeps = {
  store: ContactRepository;
  csrf: Csrf;
  limiter: RateLimiter;
  now: () => number;
  log: Logger;
  secret: string;
  trustProxy: boolean | number;
  siteOrigin: string | undefined;
  minSubmitMs: number;
  transportAvailable: boolean;
  /** Called after a message was stored (to wake the delivery worker). */
  onStored: () => void;
};

export const RESPONSES = {
  crossSite: "This form can only be sent from the TechSpark Innovations website.",
  token: "Your session has expired. Please reload the page and try again.",
  invalid: "Please correct the highlighted fields and try again.",
  unavailable:
    "We could not save your message just now. Please try again in a few minutes, or contact us by phone or e-mail.",
  tooMany: (minutes: number) =>
    `Too many messages were sent from your connection. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
} as const;

const fail = (status: number, message: string, extra?: Partial<SubmitResult>): SubmitResult => ({
  status,
  body: { success: false, message },
  ...extra,
});

export function hashClient(secret: string, address: string): string {
  return createHmac("sha256", secret).update(`client:${address}`).digest("hex").slice(0, 16);
}

/** Why a submission looks automated, or null. */
export function spamReason(fields: Record<string, unknown>, now: number, minSubmitMs: number): string | null {
  const honeypot = fields[HONEYPOT_FIELD];
  if (honeypot !== undefined && honeypot !== null && honeypot !== "") return "honeypot";
  const raw = fields[STARTED_AT_FIELD];
  const startedAt =
    typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() !== "" ? Number(raw) : NaN;
  if (!Number.isFinite(startedAt)) return "no-start-time";
  const elapsed = now - startedAt;
  if (elapsed < minSubmitMs) return "too-fast";
  return null;
}

export async function submitContact(deps: SubmitDeps, input: SubmitInput): Promise<SubmitResult> {
  const address = clientAddress(input.ip, input.headers, deps.trustProxy);
  const client = hashClient(deps.secret, address);
  const reject = (result: SubmitResult, reason: string) => {
    deps.log({ level: "info", msg: "contact.rejected", status: result.status, reason, client });
    return result;
  };

  if (!isSameOrigin(input.headers, deps.siteOrigin, deps.trustProxy !== false)) {
    return reject(fail(403, RESPONSES.crossSite), "cross-site");
  }

  const limit = deps.limiter.hit(rateLimitKey(address));
  if (!limit.ok) {
    const minutes = Math.ceil(limit.retryAfterSeconds / 60);
    return reject(
      fail(429, RESPONSES.tooMany(minutes), {
        headers: { "Retry-After": String(limit.retryAfterSeconds) },
      }),
      "rate-limit",
    );
  }

  const tokenProblem = deps.csrf.check(input.token, input.cookieHeader);
  if (tokenProblem) return reject(fail(403, RESPONSES.token), `xsrf-${tokenProblem}`);

  const validation = validateContact(input.fields);
  if (!validation.success) {
    const result = fail(400, RESPONSES.invalid);
    result.body.errors = validation.errors;
    return reject(result, `invalid:${Object.keys(validation.errors).join(",")}`);
  }

  const now = deps.now();
  const spam = spamReason(input.fields, now, deps.minSubmitMs);
  const id = randomUUID();
  try {
    await deps.store.insert({
      id,
      createdAt: now,
      ...validation.data,
      clientHash: client,
      state: spam ? "spam" : deps.transportAvailable ? "queued" : "waiting-for-transport",
    });
  } catch (error) {
    deps.log({
      level: "error",
      msg: "contact.storage-unavailable",
      client,
      reason: describeError(error),
    });
    return fail(503, RESPONSES.unavailable, { headers: { "Retry-After": "60" } });
  }

  if (spam) {
    // Answered like a success so bots learn nothing; kept (state 'spam') but never delivered.
    deps.log({ level: "warn", msg: "contact.spam", messageId: id, reason: spam, client });
  } else {
    deps.log({ level: "info", msg: "contact.accepted", messageId: id, client });
    deps.onStored();
  }
  return { status: 200, body: { success: true, message: CONTACT_SUCCESS_MESSAGE } };
}
