// @vitest-environment node
// The contact form's action (/contact-us, app/lib/contact-form.server.ts) as a browser's script
// and a bot see it, served without a build (server/testing/form-actions.ts): every status code.
import { agencyType } from "#app/content-types/agency/type.ts";
import Database from "better-sqlite3";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openServices, type Services, type ServicesConfig } from "../services.ts";
import { CONTACT_NOTICE } from "./mail.ts";
import type { ContactService } from "./index.ts";
import { clock } from "../testing/clock.ts";
import { agedToken, config } from "../testing/config.ts";
import { VALID } from "../testing/form-input.ts";
import { memoryLog } from "../testing/log.ts";
import { serve } from "../testing/serve.ts";
import { tempDir } from "../testing/temp-dir.ts";

const SUCCESS = { success: true, message: "Thanks For Your Message! We'll get back to you soon." };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The contact service on its own database and mail service (as server/main.ts assembles it);
 *  `close()` closes them all. */
async function openContact(
  c: ServicesConfig,
): Promise<ContactService & { services: Services; close(): Promise<void> }> {
  const services = await openServices(c);
  return { ...services.contact, services, close: services.close };
}

type Harness = { service: Awaited<ReturnType<typeof openContact>>; url: string; dataDir: string };
let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const f of cleanups.reverse()) await f();
  cleanups = [];
});

async function start(overrides: Partial<ServicesConfig> = {}): Promise<Harness> {
  const { dir, remove } = tempDir();
  const service = await openContact(config({ dataDir: dir, ...overrides }));
  const server = await serve(service);
  cleanups.push(
    remove,
    () => service.close(),
    () => server.close(),
  );
  return { service, url: server.url, dataDir: dir };
}

/** A clock stopped in the middle of a minute, at or after now: the rate limits' hour is the
 *  clock's, and a test that crossed one would see its count start again. */
function midMinute(): () => number {
  const t = Date.now();
  const mid = t - (t % 60_000) + 30_000;
  const at = mid < t ? mid + 60_000 : mid;
  return () => at;
}

/** What the browser client holds after GET /api/csrf and the visitor's typing: a token issued
 *  20 s ago (older than the minimum time-to-submit), as cookie and header. */
async function session(_h: Harness, now = Date.now()) {
  const token = agedToken(now);
  return Promise.resolve({ token, cookie: `XSRF-TOKEN=${token}` });
}

async function post(
  h: Harness,
  body: unknown,
  options: { headers?: Record<string, string>; raw?: string; token?: string | null } = {},
) {
  const s = await session(h);
  const token = options.token === undefined ? s.token : options.token;
  const fields = {
    ...(body as Record<string, string>),
    _script: "1",
    ...(token === null ? {} : { _xsrf: token }),
  };
  const res = await fetch(`${h.url}/contact-us`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: s.cookie,
      ...options.headers,
    },
    body: options.raw ?? new URLSearchParams(fields).toString(),
  });
  const text = await res.text();
  const reply = JSON.parse(text) as { outcome?: Record<string, unknown> };
  return { status: res.status, headers: res.headers, text, json: reply.outcome ?? {} };
}

const form = (extra: Record<string, unknown> = {}) => ({
  ...VALID,
  website: "",
  ...extra,
});

/** A failure answer: JSON, success false, a message, nothing else that could leak internals. */
function expectFailure(r: Awaited<ReturnType<typeof post>>, status: number, message: string | RegExp) {
  expect(r.status).toBe(status);
  expect(r.headers.get("content-type")).toMatch(/^application\/json/);
  expect(r.json.success).toBe(false);
  expect(r.json.message).toMatch(message);
  expect(Object.keys(r.json).filter((k) => k !== "errors")).toEqual(["success", "message"]);
  expect(r.text).not.toMatch(/at .*\.ts:\d+|SQLITE|Error:/);
}

describe("GET /api/csrf", () => {
  it("returns a token and sets it as a readable, same-site cookie", async () => {
    const h = await start({ siteOrigin: "https://techspark.ng" });
    const res = await fetch(`${h.url}/api/csrf`);
    const { token, readyInMs } = (await res.json()) as { token: string; readyInMs: number };
    expect(token).toMatch(/^[\w-]+\.[0-9a-z]+\.[\w-]+$/);
    // A new token: the script must wait the minimum time-to-submit before sending with it.
    expect(readyInMs).toBe(3000);
    expect(res.headers.get("set-cookie")).toBe(
      `XSRF-TOKEN=${token}; Path=/; Max-Age=7200; SameSite=Strict; Secure`,
    );
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});

describe("POST /contact-us (the form's action)", () => {
  it("200 after the message is stored", async () => {
    const h = await start();
    const r = await post(h, form());
    expect(r.status).toBe(200);
    expect(r.json).toEqual(SUCCESS);
    const [stored] = await h.service.store.list();
    expect(stored).toMatchObject({ ...VALID, state: "waiting-for-transport" });
  });

  it("400 for a body that is not the form it says, without storing anything", async () => {
    const h = await start();
    const broken = { "content-type": "multipart/form-data; boundary=x" };
    expectFailure(await post(h, null, { raw: "--y\r\nname", headers: broken }), 400, /could not read/);
    expect(await h.service.store.list()).toEqual([]);
  });

  it("400 with one clear message per invalid field", async () => {
    const h = await start();
    const r = await post(
      h,
      form({ name: "", email: "not-an-email", phone: "0803-555", message: "Hi\u0000" }),
    );
    expectFailure(r, 400, "Please correct the highlighted fields and try again.");
    expect(r.json.errors).toEqual({
      name: "Please enter your name.",
      email: "Please enter a valid e-mail address.",
      phone: "Please enter a phone number using digits only (a leading + and spaces are allowed).",
      message: "Please remove special control characters from your message.",
    });
    const nothing = await post(h, {});
    expectFailure(nothing, 400, /highlighted/);
    expect(Object.keys(nothing.json.errors as object)).toEqual(["name", "email", "phone", "message"]);
    expect(await h.service.store.list()).toEqual([]);
  });

  it("415 for anything but a form", async () => {
    const h = await start();
    for (const type of ["text/plain", "application/json"]) {
      const r = await post(h, null, { raw: JSON.stringify(form()), headers: { "content-type": type } });
      expectFailure(r, 415, "Please send the form from this page.");
    }
    expect(await h.service.store.list()).toEqual([]);
  });

  it("413 for a body over the limit, before reading it; just under it is judged on its fields", async () => {
    const h = await start();
    const big = new URLSearchParams({ ...form(), message: "x".repeat(65 * 1024) }).toString();
    expectFailure(await post(h, null, { raw: big }), 413, /too long/);
    const fits = await post(h, form({ message: "x".repeat(5000) }));
    expect(fits.status).toBe(200);
    expect(await h.service.store.list()).toHaveLength(1);
  });

  it("403 without a valid XSRF token, and nothing is stored", async () => {
    const c = clock(Date.now());
    const h = await start({ now: c.now });
    // Without a token (a form from a prerendered page), nothing is stored: the visitor confirms.
    const none = await post(h, form(), { token: null });
    expect(none.status).toBe(200);
    expect(JSON.parse(none.text)).toMatchObject({ notice: /press Send Message to confirm/ });
    expectFailure(await post(h, form(), { token: "forged.token.value" }), 403, /reload the page/);
    const other = await session(h);
    expectFailure(await post(h, form(), { token: other.token }), 403, /reload the page/); // field ≠ cookie
    // A token left in an open tab for more than two hours has expired.
    const old = await session(h, c.t);
    c.advance(2 * 3_600_000 + 1000);
    const expired = await fetch(`${h.url}/contact-us`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: old.cookie },
      body: new URLSearchParams({ ...form(), _xsrf: old.token }).toString(),
    });
    expect(expired.status).toBe(403);
    expect(await h.service.store.list()).toEqual([]);
  });

  it("403 for cross-site requests, even with a valid token", async () => {
    const h = await start({ siteOrigin: "https://techspark.ng" });
    expectFailure(
      await post(h, form(), { headers: { origin: "https://evil.example" } }),
      403,
      /only be sent from/,
    );
    expectFailure(
      await post(h, form(), { headers: { "sec-fetch-site": "cross-site" } }),
      403,
      /only be sent from/,
    );
    expectFailure(await post(h, form(), { headers: { origin: "null" } }), 403, /only be sent from/);
    const ours = await post(h, form(), {
      headers: { origin: "https://techspark.ng", "sec-fetch-site": "same-origin" },
    });
    expect(ours.status).toBe(200);
    expect(await h.service.store.list()).toHaveLength(1);
  });

  it("429 with Retry-After once a client exceeds its limit", async () => {
    const h = await start({ rateLimit: { perMinute: 2, perHour: 20 }, now: midMinute() });
    expect((await post(h, form())).status).toBe(200);
    expect((await post(h, form())).status).toBe(200);
    const third = await post(h, form());
    expectFailure(
      third,
      429,
      "Too many messages were sent from your connection. Please try again in 1 minute.",
    );
    const retryAfter = Number(third.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await h.service.store.list()).toHaveLength(2);
  });

  it("ignores X-Forwarded-For unless TRUST_PROXY is set", async () => {
    const direct = await start({ rateLimit: { perMinute: 1, perHour: 20 }, trustProxy: false });
    expect((await post(direct, form(), { headers: { "x-forwarded-for": "198.51.100.1" } })).status).toBe(200);
    // A client cannot dodge the limit by inventing addresses.
    expect((await post(direct, form(), { headers: { "x-forwarded-for": "198.51.100.2" } })).status).toBe(429);

    const proxied = await start({ rateLimit: { perMinute: 1, perHour: 20 }, trustProxy: true });
    const from = (ip: string) => post(proxied, form(), { headers: { "x-forwarded-for": ip } });
    expect((await from("198.51.100.1")).status).toBe(200);
    expect((await from("198.51.100.2")).status).toBe(200); // another visitor behind the same proxy
    expect((await from("198.51.100.1")).status).toBe(429);
    expect((await from("6.6.6.6, 198.51.100.1")).status).toBe(429); // forged left entries don't help
  });

  it("503 when the database cannot take the message, then 200 once it can", async () => {
    const log = memoryLog();
    const h = await start({ busyTimeoutMs: 50, logger: log.logger });
    const blocker = new Database(join(h.dataDir, "contact.sqlite"));
    blocker.exec("BEGIN EXCLUSIVE");
    try {
      const r = await post(h, form());
      // Nothing was kept, and the visitor is told how else to reach the agency.
      expectFailure(
        r,
        503,
        `We could not save your message just now. Please try again in a few minutes. Or call us on ${agencyType.seed[0]!.phones[0]}.`,
      );
      expect(r.headers.get("retry-after")).toBe("60");
      expect(log.json()).toContain("SQLITE_BUSY"); // the operator sees why, the visitor does not
    } finally {
      blocker.exec("ROLLBACK");
      blocker.close();
    }
    expect((await post(h, form())).status).toBe(200);
  });

  it("answers spam like a success without delivering it", async () => {
    const h = await start();
    const bot = await post(h, form({ website: "https://cheap-seo.example" }));
    expect(bot.status).toBe(200);
    expect(bot.json).toEqual(SUCCESS);
    // A fresh token sent at once: too fast for a person (the page's script waits the minimum time).
    const res = await fetch(`${h.url}/api/csrf`);
    const { token } = (await res.json()) as { token: string };
    const quick = await post(h, form(), { token, headers: { cookie: `XSRF-TOKEN=${token}` } });
    expect(quick.json).toEqual(SUCCESS);
    expect((await h.service.store.countByState()).spam).toBe(2);
  });
});

describe("a message resent with its idempotency key (its first answer lost)", () => {
  const reply = (r: Awaited<ReturnType<typeof post>>) =>
    JSON.parse(r.text) as { notice?: string; values: Record<string, string> };

  it("answers the second post exactly as the first, stores and queues it once, and counts one conversion", async () => {
    const h = await start();
    const key = randomUUID();
    const first = await post(h, form({ _key: key }));
    const again = await post(h, form({ _key: key }));
    expect(first.status).toBe(200);
    expect(first.json).toEqual(SUCCESS);
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(await h.service.store.list()).toHaveLength(1);
    expect(await h.service.services.mail.outbox.list({ kind: CONTACT_NOTICE })).toHaveLength(1);
    const { conversions } = await h.service.services.traffic.summary(1);
    expect(conversions).toEqual([{ kind: "contact", count: 1 }]);
  });

  it("stores two messages sent with two keys, and messages sent without one as before", async () => {
    const h = await start();
    for (const extra of [{ _key: randomUUID() }, { _key: randomUUID() }, {}, { _key: "" }])
      expect((await post(h, form(extra))).json).toEqual(SUCCESS);
    expect(await h.service.store.list()).toHaveLength(4);
  });

  it("422 for another message under a key already used: nothing sent, the text shown again under a new key that sends it", async () => {
    const h = await start();
    const key = randomUUID();
    expect((await post(h, form({ _key: key }))).json).toEqual(SUCCESS);
    const changed = await post(h, form({ _key: key, message: "A second, different question." }));
    expectFailure(changed, 422, /different message was already sent with this form/);
    const { values } = reply(changed);
    expect(values.message).toBe("A second, different question.");
    expect(values._key).toMatch(UUID);
    expect(values._key).not.toBe(key);
    expect((await h.service.store.list()).map((m) => m.message)).toEqual([VALID.message]);
    // Sent again as the page now holds it: stored, as a message of its own.
    expect((await post(h, form({ _key: values._key, message: values.message }))).json).toEqual(SUCCESS);
    expect(await h.service.store.list()).toHaveLength(2);
  });

  it("400 for a key that is not one, with the form shown again under a good one", async () => {
    const h = await start();
    for (const bad of ["1234", "x".repeat(3000), "00000000-0000-0000-0000-00000000000g"]) {
      const r = await post(h, form({ _key: bad }));
      expectFailure(
        r,
        400,
        "We could not read the form. Please reload the page and send your message again.",
      );
      expect(reply(r).values._key).toMatch(UUID);
      expect(reply(r).values.message).toBe(VALID.message);
    }
    expect(await h.service.store.list()).toEqual([]);
  });

  it("without JavaScript: the confirm step and a failed post carry the message's key, so its resend is one", async () => {
    const h = await start();
    // The page's own post: no `_script` field; the token, when the page has one, in `_xsrf`.
    const token = agedToken(Date.now());
    const noScript = async (body: Record<string, string>, withToken = true) => {
      const res = await fetch(`${h.url}/contact-us`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: `XSRF-TOKEN=${token}` },
        body: new URLSearchParams({ ...body, ...(withToken ? { _xsrf: token } : {}) }),
      });
      return { status: res.status, ...(JSON.parse(await res.text()) as ReturnType<typeof reply>) };
    };
    // A kept page's form: no token, no key. The confirm step has a key made for this message.
    const confirm = await noScript(form(), false);
    expect(confirm.notice).toMatch(/press Send Message to confirm/);
    const key = confirm.values._key!;
    expect(key).toMatch(UUID);
    // Back to that page, the browser sends its post again ("Confirm Form Resubmission"): the same
    // key; other words are another message, another key.
    expect((await noScript(form(), false)).values._key).toBe(key);
    expect((await noScript(form({ message: "Another question." }), false)).values._key).not.toBe(key);
    // A failed post keeps the key it came with.
    const invalid = await noScript({ ...form({ email: "x" }), _key: key });
    expect(invalid.status).toBe(400);
    expect(invalid.values._key).toBe(key);
    // Sent, then sent again (back, and Send once more): one message.
    expect((await noScript({ ...form(), _key: key })).status).toBe(200);
    const twice = await noScript({ ...form(), _key: key });
    expect(twice).toMatchObject({ status: 200, outcome: SUCCESS, values: {} });
    expect(await h.service.store.list()).toHaveLength(1);
  });
});

describe("submitForm (the no-JS form action)", () => {
  it("answers with the form's checks: success, the token, the fields, then the rate limit", async () => {
    const h = await start({ rateLimit: { perMinute: 3, perHour: 20 }, now: midMinute() });
    const { cookie } = h.service.issueToken();
    expect(cookie).toMatch(/^XSRF-TOKEN=[\w.-]+; Path=\/;/);
    const token = agedToken(Date.now());
    const fields = { ...VALID, website: "" };
    const base = { fields, headers: new Headers(), ip: "192.0.2.10" };
    expect(await h.service.submitForm({ ...base, token, cookieHeader: `XSRF-TOKEN=${token}` })).toEqual({
      status: 200,
      body: SUCCESS,
    });
    expect(await h.service.submitForm({ ...base, token })).toMatchObject({ status: 403 });
    const invalid = await h.service.submitForm({
      ...base,
      fields: { ...fields, email: "x" },
      token,
      cookieHeader: `XSRF-TOKEN=${token}`,
    });
    expect(invalid).toMatchObject({
      status: 400,
      body: { errors: { email: "Please enter a valid e-mail address." } },
    });
    // One rate limit per client for every post of the form (the page's action and the spec's API
    // hand their posts here).
    const limited = await h.service.submitForm({ ...base, token, cookieHeader: `XSRF-TOKEN=${token}` });
    expect(limited).toMatchObject({
      status: 429,
      headers: { "Retry-After": expect.stringMatching(/^\d+$/) },
    });
    expect(await h.service.store.list()).toHaveLength(1);
  });

  it("keeps the token of a still-valid cookie so several open tabs keep working", async () => {
    const h = await start();
    const first = h.service.issueToken();
    expect(h.service.issueToken(`XSRF-TOKEN=${first.token}`).token).toBe(first.token);
  });
});
