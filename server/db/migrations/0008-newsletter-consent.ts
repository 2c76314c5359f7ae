// Newsletter consent kept from strangers (issue 26): a sign-up for an unsubscribed address is kept
// apart as a request (request_* columns) until its owner confirms it from their inbox, and every
// confirmation e-mail queued is counted by a keyed hash of its address, for the caps per address
// (hour, day, week) and overall (hour). SQLite adds one column per statement.
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

const REQUEST_COLUMNS = [
  ["request_at", "bigint"],
  ["request_source", "text"],
  ["request_wording", "text"],
  ["request_client", "text"],
] as const;

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const [name, type] of REQUEST_COLUMNS) {
      await db.schema.alterTable("newsletter_subscriber").addColumn(name, type).execute();
    }
    await db.schema
      .createTable("newsletter_confirm_sent")
      .addColumn("email_hash", "text", (c) => c.notNull())
      .addColumn("sent_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("newsletter_confirm_sent_address")
      .on("newsletter_confirm_sent")
      .columns(["email_hash", "sent_at"])
      .execute();
    await db.schema
      .createIndex("newsletter_confirm_sent_at")
      .on("newsletter_confirm_sent")
      .column("sent_at")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("newsletter_confirm_sent").execute();
    for (const [name] of REQUEST_COLUMNS) {
      await db.schema.alterTable("newsletter_subscriber").dropColumn(name).execute();
    }
  },
};
