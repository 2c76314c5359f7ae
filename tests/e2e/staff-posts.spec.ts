// The blog in the console, as the marketing team uses it: a member writes a post (the form's own
// checks first), saves it as a draft and sees it as its page will show it, publishes it (on the
// blog's list and its own page at once), changes it, and unpublishes it (its page answers 404).
// Two tabs editing one post: the second save is refused with both texts on the page, and
// nothing is overwritten until its writer saves again. Without JavaScript a draft is saved too.
// Revisions: edit, compare two (the lines marked in words), restore one, publish. The trash: its
// pages answer 410 saying it was removed, the Trash tab counts it, Restore brings it back as a
// draft; a staff member sees no "Delete for good" and is refused 403 if they post it anyway; an
// owner deletes for good (a second step confirms). "Send to subscribers" (the excerpt and a link)
// opens the newsletter issue it started, with the post's title.
import { expect, hydrated } from "./hydration.ts";
import { BODY, expectAccessible, fillPost, staffConsole, test } from "./staff-helpers.ts";
import { screenshots } from "./page-checks.ts";
import type { Locator, Page } from "@playwright/test";

const { at } = staffConsole;

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
  await expect(page.getByRole("status")).toHaveText("Saved as a draft. The preview shows it.");
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const id = Number(/\/admin\/posts\/(\d+)/.exec(page.url())![1]);

  // The preview is the post as its page shows it: the mid-title, the quote, the pictures. The
  // writing takes the screen; Preview shows it instead (decision 028).
  await hydrated(page);
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  const preview = page.getByRole("region", { name: /^Preview/ });
  await expect(preview.getByRole("heading", { name: "What the owners asked for" })).toBeVisible();
  await expect(preview.locator("blockquote")).toContainText("a customer of the shop next door");
  await expect(
    preview.getByRole("img", { name: "A shop owner showing her shop's page on a phone" }),
  ).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "post-editor-1280", { fullPage: true });
  await page.getByRole("button", { name: "Edit", exact: true }).click();
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
  await expect(page.getByRole("status")).toHaveText("Saved. The preview is up to date.");
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

/** Presses Tab until `target` has the focus, or Shift+Tab when it comes before the focused
 *  control (as a keyboard user gets there); fails if it never does. */
async function tabTo(page: Page, target: Locator, most = 60) {
  for (let i = 0; i < most; i++) {
    const where = await target.evaluate((el) => {
      const active = document.activeElement;
      if (el === active) return "here";
      if (!active || active === document.body) return "after";
      return active.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING ? "before" : "after";
    });
    if (where === "here") return;
    await page.keyboard.press(where === "before" ? "Shift+Tab" : "Tab");
  }
  await expect(target).toBeFocused();
}

test("keyboard only: a post is written, seen in the live preview, saved and published", async ({
  page,
  member,
}) => {
  void member;
  const u = unique();
  const title = `Opening hours that are right, every day ${u}`;
  await page.goto(at("/admin/posts/new"));
  await hydrated(page);
  // Text goes in a line at a time, as a phone's keyboard or a dictation gives it (a key press per
  // character made the preview render hundreds of times: 25-30 s, past the test's time on a busy
  // machine); lines are ended with Enter, and every control is reached and worked with keys.
  const enter = async (text: string) => {
    for (const [i, line] of text.split("\n").entries()) {
      if (i > 0) await page.keyboard.press("Enter");
      if (line) await page.keyboard.insertText(line);
    }
  };
  const type = async (label: RegExp | string, text: string) => {
    await tabTo(page, page.getByLabel(label));
    await enter(text);
  };
  await type(/^Title/, title);
  await type(/^Address/, `opening-hours-${u}`);
  // A choice from the list by typing its first letters, as on any select.
  await tabTo(page, page.getByLabel("Author"));
  await page.keyboard.type("Amina");
  await expect(page.getByLabel("Author")).toHaveValue("Amina Bello");
  await tabTo(page, page.getByLabel("Category"));
  await page.keyboard.type("magazine");
  await tabTo(page, page.getByRole("checkbox", { name: "Education" }));
  await page.keyboard.press("Space");
  await expect(page.getByRole("checkbox", { name: "Education" })).toBeChecked();
  await type(
    /^Excerpt/,
    "A shop's opening hours are the first thing its customers look for, and often wrong.",
  );
  await type(/^Mid-title/, "Where customers look first");
  await type(/^Pull quote/, "Right hours on the phone bring people to the door.");
  for (const [label, name] of [
    [/^List picture/, "blog-04"],
    [/^Header picture/, "blog-04-full"],
    [/^Picture in the body/, "blog-04-inline"],
  ] as const) {
    await tabTo(page, page.getByLabel(label));
    await page.keyboard.type(name);
    await expect(page.getByLabel(label)).toHaveValue(name);
  }
  await type(/^What the header picture shows/, "A shop door with its opening hours painted on it");
  await type(
    "The article, in Markdown",
    [
      "A customer who finds the shop closed does not come back.",
      "## Where customers look first",
      "> Right hours on the phone bring people to the door.",
      "- In the footer\n- On the contact page",
      "Put them in the footer, and keep them right.",
      "Change them there first when they change.",
    ].join("\n\n"),
  );

  // Preview, from the keyboard: the post follows what was typed, before any save.
  const preview = page.getByRole("region", { name: /^Preview/ });
  const show = async (name: "Edit" | "Preview") => {
    await tabTo(page, page.getByRole("button", { name, exact: true }));
    await page.keyboard.press("Enter");
  };
  await show("Preview");
  await expect(preview.getByText("As you have written it, not saved yet.")).toBeVisible();
  await expect(preview.getByRole("heading", { level: 2, name: title })).toBeVisible();
  await expect(preview.getByRole("heading", { name: "Where customers look first" })).toBeVisible();
  // A rule broken while typing: the preview says which, and keeps nothing.
  await show("Edit");
  await tabTo(page, page.getByLabel(/^Title/));
  await page.keyboard.press("ControlOrMeta+a");
  await enter("Short");
  await show("Preview");
  await expect(preview.getByText(/^Not shown: .*10 to 100 characters/)).toBeVisible();
  await show("Edit");
  await tabTo(page, page.getByLabel(/^Title/));
  await page.keyboard.press("ControlOrMeta+a");
  await enter(title);
  await show("Preview");
  await expect(preview.getByRole("heading", { level: 2, name: title })).toBeVisible();
  await show("Edit");

  await tabTo(page, page.getByRole("button", { name: "Save the draft" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText("Saved as a draft. The preview shows it.");
  const id = Number(/\/admin\/posts\/(\d+)/.exec(page.url())![1]);
  await hydrated(page);
  await tabTo(page, page.getByRole("button", { name: "Save and publish" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText("Published: it is on the blog now.");
  const shown = await visit(page, `/blog-single-sidebar/${id}`);
  expect(shown.status).toBe(200);
  expect(shown.text).toContain("Put them in the footer, and keep them right.");
  await expectAccessible(page);
});

test("two tabs save one post: the second is refused, both texts kept", async ({ page, member, context }) => {
  void member;
  const u = unique();
  await page.goto(at("/admin/posts/new"));
  await hydrated(page);
  await fillPost(page, `A post two people edit at once ${u}`, `two-tabs-${u}`);
  await page.getByRole("button", { name: "Save the draft" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved as a draft. The preview shows it.");
  const other = await context.newPage();
  await other.goto(page.url().replace("?saved=1", ""));
  await hydrated(other);

  await page.getByLabel(/^Title/).fill(`The first tab's title ${u}`);
  await page.getByRole("button", { name: "Save the draft" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved. The preview is up to date.");

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
  await expect(other.getByRole("status")).toHaveText("Saved. The preview is up to date.");
  await expect(other.getByRole("heading", { level: 1 })).toHaveText(`The second tab's title ${u}`);
});

/** A new draft, saved from the editor: its number. */
async function newDraft(page: Page, title: string, slug: string): Promise<number> {
  await page.goto(at("/admin/posts/new"));
  await hydrated(page);
  await fillPost(page, title, slug);
  await page.getByRole("button", { name: "Save the draft" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved as a draft. The preview shows it.");
  return Number(/\/admin\/posts\/(\d+)/.exec(page.url())![1]);
}

test("edit, compare two revisions, restore the first, publish", async ({ page, member }) => {
  test.setTimeout(120_000);
  void member;
  const u = unique();
  const title = `A post with a history ${u}`;
  const id = await newDraft(page, title, `history-${u}`);
  await page.getByLabel(/^Title/).fill(`${title}, retitled`);
  await page.getByLabel("The article, in Markdown").fill(`${BODY}\n\nA new closing line.`);
  await page.getByRole("button", { name: "Save the draft" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved. The preview is up to date.");

  await page.getByRole("link", { name: "Revisions: compare, restore" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Revisions of");
  await page.getByRole("link", { name: "Compare with the current (revision 1)" }).click();
  const compared = page.getByRole("region", { name: "What changed from revision 1 to revision 2" });
  const titleChange = compared.getByRole("region", { name: "Title" });
  await expect(titleChange.getByRole("listitem").filter({ hasText: "Removed" })).toContainText(title);
  await expect(titleChange.getByRole("listitem").filter({ hasText: "Added" })).toContainText(
    `${title}, retitled`,
  );
  // The new paragraph: its empty line and its text, each marked "Added" in words.
  await expect(
    compared
      .getByRole("region", { name: "The article" })
      .getByRole("listitem")
      .filter({ hasText: "A new closing line." }),
  ).toHaveText(/^Added\s*A new closing line\.$/);
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshots(page, "post-revisions-390", { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Restored from the keyboard: revision 1's text as revision 3; still a draft.
  await hydrated(page);
  await tabTo(page, page.getByRole("button", { name: "Restore this revision (1)" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText(
    "Revision 1 is the post's text again, as revision 3. Its state is as it was.",
  );
  await page.getByRole("link", { name: "Back to the post" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByText("Draft: only the console sees it")).toBeVisible();
  await page.getByRole("button", { name: "Save and publish" }).click();
  await expect(page.getByRole("status")).toHaveText("Published: it is on the blog now.");
  const shown = await visit(page, `/blog-single-sidebar/${id}`);
  expect(shown.status).toBe(200);
  expect(shown.text).not.toContain("A new closing line.");
});

test("trash: its pages say it was removed (410), the Trash tab has it, Restore brings it back", async ({
  page,
  member,
}) => {
  test.setTimeout(120_000);
  void member;
  const u = unique();
  const title = `A post for the trash ${u}`;
  const id = await newDraft(page, title, `trash-${u}`);
  await page.getByRole("button", { name: "Save and publish" }).click();
  await expect(page.getByRole("status")).toHaveText("Published: it is on the blog now.");

  await page.getByRole("button", { name: "Move to trash" }).click();
  await expect(page.getByRole("status")).toContainText("Moved to the trash");
  await expect(page.getByText(/^In the trash: deleted for good on/)).toBeVisible();
  const gone = await visit(page, `/blog-single-sidebar/${id}`);
  expect(gone.status).toBe(410);
  expect(gone.text).toContain("This Article Was Removed");
  expect((await visit(page, "/blog-standard")).text).not.toContain(title);
  // A staff member has no "Delete for good", and posting it anyway is refused.
  await expect(page.getByRole("button", { name: /Delete for good/ })).toHaveCount(0);
  const token = await page.locator('input[name="console-token"]').first().inputValue();
  const refused = await page.request.post(at(`/admin/posts/${id}`), {
    form: { "console-token": token, intent: "delete-confirmed" },
    headers: { Origin: new URL(at("/")).origin },
  });
  expect(refused.status()).toBe(403);
  await expectAccessible(page);

  await page.goto(at("/admin/posts?state=trash"));
  await expect(page.getByRole("link", { name: /^Trash \(\d+\)$/ })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("button", { name: /Empty the trash/ })).toHaveCount(0);
  await page.getByRole("link", { name: title }).click();
  await page.getByRole("button", { name: "Restore as a draft" }).click();
  await expect(page.getByRole("status")).toHaveText("Restored from the trash, as a draft.");
  expect((await visit(page, `/blog-single-sidebar/${id}`)).status).toBe(404);
});

test("an owner deletes a post in the trash for good, after a second step", async ({ page, owner }) => {
  void owner;
  const u = unique();
  const id = await newDraft(page, `A post deleted for good ${u}`, `deleted-${u}`);
  await page.getByRole("button", { name: "Move to trash" }).click();
  await page.getByRole("button", { name: "Delete for good…" }).click();
  const confirm = page.getByRole("region", { name: /^Delete “A post deleted for good/ });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole("button", { name: "Delete for good" }).click();
  await expect(page.getByRole("status")).toHaveText(`Post ${id} was deleted for good.`);
  expect((await visit(page, `/blog-single-sidebar/${id}`)).status).toBe(410);
  expect((await visit(page, `/admin/posts/${id}`)).status).toBe(404);
});

test("send to subscribers opens a newsletter issue with the post's title", async ({ page, member }) => {
  void member;
  const u = unique();
  const title = `A post for the subscribers ${u}`;
  await newDraft(page, title, `subscribers-${u}`);
  await expect(page.getByRole("button", { name: "Send to subscribers…" })).toHaveCount(0); // a draft
  await page.getByRole("button", { name: "Save and publish" }).click();
  await expect(page.getByRole("status")).toHaveText("Published: it is on the blog now.");
  // The whole post is offered first; the excerpt and a link is the other choice.
  await expect(page.getByRole("radio", { name: "The whole post" })).toBeChecked();
  await page.getByRole("radio", { name: "The excerpt and a link" }).check();
  await page.getByRole("button", { name: "Send to subscribers…" }).click();
  await expect(page).toHaveURL(/\/admin\/newsletter\/[\w-]+$/);
  await expect(page.getByLabel("Subject")).toHaveValue(title);
  await expect(page.getByLabel("The issue, in Markdown")).toHaveValue(/\/blog-single-sidebar\/\d+\)/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a draft is written and saved, its preview is on the page, and it is published", async ({
    page,
    member,
  }) => {
    void member;
    const u = unique();
    const title = `A post written without JavaScript ${u}`;
    await page.goto(at("/admin/posts/new"));
    await fillPost(page, title, `no-script-${u}`);
    await page.getByRole("button", { name: "Save the draft" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved as a draft. The preview shows it.");
    // The form and the saved post's preview, both on the page (no Edit / Preview switch).
    await expect(page.getByRole("button", { name: "Preview", exact: true })).toHaveCount(0);
    await expect(page.getByLabel(/^Title/)).toBeVisible();
    await expect(
      page
        .getByRole("region", { name: /^Preview/ })
        .getByRole("heading", { name: "What the owners asked for" }),
    ).toBeVisible();
    const id = Number(/\/admin\/posts\/(\d+)/.exec(page.url())![1]);
    await page.getByRole("button", { name: "Save and publish" }).click();
    await expect(page.getByRole("status")).toHaveText("Published: it is on the blog now.");
    const shown = await visit(page, `/blog-single-sidebar/${id}`);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain(title);
  });
});
