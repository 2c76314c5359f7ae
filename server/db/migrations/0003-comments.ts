// The blog's comments, and the per-post version every server instance watches.
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("blog_comment")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("post_id", "integer", (c) => c.notNull())
      .addColumn("post_title", "text", (c) => c.notNull())
      .addColumn("parent_id", "text")
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("spam_reason", "text")
      .addColumn("body_hash", "text", (c) => c.notNull())
      .addColumn("client", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .addColumn("moderated_at", "bigint")
      .addColumn("moderated_by", "text")
      .addColumn("moderation_nonce", "text")
      .execute();
    await db.schema
      .createIndex("blog_comment_post")
      .on("blog_comment")
      .columns(["post_id", "state", "created_at"])
      .execute();
    await db.schema
      .createIndex("blog_comment_state")
      .on("blog_comment")
      .columns(["state", "created_at"])
      .execute();
    await db.schema.createIndex("blog_comment_email").on("blog_comment").column("email").execute();
    await db.schema.createIndex("blog_comment_body_hash").on("blog_comment").column("body_hash").execute();
    await db.schema
      .createTable("blog_comment_version")
      .addColumn("post_id", "integer", (c) => c.primaryKey())
      .addColumn("version", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("blog_comment_version").execute();
    await db.schema.dropTable("blog_comment").execute();
  },
};
