// A project's two pictures uploaded in its own editor, each cropped to its field's frame (issue 29):
// on a phone, without JavaScript, the plain form of the Page picture uploads a photo and comes
// back to the editor naming that field, which chooses it there (16:9, the server's crop) once it
// is ready, the Card picture left as it was; with JavaScript, from the keyboard, a photo is shown
// in the card's frame (4:3), zoomed and moved with the sliders, uploaded and chosen in the Card
// picture, the live preview showing it. Updated, the project's page and a gallery of this
// instance and of a second one show both within a second, and the files served have the frames'
// shapes. Each field offers the uploads of its own shape only. Axe light and dark on the editor
// with the crop control open.
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { expect, hydrated } from "./hydration.ts";
import { expectAccessible, keyboardTo, pagesHold, shownWithin, staffConsole, test } from "./staff-helpers.ts";
import { screenshots } from "./page-checks.ts";
import { projectType } from "../../app/content-types/project/type.ts";

const { at } = staffConsole;

/** A 1600 × 1000 photo (16:10: neither frame's shape), its left half green and its right half red. */
const halves = () =>
  sharp({ create: { width: 1600, height: 1000, channels: 3, background: { r: 30, g: 170, b: 60 } } })
    .composite([
      {
        input: { create: { width: 800, height: 1000, channels: 3, background: { r: 210, g: 40, b: 40 } } },
        left: 800,
        top: 0,
      },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();

/** The shape (width ÷ height) of the file a page's HTML names for picture `name`, as served. */
async function servedShape(pageUrl: string, name: string) {
  const html = await (await fetch(pageUrl)).text();
  const src = new RegExp(`/media/${name.replace("/", "\\/")}-\\d+\\.webp`).exec(html)?.[0];
  expect(src, `${pageUrl} names ${name}`).toBeDefined();
  const { width, height } = await sharp(Buffer.from(await (await fetch(at(src!))).arrayBuffer())).metadata();
  return width! / height!;
}

const optionsOf = (page: Page, label: string) =>
  page
    .getByLabel(label, { exact: true })
    .locator("option")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));

const READY = /^Ready: (u\/[0-9a-f]{16})\. It is chosen as the card picture below\.$/;

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the page picture uploaded without JavaScript and the card picture cropped from the keyboard, each chosen in its own field; updated: the case study and a gallery on both instances within a second, of the frames' shapes", async ({
    page,
    context,
    browser,
    member,
  }) => {
    test.setTimeout(180_000);
    void member;
    const project = projectType.seed[4]!;
    const editor = at(`/admin/content/project/${project.id}`);
    const second = await staffConsole.secondInstance();
    const plain = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    try {
      // Without JavaScript: the Page picture's own plain form.
      await plain.addCookies(await context.cookies());
      const noJs = await plain.newPage();
      await noJs.goto(editor);
      await noJs.getByLabel("Upload a page picture").setInputFiles({
        name: "site-wide.jpg",
        mimeType: "image/jpeg",
        buffer: await halves(),
      });
      await noJs.getByRole("button", { name: "Upload the page picture" }).click();
      await expect(noJs).toHaveURL(
        /\/admin\/content\/project\/\d+\?picture=u%2F[0-9a-f]{16}&field=thumbFull$/,
      );
      const wide = decodeURIComponent(new URL(noJs.url()).searchParams.get("picture")!);
      // Converted off the request path: the editor, reloaded, chooses it in that field once ready.
      await expect(async () => {
        await noJs.reload();
        await expect(noJs.getByLabel("Page picture", { exact: true })).toHaveValue(wide, { timeout: 500 });
      }).toPass({ timeout: 30_000 });
      await expect(noJs.locator("#field-thumbFull-file-status")).toHaveText(
        `Uploaded: ${wide}. It is chosen as the page picture below.`,
      );
      // The other field is as it was, and says nothing of it; it does not offer a 16:9 picture.
      await expect(noJs.getByLabel("Card picture", { exact: true })).toHaveValue(project.thumb);
      await expect(noJs.locator("#field-thumb-file-status")).toHaveText("");
      expect(await optionsOf(noJs, "Card picture")).not.toContain(wide);
      // An address naming another field, markup or a very long one: the page as it is, never
      // a 500; a picture of the other shape is not chosen in the card's field.
      for (const field of ["thumb", "<script>alert(1)</script>", "x".repeat(5000)]) {
        const answer = await noJs.goto(
          `${editor}?picture=${encodeURIComponent(wide)}&field=${encodeURIComponent(field)}`,
        );
        expect(answer?.status(), field.slice(0, 30)).toBe(200);
        await expect(noJs.getByLabel("Card picture", { exact: true })).toHaveValue(project.thumb);
      }
      await noJs.goto(`${editor}?picture=${encodeURIComponent(wide)}&field=thumbFull`);
      await expect(noJs.getByLabel("Page picture", { exact: true })).toHaveValue(wide);
      await noJs.getByRole("button", { name: "Update" }).click();
      await expect(noJs.getByRole("main").getByRole("status")).toHaveText("Updated: the site shows it now.");

      // With JavaScript, from the keyboard: the card's photo in its frame (4:3).
      await page.goto(editor);
      await hydrated(page);
      await page.getByLabel("Upload a card picture").setInputFiles({
        name: "site-card.jpg",
        mimeType: "image/jpeg",
        buffer: await halves(),
      });
      const crop = page.getByRole("group", { name: "The part of the card picture shown" });
      await expect(crop.getByRole("img", { name: "The part the site will show" })).toBeVisible();
      await expectAccessible(page);
      await screenshots(page, "content-project-card-crop", { fullPage: true });
      await keyboardTo(page, "Zoom");
      for (let i = 0; i < 50; i++) await page.keyboard.press("ArrowRight");
      await expect(crop.getByLabel("Zoom")).toHaveValue("150");
      await keyboardTo(page, "Left to right");
      await page.keyboard.press("End");
      await expect(crop.getByLabel("Left to right")).toHaveValue("100");
      await keyboardTo(page, "Upload the card picture");
      await page.keyboard.press("Enter");
      const status = page.locator("#field-thumb-file-status");
      await expect(status).toHaveText(READY, { timeout: 30_000 });
      const card = READY.exec((await status.textContent())!)![1]!;
      await expect(page.getByLabel("Card picture", { exact: true })).toHaveValue(card);
      await expect(page.getByLabel("Page picture", { exact: true })).toHaveValue(wide);
      expect(await optionsOf(page, "Page picture")).not.toContain(card);
      // The live preview follows: the card and the case study show the uploads.
      const preview = page.getByRole("region", { name: "Preview" });
      await expect(preview.locator(`img[src^="/media/${card}-"]`).first()).toBeVisible();
      await expect(preview.locator(`img[src^="/media/${wide}-"]`).first()).toBeVisible();
      // Nothing on the page is wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      await keyboardTo(page, "Update");
      await page.keyboard.press("Enter");
      await expect(page.getByRole("main").getByRole("status")).toHaveText("Updated: the site shows it now.");
      const details = (base: string) => `${base}/project-details/${project.id}`;
      const gallery = (base: string) => `${base}/project-2-column`;
      const bases = [at(""), second.url];
      await shownWithin(Date.now(), 1_000, async () => {
        const top = await pagesHold(bases.map(details), `/media/${wide}-`);
        return top === true ? pagesHold(bases.map(gallery), `/media/${card}-`) : top;
      });
      // The <source> srcsets name the uploads; the files served are of the frames' shapes, and the
      // card is the part chosen (the right half's, red).
      const html = await (await fetch(gallery(at("")))).text();
      expect(html).toMatch(
        new RegExp(`<source[^>]*srcset="/media/${card.replace("/", "\\/")}-\\d+\\.avif`, "i"),
      );
      expect(await servedShape(details(at("")), wide)).toBeCloseTo(16 / 9, 1);
      expect(await servedShape(gallery(at("")), card)).toBeCloseTo(4 / 3, 1);
      const src = new RegExp(`/media/${card.replace("/", "\\/")}-\\d+\\.webp`).exec(html)![0];
      const { dominant } = await sharp(Buffer.from(await (await fetch(at(src))).arrayBuffer())).stats();
      expect(dominant.r).toBeGreaterThan(150);
      expect(dominant.g).toBeLessThan(100);

      // Put back as it was.
      await page.getByLabel("Card picture", { exact: true }).selectOption(project.thumb);
      await page.getByLabel("Page picture", { exact: true }).selectOption(project.thumbFull);
      await page.getByRole("button", { name: "Update" }).click();
      await expect(page.getByRole("main").getByRole("status")).toHaveText("Updated: the site shows it now.");
      await shownWithin(Date.now(), 1_000, () =>
        pagesHold([details(at("")), gallery(at(""))], "/media/u/", false),
      );
    } finally {
      await plain.close();
      await second.stop();
    }
  });
});
