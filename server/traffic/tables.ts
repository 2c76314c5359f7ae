// What visitors do, counted without cookies (migration 0017, docs/traffic.md).

/** A page seen, a page missing, a server error, or a conversion (a form that did what it is for). */
export type TrafficKind =
  "view" | "not-found" | "error" | "contact" | "newsletter" | "newsletter-confirmed" | "comment";

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
