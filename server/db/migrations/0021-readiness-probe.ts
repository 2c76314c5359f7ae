// The readiness probe (issue 45): /readyz writes one row per instance, so that a database that
// still answers reads but takes no writes (a full disk, PostgreSQL read-only or shutting down)
// takes the instance out of the balancer. Names no one: an instance's id is random.
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("readiness_probe")
      .addColumn("instance", "text", (c) => c.primaryKey())
      .addColumn("checked_at", "bigint", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("readiness_probe").execute();
  },
};
