// The service worker on the built site (app/service-worker/sw.ts, docs/offline.md): pages read
// online open offline, marked with when they were kept; a page never opened shows the offline
// page with the agency's phone and address and the pages this phone holds; the console and the
// API are never kept; the kill switch (SERVICE_WORKER=off) takes the worker and its caches away.
import { execFileSync } from "node:child_process";
import { appendFileSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./hydration.ts";
import { axeViolations, screenshots, themeViolations } from "./page-checks.ts";
import { ROOT, startServerProcess, type ServerProcess } from "../../server/testing/server-process.ts";

// Every other spec blocks service workers (playwright.config.ts): these are about it.
test.use({ serviceWorkers: "allow", timezoneId: "Africa/Lagos" });

/** Every URL the site's caches hold (the worker's, read from the page: the same origin). */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls;
  });
}

/** The paths of the pages this phone holds. */
function keptPages(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await (await caches.open("techspark-pages")).keys()).map((r) => new URL(r.url).pathname).sort(),
  );
}

/** The worker controls the page (it was registered when the page was idle, then took over). */
async function controlled(page: Page) {
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 15_000 });
}

/** "12 March" in Lagos, today: the mark's date. */
const today = () =>
  new Date().toLocaleDateString("en-GB", { day: "numeric", month: "long", timeZone: "Africa/Lagos" });

const readOnline = ["/about-us", "/faq", "/services-details/1"];

test("pages read online open offline with the offline mark; a page never opened shows the offline page", async ({
  page,
  context,
}) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|did not match/i.test(message.text()))
      errors.push(message.text());
  });
  // The first page loads before the worker exists: it is handed to it once it is installed.
  for (const path of readOnline) {
    await page.goto(path);
    await controlled(page);
  }
  await expect.poll(() => keptPages(page), { timeout: 10_000 }).toEqual([...readOnline].sort());
  const headings = new Map<string, string>();
  for (const path of readOnline) {
    await page.goto(path);
    headings.set(path, (await page.getByRole("heading", { level: 1 }).textContent())!);
    await expect(page.locator("#offline-mark")).toHaveCount(0);
  }

  await context.setOffline(true);
  for (const path of readOnline) {
    await page.goto(path);
    const mark = page.getByRole("status").filter({ hasText: "You are offline" });
    await expect(mark).toHaveText(
      new RegExp(`^You are offline\\. This page is as it was on ${today()}, \\d\\d:\\d\\d\\.$`),
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(headings.get(path)!);
    // The mark sits above the fixed header, which is not drawn over it.
    const markBox = (await mark.boundingBox())!;
    const headerBox = (await page.locator("[data-site-header]").boundingBox())!;
    expect(headerBox.y).toBeGreaterThanOrEqual(markBox.y + markBox.height - 1);
  }

  // A menu link (the router's) followed offline on a page opened offline (whose routes the router
  // could not discover) loads the kept page as a document, marked too.
  await page.goto("/faq");
  const header = page.locator("[data-site-header]");
  await header.getByRole("link", { name: "About Us", exact: true }).click();
  await expect(page).toHaveURL(/\/about-us$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(headings.get("/about-us")!);
  await expect(page.getByRole("status").filter({ hasText: "You are offline" })).toBeVisible();

  // Never opened: the offline page, with the agency's phone and address (the footer's) and
  // links to the three pages this phone holds.
  await page.goto("/team");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are offline");
  await expect(page.getByText("Phone", { exact: true })).toBeVisible();
  await expect(page.getByText("Address", { exact: true })).toBeVisible();
  await context.setOffline(false);
  const footer = await context.newPage();
  await footer.goto("/contact-us");
  const phone = (await footer.locator('footer a[href^="tel:"]').first().textContent())!.trim();
  await footer.close();
  await context.setOffline(true);
  await expect(page.locator('a[href^="tel:"]').first()).toHaveText(phone);
  const held = page.locator("[data-held-pages] a");
  await expect(held).toHaveCount(3);
  expect((await held.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).sort()).toEqual(
    [...readOnline].sort(),
  );
  // By their titles, without the agency's name.
  await expect(held.filter({ hasText: /^About Us$/ })).toHaveAttribute("href", "/about-us");
  await held.filter({ hasText: /^About Us$/ }).click();
  await expect(page).toHaveURL(/\/about-us$/);
  await expect(page.getByRole("status").filter({ hasText: "You are offline" })).toBeVisible();

  // Back online, the next page comes from the network, in the page (a client navigation): the
  // mark goes.
  await hydrated(page);
  await context.setOffline(false);
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  await header.getByRole("link", { name: "Pricing", exact: true }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page).toHaveTitle(/^Pricing/);
  expect(await page.evaluate(() => "samePage" in window)).toBe(true);
  await expect(page.locator("#offline-mark")).toHaveCount(0);
  // React took the marked pages over without a mismatch (the mark is outside what it renders).
  expect(errors).toEqual([]);
});

test("the offline mark and the offline page pass axe in light and dark, at a phone's and a desktop's width", async ({
  page,
  context,
}) => {
  await page.goto("/faq");
  await controlled(page);
  await expect.poll(() => keptPages(page), { timeout: 10_000 }).toEqual(["/faq"]);
  await context.setOffline(true);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const [path, name] of [
      ["/faq", "offline-mark"],
      ["/team", "offline-page"],
    ] as const) {
      await page.goto(path);
      await expect(page.locator("h1")).toBeVisible();
      expect(await axeViolations(page), `${path} at ${width} px (light)`).toEqual([]);
      await page.emulateMedia({ colorScheme: "dark" });
      expect(await themeViolations(page), `${path} at ${width} px (dark)`).toEqual([]);
      await page.emulateMedia({ colorScheme: null });
      // Nothing scrolls sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshots(page, `${name}-${width}`);
    }
  }
});

test("the console, the API and form answers are never kept", async ({ page, context }) => {
  await page.goto("/faq");
  await controlled(page);
  await page.goto("/admin");
  await page.goto("/faq");
  await page.evaluate(async () => {
    await fetch("/api/csrf");
  });
  await page.goto("/contact-us");
  await page.goto("/pricing");
  await expect.poll(() => keptPages(page), { timeout: 10_000 }).toContain("/pricing");
  const urls = (await cachedUrls(page)).map((u) => new URL(u).pathname);
  expect(urls.filter((p) => /^\/(admin|api)(\/|$)/.test(p))).toEqual([]);
  // The contact page carries a visitor's own form token (no-store): never kept.
  expect(urls).not.toContain("/contact-us");
  // The hashed assets, the font and the logos are kept.
  expect(urls.some((p) => p.startsWith("/assets/") && p.endsWith(".woff2"))).toBe(true);
  expect(urls).toContain("/img/logo-light.svg");

  await context.setOffline(true);
  await page.goto("/contact-us");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are offline");
});

test.describe("deploys: a new worker, the kill switch", () => {
  let server: ServerProcess | undefined;
  let dataDir: string;
  test.beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "e2e-offline-"));
  });
  test.afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = (serviceWorker: "on" | "off", port?: number) =>
    startServerProcess({
      cwd: ROOT,
      port,
      command: ["node", "--max-semi-space-size=8", "--max-old-space-size=192", "server/main.ts"],
      env: { DATA_DIR: dataDir, LOG_REQUESTS: "false", SERVICE_WORKER: serviceWorker },
    });

  test("SERVICE_WORKER=off: the next visit's worker clears the caches and unregisters itself", async ({
    page,
  }) => {
    server = await start("on");
    const port = Number(new URL(server.url).port);
    await page.goto(`${server.url}/about-us`);
    await controlled(page);
    await expect.poll(() => keptPages(page), { timeout: 10_000 }).toEqual(["/about-us"]);

    await server.stop();
    server = await start("off", port);
    await page.goto(`${server.url}/faq`);
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), {
        timeout: 15_000,
      })
      .toBe(0);
    await expect.poll(() => page.evaluate(() => caches.keys()), { timeout: 10_000 }).toEqual([]);
  });

  test("a new deploy's worker takes over the open page without breaking it: a file only the old build had is still answered", async ({
    page,
  }) => {
    server = await start("on");
    const port = Number(new URL(server.url).port);
    await page.goto(`${server.url}/about-us`);
    await controlled(page);
    await expect.poll(() => keptPages(page), { timeout: 10_000 }).toEqual(["/about-us"]);
    const root = await page.evaluate(
      () =>
        performance.getEntriesByType("resource").find((e) => /\/assets\/root-[\w-]+\.js$/.test(e.name))!.name,
    );

    // The next deploy: the same build (hard links, nothing copied) with another worker, and without
    // the page's root chunk (a new build names its files anew).
    // In the checkout: the built server resolves its packages from node_modules beside it.
    const next = mkdtempSync(path.join(ROOT, ".e2e-next-build-"));
    try {
      execFileSync("cp", ["-al", `${path.join(ROOT, "build")}/.`, next]);
      const client = path.join(next, "client");
      for (const file of readdirSync(client))
        if (/^sw\.js\.(br|gz)$/.test(file)) rmSync(path.join(client, file));
      rmSync(path.join(client, "sw.js"));
      execFileSync("cp", [path.join(ROOT, "build", "client", "sw.js"), path.join(client, "sw.js")]);
      appendFileSync(path.join(client, "sw.js"), "\n// the next deploy\n");
      const rootFile = new URL(root).pathname.slice(1);
      for (const suffix of ["", ".br", ".gz"]) rmSync(path.join(client, rootFile + suffix), { force: true });

      await server.stop();
      server = await startServerProcess({
        cwd: ROOT,
        port,
        command: ["node", "--max-semi-space-size=8", "--max-old-space-size=192", "server/main.ts"],
        env: { DATA_DIR: dataDir, LOG_REQUESTS: "false", BUILD_DIR: next },
      });
      expect((await fetch(root)).status, "the new server has no such file").toBe(404);

      // The browser checks the worker's script (as on a navigation): the new one takes over at once.
      const tookOver = await page.evaluate(async () => {
        const changed = new Promise((resolve) =>
          navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true), { once: true }),
        );
        await (await navigator.serviceWorker.getRegistration())!.update();
        return Promise.race([changed, new Promise((resolve) => setTimeout(() => resolve(false), 10_000))]);
      });
      expect(tookOver, "the new worker controls the open page").toBe(true);
      // The open page still has its files, and moves on as before.
      expect(await page.evaluate(async (url) => (await fetch(url)).status, root)).toBe(200);
      await page.locator("[data-site-header]").getByRole("link", { name: "Pricing", exact: true }).click();
      await expect(page).toHaveTitle(/^Pricing/);
      await page.goto(`${server.url}/faq`);
      await expect(page.locator("h1")).toBeVisible();
    } finally {
      rmSync(next, { recursive: true, force: true });
    }
  });
});
