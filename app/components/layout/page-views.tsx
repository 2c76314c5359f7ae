import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { TRAFFIC_BEACON_PATH, type TrafficBeacon } from "#app/lib/traffic.ts";

/**
 * Reports each page a visitor moves to within the site after the first (the server counted that
 * one as it answered it: docs/traffic.md), once: the path and the viewport's width, by
 * `navigator.sendBeacon` (it needs no answer and outlives the page). No cookie, no storage; the
 * console's pages are not counted.
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
    const beacon: TrafficBeacon = { p: at, w: window.innerWidth };
    navigator.sendBeacon?.(TRAFFIC_BEACON_PATH, JSON.stringify(beacon));
  }, [pathname, search]);
  return null;
}
