// The console's newsletter issues (server/newsletter/console-issues.ts).
import type { StaffSessionView } from "./staff-session.ts";
import type { MediaEntry } from "../media.server.ts";

/** A picture as an issue keeps it: its name and its entry (the media manifest's, or an uploaded
 *  picture's, whose entry never changes: its name is a hash of its bytes). */
export type IssuePicture = { name: string; entry: MediaEntry };

/** What an issue that carries a post whole keeps of it besides the article's Markdown (its body)
 *  and its title (the subject): a copy taken when "Send to subscribers" started the issue, so
 *  that what subscribers get, and the issue's page on the site, are what the writer previewed,
 *  whatever happens to the post afterwards (server/newsletter/issue-post.ts). */
export type IssuePost = {
  id: number;
  /** The post's revision copied. */
  revision: number;
  /** The post's canonical page on the site ("/blog-single-sidebar/16"). */
  path: string;
  author: string;
  /** The post's day, "2023-08-09". */
  date: string;
  excerpt: string;
  /** The heading the in-body picture goes before (as on the post's page). */
  midTitle: string;
  image: IssuePicture & { alt: string };
  /** Decoration, as on the post's page (no text). */
  inlineImage: IssuePicture;
  /** The uploaded pictures written into its article (`![…](/media/u/…)`), with their entries:
   *  the e-mail draws each as a JPEG, the issue's page as on the post's page. None: an issue
   *  started before articles had pictures (each is then its description). */
  pictures?: IssuePicture[];
};

/** How an issue started from a post carries it. */
export const POST_ISSUE_MODES = ["whole", "excerpt"] as const;
export type PostIssueMode = (typeof POST_ISSUE_MODES)[number];

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
  /** The post it carries whole (the copy taken when it was started), or null. */
  post: IssuePost | null;
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
  /** A new draft carrying a post whole (`post`: the copy the posts' console made; never from a
   *  form): the subject and the article's Markdown are the writer's to change before sending. */
  createFromPost(
    by: string,
    input: { subject: string; body: string; post: IssuePost },
  ): Promise<IssueSaveResult>;
  /** E-mails the issue to the member's own address, marked as a test (`unrenderable`: a body stored
   *  before too-deep nesting was refused, which cannot be made into an e-mail); `limit`: they had their
   *  share of tests of this issue for now (server/newsletter/console-issues.ts: TEST_LIMITS), the next from `retryAt`. */
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
