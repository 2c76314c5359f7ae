// The blog's posts (migration 0011): one row per post, written in the console or imported from
// Markdown files (app/config/post-file.ts), and the one row every server instance polls to see
// that the posts changed.
import type { PostState } from "#app/config/post-file.ts";
import type { PostFields } from "#app/lib/ports/posts.ts";

export type BlogPostTable = {
  /** The post's number, as in its address (/blog-single-sidebar/{id}); given, not generated. */
  id: number;
  /** Unique: the file's name on export. */
  slug: string;
  title: string;
  /** "YYYY-MM-DD": lists sort by it, newest first. */
  date: string;
  /** A member of the team, by name (the content type "team": server/content/). */
  author: string;
  category: PostFields["category"];
  /** The tags as a JSON array of strings. */
  tags: string;
  excerpt: string;
  midTitle: string;
  quote: string;
  thumb: string;
  image: string;
  inlineImage: string;
  imageAlt: string;
  /** Markdown. */
  body: string;
  state: PostState;
  /** A published post is shown from then (ms), or at once when null. */
  publishAt: number | null;
  /** In the trash since then (ms): not shown; null otherwise. */
  trashedAt: number | null;
  createdAt: number;
  updatedAt: number;
  /** Who made the last change: 'seed', 'import', or a staff member. */
  updatedBy: string;
  /** 1 when written, +1 at every change. */
  revision: number;
};

/** One row (id 1), there once the posts were first imported: `version` moves with every change. */
export type BlogPostVersionTable = {
  id: number;
  version: number;
  /** When the posts were first imported (the seed, or `npm run posts -- import`). */
  createdAt: number;
  updatedAt: number;
};

/** What a revision records (migration 0012): `trashed`, `restored` (out of the trash, as a
 *  draft) and `reverted` (an earlier revision's fields saved again) since migration 0014. */
export type PostRevisionAction =
  | "seed"
  | "imported"
  | "created"
  | "saved"
  | "published"
  | "scheduled"
  | "unpublished"
  | "trashed"
  | "restored"
  | "reverted";

/** One change to a post: its fields as they became (PostFields as JSON), who and when. */
export type BlogPostRevisionTable = {
  postId: number;
  /** The post's revision after this change (blog_post.revision). */
  revision: number;
  action: PostRevisionAction;
  state: PostState;
  publishAt: number | null;
  fields: string;
  by: string;
  at: number;
};

/** A post deleted for good (migration 0014): no content, only what keeps its addresses answering
 *  410 and its number from being given again. */
export type BlogPostTombstoneTable = {
  id: number;
  slug: string;
  trashedAt: number;
  deletedAt: number;
  /** A member's e-mail, or 'trash timer'. */
  deletedBy: string;
};

// These tables join the database's type by declaration merging: server/db imports nothing built on it.
declare module "../db/schema.ts" {
  interface Database {
    blog_post: BlogPostTable;
    blog_post_version: BlogPostVersionTable;
    blog_post_revision: BlogPostRevisionTable;
    blog_post_tombstone: BlogPostTombstoneTable;
  }
}
