// The traffic counted from a real browser (server/traffic/, docs/traffic.md): with JavaScript the
// first page is counted by the server and the next, reached by a link after hydration, by the
// browser's report, each once; without JavaScript every page by the server; a headless browser
// (a bot to `isbot`) not at all. Read from the server's database (.e2e-data), by the visitor's
// rows since the test began (other tests' visits are other visitors, or bots). A message sent is
// a conversion of that visit.
import path from "node:path";
import type { Browser } from "@playwright/test";
import Database from "better-sqlite3";
import { CamelCasePlugin, Kysely, SqliteDialect } from "kysely";
import { SQLITE_FILE, type Schema } from "../../server/db/index.ts";
import { expect, hydrated, test } from "./hydration.ts";

const ANDROID =
  "Mozilla/5.0 (Linux; Android 13; SM-A146B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";
// A visitor of a day is the address and the browser's name (docs/traffic.md): every test browser
// comes from 127.0.0.1, so the tests that run at once are people with browsers of their own.
const WINDOWS_FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0";
const WINDOWS_EDGE =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0";

/** Reads the running server's database, read-only: opening it as the server does would migrate
 *  it first, a write lock on a database the server is writing to ("database is locked" once the
 *  server held it for the 5 s the open waits, on a loaded machine). */
async function readSiteDatabase<T>(read: (db: Kysely<Schema>) => Promise<T>): Promise<T> {
  const file = path.join(".e2e-data", SQLITE_FILE);
  const db = new Kysely<Schema>({
    dialect: new SqliteDialect({ database: new Database(file, { readonly: true, fileMustExist: true }) }),
    // Names as the server's connection maps them (server/db/index.ts).
    plugins: [new CamelCasePlugin()],
  });
  try {
    return await read(db);
  } finally {
    await db.destroy();
  }
}

/** Every visitor's rows since `since`, by visitor: [path, template, device] in order. */
async function visitorsSince(since: number) {
  return readSiteDatabase(async (db) => {
    const rows = await db
      .selectFrom("traffic_event")
      .select(["visitor", "path", "template", "device", "kind"])
      .where("at", ">=", since)
      .orderBy("at")
      .execute();
    const by = new Map<string, string[][]>();
    for (const r of rows)
      by.set(String(r.visitor), [
        ...(by.get(String(r.visitor)) ?? []),
        [r.kind, r.path, r.template, r.device],
      ]);
    return [...by.values()];
  });
}

/** Waits until a visitor's rows are these (the server writes its batch every 2 s). */
async function expectVisitor(since: number, rows: string[][]) {
  await expect.poll(() => visitorsSince(since), { timeout: 10_000 }).toContainEqual(rows);
}

const person = (browser: Browser, options: Parameters<Browser["newContext"]>[0]) =>
  browser.newContext({ ...options, reducedMotion: "reduce" });

test("with JavaScript, the first page is counted by the server, the next by the browser's report, each once, and a message sent as a conversion", async ({
  browser,
}) => {
  const since = Date.now();
  const context = await person(browser, {
    userAgent: ANDROID,
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = await context.newPage();
    await page.goto("/faq");
    await hydrated(page);
    // A link within the site, followed by the app: no document request, the browser reports it.
    const reported = page.waitForRequest((r) => r.url().endsWith("/api/traffic") && r.method() === "POST");
    const documents: string[] = [];
    page.on("request", (r) => void (r.resourceType() === "document" && documents.push(r.url())));
    await page.getByRole("contentinfo").getByRole("link", { name: "Contact Us", exact: true }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
    await expect(page.locator("h1")).toBeVisible();
    expect(JSON.parse((await reported).postData()!)).toEqual({ p: "/contact-us", w: 390 });
    expect(documents).toEqual([]);
    // A message sent: a conversion, on the page the form is on.
    const form = page.locator("main form");
    await form.getByLabel("Your name").fill("Ada Okafor");
    await form.getByLabel("E-mail address").fill("ada.traffic@example.com");
    await form.getByLabel("Phone number").fill("+234 803 555 0199");
    await form.getByLabel("How can we help?").fill("We would like a quote for a clinic's booking app.");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(
      page.getByText("Thanks For Your Message! We'll get back to you soon.").first(),
    ).toBeVisible();
    await expectVisitor(since, [
      ["view", "/faq", "faq", "phone"],
      ["view", "/contact-us", "contact", "phone"],
      ["contact", "/contact-us", "contact", "phone"],
    ]);
  } finally {
    await context.close();
  }
});

test("without JavaScript every page is counted by the server, and a headless browser not at all", async ({
  browser,
  page,
}) => {
  const since = Date.now();
  const context = await person(browser, { userAgent: WINDOWS_FIREFOX, javaScriptEnabled: false });
  try {
    const visitor = await context.newPage();
    await visitor.goto("/pricing");
    await visitor.getByRole("contentinfo").getByRole("link", { name: "Contact Us", exact: true }).click();
    await expect(visitor).toHaveURL(/\/contact-us$/);
    await visitor.goto("/no-such-page-here");
    // The tests' own headless browser is a bot: not counted.
    await page.goto("/pricing");
    await expectVisitor(since, [
      ["view", "/pricing", "pricing", "desktop"],
      ["view", "/contact-us", "contact", "desktop"],
      ["not-found", "/no-such-page-here", "not-found", "desktop"],
    ]);
    const all = (await visitorsSince(since)).flat();
    expect(all.filter(([, path]) => path === "/pricing")).toHaveLength(1);
  } finally {
    await context.close();
  }
});

test("a page load's Web Vitals are reported once when the page is hidden: a forced layout shift gives CLS > 0", async ({
  browser,
}) => {
  const since = Date.now();
  const context = await person(browser, {
    userAgent: WINDOWS_EDGE,
    viewport: { width: 1280, height: 800 },
  });
  try {
    const page = await context.newPage();
    // The library arrives once the page is idle, not with it; a round trip later its observers
    // are registered.
    const library = page.waitForResponse((r) => /\/assets\/web-vitals[^/]*\.js$/.test(r.url()));
    await page.goto("/faq");
    await hydrated(page);
    await library;
    await page.evaluate(() => 0);
    // Everything below the heading moves down 300 px, with no input to excuse it.
    await page.evaluate(() => {
      const block = document.createElement("div");
      block.style.height = "300px";
      document.querySelector("main")!.prepend(block);
    });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    // The page is hidden (another tab, the phone locked): the report goes. Chromium's headless
    // shell never hides a page, nor sends a beacon from one being unloaded, so the test says it
    // is hidden the way the browser would: the state, then the event, which bubbles.
    const sent = page.waitForRequest(
      (r) => r.url().endsWith("/api/traffic") && r.postData()!.includes('"v"'),
    );
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
      document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
    });
    const report = JSON.parse((await sent).postData()!) as {
      p: string;
      w: number;
      v: Record<string, number>;
    };
    expect(report).toMatchObject({ p: "/faq", w: 1280 });
    expect(report.v.CLS).toBeGreaterThan(0);
    // Once: hidden again, or left, nothing more is sent.
    const more: string[] = [];
    page.on("request", (r) => void (r.url().endsWith("/api/traffic") && more.push(r.postData()!)));
    await page.evaluate(() => {
      document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
      window.dispatchEvent(new PageTransitionEvent("pagehide"));
    });
    const reported = () =>
      readSiteDatabase((db) =>
        db
          .selectFrom("traffic_vital")
          .select(["template", "device", "lcp", "cls", "fcp", "ttfb"])
          .where("at", ">=", since)
          .where("template", "=", "faq")
          .where("device", "=", "desktop")
          .execute(),
      );
    await expect.poll(async () => (await reported()).length, { timeout: 10_000 }).toBe(1);
    const [row] = await reported();
    expect(row!.cls).toBe(report.v.CLS);
    expect(more).toEqual([]);
    expect(row!.fcp).toBeGreaterThan(0);
    expect(row!.ttfb).toBeGreaterThanOrEqual(0);
  } finally {
    await context.close();
  }
});
