// What a kind of e-mail is: how to load its record and render the e-mail from it at send time,
// and how hard to try. The kinds themselves live beside their features (server/contact/mail.ts)
// and are registered by the composition root (server/mail-kinds.ts: MAIL_KINDS; docs/data-layer.md).
import type { Agency } from "#app/lib/agency.ts";
import type { Queries } from "../db/index.ts";
import type { LinkSigner } from "./links.ts";
import type { Job } from "./outbox.ts";

export type RetryPolicy = {
  /** Delay after the first failure; doubles after each further one. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A job still unsent this long after it was queued is given up. */
  giveUpAfterMs: number;
  /** What giving up means: 'failed' (tried until then; an operator may retry), or 'expired'
   *  (useless late, e.g. a sign-in link: also never first sent once this old). */
  giveUpAs: "failed" | "expired";
  /** A permanent (5xx) rejection is marked failed at this attempt. */
  permanentFailureAttempts: number;
};

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  baseDelayMs: 60_000, // 1, 2, 4, 8, 16, 32 minutes, then every hour
  maxDelayMs: 3_600_000,
  giveUpAfterMs: 5 * 24 * 3_600_000,
  giveUpAs: "failed",
  permanentFailureAttempts: 3,
};

export type Address = { name: string; address: string };

/** Settings every kind may use when rendering. */
export type MailContext = {
  /** MAIL_FROM: the sender of every e-mail. */
  from: string;
  /** MAIL_TO: the agency's own address (notices about enquiries, comments…). */
  agency: string;
  /** The public site origin for links, e.g. https://techspark.ng. */
  siteUrl: string;
  /** Signs the links an e-mail carries (confirm, unsubscribe, moderate). */
  links: LinkSigner;
  /** The agency's details as published now (the console's "agency" item: its address, phones,
   *  public e-mail addresses, social links), read when each e-mail is rendered. */
  details: Agency;
  job: Job;
  now: number;
};

export type RenderedMail = {
  to: string | Address | Address[];
  subject: string;
  text: string;
  html: string;
  replyTo?: Address;
  /** Extra headers (e.g. List-Unsubscribe); never Message-ID, which the outbox sets. */
  headers?: Record<string, string>;
  /** Date header (default: the time of sending). */
  date?: Date;
};

/** How a job ended, as its kind hears it (MailKind.onOutcome). A job cancelled because its record
 *  is gone is not told. */
export type MailOutcome =
  | { result: "delivered" }
  /** The receiving server refused it for good: a 5xx at RCPT or at the message's end. */
  | { result: "refused"; reason: string }
  /** Given up (failed or expired) after temporary failures. `reply`: the SMTP reply code of the
   *  last attempt (e.g. 452 mailbox full), null when no server answered (unreachable, a timeout,
   *  our relay's credentials) or nothing was sent (loading or rendering failed). */
  | { result: "undelivered"; reason: string; reply: number | null }
  /** It may or may not have arrived: the process stopped while sending, or no answer came to the
   *  message's end, and it is not tried again. */
  | { result: "unknown"; reason: string };

export type MailKind<R = unknown> = {
  /** Stored in mail_outbox.kind; never rename one that has jobs. */
  name: string;
  /** The record to render from; null when it is gone (the job is then cancelled). */
  load(db: Queries, recordId: string): Promise<R | null | undefined>;
  /** Async: the layout renders with React (./design.ts). */
  render(record: R, context: MailContext): Promise<RenderedMail>;
  /** Differences from DEFAULT_RETRY_POLICY. */
  retry?: Partial<RetryPolicy>;
  /** The job is its record's delivery history, shown by the feature (a contact message's
   *  state): it goes when the record goes, never by the outbox's own purge. */
  jobLivesWithRecord?: boolean;
  /** Never twice, even across a crash: the job is marked before the SMTP conversation, and a job
   *  found so marked (the process stopped before it could record the outcome) is failed, not sent
   *  again. For bulk e-mail (a newsletter issue), where a duplicate is worse than one missing. */
  atMostOnce?: boolean;
  /** Told how the job ended, in the same transaction as the job's final state (both or neither
   *  are kept; the worker tries again until the database takes them): what a feature makes of a
   *  refusal (the newsletter suppresses the address) cannot be lost once the job is final. Runs
   *  with the job's record id, whether or not `load` still finds the record; `at` is the worker's
   *  clock. */
  onOutcome?(trx: Queries, recordId: string, outcome: MailOutcome, at: number): Promise<void>;
};

/** Keeps a kind's record type inside it while the registry holds kinds of every type. */
export function defineMailKind<R>(kind: MailKind<R>): MailKind {
  return kind as unknown as MailKind;
}

export function policyOf(kind: MailKind, base: RetryPolicy = DEFAULT_RETRY_POLICY): RetryPolicy {
  return { ...base, ...kind.retry };
}

/** Delay before the next attempt after `attempt` failed attempts (1-based). */
export function retryDelay(attempt: number, policy: RetryPolicy): number {
  return Math.min(policy.baseDelayMs * 2 ** Math.min(attempt - 1, 40), policy.maxDelayMs);
}
