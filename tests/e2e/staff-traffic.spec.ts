// The console's Traffic page in the browser (issue 30, "Seeing"): a visitor on an Android phone
// (a browser context of its own with a phone's userAgent: Playwright's HeadlessChrome is a bot to
// isbot and is never counted) sees four pages with JavaScript and without, one from a campaign's
// link, and follows a broken link from another site; once the server has written its batch
// (every 2 s), a signed-in member finds those figures on the Traffic page: the totals, the pages
// with their views, the campaign, the 404 with its referrer; the chart has its text table; axe in
// light and dark; at 390 px nothing is wider than the screen; the keyboard reaches the 30-day
// switch; the CSV downloads hold the same figures. Two page loads' Web Vitals (written as the
// beacon's are: their report in the browser is traffic.spec.ts's) make the speed's trend charts. The worker's server is shared with other
// specs: the figures are read relative to what its database held before.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect } from "./hydration.ts";
import { expectAccessible, keyboardTo, staffConsole, test } from "./staff-helpers.ts";
import { screenshots } from "./page-checks.ts";
import { openDatabase } from "../../server/db/index.ts";
import { dayOf } from "../../server/traffic/index.ts";
import { summarize, type TrafficSummary } from "../../server/traffic/summary.ts";
import { parseCsv } from "../../server/testing/csv.ts";
import { vitalText } from "../../app/lib/traffic.ts";

const { at, dataDir } = staffConsole;

const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Infinix X6833B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const MISSING = "/e2e-traffic-broken-link";
const CAMPAIGN = "/about-us?utm_source=e2e-news&utm_medium=email&utm_campaign=december";

/** The figures of the last 7 days as the database holds them now. */
async function counted(): Promise<TrafficSummary> {
  const db = await openDatabase({ dataDir: dataDir() });
  try {
    return await summarize(db, 7, dayOf, Date.now());
  } finally {
    await db.close();
  }
}
/** Page loads' Web Vitals of today, as the server keeps a browser's report. */
async function measured(lcps: number[]) {
  const db = await openDatabase({ dataDir: dataDir() });
  try {
    for (const lcp of lcps)
      await db.kysely
        .insertInto("traffic_vital")
        .values({
          id: randomUUID(),
          at: Date.now(),
          day: dayOf(Date.now()),
          template: "services",
          device: "phone",
          ...{ lcp, inp: 140, cls: 0.02, fcp: 1_100, ttfb: 300 },
        })
        .execute();
  } finally {
    await db.close();
  }
}
const viewsOf = (s: TrafficSummary, path: string) => s.pages.find((p) => p.path === path)?.views ?? 0;

/** A table of the page by its caption, as rows of cell texts (the header row first). */
async function rowsOf(page: Page, caption: RegExp): Promise<string[][]> {
  const table = page.getByRole("table", { name: caption });
  return table
    .locator("tr")
    .evaluateAll((rows) =>
      rows.map((r) => [...r.querySelectorAll("th, td")].map((c) => (c.textContent ?? "").trim())),
    );
}

test("a phone's visits, with and without JavaScript, are the Traffic page's figures; its chart has a table; the CSV says the same", async ({
  page,
  browser,
  member: _signedInAs,
}) => {
  test.slow(); // two visitors' pages, the 2 s batch, axe twice, three downloads
  const before = await counted();
  await measured([2_100, 4_600]);

  // The visitor: three pages with JavaScript (one from a campaign's link), one without, and a
  // broken link followed from another site.
  for (const javaScriptEnabled of [true, false]) {
    const phone = await browser.newContext({
      userAgent: ANDROID,
      javaScriptEnabled,
      viewport: { width: 390, height: 844 },
    });
    const visitor = await phone.newPage();
    if (javaScriptEnabled) {
      for (const path of ["/", "/services", CAMPAIGN])
        expect((await visitor.goto(at(path)))!.status()).toBe(200);
    } else {
      expect((await visitor.goto(at("/")))!.status()).toBe(200);
      const broken = await visitor.goto(at(MISSING), {
        referer: "https://www.nairaland.com/7123/best-web-agency",
      });
      expect(broken!.status()).toBe(404);
    }
    await phone.close();
  }

  // The server writes its batch every 2 s: the page shows it once written.
  const want = {
    views: before.views + 4,
    home: viewsOf(before, "/") + 2,
    services: viewsOf(before, "/services") + 1,
    about: viewsOf(before, "/about-us") + 1,
  };
  /** A total's figure, by its name (the totals are a description list). */
  const total = (term: string) => page.locator(`dt:text-is("${term}") + dd`);
  await expect(async () => {
    await page.goto(at("/admin/traffic"));
    await expect(total("Views")).toHaveText(want.views.toLocaleString("en-NG"), { timeout: 500 });
  }).toPass({ timeout: 15_000 });

  await expect(page.getByRole("heading", { level: 1, name: "Traffic" })).toBeVisible();
  const spans = page.getByRole("navigation", { name: "Days shown" });
  await expect(spans.getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "page");
  // One phone, one address, one day: one visitor, with and without JavaScript.
  const now = await counted();
  await expect(total("Visitors")).toHaveText(now.visitors.toLocaleString("en-NG"));
  expect(now.visitors - before.visitors).toBeLessThanOrEqual(1);
  if (before.views === 0) expect(now.visitors).toBe(1);
  await expect(total("Server errors")).toHaveText(String(now.errors));

  // The pages: views as sent, the same visitor on both (one phone, one address, one day).
  const pages = await rowsOf(page, /^The ten pages most seen/);
  expect(pages[0]).toEqual(["Page", "Template", "Views", "Visitors"]);
  const row = (rows: string[][], first: string) => rows.find((r) => r[0] === first);
  expect(row(pages, "/")?.slice(1, 3)).toEqual(["home", String(want.home)]);
  expect(row(pages, "/services")?.[2]).toBe(String(want.services));
  expect(row(pages, "/about-us")?.[2]).toBe(String(want.about));

  // The campaign, and the broken link with the site that has it.
  expect(row(await rowsOf(page, /campaign \(UTM\) tags/), "e2e-news")).toEqual([
    "e2e-news",
    "email",
    "december",
    "1",
  ]);
  expect(row(await rowsOf(page, /^Missing pages \(404\)/), MISSING)).toEqual([MISSING, "nairaland.com", "1"]);

  // The chart is named, and its figures are in the table beside it: today's line says the views.
  const chart = page.getByRole("img", { name: /^Views and visitors a day, / });
  await expect(chart).toBeVisible();
  const byDay = await rowsOf(page, /\(the chart's figures\)$/);
  expect(byDay[0]).toEqual(["Day", "Views", "Visitors"]);
  expect(byDay).toHaveLength(8); // the header and seven days
  const today = now.daily.find((d) => d.day === dayOf(Date.now()))!;
  expect(byDay.at(-1)!.slice(1)).toEqual([String(today.views), String(today.visitors)]);

  // The speed's trend: a chart a Core Web Vital, named with today's 75th percentile, rated.
  const speedToday = now.vitalsDaily.find((d) => d.day === dayOf(Date.now()))!;
  for (const name of ["LCP", "INP", "CLS"] as const) {
    const trend = page.getByRole("img", { name: new RegExp(`^${name}, the 75th percentile a day, `) });
    await expect(trend).toBeVisible();
    await expect(trend).toHaveAccessibleName(
      new RegExp(
        `: ${vitalText(name, speedToday.p75[name]!).replace(".", "\\.")}, (good|needs improvement|poor)\\.`,
      ),
    );
  }
  expect((await rowsOf(page, /^Web Vitals a day in /)).at(-1)![1]).toBe(String(speedToday.samples));

  await expectAccessible(page);
  await screenshots(page, "traffic-1280", { fullPage: true });

  // The CSV: the pages and the days, the same figures.
  const download = async (name: RegExp) => {
    const [file] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name }).click(),
    ]);
    return { name: file.suggestedFilename(), rows: parseCsv(readFileSync((await file.path())!, "utf8")) };
  };
  const pagesCsv = await download(/^CSV of top pages$/);
  expect(pagesCsv.name).toMatch(/^traffic-pages-7-days-to-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(pagesCsv.rows).toEqual(pages);
  const dailyCsv = await download(/^CSV of by day$/);
  expect(dailyCsv.rows.slice(1).map((r) => r.slice(1))).toEqual(byDay.slice(1).map((r) => r.slice(1)));
  expect(dailyCsv.rows.at(-1)![0]).toBe(dayOf(Date.now()));
  const missingCsv = await download(/^CSV of broken links to fix$/);
  expect(missingCsv.rows).toContainEqual([MISSING, "nairaland.com", "1"]);

  // The keyboard reaches the 30-day switch; the same figures over 30 days.
  await page.goto(at("/admin/traffic"));
  await keyboardTo(page, "30 days");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(at("/admin/traffic?days=30"));
  await expect(spans.getByRole("link", { name: "30 days" })).toHaveAttribute("aria-current", "page");
  expect(await rowsOf(page, /\(the chart's figures\)$/)).toHaveLength(31);

  // At 390 px: nothing wider than the screen (the tables scroll in their own boxes), the chart shown.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(at("/admin/traffic"));
  await expect(chart).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  const box = await chart.boundingBox();
  expect(box!.width).toBeGreaterThan(200);
  const trend = await page.getByRole("img", { name: /^LCP, the 75th percentile a day, / }).boundingBox();
  expect(trend!.width).toBeGreaterThan(200);
  await expectAccessible(page);
  await screenshots(page, "traffic-390", { fullPage: true });
});
