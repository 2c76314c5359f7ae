// /sw.js: the site's service worker (app/service-worker/sw.ts, built by scripts/postbuild.ts), or
// with SERVICE_WORKER=off the worker that undoes it. Answered from memory by the fast path.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { securityHeaderList } from "./security.ts";
import { storeAnswer, type Stored } from "./stored.ts";

export const SERVICE_WORKER_PATH = "/sw.js";

/**
 * The kill switch's worker: it takes over at once, deletes every cache of the site's origin (all
 * of them the worker's) and the expiration records Serwist keeps beside them, and unregisters
 * itself. Open pages are not reloaded (a visitor may be writing in one): from their next load
 * on, nothing stands between the browser and the server. The pages keep asking for /sw.js, so
 * this is what a phone that held the worker gets as soon as it opens a page of the site.
 */
export const KILL_SWITCH_WORKER = `// SERVICE_WORKER=off: this site's service worker is switched off. It removes itself.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) await caches.delete(name);
      indexedDB.deleteDatabase("serwist-expiration");
      await self.registration.unregister();
    })(),
  );
});
`;

/**
 * A worker's script is fetched again by the browser at least once a day and whenever a page
 * registers it; `no-cache` makes every fetch a revalidation (by ETag), so a new deploy's worker
 * or the kill switch is seen on the next visit, never a day later. Its CSP confines what the
 * worker itself may fetch to the site's origin.
 */
export const SERVICE_WORKER_HEADERS = [
  "Content-Type",
  "text/javascript; charset=utf-8",
  "Cache-Control",
  "no-cache",
  "Content-Security-Policy",
  "default-src 'self'",
];

/** The answer for /sw.js: the built worker, or the kill switch's (`on` false). Undefined when the
 *  build has no worker (then /sw.js is a 404, and the pages' registration fails quietly). */
export function serviceWorkerAnswer(clientDir: string, on: boolean): Stored | undefined {
  const headers = [...securityHeaderList(), ...SERVICE_WORKER_HEADERS];
  if (!on) {
    const identity = Buffer.from(KILL_SWITCH_WORKER);
    return storeAnswer({ identity, br: brotliCompressSync(identity), gzip: gzipSync(identity) }, headers);
  }
  const file = path.join(clientDir, "sw.js");
  if (!existsSync(file)) return undefined;
  const read = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : undefined);
  return storeAnswer({ identity: readFileSync(file), br: read(".br"), gzip: read(".gz") }, headers);
}
