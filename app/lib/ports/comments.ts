// The comments' port: what the pages need of server/comments (the comment form's post is in the
// forms' port, ./forms.ts).
import { createContext } from "react-router";

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
  published(postId: number): Promise<PublishedCommentRecord[]>;
  viewModerationLink(token: string): Promise<CommentModerationView>;
  moderateByLink(token: string): Promise<CommentModerationView>;
};

export const commentsContext = createContext<CommentsPort | null>(null);
