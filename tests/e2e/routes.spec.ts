// One page per template (sweptPages, from the page registry: tests/e2e/sweep.ts), in the
// browser: one visible h1, no console errors (CSP violations included), no failed requests, no axe
// violations in light or dark, no element whose classes fight over a property, the bytes of JS and
// CSS it loads within its kind's budget, and its images as shown (not oversized at a desktop
// width; the phone's: media.spec.ts). Every page's status, headers, metadata, links, image
// attributes and HTML without JavaScript: tests/pages/pages.test.ts, in Vitest.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { expect, test } from "./hydration.ts";
import { sweptPages } from "./pages.ts";
import { classConflicts } from "./class-conflicts.ts";
import { axeViolations, imageProblems, themeViolations } from "./page-checks.ts";

const budgets = JSON.parse(readFileSync("budgets.json", "utf8")) as Record<
  string,
  { js: number; css: number }
>;
const budgetFor = (kind: string) => budgets[kind] ?? budgets.default!;

// The pages as a visitor sees them, moving (the configuration's default is still pages).
test.use({ reducedMotion: "no-preference" });

/** Records what a visitor would see go wrong while the page loads. */
function watch(page: Page) {
  const problems: string[] = [];
  const bytes = { js: 0, css: 0 };
  const pending: Promise<void>[] = [];
  page.on("console", (msg) => {
    if (msg.type() !== "error") return;
    // The document's own status (the not-found page's 404) is checked by the test itself.
    if (msg.text().startsWith("Failed to load resource") && msg.location().url === page.url()) return;
    problems.push(`console: ${msg.text()}`);
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

// The not-found page is a template no registry entry names: swept too, with its own status.
const swept = [
  ...sweptPages.map((p) => ({ path: p.path, kind: p.kind, status: 200 })),
  { path: "/no-such-page", kind: "default", status: 404 },
];

// Each swept page at a desktop width: loaded in light, checked, then switched to dark and checked
// again (the theme follows the system's, by CSS alone), then scrolled through for its images.
test.describe("one page per template", () => {
  test.use({ viewport: { width: 1440, height: 900 }, colorScheme: "light" });
  for (const entry of swept) {
    test(`${entry.path}`, async ({ page }) => {
      const watched = watch(page);
      const response = await page.goto(entry.path, { waitUntil: "networkidle" });
      expect(response?.status(), "HTTP status").toBe(entry.status);

      // After hydration still one h1, and shown (the server's HTML: tests/pages/pages.test.ts).
      await expect(page.locator("h1"), "exactly one h1").toHaveCount(1);
      await expect(page.locator("h1")).toBeVisible();
      await expect(page).toHaveTitle(/TechSpark Innovations/);

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
      await page.emulateMedia({ colorScheme: "dark" });
      expect(await themeViolations(page), "accessibility violations (dark)").toEqual([]);
      await page.emulateMedia({ colorScheme: "light" });

      await watched.settled();
      expect(watched.problems, "console errors and failed requests").toEqual([]);
      // Scrolling starts and stops the hero videos (a stopped download is no error).
      expect(await imageProblems(page, entry.path), "images").toEqual([]);
    });
  }
});

// The sweep's checks, made to fail: a check that finds nothing on a broken page would let every
// page above pass.
test("the page checks find a contrast fault in dark only, a class that loses, a missing alt, an oversized image and a missing one", async ({
  page,
}) => {
  await page.goto("/about-us", { waitUntil: "networkidle" });
  await page.addStyleTag({
    content: "@media (prefers-color-scheme: dark) { main p { color: #333 !important; } }",
  });
  expect(await axeViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: "dark" });
  const dark = await themeViolations(page);
  expect(dark).toHaveLength(1);
  expect(dark[0]).toMatch(/^color-contrast: Elements must meet minimum color contrast/);
  await page.emulateMedia({ colorScheme: "light" });

  expect(await classConflicts(page)).toEqual([]);
  await page.evaluate(() => {
    const div = document.createElement("div");
    div.className = "mt-2 mt-4";
    document.querySelector("main")!.append(div);
  });
  expect(await classConflicts(page)).toEqual(['"mt-2 mt-4": mt-2 loses']);

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
  // The axe put into the page by the first check, run again, sees the page as it is now.
  expect(await axeViolations(page)).toContainEqual(expect.stringMatching(/^image-alt: /));
  const problems = await imageProblems(page, "/about-us");
  expect(problems).toContainEqual(expect.stringMatching(/^no alt attribute: /));
  expect(problems).toContainEqual(expect.stringMatching(/^served 1200 px wide, shown at 100 px: /));
  expect(problems).toContainEqual(expect.stringMatching(/^404 .*\/img\/no-such-picture\.avif$/));
});

test("the sweep's watch reports console errors and failed requests, a missing file's too", async ({
  page,
}) => {
  const watched = watch(page);
  await page.goto("/about-us", { waitUntil: "networkidle" });
  expect(watched.problems).toEqual([]);
  await page.evaluate(() => {
    console.error("something broke");
    const img = document.createElement("img");
    Object.assign(img, { src: "/img/no-such-picture.avif", width: 10, height: 10, alt: "" });
    document.querySelector("main")!.append(img);
  });
  await expect.poll(() => watched.problems.length).toBe(3);
  expect(watched.problems).toEqual(
    expect.arrayContaining([
      "console: something broke",
      expect.stringMatching(/^console: Failed to load resource: .* 404/),
      expect.stringMatching(/^HTTP 404: .*\/img\/no-such-picture\.avif$/),
    ]),
  );
});
