// @vitest-environment node
// Hostile requests against the real built server (`node server/main.ts`, as `npm start` runs
// it), sent byte for byte over a socket so that no client library tidies them up first. Each
// class of attack is tried on every kind of route — prerendered pages, pages rendered per
// request, their `.data` twins, assets, the APIs and unknown paths — and, where the request
// could have written something, the database is checked to be still empty.
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ROOT,
  skipWithoutBuild,
  startBuiltServer,
  type BuiltServer,
} from "#server/testing/server-process.ts";
import { query, raw, request } from "./helpers.ts";

const skip = skipWithoutBuild("hostile requests");
const MAX_BODY = 64 * 1024;
/** /metrics is there only with a token: the server here has one, so that it is tried too. */
const METRICS_TOKEN = "hostile-metrics-token-0123456789abcdefgh";

describe.skipIf(skip)("hostile requests against the built server", () => {
  let server: BuiltServer;
  let port: number;
  let healthPort: number;
  const pages: string[] = [];
  let asset = "";

  /** Rows the site keeps (messages and e-mail jobs) since it started (it starts with the blog's
   *  posts): hostile requests must leave none. (The rate-limit counters, keyed hashes deleted
   *  once their hour is over, count attempts.) */
  let atStart = 0;
  const storedRows = () => allRows() - atStart;
  function allRows(): number {
    const tables = query<{ name: string }>(
      server.dataDir,
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'kysely_%' AND name NOT LIKE 'sqlite_%' AND name NOT IN ('rate_limit', 'readiness_probe')",
    );
    return tables.reduce(
      (sum, { name }) =>
        sum + query<{ n: number }>(server.dataDir, `SELECT count(*) AS n FROM "${name}"`)[0]!.n,
      0,
    );
  }

  beforeAll(async () => {
    server = await startBuiltServer("hostile-", { MIN_SUBMIT_MS: "0", METRICS_TOKEN, HEALTH_PORT: "0" });
    port = server.port;
    const health = await server.logged("listening.health");
    healthPort = Number(new URL(String(health?.url)).port);
    atStart = allRows();
    const registry = JSON.parse(readFileSync(path.join(ROOT, "build", "pages.json"), "utf8")) as Array<
      { path: string } | string
    >;
    for (const page of registry) pages.push(typeof page === "string" ? page : page.path);
    const home = await raw(port, request("GET", "/"));
    asset = /\/assets\/[\w.-]+\.js/.exec(home.body)?.[0] ?? "";
    expect(asset).not.toBe("");
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  /** The staff console's sign-in endpoints (JSON). */
  const STAFF_TARGETS = [
    "/api/admin/invitation",
    "/api/admin/invitation/verify",
    "/api/admin/sign-in",
    "/api/admin/sign-in/verify",
    "/api/admin/passkeys",
    "/api/admin/passkeys/verify",
  ];

  /** The console's pages: a post to one is refused before it is read, like any other. */
  const CONSOLE_PAGES = [
    "/admin/comments",
    "/admin/enquiries",
    "/admin/enquiries/00000000-0000-4000-8000-000000000000",
    "/admin/subscribers",
    "/admin/newsletter/new",
    "/admin/newsletter/00000000-0000-4000-8000-000000000000",
  ];

  /** Every path a post could be aimed at: each page, its data twin, the APIs, an unknown path. */
  const postTargets = () => [
    ...pages,
    ...pages.map((p) => `${p === "/" ? "/_root" : p}.data`),
    "/contact-us.data",
    "/newsletter.data",
    "/blog-single-sidebar/1.data",
    "/api/send-email",
    "/api/send-email.data",
    "/api/csrf",
    ...STAFF_TARGETS,
    "/admin",
    "/admin.data",
    "/admin/invite",
    "/admin/sign-out",
    "/admin/team",
    "/admin/team.data",
    "/admin/account",
    "/admin/comments.data",
    ...CONSOLE_PAGES,
    "/healthz",
    "/readyz",
    "/metrics",
    "/no-such-page",
  ];

  it("answers 413 to a body over the limit on every route, before reading it, and keeps nothing", async () => {
    for (const target of postTargets()) {
      const declared = 100 * 1024 * 1024;
      const answer = await raw(
        port,
        request("POST", target, {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": String(declared),
        }),
        "name=" + "a".repeat(1000),
      );
      // The form token is only read: a post to it is refused for its method, before its size.
      if (target === "/api/csrf") {
        expect(answer.status, target).toBe(405);
        continue;
      }
      expect(answer.status, target).toBe(413);
      expect(answer.headers.connection, target).toBe("close");
      expect(answer.body.length, target).toBeLessThan(200);
    }
    expect(storedRows()).toBe(0);
  }, 120_000);

  it("answers 411 to a body of undeclared length (chunked) on every route", async () => {
    for (const target of [
      "/contact-us",
      "/contact-us.data",
      "/api/send-email",
      "/newsletter.data",
      "/newsletter",
      "/blog-single/1.data",
      "/blog-single-sidebar/1",
      "/comments/moderate?token=x",
      ...STAFF_TARGETS,
      "/admin/sign-out",
      "/readyz",
      "/metrics",
      "/",
    ]) {
      const answer = await raw(
        port,
        request("POST", target, {
          "Content-Type": "application/x-www-form-urlencoded",
          "Transfer-Encoding": "chunked",
        }),
        "5\r\nname=\r\n0\r\n\r\n",
      );
      expect(answer.status, target).toBe(411);
    }
    expect(storedRows()).toBe(0);
  });

  it("takes a form post just under the limit and echoes no more than the fields' own limits", async () => {
    const text = "a".repeat(MAX_BODY - 200);
    const forms = [
      ["/contact-us", `name=Ada&email=ada%40example.com&phone=08035550142&message=${text}&website=`, 5000],
      ["/blog-single-sidebar/1", `name=Ada&email=ada%40example.com&comment=${text}&website=`, 5000],
    ] as const;
    for (const [target, body, limit] of forms) {
      const answer = await raw(
        port,
        request("POST", target, {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": String(Buffer.byteLength(body)),
        }),
        body,
      );
      expect(answer.status, target).toBeLessThan(500);
      expect(answer.status, target).not.toBe(413);
      expect(answer.body, target).not.toContain("a".repeat(limit + 1));
    }
    expect(storedRows()).toBe(0); // no token: nothing is kept before the visitor confirms
  });

  it("refuses a post from another site's page on every route, and keeps nothing", async () => {
    for (const target of [
      "/contact-us",
      "/contact-us.data",
      "/api/send-email",
      "/newsletter.data",
      "/newsletter",
      "/newsletter/confirm?token=x",
      "/newsletter/unsubscribe?token=x",
      "/blog-single/1",
      "/blog-single-sidebar/1.data",
      "/comments/moderate?token=x",
      ...STAFF_TARGETS,
      "/admin/sign-out",
      ...CONSOLE_PAGES,
    ]) {
      const crossSite: Array<Record<string, string>> = [
        { Origin: "https://evil.example" },
        { "Sec-Fetch-Site": "cross-site" },
        { Origin: "null" },
      ];
      for (const headers of crossSite) {
        const body = "name=Ada&email=ada%40example.com&phone=08035550142&message=hello";
        const answer = await raw(
          port,
          request("POST", target, {
            "Content-Type": "application/x-www-form-urlencoded",
            "Content-Length": String(body.length),
            ...headers,
          }),
          body,
        );
        expect(answer.status, `${target} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    expect(storedRows()).toBe(0);
  });

  it("never redirects to another origin, whatever the path's slashes, backslashes or encodings", async () => {
    const origin = `http://127.0.0.1:${port}`;
    const lead = fc.array(fc.constantFrom("/", "\\", "%2F", "%5C", "%2f", "/%2F", "%09", "./", "/."), {
      minLength: 1,
      maxLength: 4,
    });
    const host = fc.constantFrom(
      "evil.example",
      "evil.example:80",
      "@evil.example",
      "127.0.0.1.evil.example",
      "%65vil.example",
    );
    const tail = fc.constantFrom("", "/", "//", "/index.html", "/a/", "/\\", "/index.html?x=1", "/?q=1");
    await fc.assert(
      fc.asyncProperty(lead, host, tail, async (parts, name, end) => {
        const target = `/${parts.join("")}${name}${end}`;
        const answer = await raw(port, request("GET", target));
        expect(answer.status, target).toBeLessThan(500);
        if (answer.status >= 300 && answer.status < 400) {
          const location = answer.headers.location ?? "";
          expect(new URL(location, `${origin}/a/b`).origin, `${target} → ${location}`).toBe(origin);
        }
      }),
      { numRuns: 300 },
    );
    for (const target of [
      "//evil.example/",
      "///evil.example/",
      "//evil.example/index.html",
      "/\\evil.example/",
      "/%5Cevil.example/",
    ]) {
      const answer = await raw(port, request("GET", target));
      expect([301, 400], target).toContain(answer.status);
      expect(new URL(answer.headers.location!, origin).origin, target).toBe(origin);
    }
  }, 120_000);

  it("answers 400 to a malformed Host on every kind of route, never 500", async () => {
    const hosts = [
      "a b",
      "[",
      "%",
      "x:99999",
      "evil.example/path",
      "a@b",
      "",
      "\u00e9vil.example",
      "[::1",
      "host:port",
    ];
    for (const target of [
      "/",
      "/about-us",
      "/search?q=web",
      "/no-such-page",
      "/api/csrf",
      "/blog-standard?page=2",
      "/readyz",
      "/metrics",
    ]) {
      for (const host of hosts) {
        const answer = await raw(port, request("GET", target, { Host: host }));
        expect(answer.status, `${target} Host: ${host}`).toBe(400);
      }
    }
  });

  it("answers each method on a page, an asset, an API and an unknown path with 2xx–4xx, 405 with Allow where it is not taken", async () => {
    const targets = {
      page: "/about-us",
      rendered: "/search?q=web",
      asset,
      action: "/contact-us.data",
      api: "/api/send-email",
      csrf: "/api/csrf",
      readiness: "/readyz",
      metrics: "/metrics",
      unknown: "/no-such-page",
    };
    for (const [kind, target] of Object.entries(targets)) {
      for (const method of [
        "GET",
        "HEAD",
        "POST",
        "PUT",
        "DELETE",
        "PATCH",
        "OPTIONS",
        "TRACE",
        "PROPFIND",
        "MKCOL",
        "LOCK",
      ]) {
        const answer = await raw(
          port,
          request(method, target, method === "POST" ? { "Content-Length": "0" } : {}),
        );
        const label = `${method} ${kind} ${target}`;
        expect(answer.status, label).toBeGreaterThanOrEqual(200);
        expect(answer.status, label).toBeLessThan(500);
        // The spec's API takes POST alone (and says so in JSON); the rest reads and may post.
        const allowed = kind === "api" ? ["POST"] : ["GET", "HEAD", "POST"];
        if (!allowed.includes(method)) {
          expect(answer.status, label).toBe(405);
          expect(answer.headers.allow, label).toMatch(kind === "api" ? /^POST$/ : /^GET, HEAD/);
          expect(answer.body.length, label).toBeLessThan(200);
          if (kind === "api" && method !== "HEAD")
            expect(JSON.parse(answer.body), label).toMatchObject({ success: false });
        }
      }
    }
    const assetPost = await raw(port, request("POST", asset, { "Content-Length": "0" }));
    expect(assetPost.status).toBe(405);
    expect(assetPost.headers.allow).toBe("GET, HEAD");
    expect(storedRows()).toBe(0);
  });

  it("answers odd requests to /readyz and /metrics with their own answer or a 4xx, never a 500 or the metrics", async () => {
    const odd: [string, Record<string, string>, string, number][] = [
      ["/readyz?check=../../etc&x=%00", {}, "", 200],
      ["/readyz", { "Content-Length": "12" }, "ready=please", 200],
      ["/metrics", {}, "", 401],
      ["/metrics", { Authorization: "Bearer" }, "", 401],
      ["/metrics", { Authorization: `Bearer  ${METRICS_TOKEN}` }, "", 401],
      ["/metrics", { Authorization: `bearer ${METRICS_TOKEN.toUpperCase()}` }, "", 401],
      ["/metrics", { Authorization: `Bearer ${"x".repeat(8000)}` }, "", 401],
      ["/metrics", { Authorization: "Bearer \xff\xfe" }, "", 401],
      ["/metrics", { "Content-Length": "5" }, "token", 401],
      ["/metrics?token=" + METRICS_TOKEN, {}, "", 401],
    ];
    for (const [target, headers, body, status] of odd) {
      const answer = await raw(port, request("GET", target, headers), body);
      const label = `${target} ${JSON.stringify(headers)}`;
      expect(answer.status, label).toBe(status);
      expect(answer.headers["cache-control"], label).toBe("no-store");
      expect(answer.body, label).not.toMatch(/http_requests_total/);
    }
    const right = await raw(port, request("GET", "/metrics", { Authorization: `Bearer ${METRICS_TOKEN}` }));
    expect(right.status).toBe(200);
    expect(right.body).toMatch(/^http_requests_total\{kind="page",status="2xx"\} \d+/m);
  });

  it("types every root file it serves", async () => {
    for (const file of ["/favicon.ico", "/favicon.svg", "/robots.txt", "/sitemap.xml"]) {
      const answer = await raw(port, request("GET", file));
      expect(answer.status, file).toBe(200);
      expect(answer.headers["content-type"], file).toMatch(/^(image|text|application)\/[\w.+-]+/);
    }
  });

  it("sends a Permissions-Policy that denies what the site never uses, on every kind of answer", async () => {
    for (const target of ["/", "/search?q=web", asset, "/no-such-page", "/api/csrf"]) {
      const answer = await raw(port, request("GET", target));
      expect(answer.headers["permissions-policy"], target).toMatch(/camera=\(\)/);
      expect(answer.headers["permissions-policy"], target).toMatch(/geolocation=\(\)/);
      expect(answer.headers["permissions-policy"], target).toMatch(/microphone=\(\)/);
    }
  });

  it("answers a page with a query it does not read as the page itself: no new copy, no render", async () => {
    const bare = await raw(port, request("GET", "/about-us"));
    for (const junk of ["/about-us?ref=abc", "/about-us?utm_source=x&fbclid=1", "/about-us?page=9"]) {
      const answer = await raw(port, request("GET", junk));
      expect(answer.status, junk).toBe(200);
      expect(answer.headers.etag, junk).toBe(bare.headers.etag);
    }
    const second = await raw(port, request("GET", "/blog-standard?page=2"));
    const tracked = await raw(port, request("GET", "/blog-standard?page=2&utm_source=RANDOM-1"));
    expect(second.status).toBe(200);
    expect(tracked.headers.etag).toBe(second.headers.etag);
    expect(tracked.headers.etag).not.toBe((await raw(port, request("GET", "/blog-standard"))).headers.etag);
  });

  it("answers /healthz on both ports through a flood of unique URLs, at once on the health port", async ({
    annotate,
  }) => {
    const kinds = [
      (i: number) => `/search?q=flood-${i}`,
      (i: number) => `/blog-standard?page=2&utm_source=flood-${i}`,
      (i: number) => `/no-such-page/flood-${i}`,
      (i: number) => `/about-us?ref=flood-${i}`,
    ];
    // The longest the thread was held, from the metrics (prom-client's event-loop delay, which
    // starts again at each scrape): read once now, once after the flood.
    const longestHold = async () => {
      const answer = await raw(
        healthPort,
        request("GET", "/metrics", { Authorization: `Bearer ${METRICS_TOKEN}` }),
      );
      return Number(/^nodejs_eventloop_lag_max_seconds ([\d.e-]+)$/m.exec(answer.body)?.[1]) * 1000;
    };
    await longestHold();
    let flooding = true;
    // A load balancer's checks, every 50 ms on each port: the worst wait of each.
    const probe = async (on: number) => {
      let worst = 0;
      while (flooding) {
        const answer = await raw(on, request("GET", "/healthz"));
        expect(answer.status).toBe(200);
        worst = Math.max(worst, answer.ms);
        await new Promise((r) => setTimeout(r, 50));
      }
      return worst;
    };
    const probes = Promise.all([probe(healthPort), probe(port)]);
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < 800) {
        const i = next++;
        const answer = await raw(port, request("GET", kinds[i % kinds.length]!(i)));
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: 100 }, worker));
    flooding = false;
    const [onHealthPort, onSitePort] = await probes;
    const held = await longestHold();
    // The figures, in the test report (decision 023).
    await annotate(
      `worst /healthz: ${onHealthPort} ms on the health port, ${onSitePort} ms on the site's; longest hold ${Math.round(held)} ms`,
    );
    // Pages, 404s, or "busy, come back" (503 with Retry-After): never an error of ours.
    for (const status of statuses.keys()) expect([200, 404, 503], `status ${status}`).toContain(status);
    // Never held for long: a render or four at a time, each on a turn of the loop of its own
    // (70-85 ms at worst on the Xeon; 300-370 ms when the queued renders ran in one chain).
    expect(held).toBeLessThan(250);
    // The health port has a queue of its own: a turn or two of the loop (70-160 ms), whatever the flood.
    expect(onHealthPort).toBeLessThan(500);
    // On the site's port a check waits its turn behind the 100 connections ahead of it (Node
    // accepts one per turn: 0.45-0.7 s here), within a load balancer's usual 5 s timeout.
    expect(onSitePort).toBeLessThan(5000);
  }, 120_000);

  it("answers only /healthz, /readyz and /metrics on the health port", async () => {
    expect((await raw(healthPort, request("GET", "/healthz"))).body).toBe('{"status":"ok"}');
    const ready = await raw(healthPort, request("GET", "/readyz"));
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toMatchObject({ ready: true });
    const metrics = await raw(
      healthPort,
      request("GET", "/metrics", { Authorization: `Bearer ${METRICS_TOKEN}` }),
    );
    expect(metrics.status).toBe(200);
    expect(metrics.body).toMatch(/^http_requests_total\{/m);
    expect((await raw(healthPort, request("GET", "/metrics"))).status).toBe(401);
    for (const target of ["/", "/about-us", asset, "/robots.txt", "/admin", "/api/csrf"]) {
      const answer = await raw(healthPort, request("GET", target));
      expect(answer.status, target).toBe(404);
      expect(answer.body, target).toBe("Not found");
    }
    const posted = await raw(
      healthPort,
      request("POST", "/api/send-email", { "Content-Type": "application/json", "Content-Length": "2" }),
      "{}",
    );
    expect([404, 403, 405], "a post").toContain(posted.status);
    expect((await raw(healthPort, request("GET", "/healthz", { Host: "bad host!" }))).status).toBe(400);
  });

  it("logs hostile requests at info, without a stack trace, and never an unhandled error", () => {
    const entries = server.logEntries();
    expect(entries.filter((e) => e.level === "error")).toEqual([]);
    expect(server.output()).not.toMatch(/\n\s+at /);
  });
});
