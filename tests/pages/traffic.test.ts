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
      stderr: expect.stringContaining("--days takes a whole number from 1 to 90"),
    });
  });
});
