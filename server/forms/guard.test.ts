// @vitest-environment node
// The guard's rate-limit step: counted in the database (or only checked, for forms that count
// failures), answered with 429 and Retry-After, and closed (503) when the counters cannot be
// reached, like a form whose storage is down.
import { describe, expect, it } from "vitest";
import { deferrals, freshDb, sqliteDatabase } from "../db/testing/databases.ts";
import { createForms } from "./index.ts";
import type { FormInput } from "./guard.ts";

const SECRET = "guard-test-secret-guard-test-secret-guard";
const T0 = Date.UTC(2025, 0, 6, 9, 0, 0);
const defer = deferrals();

async function setUp() {
  const { db, cleanup } = await freshDb(sqliteDatabase);
  defer(cleanup);
  const entries: Record<string, unknown>[] = [];
  const forms = createForms({
    db,
    secret: SECRET,
    minSubmitMs: 0,
    trustProxy: false,
    now: () => T0 + 30_000,
    logger: (e) => void entries.push(e),
  });
  const { token } = forms.issueToken();
  const input: FormInput = {
    fields: { website: "" },
    token,
    cookieHeader: `XSRF-TOKEN=${token}`,
    headers: new Headers(),
    ip: "192.0.2.7",
  };
  return { db, forms, input, entries };
}

describe("form guard: rate limit", () => {
  it("refuses the attempt after the limit with 429 and Retry-After", async () => {
    const { forms, input } = await setUp();
    const limiter = forms.guard.limiter("newsletter", { perMinute: 2, perHour: 20 });
    for (let i = 0; i < 2; i++) {
      expect(await forms.guard.check(input, limiter, "newsletter")).toMatchObject({ ok: true });
    }
    const refused = await forms.guard.check(input, limiter, "newsletter");
    // The minute opened with the first attempt, on a clock that stands still: a whole minute to wait.
    expect(refused).toMatchObject({ ok: false, answer: { status: 429, headers: { "Retry-After": "60" } } });
    // The refusal names the same client as the admissions (a record of it is counted for them).
    const admitted = await forms.guard.check({ ...input, ip: "192.0.2.9" }, limiter, "newsletter");
    expect(refused.client).toBe(forms.guard.hashClient("192.0.2.7"));
    expect(refused.client).not.toBe(admitted.client);
    // Another address is another client.
    expect(await forms.guard.check({ ...input, ip: "192.0.2.8" }, limiter, "newsletter")).toMatchObject({
      ok: true,
    });
  });

  it("with count: false only checks; the caller counts with the verdict's limitKey", async () => {
    const { db, forms, input } = await setUp();
    const limiter = forms.guard.limiter("staff", { perMinute: 2, perHour: 20 });
    for (let i = 0; i < 5; i++) {
      const verdict = await forms.guard.check(input, limiter, "staff", { count: false });
      expect(verdict.ok).toBe(true);
    }
    const verdict = await forms.guard.check(input, limiter, "staff", { count: false });
    if (!verdict.ok) throw new Error("expected admission");
    expect(verdict.limitKey).toBe("192.0.2.7"); // in memory only: the table gets its keyed hash
    await limiter.hit(verdict.limitKey); // two failed sign-ins
    await limiter.hit(verdict.limitKey);
    expect(await forms.guard.check(input, limiter, "staff", { count: false })).toMatchObject({
      ok: false,
      answer: { status: 429 },
    });
    const stored = await db.kysely.selectFrom("rate_limit").select("key").execute();
    expect(stored.map((r) => r.key)).toEqual([expect.stringMatching(/^staff:[0-9a-f]{16}$/)]);
  });

  it("answers 503 with Retry-After (fail closed) when the counters cannot be reached", async () => {
    const { db, forms, input, entries } = await setUp();
    const limiter = forms.guard.limiter("contact", { perMinute: 5, perHour: 20 });
    await db.close(); // the database is gone
    for (const count of [true, false]) {
      expect(await forms.guard.check(input, limiter, "contact", { count })).toEqual({
        ok: false,
        answer: {
          status: 503,
          body: {
            success: false,
            message: "We could not accept forms just now. Please try again in a few minutes.",
          },
          headers: { "Retry-After": "60" },
        },
        client: forms.guard.hashClient("192.0.2.7"),
      });
    }
    expect(entries).toContainEqual(
      expect.objectContaining({ level: "error", msg: "contact.storage-unavailable", during: "rate-limit" }),
    );
    expect(JSON.stringify(entries)).not.toContain("192.0.2.7"); // hashes only, in logs too
  });
});
