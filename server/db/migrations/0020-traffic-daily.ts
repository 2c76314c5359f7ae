// The traffic's daily aggregates (issue 30, docs/traffic.md): once a day is over, its raw events
// (traffic_event, traffic_vital: kept 30 days) are rolled up into these tables, kept two years,
// which the summary reads for every day rolled up. `traffic_day` is the day's row (its totals, and
// the mark that the day is rolled up: raw events are deleted only for such days); the others hold
// the day's figures by page, source, missing page, entry, conversion and Web Vitals template, all
// of them (not the top ten: days are added up later). Nothing names anyone: no visitor hash.
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/** A count: a whole number, never null. */
const count = "integer";

/** The day's figures by one thing or another, replaced as a whole when the day is rolled up again. */
const DETAIL_TABLES = [
  "traffic_day_page",
  "traffic_day_source",
  "traffic_day_not_found",
  "traffic_day_entry",
  "traffic_day_conversion",
  "traffic_day_load",
  "traffic_day_vital",
] as const;

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("traffic_day")
      // The day in Lagos time, as the raw events': one row a day rolled up.
      .addColumn("day", "text", (c) => c.primaryKey())
      .addColumn("views", count, (c) => c.notNull())
      // The day's distinct visitor hashes (a range's visitors add its days up).
      .addColumn("visitors", count, (c) => c.notNull())
      // Views of visitors who asked not to be tracked (Sec-GPC), and server errors (5xx).
      .addColumn("untracked", count, (c) => c.notNull())
      .addColumn("errors", count, (c) => c.notNull())
      // Views by kind of device.
      .addColumn("phone", count, (c) => c.notNull())
      .addColumn("tablet", count, (c) => c.notNull())
      .addColumn("desktop", count, (c) => c.notNull())
      // Page loads that reported Web Vitals, and each metric's 75th percentile, all templates.
      .addColumn("loads", count, (c) => c.notNull())
      .addColumn("lcp", "double precision")
      .addColumn("inp", "double precision")
      .addColumn("cls", "double precision")
      .addColumn("fcp", "double precision")
      .addColumn("ttfb", "double precision")
      .execute();
    await db.schema
      .createTable("traffic_day_page")
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("path", "text", (c) => c.notNull())
      .addColumn("template", "text", (c) => c.notNull())
      .addColumn("views", count, (c) => c.notNull())
      .addColumn("visitors", count, (c) => c.notNull())
      .execute();
    // Where views came from: the referrer's domain and the campaign's UTM tags, together.
    await db.schema
      .createTable("traffic_day_source")
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("referrer", "text")
      .addColumn("utm_source", "text")
      .addColumn("utm_medium", "text")
      .addColumn("utm_campaign", "text")
      .addColumn("views", count, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("traffic_day_not_found")
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("path", "text", (c) => c.notNull())
      .addColumn("referrer", "text")
      .addColumn("views", count, (c) => c.notNull())
      .execute();
    // Visits by entry page and source (a visitor's first view of the day).
    await db.schema
      .createTable("traffic_day_entry")
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("page", "text", (c) => c.notNull())
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("visits", count, (c) => c.notNull())
      .execute();
    // Conversions by kind and the entry page and source of their visit (null: attributed to none).
    await db.schema
      .createTable("traffic_day_conversion")
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("page", "text")
      .addColumn("source", "text")
      .addColumn("conversions", count, (c) => c.notNull())
      .execute();
    // Page loads that reported Web Vitals, by template and device.
    await db.schema
      .createTable("traffic_day_load")
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("template", "text", (c) => c.notNull())
      .addColumn("device", "text", (c) => c.notNull())
      .addColumn("loads", count, (c) => c.notNull())
      .execute();
    // Each metric's histogram by template and device: how many loads measured each value (the
    // value rounded up to the metric's resolution, server/traffic/daily.ts), so that days add up
    // to the exact 75th percentile of that resolution.
    await db.schema
      .createTable("traffic_day_vital")
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("template", "text", (c) => c.notNull())
      .addColumn("device", "text", (c) => c.notNull())
      .addColumn("metric", "text", (c) => c.notNull())
      .addColumn("value", "double precision", (c) => c.notNull())
      .addColumn("loads", count, (c) => c.notNull())
      .execute();
    for (const table of DETAIL_TABLES)
      await db.schema.createIndex(`${table}_day`).on(table).column("day").execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of DETAIL_TABLES) await db.schema.dropTable(table).execute();
    await db.schema.dropTable("traffic_day").execute();
  },
};
