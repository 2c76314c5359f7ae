// The console's view of the traffic counted without cookies (server/traffic/, docs/traffic.md):
// the figures of the Traffic page (/admin/traffic) and its CSV downloads (/admin/traffic.csv).
import type { WebVitalName } from "../traffic.ts";

/** The spans the Traffic page offers, in days to today (Lagos time); 7 unless another is asked. */
export const TRAFFIC_SPANS = [7, 30, 90] as const;
export type TrafficSpan = (typeof TRAFFIC_SPANS)[number];

/** The span a `?days=` value asks for: one of TRAFFIC_SPANS, anything else 7. */
export const spanOf = (value: string | null): TrafficSpan =>
  TRAFFIC_SPANS.find((d) => String(d) === value) ?? 7;

/** The tables the CSV download offers, one a file (`?table=`). */
export const TRAFFIC_TABLES = [
  "daily",
  "pages",
  "referrers",
  "campaigns",
  "not-found",
  "devices",
  "conversions",
  "entries",
  "vitals",
  "vitals-daily",
] as const;
export type TrafficTable = (typeof TRAFFIC_TABLES)[number];

/** The table a `?table=` value names, or null for any other value (the download refuses it). */
export const tableOf = (value: string | null): TrafficTable | null =>
  value === null ? "daily" : (TRAFFIC_TABLES.find((t) => t === value) ?? null);

/** The figures of a span of days (server/traffic/summary.ts makes them; the server's type must
 *  stay assignable to this one: server/traffic/console.ts's createTrafficConsole is where the compiler checks it). */
export type TrafficSummary = {
  /** The first and last day counted ("2026-11-01"), Lagos time. */
  from: string;
  to: string;
  views: number;
  /** Distinct visitors a day, added up over the days (a visitor is known for one day only). */
  visitors: number;
  /** Views of visitors who asked not to be tracked (Sec-GPC): in `views`, in no visitor count. */
  untracked: number;
  /** Only the days with a view (the page fills the others with zeros: `everyDay`). */
  daily: { day: string; views: number; visitors: number }[];
  pages: { path: string; template: string; views: number; visitors: number }[];
  referrers: { referrer: string; views: number }[];
  campaigns: { source: string; medium: string | null; campaign: string | null; views: number }[];
  notFound: { path: string; referrer: string | null; views: number }[];
  errors: number;
  devices: Record<"phone" | "tablet" | "desktop", number>;
  /** The forms that did what they are for, by kind (TRAFFIC_CONVERSIONS' names). */
  conversions: { kind: Conversion; count: number }[];
  /** The visits by their entry page and source (the campaign's tag, else the referrer's domain,
   *  else "direct"), with the conversions they led to; the ten with most visits. */
  entries: { page: string; source: string; visits: number; conversions: number }[];
  /** Real-user Web Vitals: the 75th percentile of each metric per template and kind of device
   *  (the page loads that reported it: `samples`), the busiest first. */
  vitals: { template: string; device: string; samples: number; p75: Partial<Record<WebVitalName, number>> }[];
  /** The same a day, all templates together: the trend. */
  vitalsDaily: { day: string; samples: number; p75: Partial<Record<WebVitalName, number>> }[];
};

/** The kinds of conversion (a form that did what it is for), each with what the page and the CSV
 *  call it: the one list of them. The server counts, rolls up and reports these kinds, in this
 *  order (server/traffic/), and its types come from here. */
export const TRAFFIC_CONVERSIONS = {
  contact: "Contact messages",
  newsletter: "Newsletter sign-ups",
  "newsletter-confirmed": "Newsletter sign-ups confirmed",
  comment: "Comments",
} as const;

/** A form that did what it is for: a contact message, a newsletter sign-up and its confirmation,
 *  a comment. */
export type Conversion = keyof typeof TRAFFIC_CONVERSIONS;

/** A conversion rate as the page and the CSV write it: "12.5 %". */
export const rateOf = (conversions: number, visits: number) =>
  visits === 0 ? "—" : `${((100 * conversions) / visits).toFixed(1)} %`;

/** Every day from `from` to `to`, with its figures or zeros (a chart has a bar a day). */
export function everyDay(s: Pick<TrafficSummary, "from" | "to" | "daily">): TrafficSummary["daily"] {
  const known = new Map(s.daily.map((d) => [d.day, d]));
  const days: TrafficSummary["daily"] = [];
  for (let t = Date.parse(`${s.from}T00:00:00Z`); t <= Date.parse(`${s.to}T00:00:00Z`); t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    days.push(known.get(day) ?? { day, views: 0, visitors: 0 });
  }
  return days;
}

/** What the console asks of the traffic. Every member may read it; it names no one. */
export type TrafficPort = {
  summary(days: TrafficSpan): Promise<TrafficSummary>;
  /** One table of the span as CSV (server/csv.ts: every cell quoted, formulas neutralised). */
  csv(days: TrafficSpan, table: TrafficTable): Promise<string>;
};
