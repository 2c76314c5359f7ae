// The blog's posts (issue 28): written in the console, kept here; the 16 Markdown files of
// app/content/blog/ are imported on the first start (server/posts/). One row per post, its
// fields as the files have them (tags as JSON text); `state`, `publish_at` (a scheduled post) and
// `trashed_at` decide whether visitors see it; `revision` counts its changes (a save based on an
// older one is refused). `blog_post_version` is one row (id 1), written once the posts were first
// imported and moved in every transaction that changes a post: every instance polls it.
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("blog_post")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("slug", "text", (c) => c.notNull().unique())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("date", "text", (c) => c.notNull())
      .addColumn("author", "text", (c) => c.notNull())
      .addColumn("category", "text", (c) => c.notNull())
      .addColumn("tags", "text", (c) => c.notNull())
      .addColumn("excerpt", "text", (c) => c.notNull())
      .addColumn("mid_title", "text", (c) => c.notNull())
      .addColumn("quote", "text", (c) => c.notNull())
      .addColumn("thumb", "text", (c) => c.notNull())
      .addColumn("image", "text", (c) => c.notNull())
      .addColumn("inline_image", "text", (c) => c.notNull())
      .addColumn("image_alt", "text", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("publish_at", "bigint")
      .addColumn("trashed_at", "bigint")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .addColumn("updated_by", "text", (c) => c.notNull())
      .addColumn("revision", "integer", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("blog_post_listed").on("blog_post").columns(["state", "date"]).execute();
    await db.schema
      .createTable("blog_post_version")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("version", "bigint", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("blog_post_version").execute();
    await db.schema.dropTable("blog_post").execute();
  },
};
