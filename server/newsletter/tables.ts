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

export type NewsletterTables = {
  newsletter_subscriber: NewsletterSubscriberTable;
  newsletter_suppression: NewsletterSuppressionTable;
};
