// The figures of a span of days: views and visitors per day, the pages most seen, where visits
// came from, the campaigns, the missing pages with the sites that link to them, the devices, the
// conversions by entry page and source, and the Web Vitals. Each day is read from its aggregates
// once it is rolled up (./daily.ts, kept two years), else from its raw events (today, and a day not
// yet rolled up): the same figures either way, added up here. The console's Traffic page and
// `npm run traffic -- summary` show them.
import type { Db } from "../db/index.ts";
import type { TrafficSummary } from "#app/lib/ports/traffic.ts";
import { WEB_VITALS, type WebVitalName } from "#app/lib/traffic.ts";
import { CONVERSIONS, keptFigures, p75Of, rawFigures, type Figures } from "./daily.ts";
import type { TrafficDevice } from "./tables.ts";

export type { TrafficSummary };

const TOP = 10;
const DAY = 86_400_000;

const COLUMNS = { LCP: "lcp", INP: "inp", CLS: "cls", FCP: "fcp", TTFB: "ttfb" } as const;

/** Text in the order SQL's default collation on SQLite gives (code units), null first. */
const byText = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1;

/** Rows of the same key added up (`add` adds a row into the first of its key). */
function merge<T>(rows: Iterable<T>, keyOf: (row: T) => unknown[], add: (into: T, row: T) => void): T[] {
  const merged = new Map<string, T>();
  for (const row of rows) {
    const key = JSON.stringify(keyOf(row));
    const into = merged.get(key);
    if (into) add(into, row);
    else merged.set(key, { ...row });
  }
  return [...merged.values()];
}

export async function summarize(
  db: Db,
  days: number,
  dayOf: (at: number) => string,
  at: number,
): Promise<TrafficSummary> {
  const k = db.kysely;
  const span = Array.from({ length: days }, (_, i) => dayOf(at - (days - 1 - i) * DAY));
  const from = span[0]!;
  const to = span.at(-1)!;
  // Which days are rolled up, read once: each day is then read from one place only.
  const rolled = new Set(
    (
      await k
        .selectFrom("traffic_day")
        .select("day")
        .where("day", ">=", from)
        .where("day", "<=", to)
        .execute()
    ).map((r) => r.day),
  );
  const kept = await keptFigures(
    k,
    span.filter((d) => rolled.has(d)),
  );
  const raw = await rawFigures(
    k,
    span.filter((d) => !rolled.has(d)),
  );
  return { from, to, ...addUp([kept, raw]) };
}

/** The summary's figures of days' figures, wherever each came from. */
function addUp(parts: Figures[]): Omit<TrafficSummary, "from" | "to"> {
  const all = <K extends keyof Figures>(key: K) => parts.flatMap((p) => p[key] as unknown[]) as Figures[K];
  const daysRows = all("days").sort((a, b) => byText(a.day, b.day));
  const total = (column: "views" | "visitors" | "untracked" | "errors") =>
    daysRows.reduce((sum, d) => sum + d[column], 0);
  const devices: Record<TrafficDevice, number> = { phone: 0, tablet: 0, desktop: 0 };
  for (const d of daysRows)
    for (const device of ["phone", "tablet", "desktop"] as const) devices[device] += d[device];

  const pages = merge(
    all("pages"),
    (p) => [p.path],
    (into, p) => {
      into.views += p.views;
      into.visitors += p.visitors;
      if (p.template > into.template) into.template = p.template;
    },
  );
  const sources = all("sources");
  const referrers = merge(
    sources.filter((s) => s.referrer !== null).map((s) => ({ referrer: s.referrer!, views: s.views })),
    (r) => [r.referrer],
    (into, r) => void (into.views += r.views),
  );
  const campaigns = merge(
    sources
      .filter((s) => s.utmSource !== null)
      .map((s) => ({ source: s.utmSource!, medium: s.utmMedium, campaign: s.utmCampaign, views: s.views })),
    (c) => [c.source, c.medium, c.campaign],
    (into, c) => void (into.views += c.views),
  );
  const notFound = merge(
    all("notFound"),
    (r) => [r.path, r.referrer],
    (into, r) => void (into.views += r.views),
  );

  const entries = merge(
    [
      ...all("entries").map((e) => ({ page: e.page, source: e.source, visits: e.visits, conversions: 0 })),
      ...all("conversions")
        .filter((c) => c.page !== null)
        .map((c) => ({ page: c.page!, source: c.source!, visits: 0, conversions: c.conversions })),
    ],
    (e) => [e.page, e.source],
    (into, e) => {
      into.visits += e.visits;
      into.conversions += e.conversions;
    },
  );
  const conversions = new Map<string, number>();
  for (const c of all("conversions")) conversions.set(c.kind, (conversions.get(c.kind) ?? 0) + c.conversions);

  // Web Vitals: each metric's histogram per template and device added up over the days.
  const histograms = new Map<string, Map<number, number>>();
  for (const v of all("vitals")) {
    const key = JSON.stringify([v.template, v.device, v.metric]);
    const histogram = histograms.get(key) ?? new Map<number, number>();
    histogram.set(v.value, (histogram.get(v.value) ?? 0) + v.loads);
    histograms.set(key, histogram);
  }
  const vitals = merge(
    all("loads"),
    (l) => [l.template, l.device],
    (into, l) => void (into.loads += l.loads),
  ).map((l) => {
    const p75: Partial<Record<WebVitalName, number>> = {};
    for (const metric of WEB_VITALS) {
      const value = p75Of(histograms.get(JSON.stringify([l.template, l.device, metric])) ?? new Map());
      if (value !== undefined) p75[metric] = value;
    }
    return { template: l.template, device: l.device, samples: l.loads, p75 };
  });

  return {
    views: total("views"),
    visitors: total("visitors"),
    untracked: total("untracked"),
    daily: daysRows
      .filter((d) => d.views > 0)
      .map((d) => ({ day: d.day, views: d.views, visitors: d.visitors })),
    pages: pages
      .sort((a, b) => b.views - a.views || byText(a.path, b.path))
      .slice(0, TOP)
      .map(({ path, template, views, visitors }) => ({ path, template, views, visitors })),
    referrers: referrers.sort((a, b) => b.views - a.views || byText(a.referrer, b.referrer)).slice(0, TOP),
    campaigns: campaigns
      .sort(
        (a, b) =>
          b.views - a.views ||
          byText(a.source, b.source) ||
          byText(a.medium, b.medium) ||
          byText(a.campaign, b.campaign),
      )
      .slice(0, TOP),
    notFound: notFound
      .sort((a, b) => b.views - a.views || byText(a.path, b.path) || byText(a.referrer, b.referrer))
      .slice(0, TOP)
      .map(({ path, referrer, views }) => ({ path, referrer, views })),
    errors: total("errors"),
    devices,
    conversions: CONVERSIONS.filter((kind) => conversions.has(kind)).map((kind) => ({
      kind,
      count: conversions.get(kind)!,
    })),
    vitals: vitals.sort(
      (a, b) =>
        b.samples - a.samples || a.template.localeCompare(b.template) || a.device.localeCompare(b.device),
    ),
    vitalsDaily: daysRows
      .filter((d) => d.loads > 0)
      .map((d) => {
        const p75: Partial<Record<WebVitalName, number>> = {};
        for (const metric of WEB_VITALS) {
          const value = d[COLUMNS[metric]];
          if (value !== null) p75[metric] = value;
        }
        return { day: d.day, samples: d.loads, p75 };
      }),
    entries: entries
      .sort(
        (a, b) =>
          b.visits - a.visits ||
          b.conversions - a.conversions ||
          a.page.localeCompare(b.page) ||
          a.source.localeCompare(b.source),
      )
      .slice(0, TOP),
  };
}
