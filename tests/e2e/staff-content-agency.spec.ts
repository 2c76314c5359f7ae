// The agency's details in the console (Content → The agency's details): one item, always on the
// site. A member adds a second phone number, changes the e-mail address and the hours and adds a
// map link; the live preview follows the form; a phone number with letters is told what to fix;
// Update shows the new details on every page of this instance and of a second one reading the
// same database within a second (the footer of a blog post, the contact page's hours and its map
// link). There is nothing to unpublish, delete or add. On a phone, from the keyboard alone, the
// details are put back. Every console page passes axe in light and dark.
import type { Page } from "@playwright/test";
import { expect, hydrated } from "./hydration.ts";
import { expectAccessible, pagesHold, shownWithin, staffConsole, test } from "./staff-helpers.ts";
import { screenshots } from "./page-checks.ts";
import { agencyType } from "../../app/config/content-types.ts";

const { at } = staffConsole;
const seeded = agencyType.item.parse(agencyType.seed[0]);

/** Pages of every kind: the home page, a service, a blog post, the contact page. */
const pages = ["/", "/services-details/1", "/blog-single/1", "/contact-us"];

async function openEditor(page: Page) {
  await page.goto(at("/admin/content"));
  await page.getByRole("link", { name: "The agency's details" }).click();
  await expect(page.getByRole("heading", { level: 1, name: agencyType.title(seeded) })).toBeVisible();
  await hydrated(page);
}

test("the agency's details changed, previewed and updated: every page of both instances shows them within a second", async ({
  page,
  member,
}) => {
  test.setTimeout(120_000);
  void member;
  const second = await staffConsole.secondInstance();
  try {
    await openEditor(page);
    await expectAccessible(page);
    // Always on the site: no Publish, Unpublish or Delete, and no other item to add.
    for (const name of ["Unpublish", "Publish", "Delete…"])
      await expect(page.getByRole("button", { name, exact: true })).toHaveCount(0);
    await expect(page.getByLabel("Short name")).toHaveCount(0);

    const phone = `+234 809 ${String(Date.now()).slice(-3)} 2233`;
    const tel = `tel:${phone.replaceAll(" ", "")}`;
    const email = "studio@techspark.ng";
    const hours = "Monday – Saturday, 9:00 – 18:00 (WAT)";
    const map = "https://www.openstreetmap.org/search?query=Gado%20Nasko%20Road%20Kubwa";

    // A phone number with letters: said on its input, nothing saved.
    await page.getByLabel("Phone numbers").fill(`${seeded.phones[0]}\n0803 CALL NOW`);
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("status")).toHaveText("Please correct the highlighted fields.");
    await expect(page.getByLabel("Phone numbers")).toHaveAccessibleDescription(
      /Line 2: digits, spaces and dashes/,
    );

    await page.getByLabel("Phone numbers").fill(`${seeded.phones[0]}\n${phone}`);
    await page.getByLabel("E-mail addresses").fill(email);
    await page.getByLabel("Opening hours").fill(hours);
    await page.getByLabel("Map link").fill(map);
    // The live preview follows the form.
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview.getByRole("link", { name: phone })).toHaveAttribute("href", tel);
    await expect(preview.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
    await expect(preview.getByRole("link", { name: /Gado Nasko Road/ })).toHaveAttribute("href", map);
    await expect(preview).toContainText(hours);
    await expectAccessible(page);
    await screenshots(page, "content-agency-editor", { fullPage: true });
    expect(await pagesHold([at("/")], tel, false)).toBe(true);

    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("status")).toHaveText("Updated: the site shows it now.");
    const everywhere = [at(""), second.url].flatMap((base) => pages.map((path) => `${base}${path}`));
    await shownWithin(Date.now(), 1_000, async () => {
      const phoned = await pagesHold(everywhere, tel);
      return phoned === true ? pagesHold(everywhere, `mailto:${email}`) : phoned;
    });
    expect(await pagesHold(everywhere, `mailto:${seeded.emails[0]}`, false)).toBe(true);

    // As a visitor sees it: the footer's and the contact page's links, the hours, the map.
    await page.goto(at("/contact-us"));
    const details = page.getByRole("complementary", { name: "Contact information" });
    await expect(details.getByRole("link", { name: phone })).toHaveAttribute("href", tel);
    await expect(details).toContainText(hours);
    const address = details.getByRole("link", { name: /Gado Nasko Road.*a map, in a new tab/ });
    await expect(address).toHaveAttribute("target", "_blank");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: email })).toBeVisible();
  } finally {
    await second.stop();
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("from the keyboard alone the details are put back as they were", async ({ page, member }) => {
    test.setTimeout(90_000);
    void member;
    await openEditor(page);
    const fields = [
      ["Phone numbers", seeded.phones.join("\n")],
      ["E-mail addresses", seeded.emails.join("\n")],
      ["Opening hours", seeded.hours],
      ["Map link", ""],
    ] as const;
    for (const [label, value] of fields) {
      await page.getByLabel(label).focus();
      await page.keyboard.press("ControlOrMeta+A");
      if (value) await page.keyboard.insertText(value);
      else await page.keyboard.press("Delete");
    }
    // To the Update button by Tab, and pressed with Enter.
    const update = page.getByRole("button", { name: "Update" });
    for (let i = 0; i < 40 && !(await update.evaluate((b) => b === document.activeElement)); i++)
      await page.keyboard.press("Tab");
    await expect(update).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toHaveText(
      /Updated: the site shows it now\.|Nothing had changed\./,
    );
    await expectAccessible(page);
    await shownWithin(Date.now(), 1_000, () => pagesHold([at("/contact-us")], `mailto:${seeded.emails[0]}`));
    expect(await pagesHold([at("/contact-us")], "openstreetmap", false)).toBe(true);
  });
});
