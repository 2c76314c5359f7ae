// Pictures and videos inside a post's article (issue 49), on the real built site: a photo with
// EXIF uploaded through the console, written into a post's article with a YouTube line, and the
// post published. Its page draws the photo as a <picture> of AVIF and WebP sizes, and no file
// served of it carries the EXIF; the YouTube line is the site's click-to-load player, and
// nothing is asked of any other host until the visitor presses play, when the player comes from
// youtube-nocookie.com; without JavaScript it is a plain link to the video. A picture from another
// site is refused when the post is saved, with a message that says why.
// The post is written through the console's own HTTP endpoints (the editor's form posts the same
// fields), so that this spec tests the article, not the editor's layout (staff-posts.spec.ts).
import sharp from "sharp";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, hydrated } from "./hydration.ts";
import { expectAccessible, staffConsole, test } from "./staff-helpers.ts";
import { screenshots } from "./page-checks.ts";

const { at } = staffConsole;
const YOUTUBE_ID = "aqz-KE-bpKQ";
const ALT = "The meeting room of our new office, a screen on its wall";

/** A photo of 1600 × 1067 with grain, and EXIF as a phone writes it (its make, model, owner). */
const photoWithExif = () =>
  sharp({
    create: {
      width: 1600,
      height: 1067,
      channels: 3,
      background: { r: 60, g: 120, b: 150 },
      noise: { type: "gaussian", mean: 110, sigma: 25 },
    },
  })
    .jpeg({ quality: 82 })
    .withExif({ IFD0: { Make: "PhoneMaker", Model: "Phone 12", Artist: "Amina Bello" } })
    .toBuffer();

const body = (picture: string) =>
  [
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
    "Here it is, on the morning we moved in:",
    "",
    picture,
    "",
    "And a walk through it, on video:",
    "",
    `https://www.youtube.com/watch?v=${YOUTUBE_ID}`,
    "",
    "Come and visit: the address is on the contact page.",
  ].join("\n");

/** The console's form token and the Origin its posts carry. */
async function consoleForm(page: Page) {
  await page.goto(at("/admin/posts/new"));
  const token = await page.locator('input[name="console-token"]').first().inputValue();
  return { token, headers: { Origin: new URL(at("/")).origin } };
}

/** Uploads a picture as the editor does; resolves with its name once it is converted. */
async function upload(request: APIRequestContext, token: string, buffer: Buffer): Promise<string> {
  const answer = await request.post(at("/admin/posts/pictures"), {
    headers: { Accept: "application/json", Origin: new URL(at("/")).origin },
    multipart: { "console-token": token, picture: { name: "office.jpg", mimeType: "image/jpeg", buffer } },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const { name } = (await answer.json()) as { name: string };
  await expect
    .poll(
      async () =>
        ((await (await request.get(at(`/admin/posts/pictures/${name}`))).json()) as { state: string }).state,
      { timeout: 60_000 },
    )
    .toBe("ready");
  return name;
}

const fields = (u: string, articleBody: string) => ({
  title: `Our new office in Wuse, in pictures ${u}`,
  slug: `our-new-office-wuse-${u}`,
  date: new Date(Date.now() + 3_600_000).toISOString().slice(0, 10),
  author: "Amina Bello",
  category: "magazine",
  tags: "Education",
  excerpt:
    "Our team moved to a new office in Wuse: more desks, a meeting room, and room for clients to visit us.",
  midTitle: "What the new office gives us",
  quote: "A room where a client can sit with the people who build their site.",
  thumb: "blog-03",
  image: "blog-03-full",
  inlineImage: "blog-03-inline",
  imageAlt: "The new office in Wuse, with six empty desks",
  body: articleBody,
});

test("our picture in the article: AVIF and WebP sizes, no EXIF; a YouTube line: click-to-load, nothing from another host before play", async ({
  page,
  browser,
  member,
}) => {
  test.setTimeout(180_000);
  void member;
  const u = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const { token, headers } = await consoleForm(page);
  const photo = await photoWithExif();
  expect((await sharp(photo).metadata()).exif, "the upload carries EXIF").toBeDefined();
  const name = await upload(page.request, token, photo);

  // A picture from another site is refused when saved, saying why.
  const refused = await page.request.post(at("/admin/posts/new"), {
    headers,
    form: { "console-token": token, ...fields(u, body("![A pixel](https://tracker.example/p.png)")) },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain(
    "is not one uploaded here: only pictures uploaded with the editor are shown in the article",
  );

  // Written with our picture and the video, saved, published.
  const post = fields(u, body(`![${ALT}](/media/${name})`));
  const saved = await page.request.post(at("/admin/posts/new"), {
    headers,
    form: { "console-token": token, ...post },
    maxRedirects: 0,
  });
  expect(saved.status()).toBeGreaterThanOrEqual(300);
  const id = Number(/\/admin\/posts\/(\d+)/.exec(saved.headers().location ?? "")![1]);
  const editor = await (await page.request.get(at(`/admin/posts/${id}`))).text();
  const revision = /name="revision" value="(\d+)"/.exec(editor)![1]!;
  const published = await page.request.post(at(`/admin/posts/${id}`), {
    headers,
    form: { "console-token": token, ...post, revision, intent: "publish" },
  });
  expect(published.ok()).toBe(true);

  // A visitor: every request the page makes is recorded from the start.
  const visitor = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const reader = await visitor.newPage();
  const requests: string[] = [];
  reader.on("request", (request) => requests.push(request.url()));
  // The player's page is answered here (the test has no Internet), recorded all the same.
  await visitor.route("https://www.youtube-nocookie.com/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Player</title><p>Player</p>" }),
  );
  await reader.goto(at(`/blog-single-sidebar/${id}`));
  await hydrated(reader);

  const picture = reader.locator("picture.post-picture");
  await expect(picture).toHaveCount(1);
  await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute(
    "srcset",
    new RegExp(`^/media/${name}-320\\.avif 320w, .*/media/${name}-1600\\.avif 1600w$`),
  );
  await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute(
    "srcset",
    new RegExp(`^/media/${name}-320\\.webp 320w, `),
  );
  const img = reader.getByRole("img", { name: ALT });
  await expect(img).toHaveAttribute("width", "1600");
  await expect(img).toHaveAttribute("height", "1067");
  await expect(img).toHaveAttribute("loading", "lazy");
  await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
    .toBeGreaterThan(0);
  const shown = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
  expect(shown).toMatch(new RegExp(`/media/${name}-\\d+\\.avif$`));
  // No file of it carries the EXIF: the one the browser chose, a WebP and the JPEG fallback.
  const fallback = (await img.getAttribute("src"))!;
  for (const file of [shown, at(`/media/${name}-640.webp`), at(fallback)]) {
    const bytes = await (await page.request.get(file)).body();
    const meta = await sharp(bytes).metadata();
    expect(meta.exif, file).toBeUndefined();
    expect(bytes.includes("PhoneMaker"), file).toBe(false);
  }

  // The video: our poster, a button; nothing from any other host so far.
  const play = reader.getByRole("button", { name: "Play the video: A video on YouTube" });
  await expect(play).toBeVisible();
  await expect(reader.getByText("nothing is loaded from YouTube until you press play")).toBeVisible();
  const site = new URL(at("/")).host;
  expect(requests.filter((url) => new URL(url).host !== site && !url.startsWith("data:"))).toEqual([]);
  await expectAccessible(reader);
  await play.scrollIntoViewIfNeeded();
  await screenshots(reader, "post-article-video-1440");
  await reader.setViewportSize({ width: 390, height: 844 });
  await play.scrollIntoViewIfNeeded();
  await screenshots(reader, "post-article-video-390");
  expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Keyboard: Enter plays it, in the privacy-enhanced player.
  await play.focus();
  await reader.keyboard.press("Enter");
  const dialog = reader.getByRole("dialog", { name: "A video on YouTube" });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator("iframe")).toHaveAttribute(
    "src",
    `https://www.youtube-nocookie.com/embed/${YOUTUBE_ID}?autoplay=1&rel=0&modestbranding=1`,
  );
  await expect
    .poll(() => requests.some((url) => url.startsWith("https://www.youtube-nocookie.com/embed/")))
    .toBe(true);
  expect(requests.some((url) => /youtube\.com|ytimg|googlevideo/.test(new URL(url).host))).toBe(false);
  await reader.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(play).toBeFocused();
  await visitor.close();

  // Without JavaScript: a plain link to the video's page.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await plain.newPage();
  await noScript.goto(at(`/blog-single-sidebar/${id}`));
  await expect(
    noScript.getByRole("link", { name: "Watch the video on YouTube: A video on YouTube" }),
  ).toHaveAttribute("href", `https://www.youtube.com/watch?v=${YOUTUBE_ID}`);
  await plain.close();
});
