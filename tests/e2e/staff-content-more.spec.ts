// The testimonials and the pricing plans in the console (Content), as the FAQ is in
// staff-content.spec.ts. A member changes a testimonial and notes who agreed to it and when, sees
// the quote and the note in the preview before saving, publishes it, and the home pages show it
// on this instance and on a second one reading the same database within a second (the note
// stays in the console). A plan's name and one of its points are changed, previewed and
// published: /pricing and the home page with the plans show them within a second. On a phone, a
// new testimonial with a day that is not one is told what to fix, published, shown, and deleted
// with its history erased (a client who withdrew their consent).
// Every page passes axe in light and dark.
import type { Page } from "@playwright/test";
import { expect, hydrated } from "./hydration.ts";
import { expectAccessible, pageHolds, pagesHold, shownWithin, staffConsole, test } from "./staff-helpers.ts";
import { screenshots } from "./page-checks.ts";
import { pricingType, testimonialType } from "../../app/config/content-types.ts";

const { at } = staffConsole;

/** A unique, plain text (no characters HTML would escape). */
const unique = (words: string) => `${words} ${Date.now().toString(36)}`;

/** The preview's portrait has loaded (its file is where the preview says). */
async function portraitLoaded(page: Page) {
  const portrait = page.getByRole("region", { name: "Preview" }).locator("figcaption img");
  await portrait.scrollIntoViewIfNeeded();
  await expect
    .poll(() => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

test("a testimonial changed with its consent noted, previewed, published: the home pages show it on both instances within a second, the note only the console", async ({
  page,
  member,
}) => {
  test.setTimeout(120_000);
  void member;
  const second = await staffConsole.secondInstance();
  try {
    const seeded = testimonialType.seed[0]!;
    await page.goto(at("/admin/content"));
    await page.getByRole("link", { name: "Testimonials" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Testimonials" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: seeded.name }).click();
    await expect(page.getByRole("heading", { level: 1, name: seeded.name })).toBeVisible();
    await hydrated(page);
    await expectAccessible(page);

    const quote = unique("Our stock counts now add up every evening, and TechSpark answered every call");
    await page.getByLabel("Quote").fill(quote);
    await page.getByLabel("Portrait").selectOption({ label: "Folake Adebayo" });
    await page.getByLabel("Consent given by").fill(`${seeded.name}, by e-mail to Amina`);
    await page.getByLabel("Consent given on").fill("2026-03-14");
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("status")).toHaveText(/nothing is saved yet/);
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview.locator("blockquote")).toHaveText(`“${quote}”`);
    await expect(preview).toContainText(`Consent: ${seeded.name}, by e-mail to Amina, on 2026-03-14.`);
    await portraitLoaded(page);
    await expectAccessible(page);
    await screenshots(page, "content-testimonial-editor", { fullPage: true });
    // Nothing changed on the site yet.
    expect(await pageHolds(at("/"), quote, false)).toBe(true);

    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("status")).toHaveText("Updated: the site shows it now.");
    const homes = testimonialType.pages;
    await shownWithin(Date.now(), 1_000, () =>
      pagesHold(
        [at(""), second.url].flatMap((base) => homes.map((path) => `${base}${path}`)),
        quote,
      ),
    );
    expect(await pagesHold([at("/")], "by e-mail to Amina", false)).toBe(true);
    // The quote's portrait is Folake Adebayo's now: Ngozi Eze's is on no slide of the page.
    expect(await pageHolds(at("/"), seeded.portrait, false)).toBe(true);

    // The note is kept with the testimonial: the form shows it again.
    await page.reload();
    await hydrated(page);
    await expect(page.getByLabel("Consent given by")).toHaveValue(`${seeded.name}, by e-mail to Amina`);
    await expect(page.getByLabel("Consent given on")).toHaveValue("2026-03-14");
    await expect(page.getByRole("region", { name: "Preview" })).toContainText("on 2026-03-14.");
  } finally {
    await second.stop();
  }
});

test("a plan's name and one of its points changed, previewed, published: /pricing and the home page with the plans show them on both instances within a second", async ({
  page,
  member,
}) => {
  test.setTimeout(90_000);
  void member;
  const plan = pricingType.seed[1]!;
  await page.goto(at("/admin/content"));
  await expectAccessible(page);
  await page.getByRole("link", { name: "Pricing plans" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pricing plans" })).toBeVisible();
  await page.getByRole("link", { name: plan.plan }).click();
  await expect(page.getByRole("heading", { level: 1, name: plan.plan })).toBeVisible();
  await hydrated(page);
  await expectAccessible(page);

  const name = unique("Mobile Apps for Android and iOS");
  const point = unique("Offline mode for patchy networks");
  await page.getByLabel("Plan name").fill(name);
  await page.getByLabel("What is included").fill([plan.bullets[0], point, plan.bullets[2]].join("\n"));
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("status")).toHaveText(/nothing is saved yet/);
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("heading", { name })).toBeVisible();
  await expect(preview.getByText(point)).toBeVisible();
  await expectAccessible(page);
  expect(await pageHolds(at("/pricing"), name, false)).toBe(true);

  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("status")).toHaveText("Updated: the site shows it now.");
  // On this instance and on a second one on the same database.
  const second = await staffConsole.secondInstance();
  try {
    const pages = [at(""), second.url].flatMap((base) => pricingType.pages.map((path) => `${base}${path}`));
    await shownWithin(Date.now(), 1_000, async () => {
      const named = await pagesHold(pages, name);
      return named === true ? pagesHold(pages, point) : named;
    });
  } finally {
    await second.stop();
  }
  // Where the seed had it: second of three.
  const cards = await (await fetch(at("/pricing"))).text();
  expect(cards.indexOf(pricingType.seed[0]!.planInfo)).toBeGreaterThan(0);
  expect(cards.indexOf(pricingType.seed[0]!.planInfo)).toBeLessThan(cards.indexOf(name));
  expect(cards.indexOf(name)).toBeLessThan(cards.indexOf(pricingType.seed[2]!.planInfo));
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a new testimonial with a day that is not one is told what to fix, then published, shown on the home page, and erased", async ({
    page,
    member,
  }) => {
    test.setTimeout(90_000);
    void member;
    await page.goto(at("/admin/content/testimonial/new"));
    await hydrated(page);
    await expectAccessible(page);

    const quote = unique("They set up our online orders in a month and trained every one of our staff");
    const key = `adaeze-nwosu-${Date.now().toString(36)}`;
    await page.getByLabel("Quote").fill(quote);
    await page.getByLabel("Client's name").fill("Adaeze Nwosu");
    await page.getByLabel("Role and company").fill("Owner, Wuse Market Fabrics");
    await page.getByLabel("Portrait").selectOption({ label: "Ngozi Eze" });
    await page.getByLabel("Consent given by").fill("Adaeze Nwosu, signed form");
    await page.getByLabel("Consent given on").fill("14/03/2026");
    await page.getByLabel("Short name").fill(key);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText("Please correct the highlighted fields.");
    await expect(page.locator("#field-consent-date-error")).toHaveText("A day, as YYYY-MM-DD.");
    await expect(page.getByLabel("Consent given on")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);
    await screenshots(page, "content-testimonial-phone", { fullPage: true });
    expect(await pageHolds(at("/"), quote, false)).toBe(true);

    await page.getByLabel("Consent given on").fill("2026-03-14");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText("Published: the site shows it now.");
    await expect(page.getByRole("heading", { level: 1, name: "Adaeze Nwosu" })).toBeVisible();
    await shownWithin(Date.now(), 1_000, () => pageHolds(at("/"), quote));
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);

    // Last on the list, and on the home page's carousel after the seed's.
    const html = await (await fetch(at("/"))).text();
    expect(html.indexOf(testimonialType.seed.at(-1)!.quote)).toBeLessThan(html.indexOf(quote));

    await hydrated(page);
    await page.getByRole("button", { name: "Delete…" }).click();
    await expect(page.getByRole("heading", { name: "Delete “Adaeze Nwosu”?" })).toBeVisible();
    // She withdrew her consent: deleted with its history, nothing of it left in the console.
    await expect(page.getByRole("button", { name: "Delete it", exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Delete it and erase its history" }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText("Deleted, and its history erased.");
    await shownWithin(Date.now(), 1_000, () => pageHolds(at("/"), quote, false));
    expect((await page.request.get(at(`/admin/content/testimonial/${key}`))).status()).toBe(404);
    await expect(page.getByRole("main")).not.toContainText("Adaeze Nwosu");
  });
});
