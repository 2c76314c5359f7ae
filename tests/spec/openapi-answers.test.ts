// The server's answers against docs/api/openapi.yaml (issue 44): each documented answer of the
// public API, provoked from the outside on the production server as `npm start` starts it, has
// the status, content type, body schema (JSON Schema 2020-12, as OpenAPI 3.1 has it, checked by
// Ajv) and headers the description gives. The description follows the spec (§7); these tests
// change when it does.
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import SwaggerParser from "@apidevtools/swagger-parser";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { skipWithoutBuild, startBuiltServer, type BuiltServer } from "#server/testing/server-process.ts";

const skip = skipWithoutBuild("OpenAPI answers");
const FILE = fileURLToPath(new URL("../../docs/api/openapi.yaml", import.meta.url));

type Media = { schema?: object };
type Response = { content?: Record<string, Media>; headers?: Record<string, { required?: boolean }> };
type Operation = { responses: Record<string, Response> };
type Document = { paths: Record<string, Record<string, Operation>> };

let doc: Document;
let server: BuiltServer;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

beforeAll(async () => {
  if (skip) return;
  doc = (await SwaggerParser.dereference(FILE)) as unknown as Document;
  server = await startBuiltServer("openapi-answers-", {
    MIN_SUBMIT_MS: "1",
    TRUST_PROXY: "true",
    RATE_LIMIT_PER_MINUTE: "2",
  });
});
afterAll(async () => {
  await server?.close();
});

let clients = 0;
const address = () => `203.0.113.${++clients}`;

async function token() {
  const res = await fetch(`${server.url}/api/csrf`);
  const cookie = res.headers.getSetCookie()[0]!.split(";")[0]!;
  const { token } = (await res.json()) as { token: string };
  return { cookie, token };
}

/** The documented answer for `status` of `path` (`operation`: the method's operation in the file,
 *  e.g. "get" for the 405 of a POST-only path), checked against what the server sent. */
async function conforms(res: globalThis.Response, path: string, operation: string) {
  const documented = doc.paths[path]?.[operation]?.responses[String(res.status)];
  expect(documented, `${operation.toUpperCase()} ${path} ${res.status} is documented`).toBeDefined();
  const text = await res.text();
  for (const [name, header] of Object.entries(documented!.headers ?? {}))
    if (header.required || ["Retry-After", "Allow"].includes(name))
      expect(res.headers.get(name), `${path} ${res.status} ${name}`).not.toBeNull();
  if (!documented!.content) {
    expect(text, `${path} ${res.status} has no body`).toBe("");
    return;
  }
  const type = (res.headers.get("content-type") ?? "").split(";")[0]!.trim();
  const media = documented!.content[type];
  expect(media, `${path} ${res.status} in ${type} is documented`).toBeDefined();
  if (type !== "application/json" || !media!.schema) return;
  const validate = ajv.compile(media!.schema);
  const body: unknown = JSON.parse(text);
  expect(validate(body) ? [] : validate.errors, `${path} ${res.status}: ${text}`).toEqual([]);
}

const message = { name: "Amina Bello", email: "amina@example.com", phone: "08035550142", message: "Hello." };

describe.skipIf(skip)("the public API's answers match docs/api/openapi.yaml", () => {
  test("POST /api/send-email: 200, 400 (fields, JSON, key), 403, 411, 413, 415, 422, 429 and the 405 of other methods", async () => {
    const { cookie, token: xsrf } = await token();
    const send = (body: string, headers: Record<string, string> = {}, init: RequestInit = {}) =>
      fetch(`${server.url}/api/send-email`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Cookie: cookie,
          "X-XSRF-TOKEN": xsrf,
          "X-Forwarded-For": address(),
          ...headers,
        },
        body,
        ...init,
      });
    const key = randomUUID();
    const cases: [string, () => Promise<globalThis.Response>, number][] = [
      ["sent", () => send(JSON.stringify(message), { "Idempotency-Key": key }), 200],
      ["fields", () => send(JSON.stringify({ ...message, email: "no" })), 400],
      ["not JSON", () => send("{"), 400],
      ["key", () => send(JSON.stringify(message), { "Idempotency-Key": "x" }), 400],
      ["token", () => send(JSON.stringify(message), { "X-XSRF-TOKEN": "x" }), 403],
      ["cross-site", () => send(JSON.stringify(message), { Origin: "https://evil.example" }), 403],
      [
        "chunked",
        () =>
          send("", {}, {
            body: new Blob([JSON.stringify(message)]).stream(),
            duplex: "half",
          } as RequestInit),
        411,
      ],
      ["large", () => send(JSON.stringify({ ...message, message: "x".repeat(70_000) })), 413],
      ["type", () => send("name=x", { "Content-Type": "text/plain" }), 415],
      [
        "key reused",
        () => send(JSON.stringify({ ...message, message: "Other." }), { "Idempotency-Key": key }),
        422,
      ],
    ];
    for (const [name, request, status] of cases) {
      const res = await request();
      expect(res.status, name).toBe(status);
      await conforms(res, "/api/send-email", "post");
    }
    const limited = "198.51.100.77";
    let last: globalThis.Response | undefined;
    for (let i = 0; i < 3; i++) last = await send(JSON.stringify(message), { "X-Forwarded-For": limited });
    expect(last!.status).toBe(429);
    await conforms(last!, "/api/send-email", "post");
    for (const method of ["GET", "PUT"]) {
      const res = await fetch(`${server.url}/api/send-email`, { method });
      expect(res.status, method).toBe(405);
      await conforms(res, "/api/send-email", "get");
    }
  });

  test("GET /api/csrf: 200 with the token and its cookie", async () => {
    const res = await fetch(`${server.url}/api/csrf`);
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("XSRF-TOKEN="))).toBe(true);
    await conforms(res, "/api/csrf", "get");
  });

  test("POST /api/traffic: 204, 400, 403, 413, 415", async () => {
    const beacon = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}/api/traffic`, {
        method: "POST",
        headers: { "Content-Type": "text/plain", "Sec-Fetch-Site": "same-origin", ...headers },
        body,
      });
    const cases: [string, () => Promise<globalThis.Response>, number][] = [
      ["view", () => beacon(JSON.stringify({ p: "/about-us", w: 390 })), 204],
      ["not a view", () => beacon("{}"), 400],
      ["no site", () => beacon(JSON.stringify({ p: "/", w: 390 }), { "Sec-Fetch-Site": "" }), 403],
      ["large", () => beacon("x".repeat(2000)), 413],
      ["type", () => beacon("p=/", { "Content-Type": "application/x-www-form-urlencoded" }), 415],
    ];
    for (const [name, request, status] of cases) {
      const res = await request();
      expect(res.status, name).toBe(status);
      await conforms(res, "/api/traffic", "post");
    }
  });
});
