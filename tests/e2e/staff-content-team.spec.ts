// The team in the console (Content), as the FAQ is in staff-content.spec.ts. A member of staff
// changes a colleague's role and a skill's level, sees them in the preview as /team's card and the
// member's page show them before saving, updates, and /team and the member's page of this instance
// and of a second one reading the same database show them within a second; then puts them back.
// On a phone, from the keyboard alone, a member who left is hidden ("Left the agency"): within a
// second /team no longer shows them, their page answers 404, and the post they wrote still names
// them; then shown again. Every page passes axe in light and dark.
import { expect, hydrated } from "./hydration.ts";
import { expectAccessible, keyboardTo, pagesHold, shownWithin, staffConsole, test } from "./staff-helpers.ts";
import { screenshots } from "./page-checks.ts";
import { postPath } from "../../app/config/blog.ts";
import { teamType } from "../../app/config/content-types.ts";

const { at } = staffConsole;

/** A unique, plain text (no characters HTML would escape). */
const unique = (words: string) => `${words} ${Date.now().toString(36)}`;

test("a member's role and skill changed, previewed as the card and the profile, updated: /team and their page on both instances within a second", async ({
  page,
  member,
}) => {
  test.setTimeout(120_000);
  void member;
  const amina = teamType.seed[1]!;
  const second = await staffConsole.secondInstance();
  try {
    await page.goto(at("/admin/content"));
    await page.getByRole("link", { name: "Team", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
    await page.getByRole("link", { name: teamType.title(amina) }).click();
    await expect(page.getByRole("heading", { level: 1, name: teamType.title(amina) })).toBeVisible();
    await hydrated(page);
    await expectAccessible(page);
    // The number is the console's: no input for it.
    await expect(page.locator('[name="id"]')).toHaveCount(0);

    const role = unique("Head of Partnerships");
    await page.getByLabel("Role", { exact: true }).fill(role);
    await page.locator('[name="skills.0.value"]').fill("77");
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("status")).toHaveText(/nothing is saved yet/);
    const preview = page.getByRole("region", { name: "Preview" });
    // /team's card and the member's page, with the site's components.
    await expect(preview.getByRole("heading", { level: 3, name: amina.name })).toBeVisible();
    await expect(preview.getByText(role).first()).toBeVisible();
    await expect(preview.getByRole("meter", { name: "Programming Language" })).toHaveAttribute(
      "aria-valuenow",
      "77",
    );
    await expect(preview.getByRole("heading", { name: "Qualifications" })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "content-team-editor", { fullPage: true });
    // Nothing changed on the site yet.
    expect(await pagesHold([at("/team"), at("/team-details/2")], role, false)).toBe(true);

    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("status")).toHaveText("Updated: the site shows it now.");
    const pages = [at(""), second.url].flatMap((base) => [`${base}/team`, `${base}/team-details/2`]);
    await shownWithin(Date.now(), 1_000, async () => {
      const changed = await pagesHold(pages, role);
      return changed === true
        ? pagesHold([at("/team-details/2"), `${second.url}/team-details/2`], 'aria-valuenow="77"')
        : changed;
    });

    // Put back as it was.
    await page.getByLabel("Role", { exact: true }).fill(amina.profession);
    await page.locator('[name="skills.0.value"]').fill(String(amina.skills[0]!.value));
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("status")).toHaveText("Updated: the site shows it now.");
    await shownWithin(Date.now(), 1_000, () => pagesHold(pages, role, false));
  } finally {
    await second.stop();
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("from the keyboard alone: a member who left is hidden: off /team, their page 404, their post still theirs; then shown again", async ({
    page,
    member,
  }) => {
    test.setTimeout(90_000);
    void member;
    const emeka = teamType.seed[4]!;
    // A post he wrote (app/content/blog/moving-your-business-to-the-cloud.md).
    const post = at(postPath(12));
    const status = async (url: string) => (await fetch(url)).status;
    await page.goto(at(`/admin/content/team/${emeka.id}`));
    await hydrated(page);
    await expectAccessible(page);

    await keyboardTo(page, "Left the agency");
    await page.keyboard.press("Space");
    await expect(page.getByLabel("Left the agency")).toBeChecked();
    // The live preview follows: the member is shown nowhere.
    await expect(page.getByRole("region", { name: "Preview" })).toContainText(
      "Left the agency: the site shows this member nowhere",
    );
    await keyboardTo(page, "Update");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toHaveText("Updated: the site shows it now.");
    await expect(page.getByRole("heading", { level: 1, name: `${emeka.name} (left: hidden)` })).toBeVisible();
    await shownWithin(Date.now(), 1_000, async () => {
      const gone = await pagesHold([at("/team"), at("/team-2")], emeka.name, false);
      if (gone !== true) return gone;
      const code = await status(at(`/team-details/${emeka.id}`));
      return code === 404 ? true : `/team-details/${emeka.id} answers ${code}`;
    });
    // Their post keeps their name, without a link to the page that is gone.
    const html = await (await fetch(post)).text();
    expect(html).toContain(emeka.name);
    expect(html).not.toContain(`/team-details/${emeka.id}"`);
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await screenshots(page, "content-team-phone", { fullPage: true });

    // Shown again.
    await hydrated(page);
    await keyboardTo(page, "Left the agency");
    await page.keyboard.press("Space");
    await expect(page.getByLabel("Left the agency")).not.toBeChecked();
    await keyboardTo(page, "Update");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toHaveText("Updated: the site shows it now.");
    await shownWithin(Date.now(), 1_000, async () => {
      const code = await status(at(`/team-details/${emeka.id}`));
      return code === 200
        ? pagesHold([at("/team")], emeka.name)
        : `/team-details/${emeka.id} answers ${code}`;
    });
  });
});
