// @vitest-environment node
// The HTTP application on a real socket: request logs, request ids, the page cache. Needs the
// production build (scripts/test.sh builds before the unit tests).
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app.ts";
import { parseConfig } from "./config.ts";

const built = existsSync("build/server/index.js");
if (!built && process.env.TEST_REQUIRE_BUILD === "1")
  throw new Error("build/ is missing: run `npm run build` first");

async function start(env: Record<string, string> = {}) {
  const lines: Array<Record<string, unknown>> = [];
  const app = await createApp({
    config: parseConfig({ BUILD_DIR: "build", NODE_ENV: "production", ...env }),
    log: (entry) => lines.push(entry),
  });
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, lines, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.skipIf(!built)("the HTTP application", () => {
  let plain: Awaited<ReturnType<typeof start>>;
  let proxied: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    plain = await start();
    proxied = await start({ TRUST_PROXY: "true" });
  });
  afterAll(async () => {
    await plain.close();
    await proxied.close();
  });

  it("logs one line per request: method, path without the query, status, duration, id", async () => {
    const response = await fetch(`${plain.base}/search?q=ada%40example.com`);
    await response.arrayBuffer();
    await new Promise((r) => setTimeout(r, 20));
    const line = plain.lines.find((l) => l.msg === "request" && l.path === "/search");
    expect(line).toMatchObject({ method: "GET", status: 200 });
    expect(typeof line!.ms).toBe("number");
    expect(line!.id).toBe(response.headers.get("x-request-id"));
    expect(JSON.stringify(plain.lines)).not.toContain("example.com");
  });

  it("makes its own request id unless a trusted proxy gave one", async () => {
    const own = await fetch(`${plain.base}/healthz`, { headers: { "X-Request-Id": "from-the-visitor" } });
    expect(own.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const given = await fetch(`${proxied.base}/healthz`, { headers: { "X-Request-Id": "edge-42.abc" } });
    expect(given.headers.get("x-request-id")).toBe("edge-42.abc");
    const junk = await fetch(`${proxied.base}/healthz`, { headers: { "X-Request-Id": "<script>" } });
    expect(junk.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers hashed assets from memory: precompressed, immutable for a year, 304 on a match", async () => {
    const home = await (await fetch(`${plain.base}/`)).text();
    const asset = /\/assets\/framework-[\w-]+\.js/.exec(home)![0];
    const br = await fetch(`${plain.base}${asset}`, { headers: { "Accept-Encoding": "br" } });
    expect(br.status).toBe(200);
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("content-type")).toContain("text/javascript");
    expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const plainBody = await (
      await fetch(`${plain.base}${asset}`, { headers: { "Accept-Encoding": "identity" } })
    ).text();
    expect(plainBody).toContain("react");
    const again = await fetch(`${plain.base}${asset}`, {
      headers: { "If-None-Match": br.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
    expect((await fetch(`${plain.base}/assets/nothing-here.js`)).status).toBe(404);
  });

  it("has pages' data files and the feed revalidated like the pages (they change with each deploy)", async () => {
    for (const file of ["/blog-standard.data", "/blog/rss.xml"]) {
      const response = await fetch(`${plain.base}${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get("cache-control"), file).toBe("public, max-age=0, must-revalidate");
    }
    const picture = await fetch(`${plain.base}/favicon.svg`);
    expect(picture.headers.get("cache-control")).toMatch(/max-age=86400/);
  });

  it("renders a query page once, then answers it from memory with the same bytes and CSP", async () => {
    const a = await fetch(`${plain.base}/blog-standard?page=2`);
    const b = await fetch(`${plain.base}/blog-standard?page=2`);
    expect(a.status).toBe(200);
    expect(b.headers.get("etag")).toBe(a.headers.get("etag"));
    expect(b.headers.get("content-security-policy")).toBe(a.headers.get("content-security-policy"));
    expect(await b.text()).toBe(await a.text());
    const unknown = await fetch(`${plain.base}/blog-standard?page=99`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("etag")).toBeNull();
  });
});
