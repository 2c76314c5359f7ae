// The staff console's enquiries: when a message was marked as handled, and by whom (a member's
// e-mail). Both null: not handled yet. SQLite adds one column per statement.
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("contact_message").addColumn("handled_at", "bigint").execute();
    await db.schema.alterTable("contact_message").addColumn("handled_by", "text").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("contact_message").dropColumn("handled_by").execute();
    await db.schema.alterTable("contact_message").dropColumn("handled_at").execute();
  },
};
