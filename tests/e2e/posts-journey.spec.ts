// The whole of a post's life in the console, as issue 28 tells it: a member signs in, writes a
// post with three pictures uploaded from the editor, sees its preview, schedules it for the
// next minute, and nobody does anything more: at its time it is on both post pages, every blog list,
// the home page, search, the RSS feed and the sitemap, on this instance and on a second one
// reading the same database. Then it is changed, unpublished (404 on both), an earlier
// revision is restored, and it is published again.
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { expect, hydrated } from "./hydration.ts";
import { shownWithin, staffConsole, test } from "./staff-helpers.ts";

const { at } = staffConsole;

/** A photo of `width` × `height` with some grain (so that it compresses as photos do). */
const photo = (width: number, height: number, r: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r, g: 120, b: 90 },
      noise: { type: "gaussian", mean: 110, sigma: 25 },
    },
  })
    .jpeg({ quality: 82 })
    .toBuffer();

/** Uploads a file with the editor's file field and Upload button; resolves with its name. */
async function upload(page: Page, name: string, buffer: Buffer): Promise<string> {
  await page.getByLabel("Upload a picture").setInputFiles({ name, mimeType: "image/jpeg", buffer });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  const status = page.locator("#field-picture-file-status");
  await expect(status).toHaveText(/^Ready: u\/[0-9a-f]{16}\. Choose it/, { timeout: 60_000 });
  return /u\/[0-9a-f]{16}/.exec((await status.textContent()) ?? "")![0];
}

/** "YYYY-MM-DDTHH:MM" in Lagos (UTC+1 all year), as the schedule field takes it. */
const lagos = (ms: number) => new Date(ms + 3_600_000).toISOString().slice(0, 16);

test("sign in, write with three uploaded pictures, schedule for the next minute, shown everywhere on both instances; edit, unpublish, restore a revision, publish again", async ({
  page,
  member,
}) => {
  test.setTimeout(300_000);
  void member;
  const second = await staffConsole.secondInstance();
  try {
    const u = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const title = `A bakery in Kubwa takes orders online ${u}`;
    // Dated tomorrow: the newest post, first on every list whatever other tests published today.
    const date = new Date(Date.now() + 3_600_000 + 86_400_000).toISOString().slice(0, 10);

    await page.goto(at("/admin/posts/new"));
    await hydrated(page);
    const names = [
      await upload(page, "bread-counter.jpg", await photo(1600, 1067, 200)),
      await upload(page, "bakery-front.jpg", await photo(1920, 1080, 150)),
      await upload(page, "oven.jpg", await photo(1200, 900, 90)),
    ];
    expect(new Set(names).size).toBe(3);

    await page.getByLabel(/^Title/).fill(title);
    await page.getByLabel(/^Address/).fill(`kubwa-bakery-orders-${u}`);
    await page.getByLabel(/^Date/).fill(date);
    await page.getByLabel("Author").selectOption("Amina Bello");
    await page.getByLabel("Category").selectOption("magazine");
    await page.getByRole("checkbox", { name: "Education" }).check();
    await page
      .getByLabel(/^Excerpt/)
      .fill("A family bakery in Kubwa now takes its morning orders on its website, and bakes less to waste.");
    await page.getByLabel(/^Mid-title/).fill("Orders before the oven is hot");
    await page.getByLabel(/^Pull quote/).fill("We bake what was ordered, and the bread is still warm.");
    await page.getByLabel(/^List picture/).selectOption(names[0]!);
    await page.getByLabel(/^Header picture/).selectOption(names[1]!);
    await page.getByLabel(/^Picture in the body/).selectOption(names[2]!);
    await page
      .getByLabel(/^What the header picture shows/)
      .fill("The bakery's front, with its opening hours on the door");
    await page
      .getByLabel("The article, in Markdown")
      .fill(
        [
          "Every morning the bakery baked for the customers it hoped to see.",
          "## Orders before the oven is hot",
          "> We bake what was ordered, and the bread is still warm.",
          "- Orders until 6 in the morning\n- Paid on collection",
          "Now it bakes for the orders first, and for the street after.",
          "Waste fell by a third in the first month.",
        ].join("\n\n"),
      );
    // The live preview draws the uploaded header picture before anything is saved.
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    const preview = page.getByRole("region", { name: /^Preview/ });
    await expect(preview.getByRole("heading", { level: 2, name: title })).toBeVisible();
    await expect(
      preview.getByRole("img", { name: "The bakery's front, with its opening hours on the door" }),
    ).toHaveAttribute("src", new RegExp(`^/media/${names[1]}-\\d+\\.jpg$`));
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    await page.getByRole("button", { name: "Save the draft" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved as a draft. The preview shows it.");
    const id = Number(/\/admin\/posts\/(\d+)/.exec(page.url())![1]);
    await hydrated(page);

    // The next whole minute (the field takes minutes) at least 15 s away: time to see it nowhere.
    const due = Math.ceil((Date.now() + 15_000) / 60_000) * 60_000;
    await page.getByLabel(/^Or publish at/).fill(lagos(due));
    await page.getByRole("button", { name: "Save and publish" }).click();
    await expect(page.getByRole("status")).toContainText("Scheduled");

    const pages = [
      `/blog-single-sidebar/${id}`,
      `/blog-single/${id}`,
      "/blog-standard",
      "/blog-with-sidebar",
      "/blog-2-column",
      "/blog-3-column",
      "/",
      `/search?q=${encodeURIComponent(`bakery ${u}`)}`,
      "/blog/rss.xml",
      "/sitemap.xml",
    ];
    const shows = (text: string, path: string) =>
      text.includes(path === "/sitemap.xml" ? `/blog-single-sidebar/${id}<` : title);
    const look = async (base: string) =>
      Promise.all(
        pages.map(async (path) => {
          // A fresh connection each time, as a visitor arriving: a connection kept from the look
          // a minute before may be closed by the server (its keep-alive is 65 s) just as it is
          // reused, and a reset there is the test's, not the site's (a browser sends again).
          const res = await page.request.get(base + path, { headers: { connection: "close" } });
          return { path, status: res.status(), shown: shows(await res.text(), path) };
        }),
      );
    const bases = [at(""), second.url];
    // Before its time: nowhere, on either instance.
    for (const base of bases)
      for (const seen of await look(base))
        expect(seen, `${base}${seen.path}`).toMatchObject({ shown: false });

    // At its time, with nobody doing anything: everywhere on both, within a second.
    await page.waitForTimeout(Math.max(0, due - Date.now()));
    await shownWithin(due, 1_000, async () => {
      const looks = await Promise.all(bases.map(async (base) => ({ base, seen: await look(base) })));
      const missing = looks.flatMap(({ base, seen }) =>
        seen.filter((s) => s.status !== 200 || !s.shown).map((s) => base + s.path),
      );
      return missing.length === 0 || `not yet on ${missing.join(", ")}`;
    });

    // Edited: the blog shows the change.
    await page.reload();
    await hydrated(page);
    await page.getByLabel(/^Title/).fill(`${title}, a month on`);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText("Saved. The preview is up to date.");
    const everywhere = async (shown: (status: number, html: string) => boolean, path: string) => {
      const answers = await Promise.all(
        bases.map(async (base) => {
          // A fresh connection each time, as a visitor arriving: a connection kept from the look
          // a minute before may be closed by the server (its keep-alive is 65 s) just as it is
          // reused, and a reset there is the test's, not the site's (a browser sends again).
          const res = await page.request.get(base + path, { headers: { connection: "close" } });
          return shown(res.status(), await res.text()) || `${base}${path} answered ${res.status()}`;
        }),
      );
      return answers.find((a) => a !== true) ?? true;
    };
    await shownWithin(Date.now(), 1_000, () =>
      everywhere((_, html) => html.includes(`${title}, a month on`), `/blog-single/${id}`),
    );

    // Unpublished: 404 on both.
    await page.getByRole("button", { name: "Unpublish" }).click();
    await expect(page.getByRole("status")).toContainText("Unpublished");
    await shownWithin(Date.now(), 1_000, () =>
      everywhere((status) => status === 404, `/blog-single-sidebar/${id}`),
    );

    // The first revision's title back, as a new revision; then published again.
    await page.getByRole("link", { name: "Revisions: compare, restore" }).click();
    await page.getByRole("button", { name: "Restore this revision (1)" }).click();
    await expect(page.getByRole("status")).toContainText("Revision 1 is the post's text again");
    await page.goto(at(`/admin/posts/${id}`));
    await expect(page.getByLabel(/^Title/)).toHaveValue(title);
    await page.getByRole("button", { name: "Save and publish" }).click();
    await expect(page.getByRole("status")).toHaveText("Published: it is on the blog now.");
    await shownWithin(Date.now(), 1_000, () =>
      everywhere(
        (status, html) => status === 200 && html.includes(title) && !html.includes("a month on"),
        `/blog-single-sidebar/${id}`,
      ),
    );
  } finally {
    await second.stop();
  }
});
