// The home pages' behaviour: hero carousel, counters and meters, FAQ accordion, testimonials,
// video popup, brand strip and dark variants (the sections each layout stacks and the blog teaser,
// HTML only: tests/pages/home-sections.test.ts).
import type { Page } from "@playwright/test";
import { expect, frames, test } from "./hydration.ts";
import { homePages } from "../../app/config/home-layouts.ts";

const desktop = { width: 1440, height: 900 };
// The home pages move (carousels, the hero's video, counters): seen as a visitor sees them.
test.use({ viewport: desktop, reducedMotion: "no-preference" });

const hero = (page: Page) => page.locator("[data-section='hero']");
const slide = (page: Page, n: number) => hero(page).getByRole("group", { name: `${n} of 3` });
/** The hero's slide showing now (the others are inert). */
const currentSlide = (page: Page) =>
  hero(page).locator("[aria-roledescription='slide']:not([inert])").getAttribute("aria-label");

/** Hydrated: the rotation control has switched from the server's "start" to "stop". */
async function waitForRotation(page: Page) {
  await expect(page.getByRole("button", { name: "Stop automatic slide show" })).toBeVisible();
}

test.describe("hero carousel", () => {
  test("the first slide is complete in the HTML, without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: desktop });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/TechSpark/i);
    const first = slide(page, 1);
    await expect(first).toBeVisible();
    await expect(first.getByRole("heading", { level: 2 })).toHaveText(
      "Digital products built for how Nigeria works",
    );
    await expect(first.getByRole("link", { name: "Get in Touch" })).toHaveAttribute("href", "/contact-us");
    await expect(hero(page).locator("[aria-roledescription='slide'][inert]")).toHaveCount(2);
    await expect(hero(page).locator("video").first()).toContainText(
      "Your browser does not support the video tag.",
    );
    await context.close();
  });

  test("advances every 8 s and stops when paused", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await waitForRotation(page);
    expect(await currentSlide(page)).toBe("1 of 3");
    await page.clock.fastForward(8100);
    await expect.poll(() => currentSlide(page)).toBe("2 of 3");

    await page.getByRole("button", { name: "Stop automatic slide show" }).click();
    await expect(page.getByRole("button", { name: "Start automatic slide show" })).toBeVisible();
    // Leave the carousel (pointer and focus), so only the pause button holds it.
    await page.mouse.move(700, 10);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.fastForward(30_000);
    expect(await currentSlide(page)).toBe("2 of 3");

    await page.getByRole("button", { name: "Start automatic slide show" }).click();
    await page.mouse.move(700, 10);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.fastForward(8100);
    await expect.poll(() => currentSlide(page)).toBe("3 of 3");
  });

  test("pauses while the pointer is over it", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await waitForRotation(page);
    await page.mouse.move(700, 500);
    await page.clock.fastForward(20_000);
    expect(await currentSlide(page)).toBe("1 of 3");
    await page.mouse.move(700, 10);
    await page.clock.fastForward(8100);
    await expect.poll(() => currentSlide(page)).toBe("2 of 3");
  });

  test("arrow buttons, slide buttons and arrow keys change the slide", async ({ page }) => {
    await page.clock.install(); // the wait for rotation below is the clock's, not real seconds
    await page.goto("/");
    await waitForRotation(page);
    await page.getByRole("button", { name: "Next slide" }).click();
    await expect.poll(() => currentSlide(page)).toBe("2 of 3");
    await page.getByRole("button", { name: "Previous slide" }).click();
    await expect.poll(() => currentSlide(page)).toBe("1 of 3");
    await page.getByRole("button", { name: "Previous slide" }).click();
    await expect.poll(() => currentSlide(page)).toBe("3 of 3");
    await page.getByRole("button", { name: "Show slide 2 of 3" }).click();
    await expect.poll(() => currentSlide(page)).toBe("2 of 3");
    await expect(page.getByRole("button", { name: "Show slide 2 of 3" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    // Keyboard only: focus moves onto a control, arrows move the slides.
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => currentSlide(page)).toBe("3 of 3");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => currentSlide(page)).toBe("1 of 3");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => currentSlide(page)).toBe("3 of 3");
    // Keyboard focus inside stops rotation (even with the pointer away), and changes are announced.
    await page.mouse.move(700, 10);
    await expect(page.locator("[data-section='hero'] [aria-live]")).toHaveAttribute("aria-live", "polite");
    await page.clock.runFor(8500); // past a slide's 8 s, every timer due fired
    expect(await currentSlide(page)).toBe("3 of 3");
  });

  test("under reduced motion nothing rotates and no video loads", async ({ page }) => {
    const videos: string[] = [];
    page.on("request", (r) => r.url().includes("/videos/") && videos.push(r.url()));
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.goto("/", { waitUntil: "networkidle" });
    await expect(page.getByRole("button", { name: "Start automatic slide show" })).toBeVisible();
    await page.clock.fastForward(30_000);
    expect(await currentSlide(page)).toBe("1 of 3");
    await page.locator("[data-section='brand-strip']").scrollIntoViewIfNeeded();
    await page.clock.fastForward(10_000);
    expect(videos).toEqual([]);
  });

  test("the background video plays after load and pauses off screen", async ({ page }) => {
    await page.goto("/", { waitUntil: "load" });
    const video = hero(page).locator("video").first();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused), { timeout: 10_000 })
      .toBe(true);
    await page.locator("footer").scrollIntoViewIfNeeded();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  });
});

test.describe("counters and meters", () => {
  test("show their final values without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("[data-counter]")).toHaveText(["276K", "500+", "20+", "15+"]);
    await expect(page.locator("[data-meter]")).toHaveText(["89%", "78%"]);
    await context.close();
  });

  test("count up once when scrolled into view", async ({ page }) => {
    await page.goto("/");
    const counter = page.locator("[data-counter='276']");
    await expect(counter).toHaveText("276K");
    await counter.scrollIntoViewIfNeeded();
    await expect.poll(() => counter.textContent()).not.toBe("276K");
    await expect(counter).toHaveText("276K", { timeout: 5000 });

    const meter = page.locator("[data-meter='89']");
    await meter.scrollIntoViewIfNeeded();
    await expect.poll(() => meter.textContent()).not.toBe("89%");
    await expect(meter).toHaveText("89%", { timeout: 5000 });
  });
});

test("FAQ accordion opens the first answer and one at a time", async ({ page }) => {
  await page.goto("/");
  const faq = page.locator("[data-section='faq-meters'] details");
  await expect(faq).toHaveCount(3);
  await expect(faq.nth(0)).toHaveAttribute("open", "");
  await faq.nth(1).locator("summary").click();
  await expect(faq.nth(1)).toHaveAttribute("open", "");
  await expect(faq.nth(0)).not.toHaveAttribute("open");
  await expect(faq.nth(1)).toContainText("Search engine optimization (SEO)");
});

test.describe("testimonials", () => {
  const current = (page: Page) =>
    page
      .locator("[data-section='testimonials'] [aria-roledescription='slide']:not([inert])")
      .getAttribute("aria-label");

  test("pagination buttons show the chosen quote", async ({ page }) => {
    await page.goto("/");
    const section = page.locator("[data-section='testimonials']");
    await section.scrollIntoViewIfNeeded();
    await section.getByRole("button", { name: "Show testimonial 3 of 3" }).click();
    await expect.poll(() => current(page)).toBe("3 of 3");
    await expect(section.getByRole("group", { name: "3 of 3" }).first()).toContainText("Folake Adebayo");
    await section.getByRole("button", { name: "Show testimonial 1 of 3" }).click();
    await expect.poll(() => current(page)).toBe("1 of 3");
  });

  test("a drag to the left shows the next quote, a drag to the right the one before", async ({ page }) => {
    await page.goto("/");
    const section = page.locator("[data-section='testimonials']");
    await section.scrollIntoViewIfNeeded();
    await section.getByRole("button", { name: "Stop automatic testimonial rotation" }).click();
    // The window onto the track, which stays where it is while the track moves.
    const viewport = section.locator("[aria-live]").locator("..");
    // Well over half a slide, so the track lands on the neighbour whatever the drag's speed.
    const drag = async (direction: -1 | 1) => {
      const box = (await viewport.boundingBox())!;
      const y = box.y + box.height / 2;
      const x = box.x + box.width * (direction < 0 ? 0.85 : 0.15);
      const dx = direction * box.width * 0.7;
      await page.mouse.move(x, y);
      await page.mouse.down();
      for (let i = 1; i <= 10; i++) await page.mouse.move(x + (dx * i) / 10, y);
      await page.mouse.up();
    };
    const slot = (await section.getByRole("group", { name: "1 of 3" }).boundingBox())!.x;
    // The quote is current and the track has come to rest with it where the first one was.
    const landsOn = async (name: string) => {
      await expect.poll(() => current(page)).toBe(name);
      await expect
        .poll(async () => (await section.getByRole("group", { name }).boundingBox())!.x)
        .toBeCloseTo(slot, -1);
    };
    await drag(-1);
    await landsOn("2 of 3");
    await drag(1);
    await landsOn("1 of 3");
    // From the first quote, a drag to the right goes round to the last.
    await drag(1);
    await landsOn("3 of 3");
  });

  test("rotates every 3 s, looping from the last quote to the first", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    const section = page.locator("[data-section='testimonials']");
    await section.scrollIntoViewIfNeeded();
    await page.mouse.move(5, 5);
    await expect(section.getByRole("button", { name: "Stop automatic testimonial rotation" })).toBeVisible();
    for (const expected of ["2 of 3", "3 of 3", "1 of 3"]) {
      await page.clock.fastForward(3100);
      await expect.poll(() => current(page)).toBe(expected);
    }
  });
});

test.describe("video popup", () => {
  test("loads nothing before play, then opens, closes and returns focus", async ({ page }) => {
    const foreign: string[] = [];
    page.on("request", (r) => !r.url().startsWith("http://127.0.0.1") && foreign.push(r.url()));
    await page.goto("/", { waitUntil: "networkidle" });
    const play = page.getByRole("button", { name: "Watch our studio reel" });
    const dialog = page.getByRole("dialog", { name: "TechSpark Innovations studio reel" });
    await expect(page.locator("dialog#studio-reel video, dialog#studio-reel iframe")).toHaveCount(0);

    await play.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.locator("video")).toHaveAttribute("src", /^\/videos\//);
    const box = (await dialog.locator("video").boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(play).toBeFocused();
    await expect(dialog.locator("video")).toHaveCount(0);

    await play.click();
    await dialog.getByRole("button", { name: "Close video" }).click();
    await expect(dialog).toBeHidden();
    await expect(play).toBeFocused();

    await play.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(10, desktop.height - 10);
    await expect(dialog).toBeHidden();
    expect(foreign).toEqual([]);
  });
});

test("the brand strip has ten logos and a pause control", async ({ page }) => {
  await page.goto("/");
  const strip = page.locator("[data-section='brand-strip']");
  await expect(strip.getByRole("heading", { name: "Trusted by 180K global brands" })).toBeVisible();
  await expect(strip.getByRole("list", { name: "Some of our clients" }).getByRole("img")).toHaveCount(10);
  const track = strip.locator("ul[aria-label]");
  await expect(track).toHaveCSS("animation-play-state", "running");
  await strip.getByText("Pause logos and video").click();
  await expect(track).toHaveCSS("animation-play-state", "paused");
});

test.describe("dark variants", () => {
  for (const entry of homePages.filter((p) => p.dark)) {
    test(`${entry.path} has a dark body background`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: "light" });
      await page.goto(entry.path);
      await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      const [r, g, b] = await page.evaluate(() =>
        getComputedStyle(document.body)
          .backgroundColor.match(/[\d.]+/g)!
          .map(Number),
      );
      // Computed colours may come back in oklch(); light values there are > 0.5.
      const dark = (await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).startsWith(
        "oklch",
      )
        ? r! < 0.3
        : r! + g! + b! < 120;
      expect(dark).toBe(true);
    });
  }
});

test("the IT-solutions layouts keep the header clear for 100 px and carry the short menu", async ({
  page,
}) => {
  for (const path of ["/home-3", "/home-3-dark"]) {
    await page.goto(path);
    const header = page.locator("[data-site-header]");
    await page.evaluate(() => window.scrollTo(0, 60));
    await frames(page);
    await expect(header, path).not.toHaveAttribute("data-solid", "true");
    await page.evaluate(() => window.scrollTo(0, 160));
    await expect(header, path).toHaveAttribute("data-solid", "true");
    await expect(header.getByRole("link", { name: "Contact Us", exact: true })).toBeVisible();
  }
  await page.goto("/home-2");
  await page.evaluate(() => window.scrollTo(0, 60));
  await expect(page.locator("[data-site-header]")).toHaveAttribute("data-solid", "true");
  await expect(
    page.locator("[data-site-header]").getByRole("link", { name: "Contact", exact: true }),
  ).toBeVisible();
});
