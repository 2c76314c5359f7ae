// The staff console's sign-in endpoints over HTTP, as a browser (or an attacker) meets them: the
// guard (origin, token, rate limit, body), the invitation's answers, and the session cookie as
// the console's pages read it. The passkey ceremony itself runs in Chromium:
// tests/e2e/staff-console.spec.ts.
import { describe, expect, it } from "vitest";
import { sqliteDatabase } from "../db/testing/databases.ts";
import type { ServicesConfig } from "../services.ts";
import { cleanupsAfterEach, startHarness, type Harness } from "../testing/feature-harness.ts";
import { heldToken, postJson } from "../testing/visitor.ts";
import { LOCAL_SESSION_COOKIE, SESSION_COOKIE } from "./sessions.ts";
import { STAFF_RESPONSES } from "./sign-in.ts";
import { IDLE_MS } from "./repository.ts";
import { softwareAuthenticator, strangerAuthenticator } from "./testing/authenticator.ts";

const cleanups = cleanupsAfterEach();

// HTTP behaviour does not depend on the database: SQLite (the rules run on both in staff.test.ts).
const start = (extra: Partial<ServicesConfig> = {}) => startHarness(sqliteDatabase, cleanups, extra);

/** A POST as the console's script sends it: JSON, the XSRF token, from the site's own page. */
const post = (h: Harness, path: string, body: unknown, headers: Record<string, string> = {}) =>
  postJson(`${h.url}/api/admin${path}`, body, {
    xsrf: heldToken(h.c.t),
    headers: { origin: h.url, ...headers },
  });

type Options = { options: Parameters<ReturnType<typeof softwareAuthenticator>["create"]>[0] };
type SignInOptions = { options: Parameters<ReturnType<typeof softwareAuthenticator>["get"]>[0] };

/** Someone invited from the shell who creates a passkey on a software authenticator (the same
 *  answers a browser sends) and is signed in by it. */
async function enroll(h: Harness, email: string, name = email.split("@")[0]!) {
  const { token, member } = await h.s.staff.store.invite({ email, name, role: "owner", by: "shell" }, h.c.t);
  const device = softwareAuthenticator(h.url);
  const { options } = (await post(h, "/invitation", { token })).body as Options;
  const registered = await post(h, "/invitation/verify", { token, response: device.create(options) });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  return { member, device };
}

/** A sign-in with the device's last passkey; `edit` changes the answer before it is sent. */
async function signIn(
  h: Harness,
  device: ReturnType<typeof softwareAuthenticator>,
  edit: (response: ReturnType<typeof device.get>) => void = () => {},
) {
  const { options } = (await post(h, "/sign-in", {})).body as SignInOptions;
  const response = device.get(options);
  edit(response);
  return post(h, "/sign-in/verify", { response });
}

/** A member invited from the shell (as staff), signed in on `device`: the session's token. */
async function signedIn(h: Harness, email: string, name: string, device: string) {
  const { member } = await h.s.staff.store.invite({ email, name, by: "shell" }, h.c.t);
  return { member, token: await h.s.staff.store.startSession(member.id, device, h.c.t) };
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

  it("asks for sign-in options as often as a person might: 60 a minute per client, then 429 in words", async () => {
    const h = await start({ rateLimit: { perMinute: 5, perHour: 20 } });
    for (let i = 0; i < 60; i++) expect((await post(h, "/sign-in", {})).status, `attempt ${i + 1}`).toBe(200);
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
  it("finds the member from either cookie name on plain-HTTP localhost, ignores forged values, ends when idle, and signs out", async () => {
    const h = await start();
    const { member, token } = await signedIn(h, "ify@techspark.ng", "Ify", "Chrome on Android");
    for (const cookie of [
      `${SESSION_COOKIE}=${token}`,
      `${LOCAL_SESSION_COOKIE}=${token}`,
      `a=b; ${SESSION_COOKIE}=x; ${SESSION_COOKIE}=${token}`,
    ]) {
      expect((await h.s.staff.session(cookie, `${h.url}/admin`))?.member, cookie).toEqual({
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

  it("over HTTPS reads only the __Host- cookie: a plain `staff` cookie (which anyone who can set a cookie for the host could plant) signs nobody in", async () => {
    const h = await start();
    const { member, token } = await signedIn(h, "ify@techspark.ng", "Ify", "Chrome on Android");
    const page = "https://techspark.ng/admin";
    expect(await h.s.staff.session(`${LOCAL_SESSION_COOKIE}=${token}`, page)).toBeNull();
    expect((await h.s.staff.session(`${SESSION_COOKIE}=${token}`, page))?.member.id).toBe(member.id);
    // Plain HTTP off loopback (a proxy's view without TLS): the prefixed cookie only, too.
    expect(
      await h.s.staff.session(`${LOCAL_SESSION_COOKIE}=${token}`, "http://techspark.ng/admin"),
    ).toBeNull();
    // No address given: only the prefixed one.
    expect(await h.s.staff.session(`${LOCAL_SESSION_COOKIE}=${token}`)).toBeNull();
    // Signing out with the plain cookie over HTTPS ends nothing.
    await h.s.staff.signOut(`${LOCAL_SESSION_COOKIE}=${token}`, page);
    expect(await h.s.staff.session(`${SESSION_COOKIE}=${token}`, page)).not.toBeNull();

    // SITE_ORIGIN decides when it is set, whatever the request's address says.
    const behindTls = await start({ siteOrigin: "https://techspark.example" });
    const { token: adas } = await signedIn(behindTls, "ada@techspark.ng", "Ada", "Firefox on Linux");
    expect(
      await behindTls.s.staff.session(`${LOCAL_SESSION_COOKIE}=${adas}`, `${behindTls.url}/admin`),
    ).toBeNull();
    expect(
      await behindTls.s.staff.session(`${SESSION_COOKIE}=${adas}`, `${behindTls.url}/admin`),
    ).not.toBeNull();
  });
});

describe("the passkey ceremony (a software authenticator)", () => {
  it("signs in with the member's own passkey and user handle", async () => {
    const h = await start();
    const { device } = await enroll(h, "ada@techspark.ng", "Ada");
    const answer = await signIn(h, device);
    expect(answer).toMatchObject({ status: 200, body: { success: true, name: "Ada" } });
    expect(answer.headers.get("set-cookie")).toMatch(/^staff=[\w-]{43}; /);
  });

  it("refuses one member's passkey sent with another member's user handle (WebAuthn §7.2 step 6)", async () => {
    const h = await start();
    const ada = await enroll(h, "ada@techspark.ng", "Ada");
    const bola = await enroll(h, "bola@techspark.ng", "Bola");
    const before = (await h.s.staff.store.auditLog()).length;
    const swapped = await signIn(h, ada.device, (r) => {
      r.response.userHandle = bola.member.webauthnUserId;
    });
    expect(swapped).toMatchObject({
      status: 401,
      body: { success: false, message: STAFF_RESPONSES.ceremony },
    });
    expect(swapped.headers.get("set-cookie")).toBeNull();
    // A refusal naming Ada's passkey: in the audit log, for Ada.
    const log = await h.s.staff.store.auditLog();
    expect(log).toHaveLength(before + 1);
    expect(log.filter((e) => e.action === "sign-in-refused")).toMatchObject([
      { actor: "ada@techspark.ng", detail: "user handle" },
    ]);
    expect(log.filter((e) => e.action === "signed-in")).toHaveLength(2); // the two registrations
  });

  it("refuses an answer without a user handle: every passkey here is discoverable and must name its user", async () => {
    const h = await start();
    const { device } = await enroll(h, "ada@techspark.ng", "Ada");
    const bare = await signIn(h, device, (r) => {
      delete r.response.userHandle;
    });
    expect(bare).toMatchObject({ status: 401, body: { message: STAFF_RESPONSES.ceremony } });
    // The real answer still works afterwards.
    expect((await signIn(h, device)).status).toBe(200);
  });
});

describe("registering a passkey whose credential id is taken", () => {
  it("answers 400 in words, logs at info, stores nothing and leaves the invitation usable", async () => {
    const h = await start();
    const ada = await enroll(h, "ada@techspark.ng", "Ada");
    const { token } = await h.s.staff.store.invite(
      { email: "bola@techspark.ng", name: "Bola", role: "staff", by: "shell" },
      h.c.t,
    );
    const device = softwareAuthenticator(h.url);
    const options = async () => ((await post(h, "/invitation", { token })).body as Options).options;
    const taken = ada.device.credentials[0]!.id;
    const answer = await post(h, "/invitation/verify", {
      token,
      response: device.create(await options(), taken),
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { success: false, message: STAFF_RESPONSES.passkeyTaken },
    });
    expect(answer.headers.get("set-cookie")).toBeNull();
    expect(h.log.entries.filter((e) => e.level === "error")).toEqual([]);
    expect(h.log.entries).toContainEqual(
      expect.objectContaining({
        level: "info",
        msg: "staff.registration-refused",
        reason: "credential id taken",
      }),
    );
    // Ada's passkey is still hers and still signs her in; Bola's invitation still works.
    const bola = (await h.s.staff.store.memberByEmail("bola@techspark.ng"))!;
    expect(await h.s.staff.store.passkeysOf(bola.id)).toEqual([]);
    expect((await signIn(h, ada.device)).body).toMatchObject({ success: true, name: "Ada" });
    const retry = await post(h, "/invitation/verify", { token, response: device.create(await options()) });
    expect(retry).toMatchObject({ status: 200, body: { name: "Bola" } });
  });
});

describe("the sign-in rate limit counts refused ceremonies only", () => {
  it("a member signing in 12 times in a minute is never refused (successes are not counted)", async () => {
    const h = await start({ rateLimit: { perMinute: 5, perHour: 20 } });
    const { device } = await enroll(h, "ada@techspark.ng", "Ada");
    for (let i = 0; i < 12; i++) {
      const answer = await signIn(h, device);
      expect(answer.status, `sign-in ${i + 1}: ${answer.body.message}`).toBe(200);
    }
    expect(await h.s.staff.store.signInRefusals(h.c.t - 3_600_000)).toMatchObject({ total: 0 });
  });

  it("10 unknown passkeys, then even a good passkey is refused 429 for the minute; the refusals are counted apart from the audit log", async () => {
    const h = await start({ rateLimit: { perMinute: 5, perHour: 20 } });
    const { device } = await enroll(h, "ada@techspark.ng", "Ada");
    const auditBefore = await h.s.staff.store.auditLog();
    // Ada's browser asked for options before the flood began.
    const { options } = (await post(h, "/sign-in", {})).body as SignInOptions;
    const stranger = strangerAuthenticator(h.url);
    for (let i = 0; i < 10; i++) {
      const answer = await signIn(h, stranger);
      expect(answer, `attempt ${i + 1}`).toMatchObject({
        status: 401,
        body: { message: STAFF_RESPONSES.unknownPasskey },
      });
    }
    const refused = await post(h, "/sign-in/verify", { response: device.get(options) });
    expect(refused).toMatchObject({ status: 429, body: { message: STAFF_RESPONSES.tooMany(1) } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // The options request was refused too: nothing was stored for this client.
    expect((await post(h, "/sign-in", {})).status).toBe(429);

    // Nothing anonymous in the audit log; the counts say what happened.
    expect(await h.s.staff.store.auditLog()).toEqual(auditBefore);
    expect(await h.s.staff.store.signInRefusals(h.c.t - 3_600_000)).toEqual({
      total: 12,
      clients: 1,
      reasons: [
        { reason: "unknown-passkey", count: 10 },
        { reason: "rate-limit", count: 2 },
      ],
    });

    // A minute later the member signs in.
    h.c.advance(60_000);
    expect(await signIn(h, device)).toMatchObject({ status: 200, body: { name: "Ada" } });
  });

  it("an answer to no challenge of ours counts as a failure too", async () => {
    const h = await start({ rateLimit: { perMinute: 5, perHour: 20 } });
    const clientDataJSON = Buffer.from('{"challenge":"nope"}').toString("base64url");
    for (let i = 0; i < 10; i++)
      expect(
        (await post(h, "/sign-in/verify", { response: { id: "x", response: { clientDataJSON } } })).status,
      ).toBe(400);
    expect(
      (await post(h, "/sign-in/verify", { response: { id: "x", response: { clientDataJSON } } })).status,
    ).toBe(429);
    expect(await h.s.staff.store.signInRefusals(h.c.t - 3_600_000)).toMatchObject({
      reasons: [
        { reason: "challenge", count: 10 },
        { reason: "rate-limit", count: 1 },
      ],
    });
  });
});
