// Every page of the site: status, one h1, title and description, no console errors (CSP
// violations included), no failed requests, no axe violations in light or dark, no element
// whose classes fight over a property, the bytes of JS and CSS it loads within its budget, and
// its images (dimensions, alt text, not oversized at a desktop width; the phone's: media.spec.ts).
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { expect, test } from "./hydration.ts";
import { pages } from "./pages.ts";
import { classConflicts } from "./class-conflicts.ts";
import { axeViolations, imageProblems } from "./page-checks.ts";

const budgets = JSON.parse(readFileSync("budgets.json", "utf8")) as Record<
  string,
  { js: number; css: number }
>;
const budgetFor = (kind: string) => budgets[kind] ?? budgets.default!;

/** Records what a visitor would see go wrong while the page loads. */
function watch(page: Page) {
  const problems: string[] = [];
  const bytes = { js: 0, css: 0 };
  const pending: Promise<void>[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("requestfailed", (req) => problems.push(`failed: ${req.url()} ${req.failure()?.errorText}`));
  page.on("response", (res) => {
    const type = res.request().resourceType();
    if (res.status() >= 400 && res.request().isNavigationRequest() === false) {
      problems.push(`HTTP ${res.status()}: ${res.url()}`);
    }
    if (type === "script" || type === "stylesheet") {
      pending.push(
        res.body().then(
          (body) => {
            bytes[type === "script" ? "js" : "css"] += gzipSync(body).length;
          },
          () => {},
        ),
      );
    }
  });
  return { problems, bytes, settled: () => Promise.all(pending) };
}

// Every page, at a desktop width: loaded in light, checked, then switched to dark and checked
// again (the theme follows the system's, by CSS alone), then scrolled through for its images.
// In dark, every page but the numbered detail pages, of which the first of each family stands
// for the rest: they share their components and differ only in text.
const inDark = (path: string) => !/\/\d+$/.test(path) || /\/1$/.test(path);

test.describe("every page", () => {
  test.use({ viewport: { width: 1440, height: 900 }, colorScheme: "light" });
  for (const entry of pages) {
    test(`${entry.path}`, async ({ page }) => {
      const watched = watch(page);
      const response = await page.goto(entry.path, { waitUntil: "networkidle" });
      expect(response?.status(), "HTTP status").toBe(200);

      await expect(page.locator("h1"), "exactly one h1").toHaveCount(1);
      await expect(page.locator("h1")).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`TechSpark Innovations`));
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description?.length ?? 0, "meta description").toBeGreaterThan(50);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /^https:\/\//);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/img\/social\//);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");

      // What the first view loads, before anything is scrolled into view.
      await watched.settled();
      const initial = { ...watched.bytes };
      const budget = budgetFor(entry.kind);
      test.info().annotations.push({
        type: "initial bytes (gzip)",
        description: `js ${initial.js} / ${budget.js}, css ${initial.css} / ${budget.css}`,
      });
      expect(initial.js, "initial JS bytes (gzip)").toBeLessThanOrEqual(budget.js);
      expect(initial.css, "initial CSS bytes (gzip)").toBeLessThanOrEqual(budget.css);

      expect(await axeViolations(page), "accessibility violations (light)").toEqual([]);
      expect(await classConflicts(page), "classes that lose to another class of the element").toEqual([]);
      if (inDark(entry.path)) {
        await page.emulateMedia({ colorScheme: "dark" });
        expect(await axeViolations(page), "accessibility violations (dark)").toEqual([]);
        await page.emulateMedia({ colorScheme: "light" });
      }

      await watched.settled();
      expect(watched.problems, "console errors and failed requests").toEqual([]);
      // Scrolling starts and stops the hero videos (a stopped download is no error).
      expect(await imageProblems(page, entry.path), "images").toEqual([]);
    });
  }
});

test("every page has its own title and description", async ({ request }) => {
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  for (const entry of pages) {
    const html = await (await request.get(entry.path)).text();
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
    const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "";
    expect(titles.get(title), `title of ${entry.path} also used by`).toBeUndefined();
    expect(descriptions.get(description), `description of ${entry.path} also used by`).toBeUndefined();
    titles.set(title, entry.path);
    descriptions.set(description, entry.path);
  }
});

// Without JavaScript each page is what the server sent: also where its links are collected.
test("every page is complete without JavaScript, and every link on it leads to a page that exists", async ({
  browser,
  request,
}) => {
  test.setTimeout(pages.length * 4_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const checked = new Map<string, number>();
  for (const entry of pages) {
    const response = await page.goto(entry.path);
    expect(response?.status(), entry.path).toBe(200);
    await expect(page.locator("h1"), entry.path).toHaveCount(1);
    await expect(page.locator("main"), entry.path).not.toBeEmpty();
    await expect(page.locator("footer")).toContainText("All rights reserved");
    const hrefs = await page
      .locator("a[href^='/']")
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute("href")!));
    for (const href of new Set(hrefs)) {
      if (!checked.has(href)) checked.set(href, (await request.get(href)).status());
      expect(checked.get(href), `${href} linked from ${entry.path}`).toBe(200);
    }
  }
  await context.close();
});

// The sweep's checks, made to fail: a check that finds nothing on a broken page would let every
// page above pass.
test("the page checks find a contrast fault in dark only, a missing alt, an oversized image and a missing one", async ({
  page,
}) => {
  await page.goto("/about-us", { waitUntil: "networkidle" });
  await page.addStyleTag({
    content: "@media (prefers-color-scheme: dark) { main p { color: #333 !important; } }",
  });
  expect(await axeViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: "dark" });
  const dark = await axeViolations(page);
  expect(dark).toHaveLength(1);
  expect(dark[0]).toMatch(/^color-contrast: Elements must meet minimum color contrast/);
  await page.emulateMedia({ colorScheme: "light" });

  await page.evaluate(() => {
    const img = document.querySelector("main img")!;
    img.removeAttribute("alt");
    const big = document.createElement("img");
    Object.assign(big, { src: "/img/social/about.jpg", width: 100, height: 50, alt: "" });
    big.style.width = "100px";
    // Lazy, far below the page's end: requested only once the sweep scrolls to it.
    const spacer = document.createElement("div");
    spacer.style.height = "8000px";
    const missing = document.createElement("img");
    missing.loading = "lazy";
    Object.assign(missing, { src: "/img/no-such-picture.avif", width: 10, height: 10, alt: "" });
    document.querySelector("main")!.append(big, spacer, missing);
  });
  const problems = await imageProblems(page, "/about-us");
  expect(problems).toContainEqual(expect.stringMatching(/^no alt attribute: /));
  expect(problems).toContainEqual(expect.stringMatching(/^served 1200 px wide, shown at 100 px: /));
  expect(problems).toContainEqual(expect.stringMatching(/^404 .*\/img\/no-such-picture\.avif$/));
});
