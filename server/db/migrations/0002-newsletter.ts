// The newsletter: subscribers with their consent record, and the suppression list.
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("newsletter_subscriber")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .addColumn("consent_at", "bigint", (c) => c.notNull())
      .addColumn("consent_source", "text", (c) => c.notNull())
      .addColumn("consent_wording", "text", (c) => c.notNull())
      .addColumn("consent_client", "text", (c) => c.notNull())
      .addColumn("confirmed_at", "bigint")
      .addColumn("unsubscribed_at", "bigint")
      .addColumn("confirm_nonce", "text")
      .addColumn("confirm_sent_at", "bigint")
      .addUniqueConstraint("newsletter_subscriber_email_key", ["email"])
      .execute();
    await db.schema
      .createIndex("newsletter_subscriber_state")
      .on("newsletter_subscriber")
      .columns(["state", "updated_at"])
      .execute();
    await db.schema
      .createTable("newsletter_suppression")
      .addColumn("email_hash", "text", (c) => c.primaryKey())
      .addColumn("reason", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("newsletter_suppression").execute();
    await db.schema.dropTable("newsletter_subscriber").execute();
  },
};
