// The page views a visitor's browser reports after the first (the server counts that one as it
// answers it: server/traffic/, docs/traffic.md): where they are sent, and what they hold.

/** Where the browser sends a navigation's view (navigator.sendBeacon, text/plain JSON). */
export const TRAFFIC_BEACON_PATH = "/api/traffic";
/** The largest beacon accepted: `{"p":"/path?query","w":390}` is tens of bytes. */
export const TRAFFIC_BEACON_MAX_BYTES = 1024;

/** The real-user Web Vitals the site measures (Google's `web-vitals`), in its units: ms, and
 *  CLS a score. */
export const WEB_VITALS = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;
export type WebVitalName = (typeof WEB_VITALS)[number];

/** Google's thresholds (web.dev/articles/vitals): good up to the first, poor above the second. */
export const WEB_VITAL_THRESHOLDS: Record<WebVitalName, readonly [good: number, poor: number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
};

/** The largest value a browser's report of each metric may hold (the least is 0): what a page
 *  load can measure, by the metrics' definitions (docs/traffic.md "Real-user Web Vitals"). A
 *  report with a value beyond is refused whole, and none of it is kept. TTFB, FCP and LCP are
 *  times from the navigation's start to an event of the load, INP one interaction's time to its
 *  next paint: a minute each (a server or proxy that has not answered in a minute has timed out,
 *  and a page that has painted nothing or frozen for a minute has been left). CLS adds up the
 *  layout shifts of one session window of at most 5 s, each shift at most 1 (the whole viewport
 *  moved its whole height): 10 is ten such shifts within 5 s, far past "poor" (0.25). */
export const WEB_VITAL_MAX: Record<WebVitalName, number> = {
  LCP: 60_000,
  INP: 60_000,
  CLS: 10,
  FCP: 60_000,
  TTFB: 60_000,
};

/** A metric's value as people read it: "2.41 s", "180 ms", "0.05". */
export const vitalText = (name: WebVitalName, value: number) =>
  name === "CLS"
    ? value.toFixed(2)
    : value >= 1000
      ? `${(value / 1000).toFixed(2)} s`
      : `${Math.round(value)} ms`;

/** How a value rates against its metric's thresholds. */
export const ratingOf = (name: WebVitalName, value: number) => {
  const [good, poor] = WEB_VITAL_THRESHOLDS[name];
  return value <= good ? "good" : value <= poor ? "needs improvement" : "poor";
};

/** One navigation's view: the path with its query (for the campaign's tags; the query is not
 *  kept), and the viewport's width in CSS pixels (the kind of device). With `v`, not a view but
 *  the Web Vitals of the page load that began on `p`, sent once when the page was hidden. */
export type TrafficBeacon = { p: string; w: number; v?: Partial<Record<WebVitalName, number>> };

/** The kind of device a viewport's width makes (the site's own breakpoints: md 768, lg 1024). */
export const deviceOfWidth = (width: number) => (width < 768 ? "phone" : width < 1024 ? "tablet" : "desktop");
