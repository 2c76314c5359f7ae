// The console's Traffic page (app/routes/admin/traffic.tsx): the figures of the last 7, 30 or 90
// days as server/traffic/ sums them, and each of its tables as CSV (server/csv.ts: every cell
// quoted, a formula's start neutralised: a referrer or a UTM tag is whatever a stranger sent).
// The figures name no one (docs/traffic.md): every member may read and download them.
import {
  everyDay,
  rateOf,
  TRAFFIC_CONVERSIONS,
  type TrafficPort,
  type TrafficSummary,
  type TrafficTable,
} from "#app/lib/ports/traffic.ts";
import { WEB_VITALS } from "#app/lib/traffic.ts";
import { toCsv } from "../csv.ts";
import type { TrafficService } from "./index.ts";

const n = (v: number) => String(v);
/** A metric's value in its unit (ms; CLS a score to three places), or nothing when not measured. */
const vital = (v: number | undefined) => (v === undefined ? "" : String(Math.round(v * 1000) / 1000));

/** One table of the summary as rows, the header first (the page's columns, the CSV's). */
export function trafficRows(s: TrafficSummary, table: TrafficTable): string[][] {
  switch (table) {
    case "daily":
      return [["Day", "Views", "Visitors"], ...everyDay(s).map((d) => [d.day, n(d.views), n(d.visitors)])];
    case "pages":
      return [
        ["Page", "Template", "Views", "Visitors"],
        ...s.pages.map((p) => [p.path, p.template, n(p.views), n(p.visitors)]),
      ];
    case "referrers":
      return [["Site", "Views"], ...s.referrers.map((r) => [r.referrer, n(r.views)])];
    case "campaigns":
      return [
        ["Source", "Medium", "Campaign", "Views"],
        ...s.campaigns.map((c) => [c.source, c.medium ?? "", c.campaign ?? "", n(c.views)]),
      ];
    case "not-found":
      return [
        ["Page", "Linked from", "Times"],
        ...s.notFound.map((r) => [r.path, r.referrer ?? "", n(r.views)]),
      ];
    case "devices":
      return [
        ["Device", "Views"],
        ...(["phone", "tablet", "desktop"] as const).map((d) => [d, n(s.devices[d])]),
      ];
    case "conversions":
      return [
        ["Conversion", "Count"],
        ...s.conversions.map((c) => [TRAFFIC_CONVERSIONS[c.kind], n(c.count)]),
      ];
    case "vitals":
      return [
        ["Template", "Device", "Page loads", ...WEB_VITALS.map((m) => `${m} p75`)],
        ...s.vitals.map((v) => [
          v.template,
          v.device,
          n(v.samples),
          ...WEB_VITALS.map((m) => vital(v.p75[m])),
        ]),
      ];
    case "vitals-daily":
      return [
        ["Day", "Page loads", ...WEB_VITALS.map((m) => `${m} p75`)],
        ...s.vitalsDaily.map((v) => [v.day, n(v.samples), ...WEB_VITALS.map((m) => vital(v.p75[m]))]),
      ];
    case "entries":
      return [
        ["Entry page", "Source", "Visits", "Conversions", "Rate"],
        ...s.entries.map((e) => [
          e.page,
          e.source,
          n(e.visits),
          n(e.conversions),
          rateOf(e.conversions, e.visits),
        ]),
      ];
  }
}

export function createTrafficConsole(traffic: Pick<TrafficService, "summary">): TrafficPort {
  return {
    // The server's summary type must stay assignable to the console's (an added figure is fine):
    // the compiler checks it here.
    summary: (days) => traffic.summary(days),
    csv: async (days, table) => toCsv(trafficRows(await traffic.summary(days), table)),
  };
}
