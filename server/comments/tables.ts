// The blog's comments (migrations 0003, 0010). A comment is kept from the moment it is written;
// only approved ones are shown. A new pending comment is a job in the mail outbox (kind
// 'comment-moderation'): the agency's e-mail with its Approve and Mark-as-spam links; past the
// hour's cap it joins the one waiting digest instead (kind 'comment-digest', ./digest.ts).

export const COMMENT_STATES = ["pending", "approved", "rejected", "spam"] as const;
export type CommentState = (typeof COMMENT_STATES)[number];

/** Why a comment was filed as spam when it arrived (or 'moderator' when a person said so). */
export const SPAM_REASONS = ["honeypot", "too-fast", "repeated", "markup", "moderator"] as const;
export type SpamReason = (typeof SPAM_REASONS)[number];

export type BlogCommentTable = {
  id: string;
  postId: number;
  /** The post's title when the comment was written (for the e-mail, the list and the console). */
  postTitle: string;
  /** The comment it answers (a top-level comment: replies nest one level), or null. */
  parentId: string | null;
  name: string;
  /** Trimmed and lower-cased; never shown. For replies to the person and erasure requests. */
  email: string;
  /** Plain text, line breaks as "\n"; shown as text, never as HTML. */
  body: string;
  state: CommentState;
  spamReason: SpamReason | null;
  /** Keyed hash of the normalised text: the same text twice, or on many posts. */
  bodyHash: string;
  /** Keyed hash of the writer's network address (never the address). */
  client: string;
  createdAt: number;
  updatedAt: number;
  moderatedAt: number | null;
  /** Who decided: 'e-mail link', 'shell', or a staff member. */
  moderatedBy: string | null;
  /** The e-mailed moderation links' single-use part; cleared when one of them is used. */
  moderationNonce: string | null;
  /** The digest e-mail that announces it (the outbox job's recordId); null when it had an e-mail
   *  of its own (or none: spam). */
  digestId: string | null;
};

/** One row per post whose shown comments changed: every server instance polls it and drops its
 *  kept copies of a post whose version moved. */
export type BlogCommentVersionTable = {
  postId: number;
  version: number;
  updatedAt: number;
};

/** Pending comments written per clock hour (every instance counts here, in the transaction that
 *  writes the comment): past the cap, no e-mail each but one digest. */
export type CommentMailHourTable = {
  hourStart: number;
  comments: number;
};

// These tables join the database's type by declaration merging: server/db imports nothing built on it.
declare module "../db/schema.ts" {
  interface Database {
    blog_comment: BlogCommentTable;
    blog_comment_version: BlogCommentVersionTable;
    comment_mail_hour: CommentMailHourTable;
  }
}
