// Images on every page, at a phone and a desktop width: each has dimensions and alt text,
// exists, and is not served much larger than it is shown.
import type { Page } from "@playwright/test";
import { expect, test } from "./hydration.ts";
import { pages } from "./pages.ts";

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`images at ${viewport.width} px: dimensions, alt text, and no oversized files`, async ({ page }) => {
    test.setTimeout(30_000 + pages.length * 4_000);
    await page.setViewportSize(viewport);
    await page.emulateMedia({ reducedMotion: "reduce" });
    const problems: string[] = [];
    page.on("response", (r) => {
      if (r.request().resourceType() === "image" && r.status() >= 400)
        problems.push(`${r.status()} ${r.url()}`);
    });
    for (const entry of pages) {
      await page.goto(entry.path);
      // Scroll through the page so lazy images load.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 30));
        }
      });
      await page.waitForLoadState("networkidle");
      const images = await page.locator("img").evaluateAll((imgs) =>
        (imgs as HTMLImageElement[]).map((img) => ({
          src: img.currentSrc || img.src,
          width: img.getAttribute("width"),
          height: img.getAttribute("height"),
          alt: img.getAttribute("alt"),
          natural: img.naturalWidth,
          shown: img.getBoundingClientRect().width,
          complete: img.complete,
        })),
      );
      for (const img of images) {
        const where = `${entry.path}: ${img.src}`;
        if (!img.width || !img.height) problems.push(`no width/height: ${where}`);
        if (img.alt === null) problems.push(`no alt attribute: ${where}`);
        const raster = !/\.svg(\?|$)/.test(img.src);
        if (raster && img.complete && img.shown > 0 && img.natural > 2 * img.shown + 1) {
          problems.push(`served ${img.natural} px wide, shown at ${Math.round(img.shown)} px: ${where}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
}

/** Bytes of images and videos a page load transfers (bodies as sent, no scrolling). */
async function mediaBytes(page: Page, path: string) {
  const sizes: Promise<{ type: string; bytes: number }>[] = [];
  page.on("requestfinished", (request) => {
    const type = request.resourceType();
    if (type === "image" || type === "media") {
      sizes.push(request.sizes().then((s) => ({ type, bytes: s.responseBodySize })));
    }
  });
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  const all = await Promise.all(sizes);
  const sum = (t: string) => all.filter((s) => s.type === t).reduce((n, s) => n + s.bytes, 0);
  return { images: sum("image"), videos: sum("media") };
}

test.describe("home page media on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the first view stays under 300 KB of media", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    const { images, videos } = await mediaBytes(page, "/");
    test
      .info()
      .annotations.push({ type: "first view", description: `images ${images} B, videos ${videos} B` });
    expect(videos).toBe(0);
    expect(images).toBeLessThanOrEqual(300_000);
  });

  test("with the first hero video playing, under 1.2 MB", async ({ page }) => {
    const { images, videos } = await mediaBytes(page, "/");
    await expect
      .poll(() =>
        page
          .locator("[data-section='hero'] video")
          .first()
          .evaluate((v: HTMLVideoElement) => v.currentTime),
      )
      .toBeGreaterThan(0);
    test
      .info()
      .annotations.push({ type: "with video", description: `images ${images} B, videos ${videos} B` });
    expect(videos).toBeGreaterThan(0);
    expect(images + videos).toBeLessThanOrEqual(1_200_000);
  });
});
