// @vitest-environment node
// The traffic counted by the built server as it answers (server/traffic/), over HTTP: a page a
// browser asks for is a view with its template, whether it was rendered or answered from memory;
// a missing page is counted apart with the site that linked to it; bots, prefetches, HEAD, the
// console and files are not counted; `npm run traffic -- summary` prints the same figures.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipWithoutBuild } from "#server/testing/server-process.ts";
import { main } from "../../scripts/traffic.ts";
import { commandRunner } from "../../scripts/testing/command.ts";
import { startSite, type InProcessSite } from "./site.ts";

const skip = skipWithoutBuild("the traffic counted by the server");

const PHONE =
  "Mozilla/5.0 (Linux; Android 13; SM-A146B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";

describe.skipIf(skip)("the traffic, as the built server counts it", () => {
  let site: InProcessSite;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.stop());

  const visit = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    fetch(site.base + path, {
      method,
      redirect: "manual",
      headers: { "user-agent": PHONE, "sec-fetch-dest": "document", accept: "text/html", ...headers },
    }).then(async (res) => (await res.arrayBuffer(), res.status));

  /** A browser's report from this site's page (POST /api/traffic): `body` as JSON unless text;
   *  a header given as undefined is left out. */
  const report = (body: unknown, headers: Record<string, string | undefined> = {}, method = "POST") =>
    fetch(`${site.base}/api/traffic`, {
      method,
      headers: Object.fromEntries(
        Object.entries({
          "user-agent": PHONE,
          "content-type": "text/plain;charset=UTF-8",
          "sec-fetch-site": "same-origin",
          origin: site.base,
          ...headers,
        }).filter((e): e is [string, string] => e[1] !== undefined),
      ),
      body: method !== "POST" ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, text: await res.text() }));

  it("counts a browser's pages with their templates, missing pages apart, and nothing else", async () => {
    // Rendered, then answered from memory: both seen.
    expect(await visit("/")).toBe(200);
    expect(await visit("/")).toBe(200);
    expect(
      await visit("/services-details/1?utm_source=newsletter&utm_medium=email", {
        referer: "https://mail.google.com/",
      }),
    ).toBe(200);
    expect(await visit("/blog-single-sidebar/1")).toBe(200);
    expect(await visit("/a-page-we-never-had", { referer: "https://www.nairaland.com/thread" })).toBe(404);
    // None of these.
    await visit("/", {
      "user-agent": "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    });
    await visit("/", { "sec-purpose": "prefetch" });
    await visit("/", {}, "HEAD");
    await visit("/admin");
    await visit("/sitemap.xml");
    await visit("/about-us.data", { "sec-fetch-dest": "empty" });
    // A redirect is not a page; where it leads is.
    expect(await visit("/about-us/")).toBe(301);

    await site.services.traffic.flush();
    const summary = await site.services.traffic.summary(1);
    expect(summary).toMatchObject({ views: 4, visitors: 1, errors: 0, untracked: 0 });
    expect(summary.pages).toEqual([
      { path: "/", template: "home", views: 2, visitors: 1 },
      { path: "/blog-single-sidebar/1", template: "blog", views: 1, visitors: 1 },
      { path: "/services-details/1", template: "services", views: 1, visitors: 1 },
    ]);
    expect(summary.referrers).toEqual([{ referrer: "mail.google.com", views: 1 }]);
    expect(summary.campaigns).toEqual([{ source: "newsletter", medium: "email", campaign: null, views: 1 }]);
    expect(summary.notFound).toEqual([{ path: "/a-page-we-never-had", referrer: "nairaland.com", views: 1 }]);
    expect(summary.devices).toEqual({ phone: 4, tablet: 0, desktop: 0 });

    // The operator's command reads the same.
    const cli = await commandRunner(main, { DATA_DIR: site.dataDir })("summary", "--days", "1");
    expect(cli.code).toBe(0);
    expect(cli.stdout).toContain(": 4 views, 1 visitors, 0 server errors.");
    expect(cli.stdout).toMatch(/\/services-details\/1\s+services\s+1\s+1/);
    expect(cli.stdout).toMatch(/\/a-page-we-never-had\s+nairaland\.com\s+1/);
    expect(await commandRunner(main, { DATA_DIR: site.dataDir })("summary", "--days", "0")).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--days takes a whole number from 1 to 730"),
    });
  });

  it("counts a view the browser reports after the first, from this site's pages only; a bad report gets its 4xx", async () => {
    const before = (await site.services.traffic.summary(1)).views;
    const view = (p: string, w = 1280) => JSON.stringify({ p, w });

    expect(await report(view("/about-us?utm_source=whatsapp", 1280))).toMatchObject({ status: 204 });
    // Not counted, answered all the same: a bot, the console, a visitor who asked not to be tracked
    // (counted, without a hash).
    expect((await report(view("/faq"), { "user-agent": "curl/8.5.0" })).status).toBe(204);
    expect((await report(view("/admin/content"))).status).toBe(204);
    expect((await report(view("/faq", 390), { "sec-gpc": "1" })).status).toBe(204);
    // Refused: from another site, or from no page at all; another type; too long; not a view.
    expect(
      (await report(view("/faq"), { "sec-fetch-site": "cross-site", origin: "https://evil.example" })).status,
    ).toBe(403);
    expect(await report(view("/faq"), { "sec-fetch-site": undefined, origin: undefined })).toMatchObject({
      status: 403,
      text: expect.stringContaining("this site's own pages only"),
    });
    expect((await report(view("/faq"), { "content-type": "application/x-www-form-urlencoded" })).status).toBe(
      415,
    );
    expect((await report(view(`/${"a".repeat(1100)}`))).status).toBe(413);
    for (const bad of [
      "{",
      "[]",
      view("//evil.example/"),
      view("/\\evil.example"),
      view("https://evil.example/"),
      JSON.stringify({ p: "/", w: -1 }),
      JSON.stringify({ p: "/", w: "wide" }),
    ])
      expect((await report(bad)).status, bad).toBe(400);
    expect((await report("", {}, "GET")).status).toBe(405);

    await site.services.traffic.flush();
    const summary = await site.services.traffic.summary(1);
    expect(summary.views).toBe(before + 2);
    expect(summary.pages).toContainEqual({ path: "/about-us", template: "about", views: 1, visitors: 1 });
    expect(summary.pages).toContainEqual({ path: "/faq", template: "faq", views: 1, visitors: 0 });
    expect(summary.campaigns).toContainEqual({ source: "whatsapp", medium: null, campaign: null, views: 1 });
    expect(summary.devices).toMatchObject({ desktop: 1 });
  });
  it("keeps each page load's Web Vitals and gives their 75th percentile per template and device, and per day", async () => {
    const before = (await site.services.traffic.summary(1)).views;
    for (const [lcp, cls] of [
      [1000, 0],
      [2000, 0.05],
      [3000, 0.3],
      [4000, 0.02],
    ])
      expect(
        (await report({ p: "/pricing?utm_source=x", w: 1280, v: { LCP: lcp, CLS: cls, TTFB: 120 } })).status,
      ).toBe(204);
    expect((await report({ p: "/pricing", w: 390, v: { INP: 180 } })).status).toBe(204);
    // Not a metric, not a number, out of bounds: 400, nothing kept.
    for (const v of [{ FID: 10 }, { LCP: "fast" }, { LCP: -1 }, { CLS: 1000 }, { LCP: 700_000 }, []])
      expect((await report({ p: "/pricing", w: 390, v })).status, JSON.stringify(v)).toBe(400);
    // An empty report is no page load's.
    expect((await report({ p: "/pricing", w: 390, v: {} })).status).toBe(204);

    await site.services.traffic.flush();
    const summary = await site.services.traffic.summary(1);
    // Web Vitals are not views.
    expect(summary.views).toBe(before);
    expect(summary.vitals).toEqual([
      { template: "pricing", device: "desktop", samples: 4, p75: { LCP: 3000, CLS: 0.05, TTFB: 120 } },
      { template: "pricing", device: "phone", samples: 1, p75: { INP: 180 } },
    ]);
    expect(summary.vitalsDaily).toEqual([
      { day: summary.to, samples: 5, p75: { LCP: 3000, CLS: 0.05, TTFB: 120, INP: 180 } },
    ]);
  });
  it("refuses more than 120 reports a minute from one address", async () => {
    // At most 120 a minute from one address (250: more than twice, should the minute turn meanwhile).
    const statuses = await Promise.all(
      Array.from({ length: 250 }, () => report({ p: "/team", w: 1280 }).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
  });
});
