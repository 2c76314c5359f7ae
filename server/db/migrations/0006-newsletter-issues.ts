// Newsletter issues written in the staff console (server/newsletter/issues.ts). Their e-mails are
// jobs in the mail outbox; the issue keeps what was sent, when, by whom and to how many.
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("newsletter_issue")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("subject", "text", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .addColumn("updated_by", "text", (c) => c.notNull())
      .addColumn("sent_at", "bigint")
      .addColumn("sent_by", "text")
      .addColumn("recipients", "integer")
      .addColumn("per_minute", "integer")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("newsletter_issue").execute();
  },
};
