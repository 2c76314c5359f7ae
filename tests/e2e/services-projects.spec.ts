// The service listings and pages, the project galleries, the carousel and the case studies,
// as a visitor meets them.
import type { Page } from "@playwright/test";
import { expect, test } from "./hydration.ts";

const listings = ["/services", "/services-2", "/services-3"];
const BRANDING = [
  "Brand Strategy",
  "Logo Design",
  "Graphic Design",
  "Visual Identity",
  "Packaging Design",
  "Brand Guidelines",
];

async function jsonLd(page: Page): Promise<Array<Record<string, unknown>>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

test.describe("service listings", () => {
  for (const path of listings) {
    test(`${path} lists the whole catalogue with working links`, async ({ page, request }) => {
      await page.goto(path);
      await expect(
        page.getByRole("heading", { level: 2, name: "Turn Information Into Actionable Insights" }),
      ).toBeVisible();
      const links = page.locator("main h4 a");
      await expect(links).toHaveCount(24);
      const branding = page.getByRole("region", { name: "Branding & Design" });
      for (const name of BRANDING)
        await expect(branding.getByRole("link", { name, exact: true })).toBeVisible();

      const hrefs = new Set(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")!)));
      for (const href of hrefs) {
        expect(href).toMatch(/^\/services-details\/\d+$/);
        expect((await request.get(href)).status(), href).toBe(200);
      }
      await links.filter({ hasText: "Web App Development" }).click();
      await expect(page).toHaveURL(/\/services-details\/2$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web App Development");
    });
  }
});

test.describe("service page", () => {
  test("FAQ answers open and close from the keyboard, one at a time", async ({ page }) => {
    await page.goto("/services-details/1");
    const faq = page.locator("main article details");
    await expect(faq).toHaveCount(3);
    await expect(faq.nth(0)).toHaveAttribute("open", "");
    const second = faq.nth(1).locator("summary");
    await second.focus();
    await page.keyboard.press("Enter");
    await expect(faq.nth(1)).toHaveAttribute("open", "");
    await expect(faq.nth(1).getByText("React Native app for both platforms")).toBeVisible();
    await expect(faq.nth(0)).not.toHaveAttribute("open");
    await page.keyboard.press("Space");
    await expect(faq.nth(1)).not.toHaveAttribute("open");
  });

  test("the sidebar marks the current service and leads to the others", async ({ page }) => {
    await page.goto("/services-details/1");
    const nav = page.getByRole("navigation", { name: "All Services" });
    await expect(nav.locator('[aria-current="page"]')).toHaveText("Mobile App Development");
    await nav.getByRole("link", { name: "Branding" }).click();
    await expect(page).toHaveURL(/\/services-details\/8$/);
    await expect(nav.locator('[aria-current="page"]')).toHaveText("Branding");
    await expect(page.getByRole("heading", { name: "Included services" })).toBeVisible();
    for (const name of ["Brand strategy", "Brand guidelines"]) {
      await expect(page.getByText(name, { exact: true })).toBeVisible();
    }
  });

  test("has the spec's sections, two popular services and a help box that reaches us", async ({ page }) => {
    await page.goto("/services-details/3");
    for (const name of [
      "Included services",
      "The challenge",
      "Frequently asked questions",
      "Popular services",
    ]) {
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    }
    const popular = page.locator("h3 a");
    await expect(popular).toHaveText(["Mobile App Development", "Web App Development"]);
    const help = page.getByRole("region", { name: "Need help choosing?" });
    await expect(help.getByRole("link", { name: /\+234/ })).toHaveAttribute("href", /^tel:\+234\d+$/);
    await expect(help.getByRole("link", { name: /@techspark\.ng/ })).toHaveAttribute("href", /^mailto:/);
    await help.getByRole("link", { name: "Contact Us" }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
  });

  test("describes the service as schema.org Service data", async ({ page }) => {
    await page.goto("/services-details/7");
    const [data] = await jsonLd(page);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Service",
      name: "Cybersecurity & Auditing",
      url: "https://techspark.ng/services-details/7",
      provider: { "@type": "Organization", name: "TechSpark Innovations" },
    });
  });
});

test.describe("unknown pages and bare paths", () => {
  for (const path of [
    "/services-details/999",
    "/services-details/11",
    "/project-details/7",
    "/project-details/abc",
    "/project-details/01",
  ]) {
    test(`${path} answers 404 with the not-found page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(/not found|can.t find/i);
    });
  }
});

test.describe("project galleries and case studies", () => {
  for (const path of ["/project-2-column", "/project-3-column", "/project-carousel"]) {
    test(`${path} shows the six case studies with working links`, async ({ page, request }) => {
      await page.goto(path);
      const links = page.locator("main h3 a");
      const hrefs = [...new Set(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href"))))];
      expect(hrefs).toEqual([1, 2, 3, 4, 5, 6].map((id) => `/project-details/${id}`));
      for (const href of hrefs) expect((await request.get(href!)).status()).toBe(200);
    });
  }

  test("a case study has its facts, its story and the projects around it, wrapping at the ends", async ({
    page,
  }) => {
    await page.goto("/project-details/1");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kubwa Market Connect");
    const info = page.getByRole("complementary", { name: "Project information" });
    for (const text of ["Client", "Project type", "Date", "Address", "March 2025"]) {
      await expect(info.getByText(text, { exact: true }).first()).toBeAttached();
    }
    for (const name of ["The challenge", "Our approach", "The result"]) {
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    }
    const more = page.getByRole("navigation", { name: "More case studies" });
    await expect(more.getByRole("link", { name: /Previous project/ })).toHaveAttribute(
      "href",
      "/project-details/6",
    );
    await more.getByRole("link", { name: /Next project/ }).click();
    await expect(page).toHaveURL(/\/project-details\/2$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("HealthLine Abuja");

    await page.goto("/project-details/6");
    await more.getByRole("link", { name: /Next project/ }).click();
    await expect(page).toHaveURL(/\/project-details\/1$/);
  });

  test("describes the case study as schema.org CreativeWork data", async ({ page }) => {
    await page.goto("/project-details/4");
    const [data] = await jsonLd(page);
    expect(data).toMatchObject({
      "@type": "CreativeWork",
      name: "PayWise Fintech Dashboard",
      url: "https://techspark.ng/project-details/4",
      dateCreated: "2024-05",
    });
    expect(String(data!.text)).toContain("penetration test");
  });
});

test.describe("project carousel", () => {
  test.use({ reducedMotion: "no-preference" });
  const track = (page: Page) => page.locator('[aria-roledescription="carousel"] [aria-live]');
  const pos = async (page: Page) => Number(await track(page).getAttribute("data-pos"));

  async function open(page: Page) {
    await page.goto("/project-carousel", { waitUntil: "networkidle" });
    await page.getByRole("region", { name: "Work we are proud of" }).scrollIntoViewIfNeeded();
    // Hydrated: the controls are shown.
    await expect(page.getByRole("button", { name: "Next project" })).toBeVisible();
  }

  test("previous and next buttons and the arrow keys move the slides", async ({ page }) => {
    await page.setViewportSize({ width: 1300, height: 900 });
    await open(page);
    const first = await track(page).evaluate((el) => el.getBoundingClientRect().left);
    await page.getByRole("button", { name: "Next project" }).click();
    await expect.poll(() => pos(page)).toBe(1);
    await expect
      .poll(() => track(page).evaluate((el) => el.getBoundingClientRect().left))
      .toBeLessThan(first - 200);
    await page.getByRole("button", { name: "Previous project" }).click();
    await expect.poll(() => pos(page)).toBe(0);
    // Previous from the first slide goes round to the last.
    await page.getByRole("button", { name: "Previous project" }).click();
    await expect.poll(() => pos(page)).toBe(5);
    await page.getByRole("button", { name: "Next project" }).focus();
    await page.keyboard.press("ArrowRight");
    // From the last slide onto the copy of the first, then back to the real first slide.
    await expect.poll(() => pos(page)).toBe(0);
  });

  test("the track follows a drag and lands on the next project", async ({ page }) => {
    await page.setViewportSize({ width: 1300, height: 900 });
    await open(page);
    await page.getByRole("button", { name: "Stop automatic slide rotation" }).click();
    const second = page.locator('[aria-roledescription="slide"]').nth(1);
    const before = (await second.boundingBox())!.x;
    const box = (await page.locator('[aria-roledescription="slide"]').first().boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 3];
    await page.mouse.move(x, y);
    await page.mouse.down();
    // Well over half a slide (~470 px wide here), so it lands on the next whatever the speed.
    for (let i = 1; i <= 14; i++) await page.mouse.move(x - 25 * i, y);
    // Mid-drag, the slides have moved with the pointer.
    expect((await second.boundingBox())!.x).toBeLessThan(before - 150);
    await page.mouse.up();
    await expect.poll(() => pos(page)).toBe(1);
    // A drag is not a click: the page stays.
    await expect(page).toHaveURL(/\/project-carousel$/);
  });

  test("advances on its own after about five seconds, and the pause control stops it", async ({ page }) => {
    await page.setViewportSize({ width: 1300, height: 900 });
    await page.clock.install(); // the seconds below are the clock's
    await open(page);
    // A step restarts the slide's time; the pointer on the button pauses it until it leaves.
    await page.getByRole("button", { name: "Next project" }).click();
    await expect.poll(() => pos(page)).toBe(1);
    await page.mouse.move(5, 5);
    await page.clock.runFor(4000);
    expect(await pos(page), "not before 5 s").toBe(1);
    await page.clock.runFor(1500);
    await expect.poll(() => pos(page)).toBe(2);

    const pause = page.getByRole("button", { name: "Stop automatic slide rotation" });
    await pause.click();
    await page.mouse.move(5, 5);
    await expect(page.getByRole("button", { name: "Start automatic slide rotation" })).toBeVisible();
    await page.clock.runFor(6000);
    expect(await pos(page)).toBe(2);
  });

  test("does not rotate for visitors who prefer reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.setViewportSize({ width: 1300, height: 900 });
    await page.clock.install();
    await open(page);
    await page.mouse.move(5, 5);
    await expect(page.getByRole("button", { name: "Start automatic slide rotation" })).toBeVisible();
    await page.clock.runFor(6500);
    expect(await pos(page)).toBe(0);
  });

  for (const [width, perView] of [
    [390, 1],
    [1000, 2],
    [1300, 2.5],
    [1900, 2.8],
  ] as const) {
    test(`shows ${perView} slides at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 1000 });
      await open(page);
      const measured = await track(page).evaluate((el) => {
        const gap = parseFloat(getComputedStyle(el).columnGap);
        const slide = (el.firstElementChild as HTMLElement).getBoundingClientRect().width;
        return (el.clientWidth + gap) / (slide + gap);
      });
      expect(measured).toBeCloseTo(perView, 1);
    });
  }

  test("keyboard focus on a slide out of view brings it into view", async ({ page }) => {
    await page.setViewportSize({ width: 1300, height: 900 });
    await open(page);
    await page.emulateMedia({ reducedMotion: "reduce" });
    const fifth = page.locator("main h3 a").nth(4);
    await fifth.focus();
    await expect.poll(() => pos(page)).toBeGreaterThan(1);
    // The track moves at the next frame (a 0.01 ms transition under reduced motion).
    await expect
      .poll(async () => {
        const box = await fifth.boundingBox();
        return box!.x + box!.width;
      })
      .toBeLessThanOrEqual(1300);
  });
});
