// @vitest-environment node
// What a stranger can send the traffic's count (issue 45), on both databases: control characters
// and bidirectional overrides in a page view's or a report's path and tags are never kept; a
// report with Web Vitals no browser could measure is refused and none of it kept; the reports'
// limit per address is one for every instance (the forms' limiter, in the database), and without
// that limiter each instance still limits its own.
import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { TRAFFIC_BEACON_PATH } from "#app/lib/traffic.ts";
import type { Db } from "../db/index.ts";
import { deferrals, freshDb, testDatabases } from "../db/testing/databases.ts";
import { createForms } from "../forms/index.ts";
import { createTrafficService, type TrafficService } from "./index.ts";

const databases = await testDatabases("Traffic's beacon");
const defer = deferrals();
const SECRET = "beacon-test-secret-0123456789-abcdefghij";
/** 2026-11-27, 10:00 in Lagos. */
const T0 = Date.UTC(2026, 10, 27, 9);
const ANDROID =
  "Mozilla/5.0 (Linux; Android 13; SM-A146B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";

/** Every character no visitor's text may keep: C0, DEL, C1, bidirectional marks and overrides. */
const UNSHOWABLE = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]/u;
/** A terminal's title set (OSC 0 … BEL), its screen cleared (CSI 2J), a line overwritten (CR),
 *  and text shown backwards (RLO), percent-encoded as a link carries them. */
const HOSTILE = {
  source: "%1B%5D0%3Bpwned%07%1B%5B2Jgoogle",
  medium: "%E2%80%AEliame%E2%80%AC%0Dcpc",
  campaign: "%C2%9B31m%E2%81%A6x%E2%81%A9%E2%80%8F%E2%80%8E%7F",
};
const HOSTILE_QUERY = `utm_source=${HOSTILE.source}&utm_medium=${HOSTILE.medium}&utm_campaign=${HOSTILE.campaign}`;

/** The count on `db` (no timer, no housekeeping), its router served on a port of its own. */
async function serve(db: Db, options: Partial<Parameters<typeof createTrafficService>[0]> = {}) {
  const traffic = createTrafficService({
    db,
    trustProxy: false,
    now: () => T0,
    flushMs: 60_000,
    housekeeping: false,
    ...options,
  });
  defer(() => traffic.close());
  const server = express().use(traffic.router).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  defer(() => new Promise((resolve) => server.close(resolve)));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** A browser's report from this site's page. */
  const report = async (body: unknown, headers: Record<string, string> = {}) =>
    (
      await fetch(base + TRAFFIC_BEACON_PATH, {
        method: "POST",
        headers: {
          "user-agent": ANDROID,
          "content-type": "text/plain;charset=UTF-8",
          "sec-fetch-site": "same-origin",
          ...headers,
        },
        body: JSON.stringify(body),
      })
    ).status;
  return { traffic, report };
}

/** The shared limiter as server/services.ts gives it: the forms' guard's, in the database. */
const formsLimiter = (db: Db) =>
  createForms({ db, secret: SECRET, minSubmitMs: 0, trustProxy: false, now: () => T0 }).guard.limiter;

/** A browser's request for a page, as the fast path hands it on. */
function visit(traffic: TrafficService, url: string) {
  const req = {
    method: "GET",
    url,
    headers: { host: "techspark.ng", "user-agent": ANDROID, "sec-fetch-dest": "document" },
    socket: { remoteAddress: "102.89.1.10" },
  } as unknown as IncomingMessage;
  if (traffic.observer.wants(req)) traffic.observer.seen(req, 200, "home");
}

for (const database of databases) {
  describe(`the traffic's beacon on ${database.name}`, () => {
    async function start() {
      const fresh = await freshDb(database);
      defer(fresh.cleanup);
      return fresh.db;
    }
    const events = (db: Db) =>
      db.kysely
        .selectFrom("traffic_event")
        .select(["kind", "path", "referrer", "utmSource", "utmMedium", "utmCampaign"])
        .orderBy("at")
        .execute();

    it("keeps no control character nor bidirectional override of a page view, a report or a conversion", async () => {
      const db = await start();
      const { traffic, report } = await serve(db);
      visit(traffic, `/services/%1B%5B2J%E2%80%AE?${HOSTILE_QUERY}`);
      expect(await report({ p: `/faq%07?${HOSTILE_QUERY}`, w: 390 })).toBe(204);
      traffic.convert("contact", {
        headers: new Headers({
          host: "techspark.ng",
          referer: "https://techspark.ng/contact-us\u001b[2J",
          "user-agent": ANDROID,
        }),
        ip: "102.89.1.10",
      });
      await traffic.flush();
      const rows = await events(db);
      expect(rows).toHaveLength(3);
      for (const row of rows)
        for (const value of Object.values(row)) expect(value ?? "").not.toMatch(UNSHOWABLE);
      // What is left of the tags is their printable text; a path keeps its escapes as text.
      expect(rows[0]).toMatchObject({
        utmSource: "]0;pwned[2Jgoogle",
        utmMedium: "liamecpc",
        utmCampaign: "31mx",
      });
      expect(rows[1]).toMatchObject({ kind: "view", utmSource: "]0;pwned[2Jgoogle" });
      // A tag made of nothing else is none.
      visit(traffic, "/?utm_source=%1B%07%E2%80%AE");
      await traffic.flush();
      expect((await events(db)).at(-1)).toMatchObject({ utmSource: null });
    });

    it("refuses a report of Web Vitals no browser could measure, and keeps none of it", async () => {
      const db = await start();
      const { traffic, report } = await serve(db);
      const vitals = () => db.kysely.selectFrom("traffic_vital").select(["lcp", "cls", "inp"]).execute();
      for (const v of [
        { LCP: 600_000, CLS: 0.05 },
        { LCP: 1200, CLS: 100 },
        { LCP: 60_001 },
        { INP: 60_001 },
        { FCP: 60_001 },
        { TTFB: 60_001 },
        { CLS: 10.001 },
        { INP: -1 },
      ])
        expect(await report({ p: "/pricing", w: 390, v }), JSON.stringify(v)).toBe(400);
      await traffic.flush();
      expect(await vitals()).toEqual([]);
      expect((await traffic.summary(1)).vitals).toEqual([]);
      // At the edges: kept.
      expect(await report({ p: "/pricing", w: 390, v: { LCP: 60_000, CLS: 10, INP: 0 } })).toBe(204);
      await traffic.flush();
      expect(await vitals()).toEqual([{ lcp: 60_000, cls: 10, inp: 0 }]);
    });

    it("limits one address's reports once for every instance, with the forms' limiter in the database", async () => {
      const db = await start();
      const [a, b] = [
        await serve(db, { beaconsPerMinute: 3, limiter: formsLimiter(db) }),
        await serve(db, { beaconsPerMinute: 3, limiter: formsLimiter(db) }),
      ];
      // What counts nothing (a bot's report, the console's page) costs nothing of the limit.
      expect(await a.report({ p: "/team", w: 1280 }, { "user-agent": "curl/8.5.0" })).toBe(204);
      expect(await b.report({ p: "/admin/traffic", w: 1280 })).toBe(204);
      const statuses = [];
      for (const instance of [a, b, a, b, a]) statuses.push(await instance.report({ p: "/team", w: 1280 }));
      // Three in all, whichever instance answered; each instance alone would have taken three.
      expect(statuses).toEqual([204, 204, 204, 429, 429]);
      await a.traffic.flush();
      await b.traffic.flush();
      expect((await a.traffic.summary(1)).views).toBe(3);
      // Counted in the forms' table, under a keyed hash: no address kept.
      const limits = await db.kysely.selectFrom("rate_limit").select(["key", "hourCount"]).execute();
      expect(limits).toEqual([{ key: expect.stringMatching(/^traffic-beacon:[0-9a-f]+$/), hourCount: 3 }]);
    });

    it("without the forms' limiter, still limits each instance's reports in memory", async () => {
      const db = await start();
      const { report } = await serve(db, { beaconsPerMinute: 2 });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push(await report({ p: "/team", w: 1280 }));
      expect(statuses).toEqual([204, 204, 429]);
    });
  });
}
