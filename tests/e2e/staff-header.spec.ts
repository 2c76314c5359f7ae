// The console's header (issue 28): one row on a phone and on a desktop. At 390 × 844 it shows the
// current page's name and a Menu button; the menu (a modal dialog opened by an invoker command,
// as the public site's) opens with and without JavaScript and from the keyboard, holds every
// section, the signed-in name and Sign out, closes with Escape, and reaches every page. At 1024
// and 1440 px the sections (at least ten: copies of the widest stand in for any missing), the
// name and Sign out share one row, a long name cut short. Screenshots at 390, 1024 and 1440 px,
// light and dark, when SCREENSHOTS names a folder, to be looked at (not kept in the repository).
import type { Locator, Page } from "@playwright/test";
import { expect, hydrated } from "./hydration.ts";
import { expectAccessible, MEMBERS, staffConsole, test } from "./staff-helpers.ts";
import { classConflicts } from "./class-conflicts.ts";
import { screenshots } from "./page-checks.ts";

const { at } = staffConsole;
const phone = { width: 390, height: 844 };
/** One row: the bar is 64 px and its border 1; two rows would be twice that. */
const ONE_ROW = { min: 56, max: 72 };

const header = (page: Page) => page.getByRole("banner");
const menuOf = (page: Page) => page.getByRole("dialog", { name: "Menu" });
/** The page's name as the bar shows it (the closed menu's link of that name is hidden). */
const barSays = (page: Page, name: string) =>
  expect(header(page).getByText(name, { exact: true }).filter({ visible: true })).toHaveCount(1);
const accountLink = (name: string) => new RegExp(`^${name}\\W+Owner\\W+your account$`);

async function headerHeight(page: Page) {
  const box = await header(page).boundingBox();
  expect(box).not.toBeNull();
  return box!.height;
}

/** The address each of the menu's section links leads to, with its name. */
async function sectionsIn(menu: Locator) {
  const links = menu.getByRole("navigation", { name: "Console" }).getByRole("link");
  const names = await links.allInnerTexts();
  const hrefs = await links.evaluateAll((els) => els.map((el) => el.getAttribute("href") ?? ""));
  return names.map((name, i) => ({ name: name.trim(), href: hrefs[i]! }));
}

test("on a phone the header is one row; the menu opens from the keyboard, closes with Escape and reaches every page", async ({
  page,
  owner,
}) => {
  test.setTimeout(90_000); // ten page loads and four axe runs
  await page.setViewportSize(phone);
  await page.goto(at("/admin/enquiries"));
  const height = await headerHeight(page);
  expect(height).toBeGreaterThanOrEqual(ONE_ROW.min);
  expect(height).toBeLessThanOrEqual(ONE_ROW.max);
  // The page's name in the bar; the sections, the name and Sign out wait in the menu.
  await barSays(page, "Enquiries");
  await expect(page.getByRole("navigation", { name: "Console" })).toBeHidden();
  await expect(header(page).getByText(owner.name).filter({ visible: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeHidden();
  expect(await classConflicts(page, "header")).toEqual([]);
  await expectAccessible(page);
  await screenshots(page, "header-390");

  // The keyboard: the skip link, the brand, the Menu button; Enter opens the menu at its close
  // button, then every section, the account and Sign out, in that order.
  const opener = page.getByRole("button", { name: "Menu", exact: true });
  await page.goto(at("/admin/enquiries"));
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(header(page).getByRole("link", { name: "Staff console" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(opener).toBeFocused();
  await page.keyboard.press("Enter");
  const menu = menuOf(page);
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("button", { name: "Close menu" })).toBeFocused();
  const sections = await sectionsIn(menu);
  expect(sections.map((s) => s.name)).toEqual(
    expect.arrayContaining([
      "Overview",
      "Enquiries",
      "Comments",
      "Subscribers",
      "Newsletter",
      "Traffic",
      "Team",
      "Audit log",
    ]),
  );
  for (const { name } of sections) {
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name, exact: true })).toBeFocused();
  }
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("link", { name: accountLink(owner.name) })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("button", { name: "Sign out" })).toBeFocused();
  await expect(menu.getByRole("link", { name: "Enquiries", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expectAccessible(page);
  await screenshots(page, "header-390-open");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(opener).toBeFocused();

  // Every section and the account page, each from the menu: the menu closes, the bar names it.
  for (const { name, href } of [...sections, { name: "Your account", href: "/admin/account" }]) {
    await opener.click();
    const link =
      name === "Your account"
        ? menu.getByRole("link", { name: accountLink(owner.name) })
        : menu.getByRole("link", { name, exact: true });
    await link.click();
    await expect(page).toHaveURL(at(href));
    await expect(menu).toBeHidden();
    await barSays(page, name);
    await opener.click();
    await expect(link).toHaveAttribute("aria-current", "page");
    await page.keyboard.press("Escape");
  }
  expect(await headerHeight(page)).toBeLessThanOrEqual(ONE_ROW.max);
});

test("on a phone without JavaScript the menu opens, closes with Escape and its links load their pages", async ({
  page,
  browser,
  owner,
}) => {
  void owner; // signed in: the cookies below are the owner's session
  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
  await plain.addCookies(await page.context().cookies());
  const noScript = await plain.newPage();
  await noScript.goto(at("/admin/comments"));
  expect(await headerHeight(noScript)).toBeLessThanOrEqual(ONE_ROW.max);
  await barSays(noScript, "Comments");
  const opener = noScript.getByRole("button", { name: "Menu", exact: true });
  const menu = menuOf(noScript);
  await opener.click();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("link", { name: MEMBERS.owner.name })).toBeVisible();
  await expect(menu.getByRole("button", { name: "Sign out" })).toBeVisible();
  await noScript.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  for (const { name, href } of [
    { name: "Subscribers", href: "/admin/subscribers" },
    { name: "Overview", href: "/admin" },
  ]) {
    await opener.click();
    await menu.getByRole("link", { name, exact: true }).click();
    await expect(noScript).toHaveURL(at(href));
    await expect(menu).toBeHidden();
    await barSays(noScript, name);
  }
  await plain.close();
});

test("on a desktop, at 1440 and 1024 px, ten sections, the name and Sign out share one row", async ({
  page,
  owner,
}) => {
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(at("/admin/comments"));
    await hydrated(page);
    const nav = page.getByRole("navigation", { name: "Console" });
    await expect(nav).toBeVisible();
    await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeHidden();
    await expect(nav.getByRole("link", { name: "Comments" })).toHaveAttribute("aria-current", "page");
    // Room for ten: should the list hold fewer, copies of the widest section stand in.
    await nav.evaluate((el) => {
      const items = [...el.querySelectorAll("li")];
      const widest = items.reduce((a, b) => (b.offsetWidth > a.offsetWidth ? b : a));
      for (let n = items.length; n < 10; n++) {
        const copy = widest.cloneNode(true) as HTMLElement;
        copy.querySelector("a")!.removeAttribute("aria-current");
        widest.after(copy);
      }
    });
    expect(await nav.getByRole("link").count()).toBeGreaterThanOrEqual(10);
    const account = header(page).getByRole("link", { name: accountLink(owner.name) });
    const signOut = header(page).getByRole("button", { name: "Sign out" });
    await expect(account).toBeVisible();
    await expect(signOut).toBeVisible();
    const oneRow = async () => {
      const tops = await header(page)
        .locator("nav a, a[href='/admin/account'], button")
        .evaluateAll((els) =>
          els
            .filter((el) => el.getClientRects().length > 0)
            .map((el) => Math.round(el.getBoundingClientRect().top + el.getBoundingClientRect().height / 2)),
        );
      expect(new Set(tops).size, `centres ${tops.join(", ")}`).toBe(1);
      expect(await headerHeight(page)).toBeLessThanOrEqual(ONE_ROW.max);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    };
    await oneRow();
    if (width === 1440) {
      expect(await classConflicts(page, "header")).toEqual([]);
      await expectAccessible(page);
    }
    await screenshots(page, `header-${width}`);
    // The longest name an invitation takes (100 characters) is cut short, not wrapped.
    await account
      .locator("span")
      .first()
      .evaluate((el) => (el.textContent = "Oluwaseyi ".repeat(10)));
    await oneRow();
  }
});
