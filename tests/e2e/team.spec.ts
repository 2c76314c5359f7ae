// The team listings, the member pages and the About page: what a visitor sees and can do.
import type { Page } from "@playwright/test";
import { expect, frames, test } from "./hydration.ts";

const members = [
  { id: 1, name: "Chinedu Okafor", profession: "Founder / CEO" },
  { id: 2, name: "Amina Bello", profession: "Business Development Manager" },
  { id: 3, name: "Tunde Adeyemi", profession: "Engineering Tech Lead" },
];
const specSkills = [
  { label: "Programming Language", value: 88 },
  { label: "Backend Development", value: 95 },
  { label: "Product Design", value: 80 },
];

/**
 * Records every value the skill numbers, the bars and the counter show while the page runs
 * once the HTML is parsed (installed before the page's scripts, so nothing is missed).
 */
type Recorded = { skills: string[]; bars: string[]; counter: string[] };

async function recordAnimation(page: Page) {
  await page.addInitScript(() => {
    const seen: Recorded = { skills: [], bars: [], counter: [] };
    (window as unknown as { seen: Recorded }).seen = seen;
    let parsed = false;
    document.addEventListener("DOMContentLoaded", () => (parsed = true));
    new MutationObserver((records) => {
      if (!parsed) return;
      for (const r of records) {
        const el = r.target instanceof Element ? r.target : r.target.parentElement;
        if (!el) continue;
        if (r.type === "attributes" && el.closest("[role=meter]"))
          seen.bars.push((el as HTMLElement).style.transform);
        else if (el.closest("[data-skill-value]")) seen.skills.push(el.textContent ?? "");
        else if (el.closest("[data-counter]")) seen.counter.push(el.textContent ?? "");
      }
    }).observe(document, { subtree: true, childList: true, characterData: true, attributeFilter: ["style"] });
  });
  return () => page.evaluate(() => (window as unknown as { seen: Recorded }).seen);
}

test.describe("team listings", () => {
  test("/team shows the six members, each linking to their page", async ({ page }) => {
    await page.goto("/team");
    await expect(page.locator("h1")).toHaveText("Our Team");
    const cards = page.locator("main li article");
    await expect(cards).toHaveCount(6);
    for (const m of members) {
      const card = cards.filter({ hasText: m.name });
      await expect(card).toContainText(m.profession);
      await expect(card.getByRole("link", { name: m.name, exact: true })).toHaveAttribute(
        "href",
        `/team-details/${m.id}`,
      );
      await expect(card.getByRole("link", { name: `E-mail ${m.name}` })).toHaveAttribute(
        "href",
        /^mailto:.+@techspark\.ng$/,
      );
    }
    await cards.first().getByRole("link", { name: "Chinedu Okafor", exact: true }).click();
    await expect(page).toHaveURL(/\/team-details\/1$/);
    await expect(page.locator("h1")).toHaveText("Chinedu Okafor");
  });

  for (const path of ["/team-2", "/team-3"]) {
    test(`${path} shows every member in its own layout`, async ({ page }) => {
      await page.goto(path);
      const cards = page.locator("main li article");
      await expect(cards).toHaveCount(6);
      for (const m of members) {
        await expect(cards.filter({ hasText: m.name })).toContainText(m.profession);
        await expect(page.getByRole("link", { name: m.name, exact: true })).toHaveAttribute(
          "href",
          `/team-details/${m.id}`,
        );
      }
    });
  }

  test("/team-2 links each member's social profiles by name, /team-3 their phone and profile", async ({
    page,
  }) => {
    await page.goto("/team-2");
    const linkedin = page.getByRole("link", { name: "Amina Bello on LinkedIn (opens in a new tab)" });
    await expect(linkedin).toHaveAttribute("href", /^https:\/\/www\.linkedin\.com\//);
    await expect(linkedin).toHaveAttribute("target", "_blank");

    await page.goto("/team-3");
    await expect(page.getByRole("link", { name: "+234 803 555 0103" })).toHaveAttribute(
      "href",
      "tel:+2348035550103",
    );
    await expect(page.getByRole("link", { name: "Full profile of Tunde Adeyemi" })).toHaveAttribute(
      "href",
      "/team-details/3",
    );
  });

  test("the Pages menu leads to the team pages", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/about-us");
    const nav = page.getByRole("navigation", { name: "Main" }).first();
    await nav.locator("summary", { hasText: "Pages" }).click();
    await expect(nav.getByRole("link", { name: "Our Team", exact: true })).toHaveAttribute("href", "/team");
    await expect(nav.getByRole("link", { name: "Team Details", exact: true })).toHaveAttribute(
      "href",
      "/team-details/1",
    );
  });
});

test.describe("member page", () => {
  test("shows the member's picture, role, bio, contacts and qualifications", async ({ page }) => {
    await page.goto("/team-details/2");
    await expect(page.locator("h1")).toHaveText("Amina Bello");
    const main = page.locator("main");
    await expect(main.getByRole("img", { name: "Portrait of Amina Bello" })).toBeVisible();
    await expect(main.getByText("Business Development Manager").first()).toBeVisible();
    await expect(main).toContainText("Amina helps founders turn a product into a business");
    await expect(main.getByRole("link", { name: "amina@techspark.ng" })).toHaveAttribute(
      "href",
      "mailto:amina@techspark.ng",
    );
    await expect(main.getByRole("link", { name: "+234 803 555 0102" })).toHaveAttribute(
      "href",
      "tel:+2348035550102",
    );
    await expect(main.getByRole("link", { name: "Contact Me" })).toHaveAttribute("href", "/contact-us");
    for (const network of ["LinkedIn", "X (Twitter)"]) {
      await expect(
        main.getByRole("link", { name: `Amina Bello on ${network} (opens in a new tab)` }),
      ).toHaveAttribute("target", "_blank");
    }
    for (const q of ["Database Integration", "Digital marketing", "Software Development"]) {
      await expect(main.getByText(q, { exact: true })).toBeVisible();
    }
    await main.getByRole("link", { name: "Contact Me" }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
  });

  test("skill bars and the project count carry their values without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/team-details/1");
    for (const { label, value } of specSkills) {
      const meter = page.getByRole("meter", { name: label });
      await expect(meter).toHaveAttribute("aria-valuenow", String(value));
      await expect(meter).toHaveAttribute("aria-valuemax", "100");
      await expect(page.locator(`[data-skill-value='${value}']`)).toHaveText(`${value}%`);
      // The bar is drawn at its value.
      const [bar, track] = await Promise.all([
        meter.locator("span").evaluate((el) => el.getBoundingClientRect().width),
        meter.evaluate((el) => el.getBoundingClientRect().width),
      ]);
      expect(Math.round((bar / track) * 100)).toBe(value);
    }
    await expect(page.locator("[data-counter]")).toHaveText("150+");
    await context.close();
  });

  test("skill bars fill and the counter counts up once in view, ending at their values", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.setViewportSize({ width: 1440, height: 900 });
    const seen = await recordAnimation(page);
    await page.goto("/team-details/1", { waitUntil: "networkidle" });
    // Below the fold: nothing moves until the bars are scrolled to (the observers have reported).
    await frames(page, 10);
    expect((await seen()).skills).toEqual([]);

    const counter = page.locator("[data-counter]");
    await counter.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await seen()).counter.some((t) => Number.parseInt(t) < 150)).toBe(true);
    await expect(counter).toHaveText("150+", { timeout: 5000 });

    await page.getByRole("meter", { name: "Product Design" }).scrollIntoViewIfNeeded();
    // The numbers start low and the bars narrow, then both settle on their values.
    await expect.poll(async () => (await seen()).skills.some((t) => Number.parseInt(t) < 50)).toBe(true);
    expect((await seen()).bars.some((t) => /^scaleX\(0\.[0-4]/.test(t))).toBe(true);
    for (const { value } of specSkills) {
      await expect(page.locator(`[data-skill-value='${value}']`)).toHaveText(`${value}%`, { timeout: 5000 });
    }
    // Settled on the final values, for assistive technology throughout.
    await expect(page.getByRole("meter", { name: "Backend Development" })).toHaveAttribute(
      "aria-valuenow",
      "95",
    );
  });

  test("nothing animates under reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    const seen = await recordAnimation(page);
    await page.goto("/team-details/1", { waitUntil: "networkidle" });
    await page.getByRole("meter", { name: "Product Design" }).scrollIntoViewIfNeeded();
    // In view: a count would have started by now (the scrolled case above moves within frames).
    await frames(page, 10);
    expect(await seen()).toEqual({ skills: [], bars: [], counter: [] });
    await expect(page.locator("[data-skill-value='80']")).toHaveText("80%");
  });

  test("describes the member as a schema.org Person", async ({ page }) => {
    await page.goto("/team-details/3");
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Person",
      name: "Tunde Adeyemi",
      jobTitle: "Engineering Tech Lead",
      url: "https://techspark.ng/team-details/3",
      worksFor: { "@type": "Organization", name: "TechSpark Innovations" },
    });
    expect(ld.image).toMatch(/^https:\/\/techspark\.ng\/img\/team-tunde-adeyemi-/);
  });

  for (const path of ["/team-details/99", "/team-details/abc", "/team-details/0", "/team-details/1.5"]) {
    test(`${path} is a real 404`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.locator("h1")).toContainText("Sorry Page Was Not Found!");
    });
  }
  // /team-details's redirect to the first member shown: tests/pages/pages.test.ts, live-team.test.ts.
});

test.describe("about page", () => {
  test("shows the about block, the achievement counters and the team", async ({ page }) => {
    await page.goto("/about-us");
    const main = page.locator("main");
    await expect(main.getByRole("heading", { name: "Seamless Startup Launch" })).toBeVisible();
    await expect(main.getByRole("heading", { name: "Reliable Digital Partner" })).toBeVisible();
    await expect(main.locator("dl [data-counter]")).toHaveText(["500+", "20+", "15+"], { timeout: 10_000 });
    await expect(main.locator("dl dt")).toHaveText([
      "Highly skilled professionals",
      "Projects delivered",
      "Happy clients",
    ]);
    for (const m of members) {
      await expect(main.getByRole("link", { name: m.name, exact: true })).toHaveAttribute(
        "href",
        `/team-details/${m.id}`,
      );
    }
    await expect(main.getByRole("link", { name: "Meet the whole team" })).toHaveAttribute("href", "/team");
    // Who we are is told once: no link from the page to itself.
    await expect(main.locator("a[href='/about-us']")).toHaveCount(0);
  });
});
