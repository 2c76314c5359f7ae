// What visitors do, counted without cookies (migrations 0017, 0018; the daily aggregates 0020; docs/traffic.md).
import type { Conversion } from "#app/lib/ports/traffic.ts";

/** A page seen, a page missing, a server error, or a conversion (a form that did what it is for). */
export type TrafficKind = "view" | "not-found" | "error" | Conversion;

export type TrafficDevice = "phone" | "tablet" | "desktop";

export type TrafficEventTable = {
  id: string;
  at: number;
  /** The day in Lagos time (WAT), "2026-11-27". */
  day: string;
  kind: TrafficKind;
  path: string;
  template: string;
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  device: TrafficDevice;
  /** The day's keyed hash of the visitor; null for a visitor who asked not to be tracked. */
  visitor: string | null;
};

export type TrafficSaltTable = { day: string; salt: string };

/** A page load's real-user Web Vitals (migration 0018): ms, CLS a score; null when not measured. */
export type TrafficVitalTable = {
  id: string;
  at: number;
  day: string;
  template: string;
  device: TrafficDevice;
  lcp: number | null;
  inp: number | null;
  cls: number | null;
  fcp: number | null;
  ttfb: number | null;
};

declare module "../db/schema.ts" {
  interface Database {
    traffic_event: TrafficEventTable;
    traffic_salt: TrafficSaltTable;
    traffic_vital: TrafficVitalTable;
  }
}

/** A day rolled up (migration 0020): its totals, and each Web Vital's 75th percentile over every
 *  template (null when no load measured it). Its row is the mark that the day is rolled up. */
export type TrafficDayTable = {
  day: string;
  views: number;
  visitors: number;
  untracked: number;
  errors: number;
  phone: number;
  tablet: number;
  desktop: number;
  /** Page loads that reported Web Vitals. */
  loads: number;
  lcp: number | null;
  inp: number | null;
  cls: number | null;
  fcp: number | null;
  ttfb: number | null;
};
export type TrafficDayPageTable = {
  day: string;
  path: string;
  template: string;
  views: number;
  visitors: number;
};
export type TrafficDaySourceTable = {
  day: string;
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  views: number;
};
export type TrafficDayNotFoundTable = { day: string; path: string; referrer: string | null; views: number };
export type TrafficDayEntryTable = { day: string; page: string; source: string; visits: number };
/** Conversions of a kind, by the entry page and source of their visit (null: attributed to none). */
export type TrafficDayConversionTable = {
  day: string;
  kind: string;
  page: string | null;
  source: string | null;
  conversions: number;
};
export type TrafficDayLoadTable = { day: string; template: string; device: TrafficDevice; loads: number };
/** How many loads of a template and device measured a metric's value (rounded up to its resolution). */
export type TrafficDayVitalTable = {
  day: string;
  template: string;
  device: TrafficDevice;
  metric: string;
  value: number;
  loads: number;
};

declare module "../db/schema.ts" {
  interface Database {
    traffic_day: TrafficDayTable;
    traffic_day_page: TrafficDayPageTable;
    traffic_day_source: TrafficDaySourceTable;
    traffic_day_not_found: TrafficDayNotFoundTable;
    traffic_day_entry: TrafficDayEntryTable;
    traffic_day_conversion: TrafficDayConversionTable;
    traffic_day_load: TrafficDayLoadTable;
    traffic_day_vital: TrafficDayVitalTable;
  }
}
