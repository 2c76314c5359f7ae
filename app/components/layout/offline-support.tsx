import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { OFFLINE_MARK_ID } from "#app/service-worker/offline-copy.ts";

/**
 * The service worker (app/service-worker/sw.ts, docs/offline.md), registered once the page has
 * loaded and the browser is idle (after the first paint, like every script: decision 007), never
 * from the console; nothing where the browser has no service workers.
 *
 * - The page this worker did not see load (the first visit: the worker was not there yet) is
 *   handed to it with the files it loaded, which come from the browser's cache: a first visit is
 *   kept like any other, at no extra cost.
 * - Offline, a link loads its page as a document, which the worker answers from what this phone
 *   holds (a client navigation would ask the server for data and routes it cannot reach).
 * - A page shown from this phone's copy is marked "You are offline" by the worker; the mark goes
 *   when the visitor moves to another page, which then came from the network.
 */
export function OfflineSupport() {
  const { key } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else document.getElementById(OFFLINE_MARK_ID)?.remove();
  }, [key]);

  // The root's: mounted once for the page's life, so its listeners need no removing.
  useEffect(() => {
    const workers = navigator.serviceWorker;
    if (!workers || location.pathname.startsWith("/admin")) return;
    addEventListener(
      "click",
      (event) => {
        if (!navigator.onLine && (event.target as Element | null)?.closest?.("a[href]"))
          event.stopPropagation();
      },
      true,
    );
    const register = async () => {
      await workers.register("/sw.js");
      if (workers.controller) return;
      // The files this page loaded that the worker keeps (scripts, stylesheet, fonts, pictures),
      // by their path (the site loads nothing from another origin): never a video, which the
      // worker does not keep, nor a request for data.
      const files = performance
        .getEntriesByType("resource")
        .map((entry) => entry.name)
        .filter((name) => /^\/(assets|img|media\/u)\//.test(new URL(name).pathname));
      (await workers.ready).active?.postMessage({
        type: "CACHE_URLS",
        payload: { urlsToCache: [[location.href, { headers: { Accept: "text/html" } }], ...files] },
      });
    };
    // Refused (a private window, storage switched off): the site works as it did without it.
    const idle = () => (window.requestIdleCallback ?? setTimeout)(() => void register().catch(() => {}));
    if (document.readyState === "complete") idle();
    else addEventListener("load", idle, { once: true });
  }, []);
  return null;
}
