// The mail service: the outbox, the SMTP transport and the one worker that delivers every kind
// of e-mail. Opened once by server/services.ts; features enqueue jobs through `outbox`.
import { agencyType } from "#app/content-types/agency/type.ts";
import type { Agency } from "#app/lib/agency.ts";
import type { Db } from "../db/index.ts";
import { consoleLogger, type Logger } from "../log.ts";
import { DEFAULT_RETRY_POLICY, type MailKind, type RetryPolicy } from "./kind.ts";
import { createOutbox, type Outbox } from "./outbox.ts";
import type { LinkSigner } from "./links.ts";
import { createTransport, type DkimSettings } from "./transport.ts";
import { createMailWorker, type MailWorker } from "./worker.ts";
import { createThreadWorker } from "./thread-worker.ts";

/** Tuning (defaults suit production; tests shorten them). */
export type MailTuning = {
  /** Start the worker right away (default true). Without SMTP there is no worker. */
  startWorker?: boolean;
  /** Defaults for every kind (each kind may override parts). */
  retry?: Partial<RetryPolicy>;
  /** How often the worker looks for due jobs (default 5 s); `poke()` wakes it at once. */
  pollMs?: number;
  /** How long a claim reserves a job for one worker (default 60 s), renewed every third of it
   *  while the worker is on it: a worker that died frees its job within this time (at once when
   *  it was a process of this machine: the next start frees it). */
  leaseMs?: number;
  /** DKIM signing (DKIM_*, server/config.ts); unset: e-mails go unsigned. */
  dkim?: DkimSettings;
  /** How many e-mails are sent at once (default 1; MAIL_CONCURRENCY, server/config.ts). */
  mailConcurrency?: number;
  /** SMTP timeout for connecting and for the greeting, each (default 60 s). */
  smtpTimeoutMs?: number;
  /** How long the SMTP server may stay silent once connected, the answer to the message's end
   *  included (default 10 minutes, RFC 5321 §4.5.3.2.6); the lease is renewed meanwhile. */
  smtpReplyTimeoutMs?: number;
  /** On stop, how long the e-mail being sent may still take before it is cut (default 5 s; the
   *  server's stop allows 15 s for all of it). */
  stopSendWaitMs?: number;
};

export type MailConfig = MailTuning & {
  db: Db;
  /** When unset: jobs are kept as 'waiting-for-transport' and there is no worker. */
  smtpUrl?: string;
  /** MAIL_FROM, e.g. 'TechSpark website <no-reply@techspark.ng>'. */
  from: string;
  /** MAIL_TO: the agency's address. */
  agency: string;
  /** Public origin for links in e-mails, e.g. https://techspark.ng. */
  siteUrl: string;
  /** Signs the links in e-mails (the site's SECRET). */
  links: LinkSigner;
  /** The agency's details as published now (the content service's "agency" item); the seed's
   *  until the content is read (server/services.ts opens the mail service first). */
  details?: () => Agency;
  /** Every kind of e-mail the site sends (server/mail-kinds.ts: MAIL_KINDS). The worker claims only
   *  jobs of these kinds, so an older instance never picks up a job it cannot render. */
  kinds: readonly MailKind[];
  logger?: Logger;
  now?: () => number;
  /** Deliver on a thread of its own (./thread-worker.ts): its entry module and that module's
   *  settings. The server process does (server/services.ts); tests that drive the worker with
   *  their own clock and logger do not. */
  thread?: { entry: URL; data: unknown };
};

export type MailService = {
  outbox: Outbox;
  /** Whether SMTP_URL is set (jobs are queued) or not (they wait for a transport). */
  transportAvailable: boolean;
  worker: MailWorker;
  /** Stops the worker (waiting for a delivery in progress) and closes the SMTP transport. */
  close(): Promise<void>;
};

const idleWorker: MailWorker = {
  start() {},
  async stop() {},
  async runOnce() {
    return 0;
  },
  poke() {},
  status: () => ({ started: false, lastRunEndedAt: null, runningSince: null, pollMs: 0, leaseMs: 0 }),
};

let seeded: Agency | undefined;
/** The agency's details as the site first ships them (app/content-types/agency/seed.ts). */
export const seedDetails = (): Agency => (seeded ??= agencyType.item.parse(agencyType.seed[0]));

export async function createMailService(config: MailConfig): Promise<MailService> {
  const now = config.now ?? Date.now;
  const log = config.logger ?? consoleLogger;
  const transport = config.smtpUrl
    ? createTransport({
        smtpUrl: config.smtpUrl,
        timeoutMs: config.smtpTimeoutMs,
        replyTimeoutMs: config.smtpReplyTimeoutMs,
        dkim: config.dkim,
      })
    : null;
  const outbox = createOutbox(config.db, { transportAvailable: transport !== null });
  await outbox.setTransportAvailable(transport !== null, now());
  if (!transport) {
    log({
      level: "warn",
      msg: "mail.no-transport",
      note: "SMTP_URL unset: e-mails are kept as waiting-for-transport",
    });
  }
  const worker = !transport
    ? idleWorker
    : config.thread
      ? createThreadWorker({
          ...config.thread,
          details: config.details ?? seedDetails,
          log,
          pollMs: config.pollMs ?? 5000,
          leaseMs: config.leaseMs ?? 60_000,
        })
      : createMailWorker({
          db: config.db.kysely,
          outbox,
          transport,
          kinds: config.kinds,
          context: {
            from: config.from,
            agency: config.agency,
            siteUrl: config.siteUrl,
            links: config.links,
            details: config.details ?? seedDetails,
          },
          now,
          log,
          retry: { ...DEFAULT_RETRY_POLICY, ...config.retry },
          pollMs: config.pollMs ?? 5000,
          leaseMs: config.leaseMs ?? 60_000,
          stopSendWaitMs: config.stopSendWaitMs,
          concurrency: config.mailConcurrency,
        });
  if (config.startWorker ?? true) worker.start();

  let closed: Promise<void> | null = null;
  return {
    outbox,
    transportAvailable: transport !== null,
    worker,
    close() {
      closed ??= (async () => {
        await worker.stop();
        transport?.close();
      })();
      return closed;
    },
  };
}
