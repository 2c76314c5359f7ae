// Values the Node server hands to React Router for each request (server/app.ts sets them,
// using the objects exported by app/entry.server.tsx so both sides share one identity).
import { createContext } from "react-router";

/** Per-request CSP nonce for React Router's inline scripts; empty while prerendering. */
export const cspNonceContext = createContext<string>("");

/** The socket's peer address (X-Forwarded-For is applied by the contact service when trusted). */
export const clientIpContext = createContext<string>("");

export type ContactOutcome = { success: boolean; message: string; errors?: Record<string, string> };

/** A form posted without JavaScript, as the pages hand it to a service. */
export type FormPost = {
  fields: Record<string, unknown>;
  token?: string;
  cookieHeader?: string;
  headers: Headers;
  ip: string;
};

/** `confirm`: nothing was stored; the visitor is asked to check the form and send it again. */
export type FormPostAnswer = {
  status: number;
  body: ContactOutcome;
  headers?: Record<string, string>;
  confirm?: true;
};

/** What pages need of the contact service (server/contact): tokens and the no-JS form post. */
export type ContactPort = {
  issueToken(cookieHeader?: string): { token: string; cookie: string };
  /** `confirm`: nothing was stored; the visitor is asked to check the form and send it again. */
  submitForm(input: FormPost): Promise<FormPostAnswer>;
};

export const contactContext = createContext<ContactPort | null>(null);

/** What a newsletter confirmation or unsubscribe link leads to (one view per case). */
export type NewsletterLinkView =
  | { kind: "confirm"; email: string } // valid: one button to confirm
  | { kind: "confirmed"; email: string } // just confirmed, or confirmed before
  | { kind: "expired"; canResend: boolean } // signed but too old: offer a new link
  | { kind: "used" } // already used (and not subscribed now)
  | { kind: "resent" } // a new link is on its way
  | { kind: "invalid" } // tampered, truncated, or for someone erased
  | { kind: "unsubscribe"; email: string } // valid: one button to unsubscribe
  | { kind: "unsubscribed"; email: string };

/** What pages need of the newsletter service (server/newsletter). */
export type NewsletterPort = {
  issueToken(cookieHeader?: string): { token: string; cookie: string };
  signUpForm(input: FormPost): Promise<FormPostAnswer>;
  viewConfirmLink(token: string): Promise<NewsletterLinkView>;
  confirm(token: string): Promise<NewsletterLinkView>;
  resend(token: string): Promise<NewsletterLinkView>;
  viewUnsubscribeLink(token: string): Promise<NewsletterLinkView>;
  unsubscribe(token: string): Promise<NewsletterLinkView>;
};

export const newsletterContext = createContext<NewsletterPort | null>(null);

/** A comment as the moderation page shows it. */
export type ModeratedComment = {
  name: string;
  body: string;
  createdAt: number;
  postTitle: string;
  postHref: string;
  state: "pending" | "approved" | "rejected" | "spam";
  reply: boolean;
};

/** What an e-mailed moderation link leads to (one view per case). */
export type CommentModerationView =
  | { kind: "confirm"; action: "approve" | "spam"; comment: ModeratedComment } // one button
  | { kind: "done"; action: "approve" | "spam"; comment: ModeratedComment }
  | { kind: "used"; comment: ModeratedComment } // either link of the e-mail was used before
  | { kind: "expired" }
  | { kind: "invalid" }; // tampered, truncated, or the comment was erased

/** A post's approved comment, as the page gets it. */
export type PublishedCommentRecord = {
  id: string;
  parentId: string | null;
  name: string;
  body: string;
  createdAt: number;
};

/** What pages need of the comments service (server/comments). */
export type CommentsPort = {
  issueToken(cookieHeader?: string): { token: string; cookie: string };
  submitForm(input: FormPost): Promise<FormPostAnswer>;
  published(postId: number): Promise<PublishedCommentRecord[]>;
  viewModerationLink(token: string): Promise<CommentModerationView>;
  moderateByLink(token: string): Promise<CommentModerationView>;
};

export const commentsContext = createContext<CommentsPort | null>(null);

/** Who is signed in to the staff console, as its pages see it. */
export type StaffSessionView = {
  member: { id: string; email: string; name: string; role: "owner" | "staff" };
  sessionId: string;
  /** When the session ends if nothing happens (idle or absolute, whichever is first). */
  expiresAt: number;
  /** What every console form carries and every console action checks (server/staff/form-token.ts). */
  formToken: string;
};

/** The staff console's first page: what needs attention now. */
export type StaffOverview = {
  enquiriesThisWeek: number;
  deliveriesFailing: number;
  commentsPending: number;
  signUpsThisMonth: number;
};

/** A comment waiting for approval, as the console lists it. */
export type PendingCommentView = {
  id: string;
  postTitle: string;
  postHref: string;
  name: string;
  email: string;
  body: string;
  createdAt: number;
  reply: boolean;
};

export const STAFF_COMMENT_ACTIONS = ["approve", "reject", "spam"] as const;
export type StaffCommentAction = (typeof STAFF_COMMENT_ACTIONS)[number];

export type StaffMemberView = {
  email: string;
  name: string;
  role: "owner" | "staff";
  passkeys: number;
  lastSignIn: number | null;
  invitedBy: string;
  removed: boolean;
};

export type StaffAuditView = {
  at: number;
  actor: string;
  action: string;
  subject: string | null;
  detail: string | null;
};

/** Refused sign-in attempts that name nobody (an unknown passkey, an answer to no challenge of
 *  ours, too many attempts), counted apart from the audit log by the hour, per reason. */
export type SignInRefusalsView = {
  total: number;
  /** How many connections (keyed hashes of addresses) they came from. */
  clients: number;
  reasons: { reason: "unknown-passkey" | "challenge" | "rate-limit"; count: number }[];
};

/** A member's own sign-in: their passkeys and their signed-in sessions. */
export type StaffAccountView = {
  /** `id`: the credential id (public); `short`: its first characters, to tell them apart. */
  passkeys: { id: string; short: string; createdAt: number; lastUsedAt: number | null; synced: boolean }[];
  sessions: { id: string; device: string; createdAt: number; lastSeenAt: number; current: boolean }[];
};

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

/** Where a sent issue's e-mails are: `waiting` to go (queued at the pace, or retrying), `sent`,
 *  `failed` (gave up), `skipped` (the person left before their turn). */
export type IssueProgressView = {
  recipients: number;
  sent: number;
  waiting: number;
  failed: number;
  skipped: number;
  /** When the last waiting e-mail is due at the configured pace; null when none waits. */
  lastDueAt: number | null;
};

export type IssueSummaryView = {
  id: string;
  subject: string;
  /** draft: not sent; sending: e-mails waiting; sent: every e-mail done. */
  state: "draft" | "sending" | "sent";
  updatedAt: number;
  updatedBy: string;
  sentAt: number | null;
  sentBy: string | null;
  progress: IssueProgressView | null;
};

export type IssueView = IssueSummaryView & {
  body: string;
  /** The e-mail as a subscriber gets it (its HTML document and its plain-text part). */
  /** null: the stored body cannot be rendered (nested too deeply; saved before that was refused). */
  preview: { html: string; text: string } | null;
  /** Confirmed subscribers now: who Send would reach. */
  subscribers: number;
  perMinute: number;
};

export type IssueSaveResult =
  | { ok: true; id: string }
  | { ok: false; errors: Partial<Record<"subject" | "body", string>> }
  | { ok: false; reason: "unknown" | "already-sent" };

/** Newsletter issues in the console: every change is written to the audit log (`by`: the member). */
export type IssuesPort = {
  list(): Promise<IssueSummaryView[]>;
  get(id: string): Promise<IssueView | null>;
  /** Creates (id null) or changes a draft. */
  save(by: string, id: string | null, input: unknown): Promise<IssueSaveResult>;
  /** E-mails the issue to the member's own address, marked as a test (`unrenderable`: a body stored
   *  before too-deep nesting was refused, which cannot be made into an e-mail); `limit`: they had their
   *  share of tests of this issue for now (server/staff/issues.ts: TEST_LIMITS), the next from `retryAt`. */
  sendTest(
    member: StaffSessionView["member"],
    id: string,
  ): Promise<
    | { ok: true }
    | { ok: false; reason: "unknown" }
    | { ok: false; reason: "unrenderable" }
    | { ok: false; reason: "limit"; retryAt: number }
  >;
  /** Queues it for every confirmed subscriber at the configured pace; once. */
  send(
    by: string,
    id: string,
  ): Promise<
    | { ok: true; recipients: number }
    | { ok: false; reason: "unknown" | "already-sent" | "no-subscribers" | "unrenderable" }
  >;
};

/** The subscribers list's filters (the newsletter's states, and all of them). */
export const SUBSCRIBER_FILTERS = ["subscribed", "pending", "unsubscribed", "all"] as const;
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
};

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
  /** The confirmed subscribers, as `npm run newsletter -- export` writes them. */
  csv(by: string): Promise<string>;
  /** Deletes a listed person's record for good (a keyed hash stays on the suppression list);
   *  false when nobody on the list has that address. */
  erase(email: string, by: string): Promise<boolean>;
};

/** What the staff console's pages ask of the server (server/staff). */
export type StaffPort = {
  /** `requestUrl`: the page's address; over HTTPS only the `__Host-` cookie counts (SITE_ORIGIN,
   *  when set, decides instead). */
  session(cookieHeader: string | undefined, requestUrl?: string): Promise<StaffSessionView | null>;
  overview(): Promise<StaffOverview>;
  /** Comments waiting for approval, oldest first. */
  pendingComments(): Promise<PendingCommentView[]>;
  /** Approves, rejects or marks as spam; recorded in the audit log. Returns how many changed. */
  moderateComments(by: string, ids: string[], action: StaffCommentAction): Promise<number>;
  /** Everyone who is or was staff: active owners first. */
  members(): Promise<StaffMemberView[]>;
  /** An owner invites someone: the link is e-mailed through the outbox. */
  invite(
    by: StaffSessionView["member"],
    input: unknown,
  ): Promise<{ ok: true; email: string } | { ok: false; errors: Record<string, string> }>;
  /** An owner removes someone (never themselves): their sessions end at once. */
  remove(by: StaffSessionView["member"], email: string): Promise<"removed" | "unknown" | "self">;
  auditLog(limit?: number): Promise<StaffAuditView[]>;
  /** The refused anonymous sign-in attempts of the last 24 hours and the last 30 days. */
  signInRefusals(): Promise<{ day: SignInRefusalsView; month: SignInRefusalsView }>;
  account(session: StaffSessionView): Promise<StaffAccountView>;
  /** Ends one of the member's own sessions. */
  endSession(session: StaffSessionView, sessionId: string): Promise<boolean>;
  /** Deletes one of the member's own passkeys (a lost device); never the last one. */
  removePasskey(session: StaffSessionView, passkeyId: string): Promise<"removed" | "last" | "unknown">;
  enquiries: EnquiriesPort;
  issues: IssuesPort;
  subscribers: SubscribersPort;
  /** Ends the request's session; the Set-Cookie values that clear it. */
  signOut(cookieHeader: string | undefined, requestUrl?: string): Promise<string[]>;
};

export const staffContext = createContext<StaffPort | null>(null);
