// The staff console's port: what its pages ask of server/staff (sign-in, members, the audit log,
// and the facades over the other features' data).
import { createContext } from "react-router";
import type { EnquiriesPort } from "./enquiries.ts";
import type { IssuesPort } from "./issues.ts";
import type { PostsConsolePort } from "./posts-console.ts";
import type { ContentConsolePort } from "./content-console.ts";
import type { StaffSessionView } from "./staff-session.ts";
import type { SubscribersPort } from "./subscribers.ts";
import type { TrafficPort } from "./traffic.ts";

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
  /** The blog's posts: written, published and unpublished by every member. */
  posts: PostsConsolePort;
  /** The site's other content (the FAQ, …): edited, published and ordered by every member. */
  content: ContentConsolePort;
  subscribers: SubscribersPort;
  /** The pages visitors saw, counted without cookies (every member reads it). */
  traffic: TrafficPort;
  /** Ends the request's session; the Set-Cookie values that clear it. */
  signOut(cookieHeader: string | undefined, requestUrl?: string): Promise<string[]>;
};

export const staffContext = createContext<StaffPort | null>(null);
