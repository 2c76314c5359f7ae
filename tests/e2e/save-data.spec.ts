// A visitor whose browser asks to save data (`Save-Data: on`, common on Nigerian mobile data
// plans) gets the hero's poster and no background video anywhere; other visitors get the video.
import type { Browser, Page } from "@playwright/test";
import { homeLayouts, homePages } from "../../app/config/home-layouts.ts";
import { expect, hydrated, test } from "./hydration.ts";

const desktop = { width: 1440, height: 900 };

// Whether the hero's video loads: only for visitors who let pages move.
test.use({ reducedMotion: "no-preference" });

// Chromium sends the header and sets navigator.connection.saveData together; Playwright can
// only send the header, so the page's view of the same setting is supplied by an init script.
async function saveDataPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: desktop, extraHTTPHeaders: { "Save-Data": "on" } });
  await context.addInitScript(() => {
    const connection = Object.assign(new EventTarget(), { saveData: true, effectiveType: "3g" });
    Object.defineProperty(Navigator.prototype, "connection", { configurable: true, get: () => connection });
  });
  return context.newPage();
}

/** Every request for a video file the page makes. */
function videoRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (r) => {
    if (/\/videos\/.+\.(webm|mp4)$/.test(new URL(r.url()).pathname)) urls.push(r.url());
  });
  return urls;
}

// The home layouts with a background video: every hero, and the brand strip where there is one.
const layouts = homePages.filter((p) => !p.dark);

for (const home of layouts) {
  const brandStrip = homeLayouts[home.layout].some((s) => s.kind === "brand-strip");
  test(`${home.path}: with Save-Data the hero shows its poster and no video loads`, async ({ browser }) => {
    const page = await saveDataPage(browser);
    const videos = videoRequests(page);
    await page.clock.install();
    await page.goto(home.path, { waitUntil: "load" });
    await hydrated(page);
    expect(
      await page.evaluate(() => (navigator as { connection?: { saveData?: boolean } }).connection?.saveData),
    ).toBe(true);

    const poster = page.locator("[data-section='hero'] picture img").first();
    await expect(poster).toBeVisible();
    expect(await poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // Long past every video's start delay, with each video area on screen in turn.
    await page.clock.fastForward(10_000);
    if (brandStrip) {
      await page.locator("[data-section='brand-strip']").scrollIntoViewIfNeeded();
      await page.clock.fastForward(10_000);
    }
    await page.waitForLoadState("networkidle");
    expect(videos).toEqual([]);
    await page.context().close();
  });
}

test("without Save-Data the hero's video does load (the check above can fail)", async ({ page }) => {
  await page.setViewportSize(desktop);
  const videos = videoRequests(page);
  await page.goto("/", { waitUntil: "load" });
  await expect.poll(() => videos.length, { timeout: 10_000 }).toBeGreaterThan(0);
});
