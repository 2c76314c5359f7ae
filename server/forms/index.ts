// What every form on the site shares: one XSRF token per visitor (GET /api/csrf and the pages'
// hidden fields), the guard each post passes, and per-form rate limiters (counted in the
// database, shared by every instance).
//   const forms = createForms({ ...settings, db });   // once, in server/services.ts
//   app.use(forms.router);                            // GET /api/csrf
//   await forms.guard.check(input, limiter, "newsletter")
import express from "express";
import { CSRF_ENDPOINT } from "#app/config/forms.ts";
import { log as serverLog, type Logger } from "#app/lib/log.server.ts";
import type { Db } from "../db/index.ts";
import { createCsrf, type IssuedToken } from "./csrf.ts";
import { createFormGuard, type FormGuard } from "./guard.ts";

export type FormSettings = {
  secret: string; // HMAC key for XSRF tokens and client-address hashes (>= 32 chars)
  minSubmitMs: number; // minimum time between getting the form's token and sending it
  trustProxy: boolean | number; // X-Forwarded-For from our proxies: true = 1 proxy, N = N proxies
  siteOrigin?: string; // e.g. 'https://techspark.ng'; requests whose Origin is another site are 403
  logger?: Logger; // default: the server log (app/lib/log.server.ts)
  /** Clock in ms since epoch (default Date.now). */
  now?: () => number;
  /** XSRF token lifetime (default 2 h; docs/decisions/012-xsrf-tokens.md). */
  tokenTtlMs?: number;
};

export type Forms = {
  guard: FormGuard;
  /** The token for a page's hidden field and the cookie that carries it. Pass the request's Cookie
   *  header to keep a still-valid token (several open tabs keep working). */
  issueToken(cookieHeader?: string): IssuedToken;
  /** GET /api/csrf: `{ token, readyInMs }` and the XSRF-TOKEN cookie, for the pages' scripts. */
  router: express.Router;
};

export const DEFAULT_TOKEN_TTL_MS = 2 * 3_600_000;

export function createForms(settings: FormSettings & { db: Db }): Forms {
  if (settings.secret.length < 32) throw new Error("FormSettings.secret must be at least 32 characters");
  const now = settings.now ?? Date.now;
  const csrf = createCsrf({
    secret: settings.secret,
    ttlMs: settings.tokenTtlMs ?? DEFAULT_TOKEN_TTL_MS,
    minAgeMs: settings.minSubmitMs,
    secureCookie: settings.siteOrigin?.startsWith("https:") ?? false,
    now,
  });
  const guard = createFormGuard({
    csrf,
    db: settings.db,
    secret: settings.secret,
    trustProxy: settings.trustProxy,
    siteOrigin: settings.siteOrigin,
    minSubmitMs: settings.minSubmitMs,
    now,
    log: settings.logger ?? serverLog,
  });
  const router = express.Router();
  router.get(CSRF_ENDPOINT, (req, res) => {
    const { token, cookie, readyInMs } = csrf.issue(req.get("cookie"));
    res.set("Cache-Control", "no-store").append("Set-Cookie", cookie).json({ token, readyInMs });
  });
  return { guard, issueToken: csrf.issue, router };
}
