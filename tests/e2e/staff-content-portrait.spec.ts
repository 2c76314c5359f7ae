// A team member's photo uploaded in the console's editor and cropped to the portrait frame (4:5).
// With JavaScript, on a phone, from the keyboard: the file is chosen, shown in the frame, the part
// kept chosen with the sliders (zoomed in, moved to the right edge), uploaded; once ready it is
// chosen as the portrait and the live preview shows it; updated, the member's page and /team of
// this instance and of a second one show it within a second, and the part shown is the one chosen
// (the picture's right half, blue). Without JavaScript the plain form uploads it and comes back to
// the editor, where the server's crop (the frame's largest part) is chosen once ready. Axe light
// and dark on the editor with the crop control open.
import sharp from "sharp";
import { expect, hydrated } from "./hydration.ts";
import { expectAccessible, keyboardTo, pagesHold, shownWithin, staffConsole, test } from "./staff-helpers.ts";
import { screenshots } from "./page-checks.ts";
import { teamType } from "../../app/content-types/team/type.ts";

const { at } = staffConsole;

/** A 1200 × 800 photo, its left half orange and its right half blue. */
const halves = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 230, g: 120, b: 20 } } })
    .composite([
      {
        input: { create: { width: 600, height: 800, channels: 3, background: { r: 20, g: 60, b: 220 } } },
        left: 600,
        top: 0,
      },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();

const READY = /^Ready: (u\/[0-9a-f]{16})\. It is chosen as the picture below\.$/;

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("from the keyboard: a photo uploaded, its part chosen in the portrait frame, previewed, updated: the member's page on both instances within a second, the part chosen", async ({
    page,
    member,
  }) => {
    test.setTimeout(120_000);
    void member;
    const halima = teamType.seed[5]!;
    const second = await staffConsole.secondInstance();
    try {
      await page.goto(at(`/admin/content/team/${halima.id}`));
      await hydrated(page);
      await page.getByLabel("Upload a picture").setInputFiles({
        name: "halima.jpg",
        mimeType: "image/jpeg",
        buffer: await halves(),
      });
      const crop = page.getByRole("group", { name: "The part of the picture shown" });
      await expect(crop.getByRole("img", { name: "The part the site will show" })).toBeVisible();
      await expectAccessible(page);
      await screenshots(page, "content-portrait-crop", { fullPage: true });

      // Zoomed to 150 %, then to the right edge: arrows and End, as a keyboard moves a slider.
      await keyboardTo(page, "Zoom");
      for (let i = 0; i < 50; i++) await page.keyboard.press("ArrowRight");
      await expect(page.getByLabel("Zoom")).toHaveValue("150");
      await keyboardTo(page, "Left to right");
      await page.keyboard.press("End");
      await expect(page.getByLabel("Left to right")).toHaveValue("100");
      await keyboardTo(page, "Upload");
      await page.keyboard.press("Enter");
      const status = page.locator("#field-portrait-file-status");
      await expect(status).toHaveText(READY, { timeout: 30_000 });
      const name = READY.exec((await status.textContent())!)![1]!;
      await expect(page.getByLabel("Portrait", { exact: true })).toHaveValue(name);
      // The live preview follows the choice: the card and the profile show the upload.
      const preview = page.getByRole("region", { name: "Preview" });
      await expect(preview.locator(`img[src^="/media/${name}-"]`).first()).toBeVisible();

      await keyboardTo(page, "Update");
      await page.keyboard.press("Enter");
      await expect(page.getByRole("status")).toHaveText("Updated: the site shows it now.");
      const pages = [at(""), second.url].flatMap((base) => [
        `${base}/team-details/${halima.id}`,
        `${base}/team`,
      ]);
      await shownWithin(Date.now(), 1_000, () => pagesHold(pages, `/media/${name}-`));
      // The part chosen: the right half's, blue.
      const html = await (await fetch(at(`/team-details/${halima.id}`))).text();
      const src = new RegExp(`/media/${name.replace("/", "\\/")}-\\d+\\.webp`).exec(html)![0];
      const { dominant } = await sharp(Buffer.from(await (await fetch(at(src))).arrayBuffer())).stats();
      expect(dominant.b).toBeGreaterThan(150);
      expect(dominant.r).toBeLessThan(100);

      // Put back as it was.
      await page.getByLabel("Portrait", { exact: true }).selectOption(halima.portrait);
      await page.getByRole("button", { name: "Update" }).click();
      await expect(page.getByRole("status")).toHaveText("Updated: the site shows it now.");
      await shownWithin(Date.now(), 1_000, () => pagesHold(pages, `/media/${name}-`, false));
    } finally {
      await second.stop();
    }
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the plain form uploads the photo and comes back to the editor; once ready it is chosen, cropped by the server to the frame", async ({
    page,
    member,
  }) => {
    test.setTimeout(90_000);
    void member;
    const tunde = teamType.seed[2]!;
    const editor = at(`/admin/content/team/${tunde.id}`);
    await page.goto(editor);
    await page.getByLabel("Upload a picture").setInputFiles({
      name: "tunde.jpg",
      mimeType: "image/jpeg",
      buffer: await halves(),
    });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/content\/team\/\d+\?picture=u%2F[0-9a-f]{16}&field=portrait$/);
    const name = decodeURIComponent(new URL(page.url()).searchParams.get("picture")!);
    // Converted off the request path: the editor, reloaded, chooses it once it is ready.
    await expect(async () => {
      await page.reload();
      await expect(page.getByLabel("Portrait", { exact: true })).toHaveValue(name, { timeout: 500 });
    }).toPass({ timeout: 30_000 });
    await expect(page.locator("#field-portrait-file-status")).toHaveText(
      `Uploaded: ${name}. It is chosen as the picture below.`,
    );
    // Not saved until Update: the member's page still shows their photo.
    expect(await pagesHold([at(`/team-details/${tunde.id}`)], `/media/${name}-`, false)).toBe(true);
  });
});
