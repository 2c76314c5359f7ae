// Refused anonymous sign-in attempts, kept apart from the staff audit log (issue 26): one row per
// clock hour, reason and client (a keyed hash of the address, never the address), counting the
// attempts. A flood of unknown passkeys then adds a count, not pages of log, and staff actions
// stay readable. Deleted after 30 days; `hour_start` is indexed for that and for the counts.
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("staff_sign_in_refusal")
      .addColumn("hour_start", "bigint", (c) => c.notNull())
      .addColumn("reason", "text", (c) => c.notNull())
      .addColumn("client", "text", (c) => c.notNull())
      .addColumn("count", "integer", (c) => c.notNull())
      .addColumn("last_at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("staff_sign_in_refusal_pkey", ["hour_start", "reason", "client"])
      .execute();
    await db.schema
      .createIndex("staff_sign_in_refusal_hour_start")
      .on("staff_sign_in_refusal")
      .column("hour_start")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("staff_sign_in_refusal").execute();
  },
};
