// Rate-limit counters every instance shares (server/forms/rate-limit.ts): one row per limiter
// key and clock hour, holding that hour's count and the count of its current minute. The key is
// the form's name and a keyed hash of the client's network, never an address. Rows of past hours
// are deleted now and then; `hour_start` is indexed for that.
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("rate_limit")
      .addColumn("key", "text", (c) => c.notNull())
      .addColumn("hour_start", "bigint", (c) => c.notNull())
      .addColumn("hour_count", "integer", (c) => c.notNull())
      .addColumn("minute_start", "bigint", (c) => c.notNull())
      .addColumn("minute_count", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("rate_limit_pkey", ["key", "hour_start"])
      .execute();
    await db.schema.createIndex("rate_limit_hour_start").on("rate_limit").column("hour_start").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("rate_limit").execute();
  },
};
