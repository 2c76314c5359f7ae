// The traffic summary's time (issue 30, docs/traffic.md "What is kept"): the 90 days' figures read
// from raw events against the same days rolled up into the daily aggregates. Fills a database
// with N days of a realistic site (2,000 views a day by 800 visitors over 60 pages, referrers,
// campaigns, missing pages, errors, conversions, 1,200 page loads' Web Vitals), times the summary
// with every day raw, rolls the days up, and times it again (today stays raw, as on a live site).
//
//   node scripts/bench-traffic.ts [--days 30] [--views 2000] [--runs 5] [--database-url postgres://…]
// PostgreSQL: the URL of an empty database (migrated here).
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase, type Db } from "../server/db/index.ts";
import { createTrafficService, dayOf } from "../server/traffic/index.ts";
import { summarize } from "../server/traffic/summary.ts";
import type { TrafficEventTable, TrafficVitalTable } from "../server/traffic/tables.ts";

const { values } = parseArgs({
  options: {
    days: { type: "string", default: "30" },
    views: { type: "string", default: "2000" },
    runs: { type: "string", default: "5" },
    "database-url": { type: "string" },
  },
});
const days = Number(values.days);
const perDay = Number(values.views);
const runs = Number(values.runs);
const DAY = 86_400_000;
const now = Date.now();

/** One day's events and vitals, as a site of that size makes them. */
function dayOfSite(start: number) {
  const events: TrafficEventTable[] = [];
  const vitals: TrafficVitalTable[] = [];
  const visitors = Math.round(perDay / 2.5);
  const base = {
    day: dayOf(start),
    ...{ referrer: null, utmSource: null, utmMedium: null, utmCampaign: null },
  };
  for (let i = 0; i < perDay; i++) {
    const visitor = i % visitors;
    const page = (i * 7) % 60;
    events.push({
      ...base,
      id: randomUUID(),
      at: start + i * 40_000,
      kind: "view",
      path: `/page-${page}`,
      template: `template-${page % 12}`,
      referrer: i < visitors && visitor % 3 === 0 ? `site-${visitor % 40}.ng` : null,
      utmSource: i < visitors && visitor % 5 === 1 ? `source-${visitor % 6}` : null,
      utmMedium: i < visitors && visitor % 5 === 1 ? "social" : null,
      utmCampaign: i < visitors && visitor % 10 === 1 ? `campaign-${visitor % 4}` : null,
      device: (["phone", "phone", "tablet", "desktop"] as const)[visitor % 4]!,
      visitor: visitor % 50 === 0 ? null : `visitor-${visitor}-${base.day}`,
    });
  }
  for (let i = 0; i < perDay / 100; i++) {
    const extra = {
      ...base,
      id: randomUUID(),
      at: start + i * 60_000,
      template: "x",
      device: "phone",
    } as const;
    events.push({
      ...extra,
      kind: "not-found",
      path: `/gone-${i % 7}`,
      referrer: `forum-${i % 3}.ng`,
      visitor: null,
    });
    events.push({
      ...extra,
      id: randomUUID(),
      kind: "contact",
      path: "/contact-us",
      visitor: `visitor-${i * 13}-${base.day}`,
    });
  }
  for (let i = 0; i < perDay * 0.6; i++)
    vitals.push({
      id: randomUUID(),
      at: start + i * 60_000,
      day: base.day,
      template: `template-${i % 12}`,
      device: (["phone", "tablet", "desktop"] as const)[i % 3]!,
      lcp: 900 + ((i * 37) % 4_000) + 0.4,
      inp: i % 3 ? null : 40 + ((i * 11) % 600),
      cls: ((i * 7) % 40) / 100,
      fcp: 600 + ((i * 23) % 2_500),
      ttfb: 80 + ((i * 19) % 1_500),
    });
  return { events, vitals };
}

async function fill(db: Db) {
  for (let d = days - 1; d >= 0; d--) {
    // From the day's midnight in Lagos (UTC+1): today is raw, as on a live site.
    const { events, vitals } = dayOfSite(Date.parse(`${dayOf(now - d * DAY)}T00:00:00+01:00`));
    for (let i = 0; i < events.length; i += 500)
      await db.kysely
        .insertInto("traffic_event")
        .values(events.slice(i, i + 500))
        .execute();
    for (let i = 0; i < vitals.length; i += 500)
      await db.kysely
        .insertInto("traffic_vital")
        .values(vitals.slice(i, i + 500))
        .execute();
  }
}

/** The median of `runs` summaries of 90 days, in ms. */
async function timed(db: Db) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await summarize(db, 90, dayOf, now);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

const work = mkdtempSync(path.join(tmpdir(), "bench-traffic-"));
const db = await openDatabase({ dataDir: work, databaseUrl: values["database-url"] });
try {
  await fill(db);
  const raw = await timed(db);
  const before = await summarize(db, 90, dayOf, now);
  const traffic = createTrafficService({ db, trustProxy: false, now: () => now, housekeeping: false });
  const started = performance.now();
  const rolled = await traffic.rollUp(now);
  const rollUp = performance.now() - started;
  await traffic.close();
  const kept = await timed(db);
  const same = JSON.stringify(await summarize(db, 90, dayOf, now)) === JSON.stringify(before);
  console.log(
    `${db.dialect}: ${days} days of ${perDay} views (${before.views} views, ${before.visitors} visitors). ` +
      `90-day summary, median of ${runs}: from raw events ${raw.toFixed(0)} ms, ` +
      `from the aggregates (${rolled.length} days rolled up, today raw) ${kept.toFixed(0)} ms; ` +
      `rolling the days up took ${rollUp.toFixed(0)} ms; the same figures: ${same ? "yes" : "NO"}.`,
  );
} finally {
  await db.close();
  rmSync(work, { recursive: true, force: true });
}
