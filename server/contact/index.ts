// The contact service: endpoint + no-JS form handler + durable storage + delivery worker.
// Usage (server/app.ts):
//   const contact = await createContactService({ ...config });
//   app.use(contact.router);           // POST /api/send-email, GET /api/csrf
//   ... on shutdown: await contact.close();
import type { Router } from "express";
import { createCsrf } from "./csrf.ts";
import { consoleLogger } from "./log.ts";
import { createMailer } from "./mailer.ts";
import {
  createOutboxWorker,
  DEFAULT_RETRY_POLICY,
  type OutboxWorker,
  type RetryPolicy,
} from "./outbox-worker.ts";
import { createRateLimiter } from "./rate-limit.ts";
import { createContactRouter } from "./router.ts";
import { openStore, type ContactStore } from "./store.ts";
import { submitContact, type SubmitInput, type SubmitResult } from "./submit.ts";

export type { ContactStore, MessageState, StoredMessage } from "./store.ts";
export { MESSAGE_STATES, openStore } from "./store.ts";
export type { RetryPolicy } from "./outbox-worker.ts";
export type { SubmitResult } from "./submit.ts";

export type ContactConfig = {
  dataDir: string; // SQLite file lives here (created if missing): `${dataDir}/contact.sqlite`
  databaseUrl?: string; // when set: PostgreSQL instead of SQLite
  smtpUrl?: string; // when unset: messages kept with state 'waiting-for-transport'
  mailFrom: string; // e.g. 'TechSpark website <no-reply@techspark.ng>'
  mailTo: string; // the agency address (from the site config)
  secret: string; // HMAC key for XSRF tokens and client-address hashes (>= 32 chars)
  rateLimit: { perMinute: number; perHour: number };
  minSubmitMs: number; // minimum time-to-submit (spam check)
  trustProxy: boolean | number; // X-Forwarded-For from our proxies: true = 1 proxy, N = N proxies
  siteOrigin?: string; // e.g. 'https://techspark.ng'; requests whose Origin is another site are 403
  logger?: (entry: Record<string, unknown>) => void; // default: console.log(JSON)

  // Optional tuning (defaults suit production; tests shorten them).
  /** Start the delivery worker right away (default true). Without SMTP there is no worker. */
  startWorker?: boolean;
  /** Clock in ms since epoch (default Date.now). */
  now?: () => number;
  retry?: Partial<RetryPolicy>;
  /** How often the worker looks for due jobs (default 5 s); it is also woken after each submit. */
  pollMs?: number;
  /** How long a claimed job stays reserved for one worker (default 5 min). */
  leaseMs?: number;
  /** SMTP connection/greeting/socket timeout (default 60 s); keep it below leaseMs. */
  smtpTimeoutMs?: number;
  /** XSRF token lifetime (default 2 h). */
  tokenTtlMs?: number;
  /** Largest accepted JSON body (default 16 KB). */
  bodyLimitBytes?: number;
  /** SQLite busy timeout (default 5 s). */
  busyTimeoutMs?: number;
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
  worker: { start(): void; stop(): Promise<void>; runOnce(): Promise<number> };
  store: ContactStore;
  /** Stops the worker, closes the SMTP transport and the database. */
  close(): Promise<void>;
};

export async function createContactService(config: ContactConfig): Promise<ContactService> {
  if (config.secret.length < 32) throw new Error("ContactConfig.secret must be at least 32 characters");
  const now = config.now ?? Date.now;
  const log = config.logger ?? consoleLogger;

  const store = await openStore({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    busyTimeoutMs: config.busyTimeoutMs,
  });
  const mailer = config.smtpUrl
    ? createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        to: config.mailTo,
        timeoutMs: config.smtpTimeoutMs,
      })
    : null;
  try {
    await store.setTransportAvailable(mailer !== null, now());
  } catch (error) {
    await store.close();
    throw error;
  }
  if (!mailer) {
    log({
      level: "warn",
      msg: "contact.no-transport",
      note: "SMTP_URL unset: messages are kept as waiting-for-transport",
    });
  }

  const worker: OutboxWorker = mailer
    ? createOutboxWorker({
        store,
        mailer,
        now,
        log,
        retry: { ...DEFAULT_RETRY_POLICY, ...config.retry },
        pollMs: config.pollMs ?? 5000,
        leaseMs: config.leaseMs ?? 5 * 60_000,
      })
    : {
        start() {},
        async stop() {},
        async runOnce() {
          return 0;
        },
        poke() {},
      };

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
        transportAvailable: mailer !== null,
        onStored: () => worker.poke(),
      },
      input,
    );

  const router = createContactRouter({
    submit: submitForm,
    issueToken: csrf.issue,
    bodyLimitBytes: config.bodyLimitBytes ?? 16 * 1024,
    log,
  });

  if (config.startWorker ?? true) worker.start();

  let closed: Promise<void> | null = null;
  return {
    router,
    issueToken: csrf.issue,
    submitForm,
    worker: { start: worker.start, stop: worker.stop, runOnce: worker.runOnce },
    store,
    close() {
      closed ??= (async () => {
        await worker.stop();
        mailer?.close();
        await store.close();
      })();
      return closed;
    },
  };
}
