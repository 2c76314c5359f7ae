// The projects in the console (Content), as the team is in staff-content-team.spec.ts. A member of
// staff changes a case study's summary, date and tags, sees them in the preview as the galleries'
// card and the project's page show them before saving, updates, and the project's page and a
// gallery of this instance and of a second one reading the same database show them within a
// second; then puts them back. The list is put in date order with one button after a move, and
// the galleries follow; posts made by hand without the token, to a type without dates, or with a
// bad date and markup are refused with a 4xx. On a phone, from the keyboard alone, a project is
// unpublished (its page 404, off the gallery within a second) and published again. Every page
// passes axe in light and dark. A 16:9 picture uploaded in a post's editor is offered as a
// project's page picture (not as its 4:3 card's) and chosen: previewed, updated, drawn from
// /media/u/… on the page. (Uploaded in the project's own editor: staff-content-project-pictures.spec.ts.)
import sharp from "sharp";
import { expect, hydrated } from "./hydration.ts";
import {
  consoleToken,
  expectAccessible,
  keyboardTo,
  pagesHold,
  shownWithin,
  staffConsole,
  test,
} from "./staff-helpers.ts";
import { screenshots } from "./page-checks.ts";
import { projectType } from "../../app/config/content-types.ts";

const { at } = staffConsole;

/** A unique, plain text (no characters HTML would escape). */
const unique = (words: string) => `${words} ${Date.now().toString(36)}`;

const [kubwa, healthline, harvest, paywise] = projectType.seed;

test("a project's summary, date and tags changed, previewed as the card and the case study, updated: its page and a gallery on both instances within a second", async ({
  page,
  member,
}) => {
  test.setTimeout(120_000);
  void member;
  const second = await staffConsole.secondInstance();
  try {
    await page.goto(at("/admin/content"));
    await page.getByRole("link", { name: "Projects", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Projects" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sort by date, newest first" })).toBeVisible();
    await page.getByRole("link", { name: projectType.title(healthline!) }).click();
    await expect(page.getByRole("heading", { level: 1, name: projectType.title(healthline!) })).toBeVisible();
    await hydrated(page);
    await expectAccessible(page);
    // The number is the console's: no input for it.
    await expect(page.locator('[name="id"]')).toHaveCount(0);

    const summary = unique("A telemedicine app that now also books home visits for patients in Bwari");
    await page.getByLabel("Summary", { exact: true }).fill(summary);
    await page.getByLabel("Date", { exact: true }).fill("2024-10");
    // HealthLine has one tag: the empty row adds a second.
    await page.locator('[name="tags.1.tag"]').selectOption("Research");
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("status")).toHaveText(/nothing is saved yet/);
    const preview = page.getByRole("region", { name: "Preview" });
    // The galleries' card and the project's page, with the site's components.
    await expect(preview.getByRole("heading", { name: healthline!.title })).toHaveCount(2);
    await expect(preview.getByText(summary).first()).toBeVisible();
    await expect(preview.getByText("October 2024")).toBeVisible();
    await expect(preview.getByText("Research").first()).toBeVisible();
    await expect(preview.getByRole("heading", { name: "The challenge" })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "content-project-editor", { fullPage: true });
    // Nothing changed on the site yet.
    expect(await pagesHold([at("/project-details/2"), at("/project-2-column")], summary, false)).toBe(true);

    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("status")).toHaveText("Updated: the site shows it now.");
    const pages = [at(""), second.url].flatMap((base) => [
      `${base}/project-details/2`,
      `${base}/project-2-column`,
    ]);
    await shownWithin(Date.now(), 1_000, async () => {
      const changed = await pagesHold(pages, summary);
      return changed === true
        ? pagesHold([at("/project-details/2"), `${second.url}/project-details/2`], "October 2024")
        : changed;
    });

    // Put back as it was.
    await page.getByLabel("Summary", { exact: true }).fill(healthline!.summary);
    await page.getByLabel("Date", { exact: true }).fill(healthline!.date);
    await page.locator('[name="tags.1._remove"]').check();
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("status")).toHaveText("Updated: the site shows it now.");
    await shownWithin(Date.now(), 1_000, () => pagesHold(pages, summary, false));
  } finally {
    await second.stop();
  }
});

test("the list put in date order with one button after a move: the galleries follow within a second; hand-made posts are refused", async ({
  page,
  member,
}) => {
  void member;
  await page.goto(at("/admin/content/project"));
  await hydrated(page);
  const gallery = at("/project-3-column");
  const before = async (first: string, then: string) => {
    const html = await (await fetch(gallery)).text();
    return html.indexOf(first) < html.indexOf(then) ? true : `“${first}” not before “${then}”`;
  };
  // PayWise (2024-05) one place up, above Naija Harvest (2024-08).
  await page.getByRole("button", { name: `Move “${projectType.title(paywise!)}” up` }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(
    "Moved up: the site shows the new order.",
  );
  await shownWithin(Date.now(), 1_000, () => before(paywise!.title, harvest!.title));

  await page.getByRole("button", { name: "Sort by date, newest first" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(
    "Sorted by date, newest first: the site shows this order.",
  );
  const items = page.getByRole("list", { name: "Projects" }).getByRole("listitem");
  await expect(items.nth(2)).toContainText(harvest!.title);
  await expect(items.nth(3)).toContainText(paywise!.title);
  await shownWithin(Date.now(), 1_000, async () => {
    const order = await before(harvest!.title, paywise!.title);
    return order === true ? before(kubwa!.title, healthline!.title) : order;
  });
  await expectAccessible(page);

  const token = await consoleToken(page);
  const post = (path: string, form: Record<string, string>) =>
    page.request.post(at(path), { form, headers: { Origin: new URL(at("")).origin } });
  // Without the session's token: refused, nothing moved.
  expect((await post("/admin/content/project", { intent: "by-date" })).status()).toBe(403);
  // A type without dates.
  expect((await post("/admin/content/faq", { "console-token": token, intent: "by-date" })).status()).toBe(
    400,
  );
  // A new project with a date that is not a month and markup in its title: refused, nothing made.
  const hostile = "<script>alert(1)</script> Hostile project";
  const made = await post("/admin/content/project/new", {
    "console-token": token,
    intent: "publish",
    title: hostile,
    summary: "A summary long enough to pass the schema's own limit.",
    "tags.0.tag": "Gardening",
    client: "Client",
    projectType: "Web app",
    date: "March 2026",
    address: "Abuja",
    challenge: "A challenge long enough to pass the schema's own limit.",
    approach: "An approach long enough to pass the schema's own limit.",
    result: "A result long enough to pass the schema's own limit.",
    thumb: kubwa!.thumb,
    thumbFull: kubwa!.thumbFull,
  });
  expect(made.status()).toBe(400);
  await page.reload();
  await expect(items).toHaveCount(projectType.seed.length);
  expect(await pagesHold([gallery], "Hostile project", false)).toBe(true);
});

test("a 16:9 picture uploaded in a post's editor chosen as a project's page picture, not offered as its card's: previewed, then on its page within a second", async ({
  page,
  member,
}) => {
  test.setTimeout(120_000);
  void member;
  const photo = await sharp({
    create: { width: 1600, height: 900, channels: 3, background: { r: 90, g: 40, b: 140 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  await page.goto(at("/admin/posts/new"));
  await hydrated(page);
  await page
    .getByLabel("Upload a picture")
    .setInputFiles({ name: "site-visit.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  const status = page.locator("#field-picture-file-status");
  await expect(status).toHaveText(/^Ready: u\/[0-9a-f]{16}\. Choose it/, { timeout: 60_000 });
  const name = /u\/[0-9a-f]{16}/.exec((await status.textContent()) ?? "")![0];

  await page.goto(at(`/admin/content/project/${harvest!.id}`));
  await hydrated(page);
  // Of the page's shape (16:9), not the card's (4:3).
  const card = page.getByLabel("Card picture", { exact: true });
  await expect(card.locator(`option[value="${name}"]`)).toHaveCount(0);
  await page.getByLabel("Page picture", { exact: true }).selectOption(name);
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(/nothing is saved yet/);
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.locator(`img[src^="/media/${name}-"]`)).toHaveCount(1);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Updated: the site shows it now.");
  const pages = [at(`/project-details/${harvest!.id}`)];
  await shownWithin(Date.now(), 1_000, () => pagesHold(pages, `/media/${name}-`));

  // Put back as it was.
  await page.getByLabel("Page picture", { exact: true }).selectOption(harvest!.thumbFull);
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("status")).toHaveText("Updated: the site shows it now.");
  await shownWithin(Date.now(), 1_000, () => pagesHold(pages, `/media/${name}-`, false));
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("from the keyboard alone: a project unpublished: its page 404 and off the gallery within a second; then published again", async ({
    page,
    member,
  }) => {
    test.setTimeout(90_000);
    void member;
    const status = async (url: string) => (await fetch(url)).status;
    await page.goto(at(`/admin/content/project/${paywise!.id}`));
    await hydrated(page);
    await expectAccessible(page);

    await keyboardTo(page, "Unpublish");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toHaveText(/^Unpublished/);
    await shownWithin(Date.now(), 1_000, async () => {
      const gone = await pagesHold([at("/project-2-column"), at("/project-carousel")], paywise!.title, false);
      if (gone !== true) return gone;
      const code = await status(at(`/project-details/${paywise!.id}`));
      return code === 404 ? true : `/project-details/${paywise!.id} answers ${code}`;
    });
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await screenshots(page, "content-project-phone", { fullPage: true });

    await hydrated(page);
    await keyboardTo(page, "Publish");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toHaveText("Published: the site shows it now.");
    await shownWithin(Date.now(), 1_000, async () => {
      const code = await status(at(`/project-details/${paywise!.id}`));
      return code === 200
        ? pagesHold([at("/project-2-column")], paywise!.title)
        : `/project-details/${paywise!.id} answers ${code}`;
    });
  });
});
