import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { TRAFFIC_BEACON_PATH, type TrafficBeacon, type WebVitalName } from "#app/lib/traffic.ts";

const report = (beacon: TrafficBeacon) => navigator.sendBeacon?.(TRAFFIC_BEACON_PATH, JSON.stringify(beacon));

/**
 * Reports each page a visitor moves to within the site after the first (the server counted that
 * one as it answered it: docs/traffic.md), once: the path and the viewport's width, by
 * `navigator.sendBeacon` (it needs no answer and outlives the page). And the page load's
 * real-user Web Vitals: Google's `web-vitals`, loaded once the page is idle (never before the
 * first paint), each metric's last value sent once when the page is hidden. No cookie, no
 * storage; the console's pages are not counted.
 */
export function PageViews() {
  const { pathname, search } = useLocation();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const at = pathname + search;
    const first = shown.current === null;
    if (shown.current === at) return;
    shown.current = at;
    if (first || pathname.startsWith("/admin")) return;
    report({ p: at, w: window.innerWidth });
  }, [pathname, search]);

  useEffect(() => {
    const page = location.pathname + location.search;
    if (page.startsWith("/admin")) return;
    const metrics: Partial<Record<WebVitalName, number>> = {};
    let sent = false;
    // Hidden (another tab, the phone locked) or left (`pagehide`: hidden or not by then).
    const send = (left = false) => {
      if (sent || (!left && document.visibilityState !== "hidden") || Object.keys(metrics).length === 0)
        return;
      sent = true;
      report({ p: page, w: window.innerWidth, v: metrics });
    };
    const idle = window.requestIdleCallback?.bind(window) ?? ((run: () => void) => setTimeout(run, 200));
    idle(() => {
      void import("web-vitals").then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
        const keep = ({ name, value }: { name: WebVitalName; value: number }) => void (metrics[name] = value);
        for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on(keep);
        // After the library's own listeners: CLS, INP and LCP are final when these run.
        addEventListener("visibilitychange", () => send());
        addEventListener("pagehide", () => send(true));
      });
    });
  }, []);
  return null;
}
