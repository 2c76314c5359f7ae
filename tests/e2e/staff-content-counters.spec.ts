// The achievement counters in the console (Content), as the FAQ is in staff-content.spec.ts. A
// member changes a counter's number, label and icon, sees the counter in the preview as the
// section's panel shows it before saving, publishes it, and /about-us and the home pages with the
// section show it within a second. On a phone, from the keyboard alone, a new counter with a
// number that is not one and too short a sentence is told what to fix, published with no suffix,
// shown last on /about-us, and deleted.
// Every page passes axe in light and dark.
import { expect, hydrated } from "./hydration.ts";
import {
  expectAccessible,
  keyboardTo,
  pageHolds,
  pagesHold,
  shownWithin,
  staffConsole,
  test,
} from "./staff-helpers.ts";
import { screenshots } from "./page-checks.ts";
import { counterType } from "../../app/config/content-types.ts";

const { at } = staffConsole;

/** A unique, plain text (no characters HTML would escape). */
const unique = (words: string) => `${words} ${Date.now().toString(36)}`;

test("a counter's number, label and icon changed, previewed, published: /about-us and the home pages with the section show it on both instances within a second", async ({
  page,
  member,
}) => {
  test.setTimeout(90_000);
  void member;
  const seeded = counterType.seed[1]!;
  await page.goto(at("/admin/content"));
  await page.getByRole("link", { name: "Achievement counters" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Achievement counters" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: counterType.title(seeded) }).click();
  await expect(page.getByRole("heading", { level: 1, name: counterType.title(seeded) })).toBeVisible();
  await hydrated(page);
  await expectAccessible(page);

  const label = unique("Platforms launched");
  await page.getByLabel("Number", { exact: true }).fill("35");
  await page.getByLabel("What it counts").fill(label);
  await page.getByLabel("Icon").selectOption({ label: "Handshake" });
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("status")).toHaveText(/nothing is saved yet/);
  const preview = page.getByRole("region", { name: "Preview" });
  // The counter as the section's panel shows it: its final figure, its label and sentence.
  await expect(preview.locator("[data-counter]")).toHaveText("35+");
  await expect(preview.locator("dt")).toHaveText(label);
  await expect(preview).toContainText(seeded.text);
  await expect(preview.locator("use")).toHaveAttribute("href", /#handshake$/);
  await expectAccessible(page);
  await screenshots(page, "content-counter-editor", { fullPage: true });
  // Nothing changed on the site yet.
  expect(await pageHolds(at("/about-us"), label, false)).toBe(true);

  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("status")).toHaveText("Updated: the site shows it now.");
  // On this instance and on a second one on the same database.
  const second = await staffConsole.secondInstance();
  try {
    const pages = [at(""), second.url].flatMap((base) => counterType.pages.map((path) => `${base}${path}`));
    expect(counterType.pages).toContain("/about-us");
    expect(counterType.pages.length).toBeGreaterThan(1);
    await shownWithin(Date.now(), 1_000, async () => {
      const labelled = await pagesHold(pages, label);
      return labelled === true ? pagesHold(pages, 'data-counter="35"') : labelled;
    });
  } finally {
    await second.stop();
  }
  // Where the seed had it: second of three.
  const about = await (await fetch(at("/about-us"))).text();
  const [first, , third] = counterType.seed;
  expect(about.indexOf(first!.label)).toBeLessThan(about.indexOf(label));
  expect(about.indexOf(label)).toBeLessThan(about.indexOf(third!.label));
  expect(about).not.toContain(`>${seeded.label}<`);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("from the keyboard alone: a new counter is told what to fix, published without a suffix, shown last on /about-us, then deleted", async ({
    page,
    member,
  }) => {
    test.setTimeout(90_000);
    void member;
    await page.goto(at("/admin/content/counter/new"));
    await hydrated(page);
    await expectAccessible(page);

    const label = unique("Cities with a TechSpark lead");
    await keyboardTo(page, "Number");
    await page.keyboard.type("-6");
    await keyboardTo(page, "What it counts");
    await page.keyboard.type(label);
    await keyboardTo(page, "Sentence");
    await page.keyboard.type("Six cities.");
    await keyboardTo(page, "Icon");
    // A closed list takes the first letters of an option, as a visitor types them.
    await page.keyboard.type("map");
    await expect(page.getByLabel("Icon")).toHaveValue("map-pin");
    await keyboardTo(page, "Short name");
    await page.keyboard.type(`cities-${Date.now().toString(36)}`);
    await keyboardTo(page, "Publish");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toHaveText("Please correct the highlighted fields.");
    await expect(page.locator("#field-end-error")).toHaveText("More than 0.");
    await expect(page.locator("#field-text-error")).toHaveText("At least 20 characters.");
    await expect(page.getByLabel("Number", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);
    await screenshots(page, "content-counter-phone", { fullPage: true });
    expect(await pageHolds(at("/about-us"), label, false)).toBe(true);

    await page.getByLabel("Number", { exact: true }).focus();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("6");
    await keyboardTo(page, "Sentence");
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(
      "Abuja, Lagos, Kano, Port Harcourt, Ibadan and Enugu, each with a lead of its own.",
    );
    await keyboardTo(page, "Publish");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toHaveText("Published: the site shows it now.");
    await expect(page.getByRole("heading", { level: 1, name: `6 ${label}` })).toBeVisible();
    await shownWithin(Date.now(), 1_000, () => pageHolds(at("/about-us"), label));
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);

    // Last of the counters, its figure without a suffix.
    const about = await (await fetch(at("/about-us"))).text();
    expect(about.indexOf(counterType.seed.at(-1)!.label)).toBeLessThan(about.indexOf(label));
    expect(about).toMatch(/data-counter="6"[^>]*>6</);

    await hydrated(page);
    await keyboardTo(page, "Delete…");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: `Delete “6 ${label}”?` })).toBeVisible();
    await keyboardTo(page, "Delete it");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main").getByRole("status")).toHaveText(/^Deleted “cities-/);
    await shownWithin(Date.now(), 1_000, () => pageHolds(at("/about-us"), label, false));
  });
});
