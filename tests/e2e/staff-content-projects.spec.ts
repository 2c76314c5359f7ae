// The projects in the console (Content): what only the projects have. The list is put in date
// order with one button after a move, and the galleries follow; posts made by hand without the
// token, to a type without dates, or with a bad date and markup are refused with a 4xx. A 16:9
// picture uploaded in a post's editor is offered as a project's page picture (not as its 4:3
// card's) and chosen: previewed, updated, drawn from /media/u/… on the page. (Uploaded in the
// project's own editor: staff-content-project-pictures.spec.ts. A change previewed, published,
// unpublished and restored, for every type: tests/pages/content-types.test.ts.)
import sharp from "sharp";
import { expect, hydrated } from "./hydration.ts";
import {
  consoleToken,
  expectAccessible,
  pagesHold,
  shownWithin,
  staffConsole,
  test,
} from "./staff-helpers.ts";
import { projectType } from "../../app/content-types/project/type.ts";

const { at } = staffConsole;

const [kubwa, healthline, harvest, paywise] = projectType.seed;

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
