import { useSyncExternalStore } from "react";

// Media and page state as React values. On the server (and during hydration) they report the
// cautious answer (reduced motion, page hidden), so nothing moves before JavaScript knows
// what the visitor prefers.

const reducedMotionQuery = "(prefers-reduced-motion: reduce)";

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** True when the visitor asked for less motion (and always on the server). */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(reducedMotionQuery).matches,
    () => true,
  );
}

function subscribeVisibility(onChange: () => void) {
  document.addEventListener("visibilitychange", onChange);
  return () => document.removeEventListener("visibilitychange", onChange);
}

/** True while the tab is visible (false on the server). */
export function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState === "visible",
    () => false,
  );
}

/**
 * True when the visitor's browser asks to save data: `navigator.connection.saveData` is true
 * exactly when Chromium sends `Save-Data: on` (Data Saver, Lite mode, many mobile data plans);
 * `prefers-reduced-data` is the same wish as a media query.
 */
export function prefersSavedData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true || window.matchMedia("(prefers-reduced-data: reduce)").matches;
}

const noSubscription = () => () => {};

/** False in the server's HTML and during hydration, true once the page is interactive. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
