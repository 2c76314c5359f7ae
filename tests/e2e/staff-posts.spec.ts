// The blog in the console, as the marketing team uses it: a member writes a post (the form's own
// checks first), saves it as a draft and sees it as its page will show it, publishes it (on the
// blog's list and its own page at once), changes it, and unpublishes it (its page answers 404).
// Two tabs editing one post: the second save is refused with both texts on the page, and
// nothing is overwritten until its writer saves again. Without JavaScript a draft is saved too.
import { expect, hydrated } from "./hydration.ts";
import { expectAccessible, staffConsole, test } from "./staff-helpers.ts";
import { screenshots } from "./page-checks.ts";
import type { Page } from "@playwright/test";

test.describe.configure({ mode: "serial" });
test.use({ reducedMotion: "reduce" });

const { at } = staffConsole;

const BODY = [
  "We asked three shop owners in Kubwa what they wanted from a website. Their answers were short.",
  "",
  "None of them wanted a long form. All of them wanted their customers to find them on a phone.",
  "",
  "## What the owners asked for",
  "",
  "> A customer who cannot find us in ten seconds is a customer of the shop next door.",
  "",
  "- A map that opens on the phone",
  "- Opening hours that are right",
  "",
  "We built that first, and the rest later.",
].join("\n");

/** A post's fields, typed into the editor. */
async function fillPost(page: Page, title: string, slug: string) {
  await page.getByLabel(/^Title/).fill(title);
  await page.getByLabel(/^Address/).fill(slug);
  await page.getByLabel("Author").selectOption("Amina Bello");
  await page.getByLabel("Category").selectOption("magazine");
  await page.getByRole("checkbox", { name: "Education" }).check();
  await page
    .getByLabel(/^Excerpt/)
    .fill("Three shop owners in Kubwa told us what a small business needs from its website, in few words.");
  await page.getByLabel(/^Mid-title/).fill("What the owners asked for");
  await page
    .getByLabel(/^Pull quote/)
    .fill("A customer who cannot find us in ten seconds is a customer of the shop next door.");
  await page.getByLabel(/^List picture/).selectOption("blog-03");
  await page.getByLabel(/^Header picture/).selectOption("blog-03-full");
  await page.getByLabel(/^Picture in the body/).selectOption("blog-03-inline");
  await page
    .getByLabel(/^What the header picture shows/)
    .fill("A shop owner showing her shop's page on a phone");
  await page.getByLabel("The article, in Markdown").fill(BODY);
}

const unique = () => `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;

/** What a visitor gets at this address (status, and the page's text). */
async function visit(page: Page, path: string) {
  const response = await page.request.get(at(path));
  return { status: response.status(), text: await response.text() };
}

test("write a post, preview it, publish it, change it, unpublish it", async ({ page, member }) => {
  test.setTimeout(120_000); // four axe runs (and the worker's sign-up, if first)
  void member;
  const u = unique();
  const title = `What a shop in Kubwa needs from its website ${u}`;
  await page.goto(at("/admin"));
  await expect(page.getByRole("link", { name: "Posts", exact: true }).first()).toBeAttached();
  await page.goto(at("/admin/posts"));
  await expect(page.getByRole("heading", { level: 1, name: "Posts" })).toBeVisible();
  await hydrated(page);
  await page.getByRole("link", { name: "Write a new post" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "A new post" })).toBeVisible();

  // The form's own checks, the server's rules: nothing is sent until they pass.
  await page.getByRole("button", { name: "Save the draft" }).click();
  await expect(page.getByLabel(/^Title/)).toBeFocused();
  await expect(page.getByText("10 to 100 characters").first()).toBeVisible();
  await expect(page.getByText("Choose one to four tags")).toBeVisible();
  await expectAccessible(page);

  await fillPost(page, title, `shop-in-kubwa-${u}`);
  await page.getByRole("button", { name: "Save the draft" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved as a draft. The preview is below.");
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const id = Number(/\/admin\/posts\/(\d+)/.exec(page.url())![1]);

  // The preview is the post as its page shows it: the mid-title, the quote, the pictures.
  const preview = page.getByRole("region", { name: /^Preview/ });
  await expect(preview.getByRole("heading", { name: "What the owners asked for" })).toBeVisible();
  await expect(preview.locator("blockquote")).toContainText("a customer of the shop next door");
  await expect(
    preview.getByRole("img", { name: "A shop owner showing her shop's page on a phone" }),
  ).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "post-editor-1280", { fullPage: true });
  // A draft is nowhere on the blog.
  expect((await visit(page, "/blog-standard")).text).not.toContain(title);
  expect((await visit(page, `/blog-single-sidebar/${id}`)).status).toBe(404);

  await page.getByRole("button", { name: "Save and publish" }).click();
  await expect(page.getByRole("status")).toHaveText("Published: it is on the blog now.");
  expect((await visit(page, "/blog-standard")).text).toContain(title);
  const shown = await visit(page, `/blog-single-sidebar/${id}`);
  expect(shown.status).toBe(200);
  expect(shown.text).toContain("a customer of the shop next door");

  // Changed: the blog shows the new title at once.
  await page.getByLabel(/^Title/).fill(`${title}, revised`);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Saved. The preview below is up to date.");
  expect((await visit(page, `/blog-single/${id}`)).text).toContain(`${title}, revised`);

  await page.getByRole("button", { name: "Unpublish" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Unpublished: it is a draft again, and its pages are gone from the site.",
  );
  expect((await visit(page, `/blog-single-sidebar/${id}`)).status).toBe(404);
  expect((await visit(page, "/blog-standard")).text).not.toContain(title);

  // At 390 px the editor fits: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await screenshots(page, "post-editor-390", { fullPage: true });
  await page.goto(at("/admin/posts"));
  await screenshots(page, "posts-list-390");
});

test("two tabs save one post: the second is refused, both texts kept", async ({ page, member, context }) => {
  void member;
  const u = unique();
  await page.goto(at("/admin/posts/new"));
  await hydrated(page);
  await fillPost(page, `A post two people edit at once ${u}`, `two-tabs-${u}`);
  await page.getByRole("button", { name: "Save the draft" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved as a draft. The preview is below.");
  const other = await context.newPage();
  await other.goto(page.url().replace("?saved=1", ""));
  await hydrated(other);

  await page.getByLabel(/^Title/).fill(`The first tab's title ${u}`);
  await page.getByRole("button", { name: "Save the draft" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved. The preview below is up to date.");

  await other.getByLabel(/^Title/).fill(`The second tab's title ${u}`);
  await other.getByRole("button", { name: "Save the draft" }).click();
  await expect(other.getByRole("status")).toContainText("saved this post while you were editing it");
  // Theirs shown, and the writer's own text still in the form.
  await expect(other.getByRole("region", { name: /^Their version/ })).toContainText(
    `The first tab's title ${u}`,
  );
  await expect(other.getByLabel(/^Title/)).toHaveValue(`The second tab's title ${u}`);
  await expect(other.getByRole("heading", { level: 1 })).toHaveText(`The first tab's title ${u}`);
  await expectAccessible(other);

  // Saving again, having seen theirs, is the writer's choice: it goes through.
  await other.getByRole("button", { name: "Save the draft" }).click();
  await expect(other.getByRole("status")).toHaveText("Saved. The preview below is up to date.");
  await expect(other.getByRole("heading", { level: 1 })).toHaveText(`The second tab's title ${u}`);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a draft is written and saved, and its preview is on the page", async ({ page, member }) => {
    void member;
    const u = unique();
    await page.goto(at("/admin/posts/new"));
    await fillPost(page, `A post written without JavaScript ${u}`, `no-script-${u}`);
    await page.getByRole("button", { name: "Save the draft" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved as a draft. The preview is below.");
    await expect(
      page
        .getByRole("region", { name: /^Preview/ })
        .getByRole("heading", { name: "What the owners asked for" }),
    ).toBeVisible();
  });
});
