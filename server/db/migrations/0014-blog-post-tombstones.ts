// Posts deleted for good (issue 28): their content, revisions and comments are gone, and one row
// each stays here, with no content: the post's number and slug, when it went to the trash and
// when and by whom it was deleted. Its addresses keep answering 410 Gone (not 404), and its
// number is never given to a new post (a link to it somewhere must not lead to another article).
// A table of its own rather than the post's row emptied: every reader of blog_post (the pages,
// the console's lists, the export) keeps reading real posts only.
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("blog_post_tombstone")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("slug", "text", (c) => c.notNull())
      .addColumn("trashed_at", "bigint", (c) => c.notNull())
      .addColumn("deleted_at", "bigint", (c) => c.notNull())
      // A member's e-mail, or 'trash timer' (30 days in the trash).
      .addColumn("deleted_by", "text", (c) => c.notNull())
      .execute();
    // The trash's list, and the timer's look for posts 30 days in it.
    await db.schema.createIndex("blog_post_trashed").on("blog_post").column("trashed_at").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("blog_post_trashed").execute();
    await db.schema.dropTable("blog_post_tombstone").execute();
  },
};
