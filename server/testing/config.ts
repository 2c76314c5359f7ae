// The services' configuration for tests: a known secret, addresses, limits high enough that only
// the tests about limits meet them, and no worker unless a test starts one.
import { createCsrf } from "../forms/csrf.ts";
import { DEFAULT_TOKEN_TTL_MS } from "../forms/index.ts";
import type { ServicesConfig } from "../services.ts";

export const SECRET = "test-secret-0123456789-abcdefghijklmnop";
export const MAIL_FROM = "TechSpark website <no-reply@techspark.ng>";
export const MAIL_TO = "hello@techspark.ng";

export function config(overrides: Partial<ServicesConfig> & Pick<ServicesConfig, "dataDir">): ServicesConfig {
  return {
    mailFrom: MAIL_FROM,
    mailTo: MAIL_TO,
    secret: SECRET,
    rateLimit: { perMinute: 1000, perHour: 10_000 },
    minSubmitMs: 3000,
    trustProxy: false,
    startWorker: false,
    logger: () => {},
    ...overrides,
  };
}

/** A token the server (secret SECRET) issued `ageMs` before `now`: a visitor who has had the form
 *  that long. */
export function agedToken(now: number, ageMs = 20_000, secret = SECRET): string {
  return createCsrf({
    secret,
    ttlMs: DEFAULT_TOKEN_TTL_MS,
    secureCookie: false,
    now: () => now - ageMs,
  }).issue().token;
}
