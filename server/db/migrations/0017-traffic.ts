// What visitors do, counted without cookies (issue 30): one row per page view, missing page,
// server error or conversion, kept 30 days (docs/traffic.md). A visitor is a keyed hash of their
// address and browser with the day's salt, which is kept apart (traffic_salt) and deleted once
// its day is over: nothing here names a person, and two days' hashes of one visitor differ.
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("traffic_event")
      .addColumn("id", "text", (c) => c.primaryKey())
      // When (ms) and its day in Lagos time (WAT, "2026-11-27"): the figures are per day.
      .addColumn("at", "bigint", (c) => c.notNull())
      .addColumn("day", "text", (c) => c.notNull())
      // 'view', 'not-found', 'error', or a conversion: 'contact', 'newsletter', 'newsletter-confirmed', 'comment'.
      .addColumn("kind", "text", (c) => c.notNull())
      // The page's path (no query), and its template (the registry's kind of page).
      .addColumn("path", "text", (c) => c.notNull())
      .addColumn("template", "text", (c) => c.notNull())
      // Where the visit came from: another site's domain, and the campaign's UTM tags.
      .addColumn("referrer", "text")
      .addColumn("utm_source", "text")
      .addColumn("utm_medium", "text")
      .addColumn("utm_campaign", "text")
      // 'phone', 'tablet' or 'desktop'.
      .addColumn("device", "text", (c) => c.notNull())
      // The day's keyed hash of the visitor; null when they asked not to be tracked (Sec-GPC: 1).
      .addColumn("visitor", "text")
      .execute();
    await db.schema.createIndex("traffic_event_day").on("traffic_event").columns(["day", "kind"]).execute();
    await db.schema
      .createIndex("traffic_event_visitor")
      .on("traffic_event")
      .columns(["day", "visitor", "at"])
      .execute();
    // The day's salt, shared by every instance (one visitor, one hash whichever answers), and
    // deleted with its day: the hashes cannot be made again, even by us.
    await db.schema
      .createTable("traffic_salt")
      .addColumn("day", "text", (c) => c.primaryKey())
      .addColumn("salt", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("traffic_salt").execute();
    await db.schema.dropTable("traffic_event").execute();
  },
};
