// The overall cap on comment-moderation e-mails (docs/comments.md): one row per clock hour that
// had pending comments, counting them in the same transaction as each one's insert; and, on each
// comment, the digest e-mail that announces it (null: an e-mail of its own, or none: spam).
// Rows of past hours are deleted with the daily comment prune.
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("comment_mail_hour")
      .addColumn("hour_start", "bigint", (c) => c.primaryKey())
      .addColumn("comments", "integer", (c) => c.notNull())
      .execute();
    await db.schema.alterTable("blog_comment").addColumn("digest_id", "text").execute();
    await db.schema.createIndex("blog_comment_digest").on("blog_comment").column("digest_id").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("blog_comment_digest").execute();
    await db.schema.alterTable("blog_comment").dropColumn("digest_id").execute();
    await db.schema.dropTable("comment_mail_hour").execute();
  },
};
