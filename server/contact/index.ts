// The contact service: endpoint + no-JS form handler, on the shared database and mail outbox.
// Usage (server/services.ts opens the database and the mail service first):
//   const contact = createContactService({ db, mail, ...settings });
//   app.use(contact.router);           // POST /api/send-email, GET /api/csrf
import type { Router } from "express";
import { openDatabase, type DatabaseOptions, type Db } from "../db/index.ts";
import type { MailService } from "../mail/index.ts";
import { createOutbox, type Outbox } from "../mail/outbox.ts";
import { createCsrf } from "./csrf.ts";
import { consoleLogger, type Logger } from "./log.ts";
import { createRateLimiter } from "./rate-limit.ts";
import { createContactRepository, type ContactRepository } from "./repository.ts";
import { createContactRouter } from "./router.ts";
import { submitContact, type SubmitInput, type SubmitResult } from "./submit.ts";

export type { ContactRepository, MessageState, StoredMessage } from "./repository.ts";
export { MESSAGE_STATES } from "./repository.ts";
export type { SubmitResult } from "./submit.ts";

export type ContactSettings = {
  secret: string; // HMAC key for XSRF tokens and client-address hashes (>= 32 chars)
  rateLimit: { perMinute: number; perHour: number };
  minSubmitMs: number; // minimum time-to-submit (spam check)
  trustProxy: boolean | number; // X-Forwarded-For from our proxies: true = 1 proxy, N = N proxies
  siteOrigin?: string; // e.g. 'https://techspark.ng'; requests whose Origin is another site are 403
  logger?: Logger; // default: the server log (app/lib/log.server.ts)
  /** Clock in ms since epoch (default Date.now). */
  now?: () => number;
  /** XSRF token lifetime (default 2 h). */
  tokenTtlMs?: number;
  /** Largest accepted JSON body (default 16 KB). */
  bodyLimitBytes?: number;
};

export type ContactService = {
  /** Mount at '/': POST /api/send-email (JSON) and GET /api/csrf ({token} + XSRF-TOKEN cookie). */
  router: Router;
  /** For SSR pages with the no-JS form: the hidden field value and a Set-Cookie header value.
   *  Pass the request's Cookie header to keep a still-valid token (several open tabs keep working). */
  issueToken(cookieHeader?: string): { token: string; cookie: string };
  /** The no-JS form POST (React Router action): same checks and storage as the JSON endpoint.
   *  `fields` are the form fields (incl. `website` and `startedAt`), `token` the hidden `_xsrf`
   *  field, `ip` the socket's peer address. */
  submitForm(input: SubmitInput): Promise<SubmitResult>;
  /** The inbox: messages and their delivery state. */
  store: ContactRepository;
};

export function createContactService(
  config: ContactSettings & { db: Db; mail: MailService },
): ContactService {
  if (config.secret.length < 32) throw new Error("ContactSettings.secret must be at least 32 characters");
  const now = config.now ?? Date.now;
  const log = config.logger ?? consoleLogger;
  const { mail } = config;
  const store = createContactRepository(config.db, mail.outbox);

  const csrf = createCsrf({
    secret: config.secret,
    ttlMs: config.tokenTtlMs ?? 2 * 3_600_000,
    secureCookie: config.siteOrigin?.startsWith("https:") ?? false,
    now,
  });
  const limiter = createRateLimiter({ ...config.rateLimit, now });

  const submitForm = (input: SubmitInput) =>
    submitContact(
      {
        store,
        csrf,
        limiter,
        now,
        log,
        secret: config.secret,
        trustProxy: config.trustProxy,
        siteOrigin: config.siteOrigin,
        minSubmitMs: config.minSubmitMs,
        transportAvailable: mail.transportAvailable,
        onStored: () => mail.worker.poke(),
      },
      input,
    );

  const router = createContactRouter({
    submit: submitForm,
    issueToken: csrf.issue,
    bodyLimitBytes: config.bodyLimitBytes ?? 16 * 1024,
    log,
  });

  return { router, issueToken: csrf.issue, submitForm, store };
}

export type Inbox = { db: Db; outbox: Outbox; store: ContactRepository; close(): Promise<void> };

/** The inbox on its own connection, for the operator commands and tests (the server itself
 *  gets it from server/services.ts). */
export async function openInbox(options: DatabaseOptions): Promise<Inbox> {
  const db = await openDatabase(options);
  const outbox = createOutbox(db);
  return { db, outbox, store: createContactRepository(db, outbox), close: () => db.close() };
}
