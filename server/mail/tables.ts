// The one mail outbox (migration 0001): one row per e-mail to send, for every kind of e-mail.

export const JOB_STATES = [
  "queued", // waiting for the worker
  "sending", // a worker holds the job (lease) and is talking to the SMTP server
  "sent", // the SMTP server accepted it
  "retrying", // the last attempt failed; another one is scheduled
  "failed", // gave up (permanent rejection, or still failing after the kind's retry period)
  "waiting-for-transport", // no SMTP_URL configured: kept until there is one
  "expired", // not sent in time for a kind whose e-mail is useless late (e.g. a sign-in link)
  "cancelled", // its record is gone (erased) before it could be sent
] as const;
export type JobState = (typeof JOB_STATES)[number];

/** States a job can be claimed in (a 'sending' job only once its lease has expired). */
export const CLAIMABLE_STATES = ["queued", "retrying", "sending"] as const satisfies JobState[];
/** States in which a job is done for good (no next attempt). */
export const FINAL_STATES = ["sent", "failed", "expired", "cancelled"] as const satisfies JobState[];
/** States an operator may queue again ('sent' never: it would e-mail twice). */
export const RETRYABLE_STATES = [
  "failed",
  "retrying",
  "queued",
  "waiting-for-transport",
  "expired",
  "cancelled",
] as const satisfies JobState[];

export type MailOutboxTable = {
  id: string;
  /** Which kind of e-mail (server/mail/kinds.ts), e.g. 'contact-notice'. */
  kind: string;
  /** The record the e-mail is rendered from at send time (e.g. the contact message id). */
  recordId: string;
  /** Local part of the Message-ID, the same on every attempt (the domain is MAIL_FROM's). */
  messageId: string;
  state: JobState;
  /** Higher first among due jobs (a sign-in link before a newsletter issue). */
  priority: number;
  createdAt: number;
  updatedAt: number;
  /** Start of the current round of attempts (creation, or the operator's retry). */
  enqueuedAt: number;
  /** When the job is due; null once it is final. */
  nextAttemptAt: number | null;
  /** Attempts in the current round. */
  attempts: number;
  /** Attempts ever. */
  totalAttempts: number;
  leaseOwner: string | null;
  leaseUntil: number | null;
  lastError: string | null;
  sentAt: number | null;
  /** When an attempt may have delivered it (no answer to the message's end, migration 0022): it
   *  is tried once more, and failed if that attempt ends so too. Kept when an operator queues the
   *  job again. */
  maybeDeliveredAt: number | null;
};

// These tables join the database's type by declaration merging: server/db imports nothing built on it.
declare module "../db/schema.ts" {
  interface Database {
    mail_outbox: MailOutboxTable;
  }
}
