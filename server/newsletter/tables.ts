// The newsletter's tables (migrations 0002, 0006, 0008, 0023, 0024). A subscriber is one e-mail
// address with its consent record; a confirmation e-mail is a job in the mail outbox (kind
// 'newsletter-confirm').
import type { Generated } from "kysely";

/** 'bounced': the receiving server refused their e-mail for good, or three issues in a row did not
 *  reach them (server/newsletter/bounces.ts); nothing is sent to them until they sign up again
 *  and confirm. */
export const SUBSCRIBER_STATES = ["pending", "subscribed", "unsubscribed", "bounced"] as const;
export type SubscriberState = (typeof SUBSCRIBER_STATES)[number];

export type NewsletterSubscriberTable = {
  id: string;
  /** Trimmed and lower-cased; unique. */
  email: string;
  state: SubscriberState;
  createdAt: number;
  updatedAt: number;
  /** The consent on record: the first sign-up, or a request its owner confirmed (when, from which
   *  page and form, the words the visitor saw, and a keyed hash of their address, never the
   *  address). A later sign-up never changes it: whoever sent it may not own the address. */
  consentAt: number;
  consentSource: string;
  consentWording: string;
  consentClient: string;
  /** When the visitor followed the confirmation link and pressed Confirm. */
  confirmedAt: number | null;
  unsubscribedAt: number | null;
  /** The confirmation link's single-use part; cleared when it is used. */
  confirmNonce: string | null;
  /** When the last confirmation e-mail was queued (the caps count `newsletter_confirm_sent`). */
  confirmSentAt: number | null;
  /** Unsubscribed, then signed up again (by them or by anyone): the new request, kept apart from
   *  the opt-out until its owner confirms it from their inbox; then it becomes the consent. */
  requestAt: number | null;
  requestSource: string | null;
  requestWording: string | null;
  requestClient: string | null;
  /** When they bounced, and why: the receiving server's reply ("550 5.1.1 no such user"), or
   *  three issues undelivered with the last one's reply. Kept while the record is (docs). */
  bouncedAt: number | null;
  bounceReason: string | null;
  /** Issues in a row that ended undelivered on temporary refusals; a delivered one resets it. */
  undeliveredIssues: Generated<number>;
};

/** People who must never be added back (erased on request, or long unsubscribed): only a keyed
 *  hash of the e-mail address is kept. */
export type NewsletterSuppressionTable = {
  emailHash: string;
  reason: "erased" | "unsubscribed" | "bounced";
  createdAt: number;
};

/** One confirmation e-mail queued, by a keyed hash of its address (never the address): the caps
 *  per address and overall count these rows; deleted after a week. */
export type NewsletterConfirmSentTable = {
  emailHash: string;
  sentAt: number;
};

export const ISSUE_STATES = ["draft", "sending"] as const;
export type IssueState = (typeof ISSUE_STATES)[number];

/** A newsletter issue (migration 0006), written in the staff console. Once sent it is never
 *  changed: its e-mails are jobs in the outbox, one per confirmed subscriber (kind
 *  'newsletter-issue', record `{issue id}~s:{subscriber id}`), queued in one transaction. */
export type NewsletterIssueTable = {
  id: string;
  subject: string;
  /** Markdown. */
  body: string;
  /** 'draft' until Send is pressed; then 'sending' for good (its progress is its jobs). */
  state: IssueState;
  createdAt: number;
  createdBy: string;
  updatedAt: number;
  updatedBy: string;
  /** When Send was pressed, by whom, to how many confirmed subscribers, at what pace. */
  sentAt: number | null;
  sentBy: string | null;
  recipients: number | null;
  perMinute: number | null;
  /** The post the issue carries whole (migration 0024): JSON of an `IssuePost`
   *  (app/lib/ports/issues.ts), copied when the issue was started from it; null otherwise. */
  post: string | null;
};

// These tables join the database's type by declaration merging: server/db imports nothing built on it.
declare module "../db/schema.ts" {
  interface Database {
    newsletter_subscriber: NewsletterSubscriberTable;
    newsletter_suppression: NewsletterSuppressionTable;
    newsletter_confirm_sent: NewsletterConfirmSentTable;
    newsletter_issue: NewsletterIssueTable;
  }
}
