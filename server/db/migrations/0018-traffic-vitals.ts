// Real-user Web Vitals (issue 30): one row per page load whose browser reported them when the page
// was hidden: its template and kind of device, and each metric it measured (ms; CLS a score).
// Kept 30 days like the views; the Traffic page shows their 75th percentiles. Names no one.
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("traffic_vital")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("at", "bigint", (c) => c.notNull())
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("template", "text", (c) => c.notNull())
      .addColumn("device", "text", (c) => c.notNull())
      .addColumn("lcp", "double precision")
      .addColumn("inp", "double precision")
      .addColumn("cls", "double precision")
      .addColumn("fcp", "double precision")
      .addColumn("ttfb", "double precision")
      .execute();
    await db.schema.createIndex("traffic_vital_day").on("traffic_vital").column("day").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("traffic_vital").execute();
  },
};
