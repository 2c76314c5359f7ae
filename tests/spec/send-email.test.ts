// The specification's one call (../shared/spec/site-spec.md §7) as a contract, from the outside:
// Node's fetch against the production server started as `npm start` starts it, a real SMTP
// server on loopback reading what the agency receives.
//
// These tests change only when the spec changes (or the API's own description,
// docs/api/openapi.yaml, which follows it). A refactor that breaks one breaks a promise of the
// product, not a detail of ours: fix the code, not the test.
//
// §7: | POST | /api/send-email | JSON body: name, email, phone, message | Response read for success
// (boolean) and message (text) |. "Client defaults: JSON by default, XSRF cookie XSRF-TOKEN and
// header X-XSRF-TOKEN, success on 200-299."
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startSmtp, type TestSmtp } from "#server/testing/smtp.ts";
import { skipWithoutBuild, startBuiltServer, type BuiltServer } from "#server/testing/server-process.ts";

const skip = skipWithoutBuild("spec §7 contract");

const API = "/api/send-email";
const message = (text: string) => ({
  name: "Ngozi Eze",
  email: "ngozi.eze@example.com",
  phone: "+234 809 555 0177",
  message: text,
});

let smtp: TestSmtp;
let server: BuiltServer;

beforeAll(async () => {
  if (skip) return;
  smtp = await startSmtp();
  server = await startBuiltServer("spec-api-", {
    SMTP_URL: smtp.url,
    // A token may be used at once (the anti-bot minimum time has its own tests), and each test
    // is its own client (X-Forwarded-For from a trusted proxy), so that the rate limit counts
    // only the test about it.
    MIN_SUBMIT_MS: "1",
    TRUST_PROXY: "true",
    RATE_LIMIT_PER_MINUTE: "3",
    RATE_LIMIT_PER_HOUR: "100",
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

let clients = 0;
/** Another client address (a /16 of documentation addresses). */
const nextAddress = () => `198.51.${Math.floor(++clients / 250)}.${clients % 250}`;

/** A visitor: the XSRF-TOKEN cookie its browser got with a page. Each post comes from another
 *  address, so that only the rate limit's own test meets the limit (it sends X-Forwarded-For). */
async function visitor() {
  const address = nextAddress();
  const page = await fetch(`${server.url}/contact-us`, { headers: { "X-Forwarded-For": address } });
  const cookie = page.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("XSRF-TOKEN="));
  expect(cookie, "the page sets the XSRF-TOKEN cookie").toBeDefined();
  const token = decodeURIComponent(cookie!.slice("XSRF-TOKEN=".length));
  const headers = (extra: Record<string, string> = {}) => ({
    "Content-Type": "application/json",
    Cookie: cookie!,
    "X-XSRF-TOKEN": token,
    "X-Forwarded-For": nextAddress(),
    ...extra,
  });
  /** POST /api/send-email as a client written against §7 sends it. */
  const send = (body: unknown, extra: Record<string, string> = {}, init: RequestInit = {}) =>
    fetch(`${server.url}${API}`, {
      method: "POST",
      headers: headers(extra),
      body: typeof body === "string" ? body : JSON.stringify(body),
      ...init,
    });
  return { address, token, cookie: cookie!, send };
}

type Answer = { success: boolean; message: string; errors?: Record<string, string> };

/** The answer as §7's client reads it: always JSON with a boolean `success` and a text `message`. */
async function read(response: Response): Promise<Answer> {
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const text = await response.text();
  expect(text).not.toMatch(/<html|<!doctype|\n\s+at /i); // never a page, never a stack
  const body = JSON.parse(text) as Answer;
  expect(typeof body.success).toBe("boolean");
  expect(typeof body.message).toBe("string");
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

const delivered = (text: string) => smtp.received.filter((m) => m.text.includes(text));

describe.skipIf(skip)("§7 POST /api/send-email", () => {
  test("§7 row: a JSON body of name, email, phone and message with the XSRF cookie and header is answered 200 {success: true, message}, stored, and e-mailed to the agency once", async () => {
    const v = await visitor();
    const text = `Spec §7 contract ${randomUUID()}: we need an app for our pharmacy in Kubwa.`;
    const response = await v.send(message(text));
    expect(response.status).toBe(200);
    expect(await read(response)).toEqual({
      success: true,
      message: "Thanks For Your Message! We'll get back to you soon.",
    });
    await smtp.waitFor(() => delivered(text).length > 0, 15_000);
    const [mail] = delivered(text);
    expect(mail!.text).toContain("Ngozi Eze");
    expect(mail!.text).toContain("ngozi.eze@example.com");
    expect(mail!.text).toContain("+234 809 555 0177");
    // Once: nothing else arrives with it.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(delivered(text)).toHaveLength(1);
  }, 30_000);

  test("§7 'success on 200-299': the same message sent again with its Idempotency-Key is answered 200 again and stored once", async () => {
    const v = await visitor();
    const text = `Spec §7 idempotent ${randomUUID()}.`;
    const key = randomUUID();
    for (let i = 0; i < 3; i++) {
      const response = await v.send(message(text), { "Idempotency-Key": key });
      expect(response.status).toBe(200);
      expect((await read(response)).success).toBe(true);
    }
    await smtp.waitFor(() => delivered(text).length > 0, 15_000);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(delivered(text)).toHaveLength(1);
  }, 30_000);

  test("§7 'Idempotency-Key': a key reused with a different body is 422 with success false, and that body is not sent", async () => {
    const v = await visitor();
    const key = randomUUID();
    const first = `Spec §7 key first ${randomUUID()}.`;
    const second = `Spec §7 key second ${randomUUID()}.`;
    expect((await v.send(message(first), { "Idempotency-Key": key })).status).toBe(200);
    const response = await v.send(message(second), { "Idempotency-Key": key });
    expect(response.status).toBe(422);
    const body = await read(response);
    expect(body.success).toBe(false);
    expect(body.message).not.toMatch(/thanks/i);
    await smtp.waitFor(() => delivered(first).length > 0, 15_000);
    expect(delivered(second)).toHaveLength(0);
    // The draft's own spelling, a structured-field string ("…"), names the same key.
    const quoted = await v.send(message(first), { "Idempotency-Key": `"${key}"` });
    expect(quoted.status).toBe(200);
    expect((await read(quoted)).success).toBe(true);
    // A key that is not a UUID is refused as such.
    const malformed = await v.send(message(second), { "Idempotency-Key": "not-a-key" });
    expect(malformed.status).toBe(400);
    expect((await read(malformed)).message).toContain("Idempotency-Key");
  }, 30_000);

  test("§7 'XSRF cookie XSRF-TOKEN and header X-XSRF-TOKEN': without the header, without the cookie, or with another token, 403 and nothing stored", async () => {
    const v = await visitor();
    const text = `Spec §7 xsrf ${randomUUID()}.`;
    const other = await visitor();
    const attempts: Record<string, string>[] = [
      { "X-XSRF-TOKEN": "" },
      { Cookie: "" },
      { "X-XSRF-TOKEN": other.token },
      { Cookie: other.cookie },
      { "X-XSRF-TOKEN": `${v.token}x` },
    ];
    for (const headers of attempts) {
      const response = await v.send(message(text), headers);
      expect(response.status, JSON.stringify(Object.keys(headers))).toBe(403);
      expect((await read(response)).success).toBe(false);
    }
    await new Promise((r) => setTimeout(r, 500));
    expect(delivered(text)).toHaveLength(0);
  });

  test("§7 XSRF: a post from another site's page (Origin, Sec-Fetch-Site) is 403 JSON", async () => {
    const v = await visitor();
    const crossSite: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { "Sec-Fetch-Site": "cross-site" },
    ];
    for (const headers of crossSite) {
      const response = await v.send(message("Cross-site."), headers);
      expect(response.status).toBe(403);
      expect((await read(response)).success).toBe(false);
    }
  });

  test("§5 through §7: invalid fields are 400 with success false and a message per field", async () => {
    const v = await visitor();
    const response = await v.send({ name: "", email: "not-an-address", phone: "call me", message: "" });
    expect(response.status).toBe(400);
    const body = await read(response);
    expect(body.success).toBe(false);
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(["email", "message", "name", "phone"]);
    // "phone accepts numeric input only"
    const phone = await v.send({ ...message("Hello."), phone: "0803-CALL-ME" });
    expect(phone.status).toBe(400);
    expect(Object.keys((await read(phone)).errors ?? {})).toEqual(["phone"]);
  });

  test("§7 'JSON by default': a body that is not JSON is 400, another type 415, both JSON answers", async () => {
    const v = await visitor();
    for (const body of ["{not json", "[1,2]", '"text"', "null", ""]) {
      const response = await v.send(body);
      expect(response.status, body).toBe(400);
      expect((await read(response)).success).toBe(false);
    }
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "application/json; charset=latin1",
    ]) {
      const response = await v.send(new URLSearchParams(message("Form.")).toString(), {
        "Content-Type": type,
      });
      expect(response.status, type).toBe(415);
      expect((await read(response)).success).toBe(false);
    }
  });

  test("§7: a body over the limit is 413, and one of unknown length 411, both JSON answers", async () => {
    const v = await visitor();
    const large = await v.send(message("x".repeat(70_000)));
    expect(large.status).toBe(413);
    expect((await read(large)).success).toBe(false);
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(JSON.stringify(message("Chunked."))));
        controller.close();
      },
    });
    const chunked = await v.send("", {}, { body: stream, duplex: "half" } as RequestInit);
    expect(chunked.status).toBe(411);
    expect((await read(chunked)).success).toBe(false);
  });

  test("§7 'POST': any other method is 405 with Allow: POST and a JSON answer", async () => {
    for (const method of ["GET", "PUT", "DELETE", "PATCH"]) {
      const response = await fetch(`${server.url}${API}`, { method });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("allow"), method).toBe("POST");
      expect((await read(response)).success, method).toBe(false);
    }
  });

  test("§7: more posts than the limit from one client are 429 with Retry-After and a JSON answer", async () => {
    const v = await visitor();
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 5; i++) {
      last = await v.send(message(`Spec §7 limit ${i} ${randomUUID()}.`), { "X-Forwarded-For": v.address });
      statuses.push(last.status);
      if (last.status === 429) break;
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await read(last!)).message).toMatch(/try again in \d+ minute/);
  });

  test("§7 'Response read for success (boolean) and message (text)': whatever a client sends, the answer is JSON with both, never a 5xx", async () => {
    const v = await visitor();
    const value = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.boolean(), fc.array(fc.string()));
    const body = fc.oneof(
      fc.record({ name: value, email: value, phone: value, message: value }, { requiredKeys: [] }),
      fc.dictionary(fc.string(), value),
      fc.string(),
      fc.jsonValue(),
    );
    await fc.assert(
      fc.asyncProperty(body, fc.option(fc.string({ maxLength: 40 })), async (sent, key) => {
        const response = await v.send(
          typeof sent === "string" ? sent : (JSON.stringify(sent) ?? ""),
          key === null ? {} : { "Idempotency-Key": key.replace(/[^\x20-\x7e]/g, "") },
        );
        expect(response.status).toBeLessThan(500);
        await read(response);
      }),
      { numRuns: 60 },
    );
  }, 60_000);
});
