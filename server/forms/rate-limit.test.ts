// @vitest-environment node
// The shared rate limiter, the same suite on SQLite and on PostgreSQL (a throwaway cluster for
// this file): the counts live in the database, so what one limiter counted another sees.
import { describe, expect, it } from "vitest";
import { deferrals, freshDb, testDatabases } from "../db/testing/databases.ts";
import { openDatabase, type Db } from "../db/index.ts";
import { clientAddress, createRateLimiter, pruneRateLimits, rateLimitKey } from "./rate-limit.ts";

const SECRET = "rate-limit-test-secret-rate-limit-test-secret";
/** A clock hour boundary, so the windows in these tests are easy to read. */
const T0 = Date.UTC(2025, 0, 6, 9, 0, 0);
const MIN = 60_000;

const databases = await testDatabases("Rate limiter");
const defer = deferrals();

for (const database of databases) {
  describe(`on ${database.name}`, () => {
    async function setUp() {
      const { db, location, cleanup } = await freshDb(database);
      defer(cleanup);
      const clock = { t: T0 };
      const limiter = (name = "contact", limits = { perMinute: 5, perHour: 20 }, on: Db = db) =>
        createRateLimiter({ db: on, name, secret: SECRET, ...limits, now: () => clock.t });
      return { db, location, clock, limiter };
    }

    it("allows perMinute attempts, then answers with the seconds until the minute is over", async () => {
      const { clock, limiter } = await setUp();
      const contact = limiter();
      for (let i = 0; i < 5; i++) expect(await contact.hit("192.0.2.1")).toEqual({ ok: true });
      clock.t = T0 + 15_000;
      expect(await contact.hit("192.0.2.1")).toEqual({ ok: false, retryAfterSeconds: 45 });
      expect(await contact.peek("192.0.2.1")).toEqual({ ok: false, retryAfterSeconds: 45 });
      expect(await contact.hit("192.0.2.2")).toEqual({ ok: true }); // per client
      clock.t = T0 + MIN; // the next minute
      expect(await contact.hit("192.0.2.1")).toEqual({ ok: true });
    });

    it("counts a burst that straddles the clock's minute in one window, opened by its first attempt", async () => {
      const { clock, limiter } = await setUp();
      const contact = limiter();
      clock.t = T0 + 50_000;
      for (let i = 0; i < 3; i++) expect((await contact.hit("192.0.2.1")).ok).toBe(true);
      clock.t = T0 + MIN + 5_000; // the clock's next minute, 15 s after the first attempt
      for (let i = 0; i < 2; i++) expect((await contact.hit("192.0.2.1")).ok).toBe(true);
      expect(await contact.hit("192.0.2.1")).toEqual({ ok: false, retryAfterSeconds: 45 });
      clock.t = T0 + MIN + 50_000; // a minute after the first attempt: a new window
      for (let i = 0; i < 5; i++) expect((await contact.hit("192.0.2.1")).ok).toBe(true);
      expect((await contact.hit("192.0.2.1")).ok).toBe(false);
    });

    it("caps the hour too, and a refused attempt is not counted", async () => {
      const { clock, limiter } = await setUp();
      const contact = limiter();
      for (let minute = 0; minute < 4; minute++) {
        clock.t = T0 + minute * MIN;
        for (let i = 0; i < 5; i++) expect((await contact.hit("192.0.2.1")).ok).toBe(true);
        // Refused in its minute: must not use up the hour.
        expect((await contact.hit("192.0.2.1")).ok).toBe(false);
      }
      clock.t = T0 + 4 * MIN;
      expect(await contact.hit("192.0.2.1")).toEqual({ ok: false, retryAfterSeconds: 56 * 60 });
      clock.t = T0 + 60 * MIN; // the next hour
      expect(await contact.hit("192.0.2.1")).toEqual({ ok: true });
    });

    it("peek counts nothing", async () => {
      const { limiter } = await setUp();
      const staff = limiter("staff", { perMinute: 2, perHour: 20 });
      for (let i = 0; i < 5; i++) expect(await staff.peek("192.0.2.1")).toEqual({ ok: true });
      expect((await staff.hit("192.0.2.1")).ok).toBe(true);
      expect((await staff.hit("192.0.2.1")).ok).toBe(true);
      expect((await staff.peek("192.0.2.1")).ok).toBe(false);
    });

    it("counts each form apart, and limiters of one name share their counts (other instances)", async () => {
      const { db, limiter } = await setUp();
      const one = limiter("newsletter", { perMinute: 2, perHour: 20 });
      const other = limiter("newsletter", { perMinute: 2, perHour: 20 }); // another instance
      expect((await one.hit("192.0.2.1")).ok).toBe(true);
      expect((await other.hit("192.0.2.1")).ok).toBe(true);
      expect((await one.hit("192.0.2.1")).ok).toBe(false);
      expect((await other.hit("192.0.2.1")).ok).toBe(false);
      expect((await limiter("comment", { perMinute: 2, perHour: 20 }).hit("192.0.2.1")).ok).toBe(true);
      // What is stored: the form and a keyed hash, never the address.
      const keys = (await db.kysely.selectFrom("rate_limit").select("key").execute()).map((r) => r.key);
      expect(keys).toHaveLength(2);
      for (const key of keys) {
        expect(key).toMatch(/^(newsletter|comment):[0-9a-f]{16}$/);
        expect(key).not.toContain("192.0.2");
      }
    });

    it("never admits more than the limit, however many attempts arrive at once", async () => {
      const { limiter } = await setUp();
      // Several limiters of one name: the process-wide view of several instances' requests.
      const limiters = [limiter(), limiter(), limiter()];
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => limiters[i % 3]!.hit("192.0.2.1")),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(5);
      expect(results.filter((r) => !r.ok)).toHaveLength(15);
    });

    it("never admits more than the limit over separate connections (PostgreSQL pools)", async () => {
      const { location, limiter } = await setUp();
      if (!location.databaseUrl) return; // SQLite: one connection per process (above)
      // A second pool on the same database: another instance, its queries really in parallel.
      const other = await openDatabase(location);
      defer(() => other.close());
      const a = limiter("contact", { perMinute: 5, perHour: 20 });
      const b = limiter("contact", { perMinute: 5, perHour: 20 }, other);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).hit("192.0.2.1")),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(5);
    });

    it("deletes the counters of past hours now and then", async () => {
      const { db, clock, limiter } = await setUp();
      const contact = limiter();
      for (const ip of ["192.0.2.1", "192.0.2.2", "192.0.2.3"]) await contact.hit(ip);
      const count = async () =>
        Number(
          (
            await db.kysely
              .selectFrom("rate_limit")
              .select((eb) => eb.fn.countAll().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await count()).toBe(3);
      clock.t = T0 + 59 * MIN;
      expect(await pruneRateLimits(db, clock.t)).toBe(0); // still this hour
      clock.t = T0 + 61 * MIN;
      await contact.hit("192.0.2.9"); // the first attempt after a while prunes
      expect(await count()).toBe(1);
    });
  });
}

describe("client address", () => {
  const h = (xff?: string) => new Headers(xff ? { "x-forwarded-for": xff } : {});
  it("ignores X-Forwarded-For unless the proxy is trusted", () => {
    expect(clientAddress("10.0.0.1", h("1.2.3.4"), false)).toBe("10.0.0.1");
    expect(clientAddress("10.0.0.1", h("1.2.3.4"), true)).toBe("1.2.3.4");
  });
  it("takes the entry our proxy appended, not the ones the client can forge", () => {
    expect(clientAddress("10.0.0.1", h("6.6.6.6, 1.2.3.4"), true)).toBe("1.2.3.4");
    expect(clientAddress("10.0.0.1", h("not-an-ip"), true)).toBe("10.0.0.1");
    // Two proxies (e.g. a CDN then nginx): the client is the second entry from the right.
    expect(clientAddress("10.0.0.1", h("6.6.6.6, 1.2.3.4, 172.16.0.9"), 2)).toBe("1.2.3.4");
    expect(clientAddress("10.0.0.1", h("1.2.3.4"), 2)).toBe("1.2.3.4");
  });
  it("unwraps IPv4-mapped addresses and groups IPv6 clients by /64", () => {
    expect(clientAddress("::ffff:192.0.2.9", h(), false)).toBe("192.0.2.9");
    expect(rateLimitKey("2001:db8:0:1:aaaa::1")).toBe("2001:db8:0:1::/64");
    expect(rateLimitKey("2001:DB8:0:1:bbbb:cccc:dddd:eeee")).toBe("2001:db8:0:1::/64");
    expect(rateLimitKey("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitKey("192.0.2.9")).toBe("192.0.2.9");
  });
});
