// The console's view of the newsletter's subscribers (server/newsletter/console-subscribers.ts).

/** The subscribers list's filters (the newsletter's states, and all of them). */
export const SUBSCRIBER_FILTERS = ["subscribed", "pending", "unsubscribed", "bounced", "all"] as const;
export type SubscriberFilter = (typeof SUBSCRIBER_FILTERS)[number];

/** A newsletter subscriber as the console lists them. */
export type SubscriberView = {
  email: string;
  state: Exclude<SubscriberFilter, "all">;
  /** The latest sign-up (the consent on record). */
  signedUpAt: number;
  confirmedAt: number | null;
  unsubscribedAt: number | null;
  /** Page and form of that sign-up, e.g. "/blog-standard#footer". */
  source: string;
  /** When their e-mail bounced (nothing is sent to them since), and the receiving server's reply
   *  ("550 5.1.1 no such user"), or the issues undelivered in a row; kept after they unsubscribe. */
  bouncedAt: number | null;
  bounceReason: string | null;
  /** Issues in a row that did not reach them (temporary refusals); the third is a bounce. */
  undeliveredIssues: number;
};

/** Which subscribers a CSV holds: the confirmed ones, or the bounced ones. */
export type SubscriberExport = "subscribed" | "bounced";

export type SubscriberPage = {
  /** 50 a page, latest sign-up first. */
  items: SubscriberView[];
  /** How many match the search under each filter. */
  counts: Record<SubscriberFilter, number>;
  page: number;
  pages: number;
};

/** The newsletter's subscribers in the console (server/newsletter). The export and each erasure
 *  are recorded in the audit log (`by`: the member's e-mail), never the subscriber's address. */
export type SubscribersPort = {
  /** `q`: part of the e-mail address, whatever the letter case. */
  list(query: { state: SubscriberFilter; q: string; page: number }): Promise<SubscriberPage>;
  /** The confirmed subscribers, as `npm run newsletter -- export` writes them; or the bounced ones
   *  with when and why (`export --bounced`). */
  csv(by: string, which?: SubscriberExport): Promise<string>;
  /** Deletes a listed person's record for good (a keyed hash stays on the suppression list);
   *  false when nobody on the list has that address. */
  erase(email: string, by: string): Promise<boolean>;
};
