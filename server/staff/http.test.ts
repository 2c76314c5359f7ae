// The staff console's sign-in endpoints over HTTP, as a browser (or an attacker) meets them: the
// guard (origin, token, rate limit, body), the invitation's answers, and the session cookie as
// the console's pages read it. The passkey ceremony itself runs in Chromium:
// tests/e2e/staff-console.spec.ts.
import { afterEach, describe, expect, it } from "vitest";
import { sqliteDatabase } from "../db/testing/databases.ts";
import type { ServicesConfig } from "../services.ts";
import { startHarness, type Harness } from "../testing/feature-harness.ts";
import { agedToken } from "../contact/testing/helpers.ts";
import { LOCAL_SESSION_COOKIE, SESSION_COOKIE, STAFF_RESPONSES } from "./index.ts";
import { IDLE_MS } from "./repository.ts";

let cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const f of cleanups.reverse()) await f();
  cleanups = [];
});

// HTTP behaviour does not depend on the database: SQLite (the rules run on both in staff.test.ts).
const start = (extra: Partial<ServicesConfig> = {}) => startHarness(sqliteDatabase, cleanups, extra);

/** A POST as the console's script sends it: JSON, the XSRF token, from the site's own page. */
async function post(h: Harness, path: string, body: unknown, headers: Record<string, string> = {}) {
  const token = agedToken(h.c.t);
  const res = await fetch(`${h.url}/api/admin${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-xsrf-token": token,
      cookie: `XSRF-TOKEN=${token}`,
      origin: h.url,
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

describe("staff sign-in endpoints", () => {
  it("gives sign-in options bound to the site's host, each challenge stored once", async () => {
    const h = await start();
    const a = await post(h, "/sign-in", {});
    expect(a.status).toBe(200);
    expect(a.body.options).toMatchObject({ rpId: "127.0.0.1", userVerification: "required" });
    const b = await post(h, "/sign-in", {});
    expect((b.body.options as { challenge: string }).challenge).not.toBe(
      (a.body.options as { challenge: string }).challenge,
    );
    const rows = await h.s.db.kysely.selectFrom("staff_challenge").selectAll().execute();
    expect(rows.map((r) => r.purpose)).toEqual(["sign-in", "sign-in"]);
  });

  it("refuses what the guard refuses: another site, no token, not JSON, too big; and plain HTTP off localhost", async () => {
    const h = await start();
    expect((await post(h, "/sign-in", {}, { origin: "https://evil.example" })).status).toBe(403);
    expect((await post(h, "/sign-in", {}, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await post(h, "/sign-in", {}, { "x-xsrf-token": "" })).status).toBe(403);
    expect((await post(h, "/sign-in", {}, { "content-type": "text/plain" })).status).toBe(415);
    expect((await post(h, "/sign-in/verify", "x".repeat(40 * 1024))).status).toBe(413);
    expect((await post(h, "/sign-in/verify", "{not json")).status).toBe(400);
    const insecure = await start({ siteOrigin: "http://techspark.example" });
    const answer = await post(insecure, "/sign-in", {}, { origin: "http://techspark.example" });
    expect(answer).toMatchObject({
      status: 400,
      body: { success: false, message: STAFF_RESPONSES.insecure },
    });
    expect(await h.s.db.kysely.selectFrom("staff_challenge").selectAll().execute()).toEqual([]);
  });

  it("limits sign-in attempts per client: at least 10 a minute, then 429 with Retry-After and words", async () => {
    const h = await start({ rateLimit: { perMinute: 5, perHour: 20 } });
    for (let i = 0; i < 10; i++) expect((await post(h, "/sign-in", {})).status, `attempt ${i + 1}`).toBe(200);
    const refused = await post(h, "/sign-in", {});
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body.message).toBe(STAFF_RESPONSES.tooMany(1));
  });

  it("answers a bad, expired or used invitation in words, and a good one with who it is for", async () => {
    const h = await start();
    expect(await post(h, "/invitation", { token: "B".repeat(43) })).toMatchObject({
      status: 410,
      body: { message: STAFF_RESPONSES.invitation.invalid },
    });
    expect((await post(h, "/invitation", { token: 42 })).status).toBe(410);
    const { token } = await h.s.staff.store.invite(
      { email: "Amaka@TechSpark.ng", name: "Amaka Obi", role: "owner", by: "shell" },
      h.c.t,
    );
    const good = await post(h, "/invitation", { token });
    expect(good.status).toBe(200);
    expect(good.body.member).toEqual({ email: "amaka@techspark.ng", name: "Amaka Obi", role: "owner" });
    expect(good.body.options).toMatchObject({
      rp: { id: "127.0.0.1" },
      user: { name: "amaka@techspark.ng", displayName: "Amaka Obi" },
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
      attestation: "none",
    });
    // Not a passkey: refused, and nothing is stored.
    const forged = await post(h, "/invitation/verify", {
      token,
      response: {
        id: "x",
        rawId: "x",
        type: "public-key",
        response: { clientDataJSON: "e30", attestationObject: "" },
      },
    });
    expect(forged).toMatchObject({ status: 400, body: { message: STAFF_RESPONSES.ceremony } });
    expect(
      await h.s.staff.store.passkeysOf((await h.s.staff.store.memberByEmail("amaka@techspark.ng"))!.id),
    ).toEqual([]);
    h.c.advance(24 * 3_600_000);
    expect(await post(h, "/invitation", { token })).toMatchObject({
      status: 410,
      body: { message: STAFF_RESPONSES.invitation.expired },
    });
  });

  it("refuses a sign-in answer to no challenge of ours, or from a passkey it does not know", async () => {
    const h = await start();
    const noChallenge = await post(h, "/sign-in/verify", {
      response: {
        id: "x",
        response: { clientDataJSON: Buffer.from('{"challenge":"nope"}').toString("base64url") },
      },
    });
    expect(noChallenge).toMatchObject({ status: 400, body: { message: STAFF_RESPONSES.ceremony } });
    const { options } = (await post(h, "/sign-in", {})).body as { options: { challenge: string } };
    const clientDataJSON = Buffer.from(JSON.stringify({ challenge: options.challenge })).toString(
      "base64url",
    );
    const unknown = await post(h, "/sign-in/verify", {
      response: { id: "unknown", response: { clientDataJSON } },
    });
    expect(unknown).toMatchObject({ status: 401, body: { message: STAFF_RESPONSES.unknownPasskey } });
    // The challenge was used up by that attempt.
    const replay = await post(h, "/sign-in/verify", {
      response: { id: "unknown", response: { clientDataJSON } },
    });
    expect(replay.status).toBe(400);
  });
});

describe("the session as the console's pages read it", () => {
  it("finds the member from either cookie name, ignores forged values, ends when idle, and signs out", async () => {
    const h = await start();
    const { member } = await h.s.staff.store.invite(
      { email: "ify@techspark.ng", name: "Ify", by: "shell" },
      h.c.t,
    );
    const token = await h.s.staff.store.startSession(member.id, "Chrome on Android", h.c.t);
    for (const cookie of [
      `${SESSION_COOKIE}=${token}`,
      `${LOCAL_SESSION_COOKIE}=${token}`,
      `a=b; ${SESSION_COOKIE}=x; ${SESSION_COOKIE}=${token}`,
    ]) {
      expect((await h.s.staff.session(cookie))?.member, cookie).toEqual({
        id: member.id,
        email: "ify@techspark.ng",
        name: "Ify",
        role: "staff",
      });
    }
    for (const forged of [
      undefined,
      "",
      `${SESSION_COOKIE}=${"A".repeat(43)}`,
      `${SESSION_COOKIE}=${token}x`,
    ])
      expect(await h.s.staff.session(forged), String(forged)).toBeNull();

    const cleared = await h.s.staff.signOut(`${SESSION_COOKIE}=${token}`);
    expect(cleared).toEqual([
      expect.stringMatching(/^__Host-staff=; Path=\/; HttpOnly; SameSite=Lax; Secure; Max-Age=0$/),
      expect.stringMatching(/^staff=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0$/),
    ]);
    expect(await h.s.staff.session(`${SESSION_COOKIE}=${token}`)).toBeNull();

    const second = await h.s.staff.store.startSession(member.id, "Firefox on Linux", h.c.t);
    h.c.advance(IDLE_MS);
    expect(await h.s.staff.session(`${SESSION_COOKIE}=${second}`)).toBeNull();
    const actions = (await h.s.staff.store.auditLog()).map((e) => e.action);
    expect(actions).toContain("signed-out");
  });
});
