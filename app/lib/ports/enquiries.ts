// The console's view of the contact form's messages (server/contact/console.ts).

/** The enquiries list's filters: new = received and not handled; failing = its e-mail to the
 *  agency is being retried or gave up. */
export const ENQUIRY_FILTERS = ["new", "handled", "spam", "failing", "all"] as const;
export type EnquiryFilter = (typeof ENQUIRY_FILTERS)[number];

/** Where a message's e-mail to the agency is (server/contact's MessageState). */
export type EnquiryDelivery =
  "queued" | "sending" | "sent" | "retrying" | "failed" | "waiting-for-transport" | "spam";

/** An enquiry as the console's list shows it. */
export type EnquirySummary = {
  id: string;
  createdAt: number;
  name: string;
  email: string;
  /** The message's first line, shortened. */
  firstLine: string;
  delivery: EnquiryDelivery;
  handledAt: number | null;
  /** The e-mail of the member who marked it as handled. */
  handledBy: string | null;
};

/** One enquiry in full, with its delivery. */
export type EnquiryView = Omit<EnquirySummary, "firstLine"> & {
  phone: string;
  message: string;
  attempts: number;
  lastError: string | null;
  sentAt: number | null;
  nextAttemptAt: number | null;
};

export type EnquiryPage = {
  /** 50 a page, newest first. */
  items: EnquirySummary[];
  /** How many match the search under each filter. */
  counts: Record<EnquiryFilter, number>;
  page: number;
  pages: number;
};

/** The contact form's messages in the console. Every change is recorded in the audit log (`by`:
 *  the member's e-mail); each returns false when there was nothing to change. */
export type EnquiriesPort = {
  /** `q`: found in the name, e-mail, phone or message, whatever the letter case. */
  list(query: { state: EnquiryFilter; q: string; page: number }): Promise<EnquiryPage>;
  get(id: string): Promise<EnquiryView | null>;
  markHandled(id: string, by: string): Promise<boolean>;
  markNew(id: string, by: string): Promise<boolean>;
  /** Queues its e-mail again; never one that was sent. A spam one is delivered after all. */
  retry(id: string, by: string): Promise<boolean>;
  /** Deletes the message and its e-mail job for good. */
  erase(id: string, by: string): Promise<boolean>;
  /** Every message, as `npm run inbox -- export --format csv` writes it. */
  csv(by: string): Promise<string>;
};
