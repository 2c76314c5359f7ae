// @vitest-environment node
// The HTTP application on a real socket: the fast path (pages and assets from memory), the page
// cache, request logs, request ids. Needs the production build (scripts/test.sh builds before
// the unit tests).
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { createServer, request as httpRequest, type Server } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, templates } from "./app.ts";
import { parseConfig } from "./config.ts";
import { loggablePath } from "./fast-path.ts";
import { openServices, requestContext } from "./services.ts";

const built = existsSync("build/server/index.js");
if (!built && process.env.TEST_REQUIRE_BUILD === "1")
  throw new Error("build/ is missing: run `npm run build` first");

/** The app as server/main.ts assembles it (with the contact service, on SQLite, no SMTP). */
async function start(env: Record<string, string> = {}, { refineAfterMs }: { refineAfterMs?: number } = {}) {
  const lines: Array<Record<string, unknown>> = [];
  const config = parseConfig({ BUILD_DIR: "build", NODE_ENV: "production", ...env });
  const dataDir = mkdtempSync(path.join(tmpdir(), "app-test-"));
  const services = await openServices({
    dataDir,
    mailFrom: "Test <no-reply@example.org>",
    mailTo: "inbox@example.org",
    secret: "app-test-secret-0123456789abcdefghijkl",
    rateLimit: { perMinute: 5, perHour: 20 },
    minSubmitMs: 0,
    trustProxy: config.TRUST_PROXY,
    logger: () => {},
  });
  // Every render of a page asks for its context: counted, to tell a render from a kept answer.
  let contexts = 0;
  const context = requestContext(services);
  const app = await createApp({
    config,
    log: (entry) => lines.push(entry),
    routers: services.routers,
    loadContext: (...args) => {
      contexts++;
      return context(...args);
    },
    pageChanges: services.pageChanges,
    refineAfterMs,
  });
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    lines,
    renders: () => contexts,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await services.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A request with exactly these headers (fetch always asks for gzip/brotli and decodes): status,
 * headers and the raw bytes as sent.
 */
function raw(url: string, { method = "GET", headers = {} as Record<string, string> } = {}) {
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode!,
          headers: res.headers as Record<string, string>,
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

const sha = (s: string) => `'sha256-${createHash("sha256").update(s, "utf8").digest("base64")}'`;
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => m[1]!,
  );

describe("the template a page view is counted under (the traffic page)", () => {
  it("finds an item's template by its number or UUID, a sent issue's before any was sent, and not-found for the rest", () => {
    const templateOf = templates([
      { path: "/about-us", kind: "about" },
      { path: "/team-details/1", kind: "team" },
    ]);
    expect(templateOf("/about-us?utm_source=newsletter")).toBe("about");
    expect(templateOf("/team-details/7")).toBe("team");
    expect(templateOf("/newsletter/issues/0b0f5c1e-7d2a-4c1b-9e3f-2a6b8c9d0e1f")).toBe("default");
    expect(templateOf("/newsletter/issues/not-an-id")).toBe("not-found");
    expect(templateOf("/no-such-page")).toBe("not-found");
  });
});

describe("loggablePath", () => {
  it("keeps the query's names and never its values", () => {
    expect(loggablePath("/about-us")).toBe("/about-us");
    expect(loggablePath("/search?q=ada%40example.com")).toBe("/search?q=…");
    expect(loggablePath("/blog-standard?page=2&utm_source=x")).toBe("/blog-standard?page=…&utm_source=…");
    expect(loggablePath("/x?ada@example.com")).toBe("/x?…=…");
    expect(loggablePath("/x?")).toBe("/x?");
  });
});

describe.skipIf(!built)("the HTTP application", () => {
  let plain: Awaited<ReturnType<typeof start>>;
  let proxied: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    plain = await start();
    proxied = await start({ TRUST_PROXY: "true" });
  });
  afterAll(async () => {
    await plain?.close();
    await proxied?.close();
  });

  it("logs one line per request: method, path with the query's values masked, status, duration, id", async () => {
    const response = await fetch(`${plain.base}/search?q=ada%40example.com`, {
      headers: { "X-Forwarded-For": "203.0.113.9" },
    });
    await response.arrayBuffer();
    const page = await fetch(`${plain.base}/services`);
    await page.arrayBuffer();
    await new Promise((r) => setTimeout(r, 20));
    const line = plain.lines.find((l) => l.msg === "request" && l.path === "/search?q=…");
    expect(line).toMatchObject({ method: "GET", status: 200 });
    expect(typeof line!.ms).toBe("number");
    expect(line!.id).toBe(response.headers.get("x-request-id"));
    // Answered from memory by the fast path: logged the same way.
    const fast = plain.lines.find((l) => l.msg === "request" && l.path === "/services");
    expect(fast).toMatchObject({ method: "GET", status: 200, id: page.headers.get("x-request-id") });
    expect(Object.keys(fast!).sort()).toEqual(["id", "method", "ms", "msg", "path", "status"]);
    // Without the random request ids, which may hold "ada" by chance (a hex uuid: 9ada7ce6-…).
    const all = JSON.stringify(plain.lines.map(({ id: _, ...line }) => line));
    expect(all).not.toContain("example.com");
    expect(all).not.toContain("ada");
    expect(all).not.toMatch(/127\.0\.0\.1|203\.0\.113/);
  });

  it("makes its own request id unless a trusted proxy gave one", async () => {
    for (const path of ["/healthz", "/services", "/search?q=x"]) {
      const own = await fetch(`${plain.base}${path}`, { headers: { "X-Request-Id": "from-the-visitor" } });
      expect(own.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      const given = await fetch(`${proxied.base}${path}`, { headers: { "X-Request-Id": "edge-42.abc" } });
      expect(given.headers.get("x-request-id")).toBe("edge-42.abc");
      const junk = await fetch(`${proxied.base}${path}`, { headers: { "X-Request-Id": "<script>" } });
      expect(junk.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
    const a = await fetch(`${plain.base}/services`);
    const b = await fetch(`${plain.base}/services`);
    expect(a.headers.get("x-request-id")).not.toBe(b.headers.get("x-request-id"));
  });

  it("answers kept pages from memory: brotli, gzip or none as accepted, ETag and 304, HEAD", async () => {
    await fetch(`${plain.base}/about-us`); // rendered once, then kept
    const br = await raw(`${plain.base}/about-us`, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(br.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(br.headers["vary"]).toBe("Accept-Encoding");
    expect(br.headers["x-frame-options"]).toBe("DENY");
    expect(br.headers["strict-transport-security"]).toContain("max-age=");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    const html = brotliDecompressSync(br.body).toString("utf8");
    expect(html).toContain("<h1");

    const gz = await raw(`${plain.base}/about-us`, { headers: { "Accept-Encoding": "gzip, br;q=0" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString("utf8")).toBe(html);
    const none = await raw(`${plain.base}/about-us`);
    expect(none.headers["content-encoding"]).toBeUndefined();
    expect(none.body.toString("utf8")).toBe(html);
    expect(none.headers["etag"]).toBe(br.headers["etag"]);

    // The CSP allows exactly the page's inline scripts.
    const csp = br.headers["content-security-policy"]!;
    for (const script of inlineScripts(html)) expect(csp).toContain(sha(script));
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);

    const notModified = await raw(`${plain.base}/about-us`, {
      headers: { "If-None-Match": br.headers["etag"]!, "Accept-Encoding": "br" },
    });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers["etag"]).toBe(br.headers["etag"]);
    expect(notModified.headers["content-encoding"]).toBeUndefined();

    const head = await raw(`${plain.base}/about-us`, {
      method: "HEAD",
      headers: { "Accept-Encoding": "br" },
    });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(br.headers["content-length"]);

    // With a query the page may differ: never the page kept for the bare URL.
    const queried = await fetch(`${plain.base}/blog-standard?page=2`);
    const first = await fetch(`${plain.base}/blog-standard`);
    expect(queried.headers.get("etag")).not.toBe(first.headers.get("etag"));
  });

  it("answers hashed assets from memory: precompressed, immutable for a year, 304 on a match", async () => {
    const home = await (await fetch(`${plain.base}/`)).text();
    const asset = /\/assets\/framework-[\w-]+\.js/.exec(home)![0];
    const br = await fetch(`${plain.base}${asset}`, { headers: { "Accept-Encoding": "br" } });
    expect(br.status).toBe(200);
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("content-type")).toContain("text/javascript");
    expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const gz = await raw(`${plain.base}${asset}`, { headers: { "Accept-Encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    const identity = await raw(`${plain.base}${asset}`, { headers: { "Accept-Encoding": "identity" } });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body.toString("utf8")).toContain("react");
    expect(gunzipSync(gz.body).equals(identity.body)).toBe(true);
    const again = await fetch(`${plain.base}${asset}`, {
      headers: { "If-None-Match": br.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
    const head = await raw(`${plain.base}${asset}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBe(identity.body.length);
    expect((await fetch(`${plain.base}/assets/nothing-here.js`)).status).toBe(404);
  });

  it("has pages' data, the feed and the sitemap revalidated like the pages (they change with each deploy, and with the content)", async () => {
    for (const file of ["/blog/rss.xml", "/sitemap.xml", "/about-us.data", "/faq.data"]) {
      const response = await fetch(`${plain.base}${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get("cache-control"), file).toBe("public, max-age=0, must-revalidate");
    }
    // The contact page's data holds a visitor's token: never kept.
    const contact = await fetch(`${plain.base}/contact-us.data`);
    expect(contact.headers.get("cache-control")).toBe("private, no-store");
    // An error's page and data are kept by no one.
    for (const file of ["/no-such-page", "/no-such-page.data", "/services-details/99"]) {
      const response = await fetch(`${plain.base}${file}`);
      expect(response.status, file).toBe(404);
      expect(response.headers.get("cache-control"), file).toBe("private, no-cache");
    }
    const picture = await fetch(`${plain.base}/favicon.svg`);
    expect(picture.headers.get("cache-control")).toMatch(/max-age=86400/);
  });

  it("still redirects and renders what is not in memory", async () => {
    const slash = await fetch(`${plain.base}/services/`, { redirect: "manual" });
    expect(slash.status).toBe(301);
    expect(slash.headers.get("location")).toBe("/services");
    const index = await fetch(`${plain.base}/services/index.html?x=1`, { redirect: "manual" });
    expect(index.headers.get("location")).toBe("/services?x=1");
    const missing = await fetch(`${plain.base}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(missing.headers.get("x-frame-options")).toBe("DENY");
    const health = await fetch(`${plain.base}/healthz`);
    expect(await health.json()).toEqual({ status: "ok" });
    expect(health.headers.get("cache-control")).toBe("no-store");
  });

  it("renders a query page once, then answers it from memory with the same bytes and a CSP that fits", async () => {
    const url = `${plain.base}/blog-standard?page=2`;
    const a = await raw(url, { headers: { "Accept-Encoding": "br" } });
    const b = await raw(url, { headers: { "Accept-Encoding": "br" } });
    expect(a.status).toBe(200);
    expect(b.headers["etag"]).toBe(a.headers["etag"]);
    expect(b.headers["content-security-policy"]).toBe(a.headers["content-security-policy"]);
    expect(b.body.equals(a.body)).toBe(true);
    expect(b.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(b.headers["x-frame-options"]).toBe("DENY");
    const html = brotliDecompressSync(b.body).toString("utf8");
    const csp = b.headers["content-security-policy"]!;
    expect(csp).not.toContain("nonce-");
    expect(inlineScripts(html).length).toBeGreaterThan(0);
    for (const script of inlineScripts(html)) expect(csp).toContain(sha(script));
    expect(html).not.toMatch(/nonce="/);

    const gz = await raw(url, { headers: { "Accept-Encoding": "gzip" } });
    expect(gunzipSync(gz.body).toString("utf8")).toBe(html);
    const notModified = await raw(url, { headers: { "If-None-Match": a.headers["etag"]! } });
    expect(notModified.status).toBe(304);

    // The same page under another query is kept once.
    const other = await fetch(`${url}&utm_source=test`);
    expect(other.headers.get("etag")).toBe(a.headers["etag"]);

    const unknown = await fetch(`${plain.base}/blog-standard?page=99`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("etag")).toBeNull();
  });

  it("keeps a page with a query from its second request on: one-off searches neither fill the memory nor push out kept pages", async () => {
    const post = `${plain.base}/blog-single-sidebar/5`;
    await fetch(post);
    const rendered = plain.renders();
    await fetch(post);
    expect(plain.renders(), "a post is kept at its first render").toBe(rendered);

    const asked = `${plain.base}/search?q=website`;
    const counts = [];
    for (let i = 0; i < 3; i++) {
      const before = plain.renders();
      const answer = await raw(asked, { headers: { "Accept-Encoding": "br" } });
      expect(answer.status).toBe(200);
      expect(answer.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(answer.body).toString("utf8")).toContain("Results for");
      counts.push(plain.renders() - before);
    }
    // Rendered at the first and second request, kept from the second.
    expect(counts).toEqual([1, 1, 0]);

    // A one-off (a flood's unique search) is never kept: asked again, it is rendered again.
    const once = `${plain.base}/search?q=once-only`;
    await fetch(once);
    const before = plain.renders();
    await fetch(post);
    expect(plain.renders(), "the post is still kept").toBe(before);
    await fetch(once);
    expect(plain.renders() - before).toBe(1);
  });

  it("keeps a blog post; read again once it has stayed kept a while, recompresses its brotli at the best quality: smaller, same page, same ETag", async () => {
    const refineAfterMs = 2_000;
    const site = await start({}, { refineAfterMs });
    try {
      const url = `${site.base}/blog-single-sidebar/3`;
      const read = () => raw(url, { headers: { "Accept-Encoding": "br" } });
      const first = await read();
      const keptAt = Date.now();
      expect(first.status).toBe(200);
      const html = brotliDecompressSync(first.body).toString("utf8");
      expect(html).toContain("No comments yet on");
      // Read again at once: the quick brotli, and no better one made of that read.
      expect((await read()).body.length).toBe(first.body.length);
      expect(Date.now() - keptAt, "the second read came before the wait").toBeLessThan(refineAfterMs);
      await new Promise((r) => setTimeout(r, refineAfterMs + 100));
      // The first read after the wait still gets the quick one (nothing was made meanwhile) and
      // sets the better one going; the reads after it get that.
      expect((await read()).body.length).toBe(first.body.length);
      let later = first;
      for (let i = 0; i < 100 && later.body.length >= first.body.length; i++) {
        await new Promise((r) => setTimeout(r, 20));
        later = await read();
      }
      expect(later.body.length).toBeLessThan(first.body.length * 0.95);
      expect(brotliDecompressSync(later.body).toString("utf8")).toBe(html);
      expect(later.headers["etag"]).toBe(first.headers["etag"]);
      expect(later.headers["content-length"]).toBe(String(later.body.length));
      expect(site.renders(), "rendered once").toBe(1);
    } finally {
      await site.close();
    }
    // Pages with a query (anyone can make new ones) keep the quick quality.
    const query = `${plain.base}/blog-single-sidebar/3?reply=none`;
    expect((await raw(query)).status).toBe(302);
  });

  it("never keeps /contact-us: every visitor gets their own token", async () => {
    const pages = [];
    for (const url of ["/contact-us", "/contact-us", "/contact-us?from=menu", "/contact-us?from=menu"]) {
      const response = await fetch(`${plain.base}${url}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("etag")).toBeNull();
      expect(response.headers.get("set-cookie")).toBeTruthy();
      pages.push({ cookie: response.headers.get("set-cookie"), html: await response.text() });
    }
    expect(new Set(pages.map((p) => p.cookie)).size).toBe(pages.length);
    expect(new Set(pages.map((p) => p.html)).size).toBe(pages.length);
  });
});

describe("the service worker (/sw.js) and its offline page", () => {
  let on: Awaited<ReturnType<typeof start>>;
  let off: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    on = await start();
    off = await start({ SERVICE_WORKER: "off" });
  });
  afterAll(async () => {
    await on?.close();
    await off?.close();
  });

  it("serves the built worker revalidated on every fetch (no long cache), confined to the site's origin, 304 on a match", async () => {
    const first = await raw(`${on.base}/sw.js`, { headers: { "Accept-Encoding": "br" } });
    expect(first.status).toBe(200);
    expect(first.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(first.headers["cache-control"]).toBe("no-cache");
    expect(first.headers["content-security-policy"]).toBe("default-src 'self'");
    expect(first.headers["content-encoding"]).toBe("br");
    expect(first.headers["x-content-type-options"]).toBe("nosniff");
    const script = brotliDecompressSync(first.body).toString("utf8");
    expect(script).toContain("techspark-pages");
    expect(script).toContain("/offline");
    const again = await raw(`${on.base}/sw.js`, { headers: { "If-None-Match": first.headers.etag! } });
    expect(again.status).toBe(304);
  });

  it("SERVICE_WORKER=off serves a worker that deletes the caches and unregisters itself, under the same headers", async () => {
    const response = await fetch(`${off.base}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    const script = await response.text();
    expect(script).toContain("caches.delete(");
    expect(script).toContain("self.registration.unregister()");
    expect(script).not.toContain("techspark-pages");
    // Another ETag: a phone's next check of the script sees the change.
    const built = await fetch(`${on.base}/sw.js`);
    expect(response.headers.get("etag")).not.toBe(built.headers.get("etag"));
  });

  it("renders the offline page without scripts, kept by anyone, out of search, with the agency's phone and an empty list for the pages held", async () => {
    const response = await fetch(`${on.base}/offline`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    const html = await response.text();
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain('<meta name="robots" content="noindex');
    expect(html).toMatch(/<ul data-held-pages=""[^>]*><\/ul>/);
    expect(html).toMatch(/href="tel:\+?\d+"/);
  });
});
