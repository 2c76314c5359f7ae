// The newsletter's tables (migration 0002). A subscriber is one e-mail address with its consent
// record; a confirmation e-mail is a job in the mail outbox (kind 'newsletter-confirm').

export const SUBSCRIBER_STATES = ["pending", "subscribed", "unsubscribed"] as const;
export type SubscriberState = (typeof SUBSCRIBER_STATES)[number];

export type NewsletterSubscriberTable = {
  id: string;
  /** Trimmed and lower-cased; unique. */
  email: string;
  state: SubscriberState;
  createdAt: number;
  updatedAt: number;
  /** The latest sign-up: when, from which page and form, the words the visitor saw, and a keyed
   *  hash of their address (never the address). */
  consentAt: number;
  consentSource: string;
  consentWording: string;
  consentClient: string;
  /** When the visitor followed the confirmation link and pressed Confirm. */
  confirmedAt: number | null;
  unsubscribedAt: number | null;
  /** The confirmation link's single-use part; cleared when it is used. */
  confirmNonce: string | null;
  /** When the last confirmation e-mail was queued (at most one per hour). */
  confirmSentAt: number | null;
};

/** People who must never be added back (erased on request, or long unsubscribed): only a keyed
 *  hash of the e-mail address is kept. */
export type NewsletterSuppressionTable = {
  emailHash: string;
  reason: "erased" | "unsubscribed";
  createdAt: number;
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
};

export type NewsletterTables = {
  newsletter_subscriber: NewsletterSubscriberTable;
  newsletter_suppression: NewsletterSuppressionTable;
  newsletter_issue: NewsletterIssueTable;
};
