// @vitest-environment node
// The traffic's count on both databases (./index.ts): events wait in memory and are written in
// batches; a visitor is one hash a day, the same whichever instance answers, another the next
// day, none for a visitor who asked not to be tracked; raw events go after 30 days and salts after
// their day; the summary's figures are what was sent.
import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import type { Db } from "../db/index.ts";
import { deferrals, freshDb, testDatabases } from "../db/testing/databases.ts";
import { createTrafficService, dayOf, type TrafficService } from "./index.ts";

const databases = await testDatabases("Traffic");
const defer = deferrals();
const DAY = 86_400_000;
/** 2026-11-27, 10:00 in Lagos. */
const T0 = Date.UTC(2026, 10, 27, 9);

const ANDROID =
  "Mozilla/5.0 (Linux; Android 13; SM-A146B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";

/** A browser's request for a page, from `address`. */
function request(url: string, address = "102.89.1.10", headers: Record<string, string> = {}) {
  return {
    method: "GET",
    url,
    headers: { host: "techspark.ng", "user-agent": ANDROID, "sec-fetch-dest": "document", ...headers },
    socket: { remoteAddress: address },
  } as unknown as IncomingMessage;
}

/** The count on `db` at `now`, written when flushed (no timer, no housekeeping), closed after the test. */
function serve(db: Db, now: () => number) {
  const traffic = createTrafficService({ db, trustProxy: false, now, flushMs: 60_000, housekeeping: false });
  defer(() => traffic.close());
  return traffic;
}

/** A request as the fast path hands it on: asked first whether it is wanted, then told. */
function visit(traffic: TrafficService, req: IncomingMessage, status: number, template: string) {
  if (traffic.observer.wants(req)) traffic.observer.seen(req, status, template);
}

function counted(db: Db) {
  const seen = { inserts: 0 };
  const kysely = db.kysely.withPlugin({
    transformQuery: (args) => {
      if (args.node.kind === "InsertQueryNode") seen.inserts++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  return { db: { ...db, kysely }, seen };
}

for (const database of databases) {
  describe(`traffic on ${database.name}`, () => {
    async function start() {
      const fresh = await freshDb(database);
      defer(fresh.cleanup);
      return fresh.db;
    }

    it("writes what it counts in batches, off the request path", async () => {
      const { db, seen } = counted(await start());
      const traffic = serve(db, () => T0);
      for (let i = 0; i < 1_200; i++) visit(traffic, request(`/blog-single/${i % 16}`), 200, "blog");
      await traffic.flush();
      // 1,200 events in three writes of at most 500, and the day's salt once.
      expect(seen.inserts).toBe(3 + 1);
      const rows = await db.kysely
        .selectFrom("traffic_event")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(rows.n)).toBe(1_200);
    });

    it("knows a visitor by one hash a day on every instance, another the next day, and none when asked not to", async () => {
      const db = await start();
      let now = T0;
      const [a, b] = [0, 1].map(() => serve(db, () => now));
      const at = (t: number) => (now = t);
      at(T0);
      visit(a!, request("/"), 200, "home");
      at(T0 + 1);
      visit(b!, request("/services"), 200, "services");
      at(T0 + 2);
      visit(a!, request("/", "102.89.1.11"), 200, "home");
      at(T0 + 3);
      visit(a!, request("/", "102.89.1.12", { "sec-gpc": "1" }), 200, "home");
      await a!.flush();
      await b!.flush();
      at(T0 + DAY);
      visit(b!, request("/"), 200, "home");
      await b!.flush();
      const rows = await db.kysely
        .selectFrom("traffic_event")
        .select(["day", "visitor"])
        .orderBy("at")
        .execute();
      const [one, sameOnB, other, untracked, nextDay] = rows.map((r) => r.visitor);
      expect(one).toMatch(/^[\w-]{16}$/);
      // The same visitor on two instances: one hash; another visitor, another.
      expect(sameOnB).toBe(one);
      expect(other).not.toBe(one);
      expect(untracked).toBeNull();
      // The next day the same visitor is someone new: nothing ties the two days together.
      expect(rows[4]!.day).not.toBe(rows[0]!.day);
      expect(nextDay).toMatch(/^[\w-]{16}$/);
      expect(nextDay).not.toBe(one);
      // Nothing kept names the address or the browser.
      const all = JSON.stringify(await db.kysely.selectFrom("traffic_event").selectAll().execute());
      expect(all).not.toContain("102.89");
      expect(all).not.toContain("Android");
    });

    it("deletes raw events after 30 days and salts after their day", async () => {
      const db = await start();
      let now = T0;
      const traffic = serve(db, () => now);
      visit(traffic, request("/"), 200, "home");
      await traffic.flush();
      now = T0 + 2 * DAY;
      visit(traffic, request("/"), 200, "home");
      await traffic.flush();
      expect(await traffic.prune(now)).toEqual({ events: 0, salts: 1 });
      expect((await db.kysely.selectFrom("traffic_salt").select("day").execute()).map((r) => r.day)).toEqual([
        dayOf(now),
      ]);
      expect(await traffic.prune(T0 + 31 * DAY)).toEqual({ events: 1, salts: 1 });
      expect(await db.kysely.selectFrom("traffic_event").select("day").execute()).toEqual([
        { day: dayOf(T0 + 2 * DAY) },
      ]);
    });

    it("sums up what was sent: views and visitors a day, pages, referrers, campaigns, missing pages, errors, devices", async () => {
      const db = await start();
      let now = T0 - DAY;
      const traffic = serve(db, () => now);
      const seen = (
        url: string,
        status: number,
        template: string,
        address?: string,
        headers?: Record<string, string>,
      ) => visit(traffic, request(url, address, headers), status, template);
      seen("/", 200, "home", "102.89.1.10");
      now = T0;
      seen("/?utm_source=whatsapp&utm_medium=social", 200, "home", "102.89.1.10", {
        referer: "https://l.facebook.com/",
      });
      seen("/services", 200, "services", "102.89.1.10");
      seen("/services", 200, "services", "102.89.1.20", { referer: "https://www.google.com/" });
      seen("/services", 200, "services", "102.89.1.30", {
        "sec-gpc": "1",
        "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/124 Safari/537.36",
      });
      seen("/old-page", 404, "not-found", "102.89.1.20", { referer: "https://nairaland.com/topic" });
      seen("/contact-us", 500, "contact", "102.89.1.20");
      seen("/", 200, "home", "66.249.66.1", {
        "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)",
      });
      // A message sent from the contact page by the visitor who came from Google, and a sign-up by
      // one who asked not to be tracked (counted, attributed to no visit).
      traffic.observer.bind((path) => (path === "/contact-us" ? "contact" : "default"));
      traffic.convert("contact", {
        headers: new Headers({
          host: "techspark.ng",
          referer: "https://techspark.ng/contact-us",
          "user-agent": ANDROID,
        }),
        ip: "102.89.1.20",
      });
      traffic.convert("newsletter", {
        headers: new Headers({
          host: "techspark.ng",
          referer: "https://evil.example/",
          "user-agent": ANDROID,
          "sec-gpc": "1",
        }),
        ip: "102.89.1.30",
      });
      expect(await traffic.summary(7)).toEqual({
        from: dayOf(T0 - 6 * DAY),
        to: dayOf(T0),
        views: 5,
        visitors: 3,
        untracked: 1,
        daily: [
          { day: dayOf(T0 - DAY), views: 1, visitors: 1 },
          { day: dayOf(T0), views: 4, visitors: 2 },
        ],
        pages: [
          { path: "/services", template: "services", views: 3, visitors: 2 },
          { path: "/", template: "home", views: 2, visitors: 2 },
        ],
        referrers: [
          { referrer: "google.com", views: 1 },
          { referrer: "l.facebook.com", views: 1 },
        ],
        campaigns: [{ source: "whatsapp", medium: "social", campaign: null, views: 1 }],
        notFound: [{ path: "/old-page", referrer: "nairaland.com", views: 1 }],
        errors: 1,
        devices: { phone: 4, tablet: 0, desktop: 1 },
        conversions: [
          { kind: "contact", count: 1 },
          { kind: "newsletter", count: 1 },
        ],
        entries: [
          { page: "/services", source: "google.com", visits: 1, conversions: 1 },
          { page: "/", source: "direct", visits: 1, conversions: 0 },
          { page: "/", source: "whatsapp", visits: 1, conversions: 0 },
        ],
        vitals: [],
        vitalsDaily: [],
      });
      const events = await db.kysely
        .selectFrom("traffic_event")
        .select(["kind", "path", "template"])
        .where("kind", "in", ["contact", "newsletter"])
        .orderBy("kind")
        .execute();
      // The page the form was on, when the post came from ours.
      expect(events).toEqual([
        { kind: "contact", path: "/contact-us", template: "contact" },
        { kind: "newsletter", path: "(unknown)", template: "(unknown)" },
      ]);
      // Today alone.
      expect(await traffic.summary(1)).toMatchObject({ views: 4, visitors: 2 });
    });
  });
}
