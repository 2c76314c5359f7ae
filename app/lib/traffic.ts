// The page views a visitor's browser reports after the first (the server counts that one as it
// answers it: server/traffic/, docs/traffic.md): where they are sent, and what they hold.

/** Where the browser sends a navigation's view (navigator.sendBeacon, text/plain JSON). */
export const TRAFFIC_BEACON_PATH = "/api/traffic";
/** The largest beacon accepted: `{"p":"/path?query","w":390}` is tens of bytes. */
export const TRAFFIC_BEACON_MAX_BYTES = 1024;

/** One navigation's view: the path with its query (for the campaign's tags; the query is not
 *  kept), and the viewport's width in CSS pixels (the kind of device). */
export type TrafficBeacon = { p: string; w: number };

/** The kind of device a viewport's width makes (the site's own breakpoints: md 768, lg 1024). */
export const deviceOfWidth = (width: number) => (width < 768 ? "phone" : width < 1024 ? "tablet" : "desktop");
