// A newsletter issue that carries a post whole (server/newsletter/issue-post.ts): the copy of the
// post's byline, pictures and link taken when the issue was started from it, as JSON (the body
// holds the article's Markdown). Null for every issue before this, and for one written by hand or
// started as the excerpt and a link. The index serves the public archive of sent issues
// (/newsletter/issues: the issues past 'draft', newest first).
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("newsletter_issue").addColumn("post", "text").execute();
    await db.schema
      .createIndex("newsletter_issue_sent")
      .on("newsletter_issue")
      .columns(["state", "sent_at"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("newsletter_issue_sent").execute();
    await db.schema.alterTable("newsletter_issue").dropColumn("post").execute();
  },
};
