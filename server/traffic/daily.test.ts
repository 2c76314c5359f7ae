// @vitest-environment node
// The traffic's daily aggregates on both databases (./daily.ts, ./index.ts): every figure of a
// summary is the same before and after its days are rolled up and their raw events deleted; a
// roll-up run again, or by two instances at once, writes the same rows; aggregates go after two
// years; and the raw events of a day that could not be rolled up are never deleted.
import { describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../db/index.ts";
import { deferrals, freshDb, testDatabases } from "../db/testing/databases.ts";
import type { LogEntry } from "#app/lib/log.server.ts";
import { binOf, rollUpDay } from "./daily.ts";
import { createTrafficService, dayOf, KEPT_DAYS } from "./index.ts";
import type { TrafficEventTable, TrafficKind, TrafficVitalTable } from "./tables.ts";

const databases = await testDatabases("Traffic's daily aggregates");
const defer = deferrals();
const DAY = 86_400_000;
/** 2026-11-27, 10:00 in Lagos. */
const T0 = Date.UTC(2026, 10, 27, 9);

const TABLES = [
  "traffic_day",
  "traffic_day_page",
  "traffic_day_source",
  "traffic_day_not_found",
  "traffic_day_entry",
  "traffic_day_conversion",
  "traffic_day_load",
  "traffic_day_vital",
] as const;

/** A small site's four days: visitors entering from search, a campaign and nowhere, moving on,
 *  some converting (one before entering: attributed to nothing), a missing page linked from a
 *  forum, errors, a visitor who asked not to be tracked, and Web Vitals spread over the days so
 *  that their percentiles need the days' values together. */
function fourDays(): { events: TrafficEventTable[]; vitals: TrafficVitalTable[] } {
  const events: TrafficEventTable[] = [];
  const vitals: TrafficVitalTable[] = [];
  let id = 0;
  const event = (
    at: number,
    kind: TrafficKind,
    path: string,
    visitor: string | null,
    more: Partial<TrafficEventTable> = {},
  ) =>
    events.push({
      id: `e${++id}`,
      at,
      day: dayOf(at),
      kind,
      path,
      template: path === "/" ? "home" : (path.split("/")[1] ?? path),
      referrer: null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      device: "phone",
      visitor,
      ...more,
    });
  for (let d = 3; d >= 0; d--) {
    const t = T0 - d * DAY;
    for (let v = 0; v < 6 + d; v++) {
      const who = `v${d}-${v}`;
      const from =
        v % 3 === 0
          ? { referrer: "google.com" }
          : v % 3 === 1
            ? {
                utmSource: "whatsapp",
                utmMedium: v % 2 ? "social" : null,
                utmCampaign: d % 2 ? "harmattan" : null,
              }
            : {};
      event(t + v * 60_000, "view", v % 2 ? "/services" : "/", who, {
        ...from,
        device: v % 4 ? "phone" : "desktop",
      });
      event(t + v * 60_000 + 1_000, "view", `/blog-single/${v % 3}`, who, {
        device: v % 4 ? "phone" : "desktop",
      });
      if (v % 4 === 1) event(t + v * 60_000 + 2_000, "contact", "/contact-us", who);
    }
    event(t + 3_600_000, "newsletter", "(unknown)", `v${d}-0`);
    // A conversion by a visitor not seen that day, and one before its visitor's first view.
    event(t + 3_600_000, "comment", "/blog-single/1", "someone-else");
    event(t - 60_000, "newsletter-confirmed", "/", `v${d}-2`);
    event(t + 7_000, "view", "/pricing", null, { device: "tablet" });
    event(t + 8_000, "not-found", "/old-page", null, { referrer: d % 2 ? "nairaland.com" : null });
    if (d !== 2) event(t + 9_000, "error", "/contact-us", `v${d}-1`);
    for (let i = 0; i < 5 + d; i++)
      vitals.push({
        id: `w${++id}`,
        at: t + i * 1_000,
        day: dayOf(t),
        template: i % 2 ? "home" : "services",
        device: i % 3 ? "phone" : "desktop",
        lcp: 1_200 + 700 * d + 137.4 * i,
        inp: i % 2 ? null : 90 + 40 * d + 11.6 * i,
        cls: (d + i) / 40,
        fcp: 800 + 30 * i,
        ttfb: i === 4 ? null : 100 + 55.5 * d,
      });
  }
  return { events, vitals };
}

async function insert(db: Db, { events, vitals }: ReturnType<typeof fourDays>) {
  await db.kysely.insertInto("traffic_event").values(events).execute();
  await db.kysely.insertInto("traffic_vital").values(vitals).execute();
}

/** Every row of the aggregates, in one order. */
async function aggregates(db: Db) {
  const all: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const rows = await db.kysely.selectFrom(table).selectAll().execute();
    all[table] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return all;
}

const rawDays = async (db: Db) =>
  (await db.kysely.selectFrom("traffic_event").select("day").distinct().orderBy("day").execute()).map(
    (r) => r.day,
  );

for (const database of databases) {
  describe(`traffic's daily aggregates on ${database.name}`, () => {
    async function start() {
      const fresh = await freshDb(database);
      defer(fresh.cleanup);
      return fresh;
    }
    function serve(db: Db, logger?: (entry: LogEntry) => void) {
      const traffic = createTrafficService({
        db,
        trustProxy: false,
        now: () => T0,
        housekeeping: false,
        logger,
      });
      defer(() => traffic.close());
      return traffic;
    }

    it("gives every figure of 1, 7, 30 and 90 days the same before and after its days are rolled up and their raw events deleted", async () => {
      const { db } = await start();
      await insert(db, fourDays());
      const traffic = serve(db, () => {});
      const spans = [1, 2, 7, 30, 90];
      const before = await Promise.all(spans.map((days) => traffic.summary(days, T0)));
      // The figures are the days' and their percentiles need every day's values.
      expect(before[3]).toMatchObject({ views: 4 * 2 * 6 + 2 * (3 + 2 + 1) + 4, untracked: 4, errors: 3 });
      // Two contact messages and a sign-up a day after entering; the others attributed to no visit.
      expect(before[3]!.entries.reduce((sum, e) => sum + e.conversions, 0)).toBe(12);
      expect(before[3]!.conversions).toEqual([
        { kind: "contact", count: 8 },
        { kind: "newsletter", count: 4 },
        { kind: "newsletter-confirmed", count: 4 },
        { kind: "comment", count: 4 },
      ]);
      expect(before[3]!.vitals.length).toBe(4);

      // Today is not over: the three days before are rolled up, and today stays raw.
      expect(await traffic.rollUp(T0)).toEqual([dayOf(T0 - 3 * DAY), dayOf(T0 - 2 * DAY), dayOf(T0 - DAY)]);
      for (const [i, days] of spans.entries())
        expect(await traffic.summary(days, T0), `${days} days`).toEqual(before[i]);

      // 40 days later every day is rolled up and its raw events are gone: the figures are the kept ones.
      await traffic.prune(T0 + 40 * DAY);
      expect(await rawDays(db)).toEqual([]);
      expect(await db.kysely.selectFrom("traffic_vital").select("id").execute()).toEqual([]);
      for (const [i, days] of spans.entries())
        expect(await traffic.summary(days, T0), `${days} days`).toEqual(before[i]);
      // And read 40 days later, the 90 days hold the same four days.
      const later = await traffic.summary(90, T0 + 40 * DAY);
      expect(later.daily).toEqual(before[4]!.daily);
      expect(later.vitals).toEqual(before[4]!.vitals);
    });

    it("rolls a day up to the same rows when run again, and when two instances roll it up at once", async () => {
      const { db, location } = await start();
      await insert(db, fourDays());
      const other = await openDatabase(location);
      defer(() => other.close());
      const [a, b] = [serve(db), serve(other)];
      await Promise.all([a.rollUp(T0), b.rollUp(T0), a.rollUp(T0)]);
      const once = await aggregates(db);
      expect(once.traffic_day).toHaveLength(3);
      expect(once.traffic_day_page!.length).toBeGreaterThan(3);
      // Again, by both instances and at once, each day: not a row more, not a figure changed.
      for (const day of [3, 2, 1].map((d) => dayOf(T0 - d * DAY)))
        await Promise.all([rollUpDay(db, day), rollUpDay(other, day), rollUpDay(db, day)]);
      expect(await aggregates(db)).toEqual(once);
      // Nothing kept names anyone: no visitor hash.
      expect(JSON.stringify(once)).not.toMatch(/v\d-\d/);
    });

    it("keeps aggregates two years, from the first day of a 730-day span", async () => {
      const { db } = await start();
      await insert(db, fourDays());
      const traffic = serve(db, () => {});
      const first = dayOf(T0 - 3 * DAY);
      const kept = async () =>
        (await db.kysely.selectFrom("traffic_day").select("day").orderBy("day").execute()).map((r) => r.day);
      await traffic.prune(T0 + 40 * DAY);
      expect(await kept()).toEqual([3, 2, 1, 0].map((d) => dayOf(T0 - d * DAY)));
      // The last day the first one is still in a 730-day span, then the day after.
      const lastSeen = T0 - 3 * DAY + (KEPT_DAYS - 1) * DAY;
      await traffic.prune(lastSeen);
      expect((await kept())[0]).toBe(first);
      expect((await traffic.summary(KEPT_DAYS, lastSeen)).daily[0]!.day).toBe(first);
      await traffic.prune(lastSeen + DAY);
      expect((await kept())[0]).toBe(dayOf(T0 - 2 * DAY));
      for (const table of TABLES.slice(1))
        expect(
          await db.kysely.selectFrom(table).select("day").where("day", "=", first).execute(),
          table,
        ).toEqual([]);
    });

    it("never deletes the raw events of a day that could not be rolled up", async () => {
      const { db } = await start();
      await insert(db, fourDays());
      // A database that refuses the roll-up (as one out of space would).
      const refusing: Db = {
        ...db,
        kysely: db.kysely.withPlugin({
          transformQuery: (args) => {
            if (
              args.node.kind === "InsertQueryNode" &&
              JSON.stringify(args.node.into).includes("traffic_day")
            )
              throw new Error("disk full");
            return args.node;
          },
          transformResult: async (args) => args.result,
        }),
      };
      const logged: LogEntry[] = [];
      const broken = serve(refusing, (entry) => logged.push(entry));
      const before = await broken.summary(7, T0);
      expect(await broken.prune(T0 + 40 * DAY)).toMatchObject({ events: 0 });
      expect(logged.filter((e) => e.msg === "traffic.roll-up-failed")).toHaveLength(4);
      expect(await rawDays(db)).toEqual([3, 2, 1, 0].map((d) => dayOf(T0 - d * DAY)));
      expect(await broken.summary(7, T0)).toEqual(before);
      // Once the roll-up works again, the days are rolled up, then their raw events go.
      const traffic = serve(db, () => {});
      expect((await traffic.prune(T0 + 40 * DAY)).events).toBeGreaterThan(0);
      expect(await rawDays(db)).toEqual([]);
      expect(await traffic.summary(7, T0)).toEqual(before);
    });
  });
}

describe("a Web Vital's value as kept", () => {
  it("is rounded up to its resolution, keeping every rating and the values people read", () => {
    expect([0.05, 0.1, 0.30000000000000004, 0.1001].map((v) => binOf("CLS", v))).toEqual([
      0.05, 0.1, 0.3, 0.101,
    ]);
    expect([180, 199.2, 2500, 2500.4, 2413.7, 12_345].map((v) => binOf("LCP", v))).toEqual([
      180, 200, 2500, 2510, 2420, 12_400,
    ]);
  });
});
