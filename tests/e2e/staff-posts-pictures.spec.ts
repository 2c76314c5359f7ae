// A picture for a post, uploaded from the editor as the marketing team does it: a photo chosen
// with the file field and sent with the Upload button (keyboard only), its progress announced,
// then choosable in the three picture fields; the saved draft's preview draws it from /media/u/….
// The upload zone is labelled, axe-clean in both themes, and fits a 390 px phone.
import sharp from "sharp";
import { expect, hydrated } from "./hydration.ts";
import { expectAccessible, staffConsole, test } from "./staff-helpers.ts";

const { at } = staffConsole;

const BODY = [
  "Our team moved to a new office in Wuse this month. The desks are new and so is the coffee.",
  "",
  "There is room for six more people, and a meeting room with a screen that works.",
  "",
  "## What the new office gives us",
  "",
  "> A room where a client can sit with the people who build their site.",
  "",
  "- A meeting room",
  "- Six more desks",
  "",
  "Come and visit: the address is on the contact page.",
].join("\n");

test("upload a picture with the button, choose it, and see it in the preview", async ({ page, member }) => {
  test.setTimeout(120_000);
  void member;
  const photo = await sharp({
    create: {
      width: 1200,
      height: 800,
      channels: 3,
      background: { r: 30, g: 110, b: 160 },
      noise: { type: "gaussian", mean: 120, sigma: 30 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(at("/admin/posts/new"));
  await hydrated(page);
  const file = page.getByLabel("Upload a picture");
  await expect(file).toBeVisible();
  // Fits the phone: nothing of the zone sticks out sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);

  await file.setInputFiles({ name: "new-office.jpg", mimeType: "image/jpeg", buffer: photo });
  // Keyboard only: from the file field, Tab to Upload and press Enter.
  await file.focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Upload", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  const status = page.locator("#field-picture-file-status");
  await expect(status).toHaveText(/^Ready: u\/[0-9a-f]{16}\. Choose it/, { timeout: 60_000 });
  const name = /u\/[0-9a-f]{16}/.exec((await status.textContent()) ?? "")![0];

  const u = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await page.getByLabel(/^Title/).fill(`Our new office in Wuse, in pictures ${u}`);
  await page.getByLabel(/^Address/).fill(`our-new-office-in-wuse-${u}`);
  await page.getByLabel("Author").selectOption("Amina Bello");
  await page.getByLabel("Category").selectOption("magazine");
  await page.getByRole("checkbox", { name: "Education" }).check();
  await page
    .getByLabel(/^Excerpt/)
    .fill(
      "Our team moved to a new office in Wuse: more desks, a meeting room, and room for clients to visit us.",
    );
  await page.getByLabel(/^Mid-title/).fill("What the new office gives us");
  await page
    .getByLabel(/^Pull quote/)
    .fill("A room where a client can sit with the people who build their site.");
  for (const field of [/^List picture/, /^Header picture/, /^Picture in the body/])
    await page.getByLabel(field).selectOption(name);
  await page
    .getByLabel(/^What the header picture shows/)
    .fill("The new office in Wuse, with six empty desks");
  await page.getByLabel("The article, in Markdown").fill(BODY);
  await page.getByRole("button", { name: "Save the draft" }).click();

  // On a phone the form and the preview take turns: the Preview button shows it.
  await expect(page.getByRole("status")).toHaveText("Saved as a draft. The preview shows it.");
  const preview = page.getByRole("region", { name: /^Preview/ });
  await expect(preview).toBeHidden();
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  await expect(page.getByRole("button", { name: "Preview", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByLabel(/^Title/)).toBeHidden();
  const header = preview.getByRole("img", { name: "The new office in Wuse, with six empty desks" });
  await expect(header).toBeVisible();
  await expect(header).toHaveAttribute("src", new RegExp(`^/media/${name}-\\d+\\.jpg$`));
  // The browser loaded one of the picture's own files (once in view: it loads lazily).
  await header.scrollIntoViewIfNeeded();
  await expect
    .poll(() => header.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  expect(await header.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(`/media/${name}-`);
});
