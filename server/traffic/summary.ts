// The figures of a span of days, read from the raw events (server/traffic/): views and visitors
// per day, the pages most seen, where visits came from, the campaigns, the missing pages with
// the sites that link to them, and the devices. The console's Traffic page and
// `npm run traffic -- summary` show the same.
import { sql } from "kysely";
import type { Db } from "../db/index.ts";
import type { TrafficSummary } from "#app/lib/ports/traffic.ts";
import { WEB_VITALS, type WebVitalName } from "#app/lib/traffic.ts";
import type { TrafficDevice } from "./tables.ts";

export type { TrafficSummary };

const CONVERSIONS = ["contact", "newsletter", "newsletter-confirmed", "comment"] as const;

const TOP = 10;

const COLUMNS: Record<WebVitalName, "lcp" | "inp" | "cls" | "fcp" | "ttfb"> = {
  LCP: "lcp",
  INP: "inp",
  CLS: "cls",
  FCP: "fcp",
  TTFB: "ttfb",
};

/** The 75th percentile (nearest rank) of each metric the rows measured: what three in four page
 *  loads did at least as well as (Google's measure of a page's experience). */
function p75Of(rows: readonly Partial<Record<"lcp" | "inp" | "cls" | "fcp" | "ttfb", number | null>>[]) {
  const p75: Partial<Record<WebVitalName, number>> = {};
  for (const name of WEB_VITALS) {
    const values = rows
      .map((r) => r[COLUMNS[name]])
      .filter((v): v is number => v !== null && v !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
    if (values.length > 0) p75[name] = values[Math.ceil(values.length * 0.75) - 1]!;
  }
  return p75;
}

export async function summarize(
  db: Db,
  days: number,
  dayOf: (at: number) => string,
  at: number,
): Promise<TrafficSummary> {
  const k = db.kysely;
  const to = dayOf(at);
  const from = dayOf(at - (days - 1) * 86_400_000);
  const inSpan = k.selectFrom("traffic_event").where("day", ">=", from).where("day", "<=", to);
  const views = inSpan.where("kind", "=", "view");
  const n = (v: unknown) => Number(v ?? 0);

  const daily = await views
    .select((eb) => [
      "day",
      eb.fn.countAll<number>().as("views"),
      eb.fn.count<number>("visitor").distinct().as("visitors"),
    ])
    .groupBy("day")
    .orderBy("day")
    .execute();
  const totals = await views
    .select((eb) => [
      eb.fn.countAll<number>().as("views"),
      eb.fn.sum<number>(sql<number>`case when visitor is null then 1 else 0 end`).as("untracked"),
    ])
    .executeTakeFirstOrThrow();
  const pages = await views
    .select((eb) => [
      "path",
      eb.fn.max("template").as("template"),
      eb.fn.countAll<number>().as("views"),
      eb.fn
        .count<number>(sql`${sql.ref("day")} || ${sql.ref("visitor")}`)
        .distinct()
        .as("visitors"),
    ])
    .groupBy("path")
    .orderBy("views", "desc")
    .orderBy("path")
    .limit(TOP)
    .execute();
  const referrers = await views
    .where("referrer", "is not", null)
    .select((eb) => ["referrer", eb.fn.countAll<number>().as("views")])
    .groupBy("referrer")
    .orderBy("views", "desc")
    .orderBy("referrer")
    .limit(TOP)
    .execute();
  const campaigns = await views
    .where("utmSource", "is not", null)
    .select((eb) => ["utmSource", "utmMedium", "utmCampaign", eb.fn.countAll<number>().as("views")])
    .groupBy(["utmSource", "utmMedium", "utmCampaign"])
    .orderBy("views", "desc")
    .orderBy("utmSource")
    .limit(TOP)
    .execute();
  const notFound = await inSpan
    .where("kind", "=", "not-found")
    .select((eb) => ["path", "referrer", eb.fn.countAll<number>().as("views")])
    .groupBy(["path", "referrer"])
    .orderBy("views", "desc")
    .orderBy("path")
    .limit(TOP)
    .execute();
  const errors = await inSpan
    .where("kind", "=", "error")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const devices: Record<TrafficDevice, number> = { phone: 0, tablet: 0, desktop: 0 };
  for (const row of await views
    .select((eb) => ["device", eb.fn.countAll<number>().as("views")])
    .groupBy("device")
    .execute())
    devices[row.device] = n(row.views);

  // Each visit's entry: a visitor's first view of the day (their hash is the day's only).
  const firstViews = await views
    .where("visitor", "is not", null)
    .select(["day", "visitor", "at", "path", "referrer", "utmSource"])
    .orderBy("at")
    .execute();
  const visits = new Map<string, { at: number; page: string; source: string }>();
  for (const v of firstViews) {
    const key = `${v.day} ${v.visitor}`;
    if (!visits.has(key))
      visits.set(key, { at: Number(v.at), page: v.path, source: v.utmSource ?? v.referrer ?? "direct" });
  }
  const converted = await inSpan
    .where("kind", "in", CONVERSIONS)
    .select(["day", "visitor", "at", "kind"])
    .execute();
  const conversions = new Map<string, number>();
  const byEntry = new Map<string, { page: string; source: string; visits: number; conversions: number }>();
  const entryOf = (visit: { page: string; source: string }) => {
    const key = `${visit.page} ${visit.source}`;
    let entry = byEntry.get(key);
    if (!entry)
      byEntry.set(key, (entry = { page: visit.page, source: visit.source, visits: 0, conversions: 0 }));
    return entry;
  };
  for (const visit of visits.values()) entryOf(visit).visits++;
  for (const c of converted) {
    conversions.set(c.kind, (conversions.get(c.kind) ?? 0) + 1);
    const visit = c.visitor === null ? undefined : visits.get(`${c.day} ${c.visitor}`);
    if (visit && visit.at <= Number(c.at)) entryOf(visit).conversions++;
  }

  // Web Vitals: each metric's 75th percentile per template and device, and per day.
  const measured = await k
    .selectFrom("traffic_vital")
    .where("day", ">=", from)
    .where("day", "<=", to)
    .select(["day", "template", "device", "lcp", "inp", "cls", "fcp", "ttfb"])
    .execute();
  const vitalsBy = (key: (row: (typeof measured)[number]) => string) => {
    const groups = new Map<string, typeof measured>();
    for (const row of measured) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
    return [...groups].map(([name, rows]) => ({ name, rows, samples: rows.length, p75: p75Of(rows) }));
  };

  return {
    from,
    to,
    views: n(totals.views),
    visitors: daily.reduce((sum, d) => sum + n(d.visitors), 0),
    untracked: n(totals.untracked),
    daily: daily.map((d) => ({ day: d.day, views: n(d.views), visitors: n(d.visitors) })),
    pages: pages.map((p) => ({
      path: p.path,
      template: String(p.template),
      views: n(p.views),
      visitors: n(p.visitors),
    })),
    referrers: referrers.map((r) => ({ referrer: r.referrer!, views: n(r.views) })),
    campaigns: campaigns.map((c) => ({
      source: c.utmSource!,
      medium: c.utmMedium,
      campaign: c.utmCampaign,
      views: n(c.views),
    })),
    notFound: notFound.map((r) => ({ path: r.path, referrer: r.referrer, views: n(r.views) })),
    errors: n(errors.n),
    devices,
    conversions: CONVERSIONS.filter((kind) => conversions.has(kind)).map((kind) => ({
      kind,
      count: conversions.get(kind)!,
    })),
    vitals: vitalsBy((r) => `${r.template} ${r.device}`)
      .map(({ rows, samples, p75 }) => ({
        template: rows[0]!.template,
        device: rows[0]!.device,
        samples,
        p75,
      }))
      .sort(
        (a, b) =>
          b.samples - a.samples || a.template.localeCompare(b.template) || a.device.localeCompare(b.device),
      ),
    vitalsDaily: vitalsBy((r) => r.day)
      .map(({ name, samples, p75 }) => ({ day: name, samples, p75 }))
      .sort((a, b) => a.day.localeCompare(b.day)),
    entries: [...byEntry.values()]
      .sort((a, b) => b.visits - a.visits || b.conversions - a.conversions || a.page.localeCompare(b.page))
      .slice(0, TOP),
  };
}
