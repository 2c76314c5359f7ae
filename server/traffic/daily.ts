// The traffic's days, in the one shape the summary adds up (docs/traffic.md, migration 0020): a
// day's figures made from its raw events (`rawFigures`), the same figures kept once the day is over
// (`rollUp`, into the traffic_day tables, two years), and the kept days' figures read back already
// added up by their keys (`keptFigures`). The summary reads each day from one of the two, and
// since a day rolled up is its raw figures written down, every figure is the same either way.
import { sql } from "kysely";
import { writeTransaction, type Db, type Queries } from "../db/index.ts";
import { WEB_VITALS, type WebVitalName } from "#app/lib/traffic.ts";
import { TRAFFIC_CONVERSIONS, type Conversion } from "#app/lib/ports/traffic.ts";
import type {
  TrafficDayConversionTable,
  TrafficDayEntryTable,
  TrafficDayLoadTable,
  TrafficDayNotFoundTable,
  TrafficDayPageTable,
  TrafficDaySourceTable,
  TrafficDayTable,
  TrafficDayVitalTable,
} from "./tables.ts";

/** The kinds counted as conversions, in the order the summary shows them. */
export const CONVERSIONS = Object.keys(TRAFFIC_CONVERSIONS) as Conversion[];

/** Days' figures: `days` one row a day; the others a row per key, per day or added up over days
 *  (the summary adds rows of the same key up either way). */
export type Figures = {
  days: TrafficDayTable[];
  pages: Omit<TrafficDayPageTable, "day">[];
  sources: Omit<TrafficDaySourceTable, "day">[];
  notFound: Omit<TrafficDayNotFoundTable, "day">[];
  entries: Omit<TrafficDayEntryTable, "day">[];
  conversions: Omit<TrafficDayConversionTable, "day">[];
  loads: Omit<TrafficDayLoadTable, "day">[];
  vitals: Omit<TrafficDayVitalTable, "day">[];
};

/** A day's figures as they are written (every row with its day). */
type DayRows = { [K in keyof Figures]: (Figures[K][number] & { day: string })[] };

const COLUMNS: Record<WebVitalName, "lcp" | "inp" | "cls" | "fcp" | "ttfb"> = {
  LCP: "lcp",
  INP: "inp",
  CLS: "cls",
  FCP: "fcp",
  TTFB: "ttfb",
};

/**
 * A metric's value rounded up to its resolution: times to 1 ms under a second, 10 ms under ten
 * (what the page shows: "2.41 s"), 100 ms beyond; CLS to 0.001. The percentiles are of these
 * values, raw or kept, so that days add up exactly; rounding up keeps every rating (the
 * thresholds are multiples of the resolution). The epsilon absorbs binary fractions (0.05 × 1000).
 */
export function binOf(name: WebVitalName, value: number) {
  if (name === "CLS") return Math.ceil(value * 1000 - 1e-6) / 1000;
  const step = value < 1000 ? 1 : value < 10_000 ? 10 : 100;
  return Math.ceil(value / step - 1e-6) * step;
}

/** The 75th percentile (nearest rank) of a histogram's values: what three in four page loads did
 *  at least as well as (Google's measure of a page's experience). */
export function p75Of(histogram: ReadonlyMap<number, number>) {
  const values = [...histogram].sort(([a], [b]) => a - b);
  const total = values.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return undefined;
  const rank = Math.ceil(total * 0.75);
  let seen = 0;
  for (const [value, n] of values) if ((seen += n) >= rank) return value;
  return undefined;
}

const n = (v: unknown) => Number(v ?? 0);
const none = (): DayRows => ({
  days: [],
  pages: [],
  sources: [],
  notFound: [],
  entries: [],
  conversions: [],
  loads: [],
  vitals: [],
});

/** The figures of `days` from their raw events, each row with its day. */
export async function rawFigures(k: Queries, days: readonly string[]): Promise<DayRows> {
  const out = none();
  if (days.length === 0) return out;
  const events = k.selectFrom("traffic_event").where("day", "in", days);
  const views = events.where("kind", "=", "view");
  const when = (condition: string) => sql<number>`sum(case when ${sql.raw(condition)} then 1 else 0 end)`;

  const totals = await events
    .select((eb) => [
      "day",
      when("kind = 'view'").as("views"),
      eb.fn
        .count<number>(sql`case when kind = 'view' then visitor end`)
        .distinct()
        .as("visitors"),
      when("kind = 'view' and visitor is null").as("untracked"),
      when("kind = 'error'").as("errors"),
      when("kind = 'view' and device = 'phone'").as("phone"),
      when("kind = 'view' and device = 'tablet'").as("tablet"),
      when("kind = 'view' and device = 'desktop'").as("desktop"),
    ])
    .groupBy("day")
    .execute();
  const day = new Map(
    days.map((d) => [
      d,
      {
        day: d,
        ...{ views: 0, visitors: 0, untracked: 0, errors: 0, phone: 0, tablet: 0, desktop: 0, loads: 0 },
        ...{ lcp: null, inp: null, cls: null, fcp: null, ttfb: null },
      } as TrafficDayTable,
    ]),
  );
  for (const t of totals)
    Object.assign(day.get(t.day)!, {
      views: n(t.views),
      visitors: n(t.visitors),
      untracked: n(t.untracked),
      errors: n(t.errors),
      phone: n(t.phone),
      tablet: n(t.tablet),
      desktop: n(t.desktop),
    });

  out.pages = (
    await views
      .select((eb) => [
        "day",
        "path",
        eb.fn.max("template").as("template"),
        eb.fn.countAll<number>().as("views"),
        eb.fn.count<number>("visitor").distinct().as("visitors"),
      ])
      .groupBy(["day", "path"])
      .execute()
  ).map((p) => ({
    day: p.day,
    path: p.path,
    template: String(p.template),
    views: n(p.views),
    visitors: n(p.visitors),
  }));
  out.sources = (
    await views
      .where((eb) => eb.or([eb("referrer", "is not", null), eb("utmSource", "is not", null)]))
      .select((eb) => [
        "day",
        "referrer",
        "utmSource",
        "utmMedium",
        "utmCampaign",
        eb.fn.countAll<number>().as("views"),
      ])
      .groupBy(["day", "referrer", "utmSource", "utmMedium", "utmCampaign"])
      .execute()
  ).map((s) => ({ ...s, views: n(s.views) }));
  out.notFound = (
    await events
      .where("kind", "=", "not-found")
      .select((eb) => ["day", "path", "referrer", eb.fn.countAll<number>().as("views")])
      .groupBy(["day", "path", "referrer"])
      .execute()
  ).map((r) => ({ ...r, views: n(r.views) }));

  // Each visit's entry: a visitor's first view of the day (their hash is the day's only); the
  // conversions made after it are its.
  const firstViews = await views
    .where("visitor", "is not", null)
    .select(["day", "visitor", "at", "path", "referrer", "utmSource"])
    .orderBy("at")
    .execute();
  const visits = new Map<string, { day: string; at: number; page: string; source: string }>();
  for (const v of firstViews) {
    const key = `${v.day} ${v.visitor}`;
    if (!visits.has(key))
      visits.set(key, {
        day: v.day,
        at: Number(v.at),
        page: v.path,
        source: v.utmSource ?? v.referrer ?? "direct",
      });
  }
  const entries = new Map<string, TrafficDayEntryTable>();
  for (const { day, page, source } of visits.values()) {
    const key = JSON.stringify([day, page, source]);
    const entry = entries.get(key) ?? { day, page, source, visits: 0 };
    entry.visits++;
    entries.set(key, entry);
  }
  out.entries = [...entries.values()];
  const converted = await events
    .where("kind", "in", CONVERSIONS)
    .select(["day", "visitor", "at", "kind"])
    .execute();
  const conversions = new Map<string, TrafficDayConversionTable>();
  for (const c of converted) {
    const found = c.visitor === null ? undefined : visits.get(`${c.day} ${c.visitor}`);
    const visit = found && found.at <= Number(c.at) ? found : undefined;
    const key = JSON.stringify([c.day, c.kind, visit?.page, visit?.source]);
    const row = conversions.get(key) ?? {
      day: c.day,
      kind: c.kind,
      page: visit?.page ?? null,
      source: visit?.source ?? null,
      conversions: 0,
    };
    row.conversions++;
    conversions.set(key, row);
  }
  out.conversions = [...conversions.values()];

  // Web Vitals: the loads and each metric's histogram by template and device, and the day's
  // 75th percentiles over every template.
  const measured = await k
    .selectFrom("traffic_vital")
    .where("day", "in", days)
    .select(["day", "template", "device", "lcp", "inp", "cls", "fcp", "ttfb"])
    .execute();
  const loads = new Map<string, TrafficDayLoadTable>();
  const vitals = new Map<string, TrafficDayVitalTable>();
  const daily = new Map<string, Map<number, number>>();
  for (const row of measured) {
    const key = JSON.stringify([row.day, row.template, row.device]);
    const load = loads.get(key) ?? { day: row.day, template: row.template, device: row.device, loads: 0 };
    load.loads++;
    loads.set(key, load);
    day.get(row.day)!.loads++;
    for (const metric of WEB_VITALS) {
      const measuredValue = row[COLUMNS[metric]];
      if (measuredValue === null || measuredValue === undefined) continue;
      const value = binOf(metric, Number(measuredValue));
      const vkey = JSON.stringify([row.day, row.template, row.device, metric, value]);
      const bin = vitals.get(vkey) ?? {
        day: row.day,
        template: row.template,
        device: row.device,
        metric,
        value,
        loads: 0,
      };
      bin.loads++;
      vitals.set(vkey, bin);
      const histogram = daily.get(`${row.day} ${metric}`) ?? new Map<number, number>();
      histogram.set(value, (histogram.get(value) ?? 0) + 1);
      daily.set(`${row.day} ${metric}`, histogram);
    }
  }
  out.loads = [...loads.values()];
  out.vitals = [...vitals.values()];
  for (const [d, row] of day)
    for (const metric of WEB_VITALS)
      row[COLUMNS[metric]] = p75Of(daily.get(`${d} ${metric}`) ?? new Map()) ?? null;
  out.days = [...day.values()];
  return out;
}

/** The kept figures of `days` (rolled up), added up by their keys: a row a day in `days`, and
 *  one row a key in each of the others, whatever the number of days. */
export async function keptFigures(k: Queries, days: readonly string[]): Promise<Figures> {
  if (days.length === 0) return none();
  const sum = (column: string) => sql<number>`sum(${sql.ref(column)})`;
  const counted = <T extends Record<string, unknown>>(rows: T[], ...columns: (keyof T)[]) =>
    rows.map((r) => ({ ...r, ...Object.fromEntries(columns.map((c) => [c, n(r[c])])) }));
  return {
    days: counted(
      await k.selectFrom("traffic_day").selectAll().where("day", "in", days).execute(),
      "views",
      "visitors",
      "untracked",
      "errors",
      "phone",
      "tablet",
      "desktop",
      "loads",
    ).map((d) => ({
      ...d,
      ...Object.fromEntries(
        WEB_VITALS.map((m) => [COLUMNS[m], d[COLUMNS[m]] === null ? null : Number(d[COLUMNS[m]])]),
      ),
    })),
    pages: counted(
      await k
        .selectFrom("traffic_day_page")
        .where("day", "in", days)
        .select(["path", "template", sum("views").as("views"), sum("visitors").as("visitors")])
        .groupBy(["path", "template"])
        .execute(),
      "views",
      "visitors",
    ),
    sources: counted(
      await k
        .selectFrom("traffic_day_source")
        .where("day", "in", days)
        .select(["referrer", "utmSource", "utmMedium", "utmCampaign", sum("views").as("views")])
        .groupBy(["referrer", "utmSource", "utmMedium", "utmCampaign"])
        .execute(),
      "views",
    ),
    notFound: counted(
      await k
        .selectFrom("traffic_day_not_found")
        .where("day", "in", days)
        .select(["path", "referrer", sum("views").as("views")])
        .groupBy(["path", "referrer"])
        .execute(),
      "views",
    ),
    entries: counted(
      await k
        .selectFrom("traffic_day_entry")
        .where("day", "in", days)
        .select(["page", "source", sum("visits").as("visits")])
        .groupBy(["page", "source"])
        .execute(),
      "visits",
    ),
    conversions: counted(
      await k
        .selectFrom("traffic_day_conversion")
        .where("day", "in", days)
        .select(["kind", "page", "source", sum("conversions").as("conversions")])
        .groupBy(["kind", "page", "source"])
        .execute(),
      "conversions",
    ),
    loads: counted(
      await k
        .selectFrom("traffic_day_load")
        .where("day", "in", days)
        .select(["template", "device", sum("loads").as("loads")])
        .groupBy(["template", "device"])
        .execute(),
      "loads",
    ),
    vitals: counted(
      await k
        .selectFrom("traffic_day_vital")
        .where("day", "in", days)
        .select(["template", "device", "metric", "value", sum("loads").as("loads")])
        .groupBy(["template", "device", "metric", "value"])
        .execute(),
      "value",
      "loads",
    ),
  };
}

/** The tables of a day's rows, each replaced as a whole when the day is rolled up. */
const DETAILS = {
  pages: "traffic_day_page",
  sources: "traffic_day_source",
  notFound: "traffic_day_not_found",
  entries: "traffic_day_entry",
  conversions: "traffic_day_conversion",
  loads: "traffic_day_load",
  vitals: "traffic_day_vital",
} as const satisfies Record<Exclude<keyof Figures, "days">, `traffic_day_${string}`>;

/** Rows a statement at most (SQLite's limit on a statement's parameters is far above). */
const BATCH = 500;

/**
 * Rolls `day` (over) up from its raw events: its row in traffic_day, written first (on
 * PostgreSQL its primary key makes a second instance rolling the same day up wait for the first
 * to commit; SQLite's transaction takes the write lock at once), then each table's rows of the
 * day deleted and written again, in one transaction. Run again, it writes the same rows.
 */
export async function rollUpDay(db: Db, day: string) {
  const figures = await rawFigures(db.kysely, [day]);
  const [totals] = figures.days;
  await writeTransaction(db, async (trx) => {
    const { day: _, ...values } = totals!;
    await trx
      .insertInto("traffic_day")
      .values(totals!)
      .onConflict((oc) => oc.column("day").doUpdateSet(values))
      .execute();
    for (const [name, table] of Object.entries(DETAILS) as [
      keyof typeof DETAILS,
      (typeof DETAILS)[keyof typeof DETAILS],
    ][]) {
      await trx.deleteFrom(table).where("day", "=", day).execute();
      const rows = figures[name];
      for (let i = 0; i < rows.length; i += BATCH)
        await trx
          .insertInto(table)
          .values(rows.slice(i, i + BATCH) as never)
          .execute();
    }
  });
}

/** Every day whose raw events are over (before `lastOver`, included) and not yet rolled up. */
export async function daysToRollUp(k: Queries, lastOver: string): Promise<string[]> {
  const rolled = k.selectFrom("traffic_day").select("day");
  const pending = await k
    .selectFrom("traffic_event")
    .select("day")
    .distinct()
    .where("day", "<=", lastOver)
    .where("day", "not in", rolled)
    .union(
      k
        .selectFrom("traffic_vital")
        .select("day")
        .distinct()
        .where("day", "<=", lastOver)
        .where("day", "not in", rolled),
    )
    .execute();
  return pending.map((r) => r.day).sort();
}

/** Deletes the kept days before `first` (the aggregates' two years); resolves with how many. */
export async function forgetDaysBefore(db: Db, first: string) {
  return writeTransaction(db, async (trx) => {
    for (const table of Object.values(DETAILS))
      await trx.deleteFrom(table).where("day", "<", first).execute();
    const days = await trx.deleteFrom("traffic_day").where("day", "<", first).executeTakeFirst();
    return Number(days.numDeletedRows);
  });
}
