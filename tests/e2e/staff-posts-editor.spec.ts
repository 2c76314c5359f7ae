// The post editor as a writer uses it (decision 028): the title and the article first, the
// settings beside them (a Settings button on a phone), the article in a Markdown editor with a
// toolbar and shortcuts. A fragment pasted from Google Docs arrives with its headings, list and
// link; a picture goes into the article where the cursor is, once it is said what it shows (an
// empty answer is refused). Nothing is lost: a new post typed and the tab closed is there when
// the editor opens again; a draft is saved a few seconds after typing stops ("Saved 10:42"),
// and another member's save meanwhile still refuses it. A new post is published in one step
// after one question. axe finds nothing at 390 and 1440 px, light and dark; a keyboard alone
// does all of it.
import sharp from "sharp";
import { expect, hydrated } from "./hydration.ts";
import { BODY, expectAccessible, fillSettings, staffConsole, test } from "./staff-helpers.ts";
import { screenshots } from "./page-checks.ts";
import type { Page } from "@playwright/test";

const { at } = staffConsole;

const unique = () => `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;

/** The article as the form posts it (the textarea the editor writes to). */
const article = (page: Page) => page.locator('textarea[name="body"]');
/** The article's editor (CodeMirror's content, named by the field's label). */
const editor = (page: Page) => page.getByRole("textbox", { name: "The article, in Markdown" });

/** The editor's page, hydrated and with its editor loaded. */
async function open(page: Page, path: string) {
  await page.goto(at(path));
  await hydrated(page);
  // The toolbar comes with the editor, the textarea hidden then.
  await expect(page.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
  await expect(editor(page)).toBeVisible();
}

/** A fragment as Google Docs puts it on the clipboard: one <b> around it all, styled spans. */
const DOCS_HTML = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-5e1"><h2 dir="ltr"><span style="font-size:16pt;font-family:Arial;color:#000000;">Where customers look first</span></h2><p dir="ltr"><span style="font-family:Arial;">They look on a </span><span style="font-weight:700;">phone</span><span style="font-family:Arial;">, in </span><span style="font-style:italic;">seconds</span><span>.</span></p><ul style="margin-top:0;"><li dir="ltr" style="list-style-type:disc;"><p dir="ltr"><span>The map</span></p></li><li dir="ltr"><p dir="ltr"><span>The opening hours</span></p></li></ul><p dir="ltr"><a href="https://www.google.com/url?q=https://techspark.ng/contact&amp;sa=D&amp;ust=1"><span style="color:#1155cc;text-decoration:underline;">Ask us how</span></a></p></b><style>.c1{color:red}</style><script>document.title="pasted"</script>`;

/** Pastes `html` (as text/html, with its plain text) where the editor's cursor is. */
async function pasteHtml(page: Page, html: string, text: string) {
  await editor(page).evaluate(
    (element, [html, text]) => {
      const data = new DataTransfer();
      data.setData("text/html", html!);
      data.setData("text/plain", text!);
      element.dispatchEvent(
        new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
      );
    },
    [html, text],
  );
}

test.describe("the article's editor", () => {
  test("a Docs fragment pasted keeps its heading, list, link and emphasis; styles and scripts go", async ({
    page,
    member,
  }) => {
    void member;
    await open(page, "/admin/posts/new");
    await editor(page).click();
    await page.keyboard.type("The opening paragraph.");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await pasteHtml(page, DOCS_HTML, "Where customers look first They look on a phone, in seconds.");
    await expect(article(page)).toHaveValue(
      [
        "The opening paragraph.",
        "",
        "## Where customers look first",
        "",
        "They look on a **phone**, in *seconds*.",
        "",
        "- The map",
        "- The opening hours",
        "",
        "[Ask us how](https://techspark.ng/contact)",
      ].join("\n"),
    );
    expect(await page.title()).not.toBe("pasted");
    // What was pasted is in the live preview as the page will show it.
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    const preview = page.getByRole("region", { name: /^Preview/ });
    await expect(preview.getByText(/^Not shown: /)).toBeVisible();
  });

  test("the toolbar and the shortcuts write Markdown, from the keyboard alone", async ({ page, member }) => {
    void member;
    await page.setViewportSize({ width: 1440, height: 900 });
    await open(page, "/admin/posts/new");
    // Keyboard only: Tab from the title reaches the toolbar, then the article.
    await page.getByLabel(/^Title/).focus();
    await page.keyboard.type("A title typed from the keyboard");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Bold" })).toBeFocused();
    // The toolbar is one stop: the arrows move along it.
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("button", { name: "Italic" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(editor(page)).toBeFocused();
    await page.keyboard.type("Open ");
    await page.keyboard.press("ControlOrMeta+b");
    await page.keyboard.type("every day");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.type(" of the week");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Where we are");
    await page.keyboard.press("ControlOrMeta+Alt+2");
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Kubwa");
    await page.keyboard.press("ControlOrMeta+Shift+8");
    await expect(article(page)).toHaveValue("Open **every day** of the week\n## Where we are\n- Kubwa");
    // The toolbar from the keyboard: Shift+Tab back to it, the arrows to Quote, Enter.
    await page.keyboard.press("Shift+Tab");
    await expect(page.getByRole("button", { name: "Italic" })).toBeFocused();
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("button", { name: "Quote" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(article(page)).toHaveValue("Open **every day** of the week\n## Where we are\n> Kubwa");
    // A link: the address is selected, to be typed over.
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Write to us");
    await page.keyboard.press("Shift+Home");
    await page.keyboard.press("ControlOrMeta+k");
    await page.keyboard.type("/contact");
    await expect(article(page)).toHaveValue(
      "Open **every day** of the week\n## Where we are\n> Kubwa\n[Write to us](/contact)",
    );
    // On to what the article must have, and the settings beside it, by Tab.
    await page.keyboard.press("Tab");
    await expect(page.getByText("What the article must have")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByLabel(/^Address/)).toBeFocused();
  });

  test("a picture goes into the article with what it shows; without those words it is refused", async ({
    page,
    member,
  }) => {
    test.setTimeout(90_000);
    void member;
    const photo = await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 120, b: 40 } },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    await open(page, "/admin/posts/new");
    await editor(page).click();
    await page.keyboard.type("Before the picture.");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.keyboard.type("After the picture.");
    // The cursor back at the blank line between the two paragraphs.
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Home");
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Insert a picture" }).click();
    await (await chooser).setFiles({ name: "shop-front.jpg", mimeType: "image/jpeg", buffer: photo });
    const alt = page.getByLabel(/^What the picture shows/);
    await expect(alt).toBeFocused();
    // No words: refused, with what to do.
    await page.keyboard.press("Enter");
    await expect(page.getByText(/^Say what the picture shows/)).toBeVisible();
    await expect(alt).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);
    await alt.fill("The shop's front in Kubwa, its hours painted on the door");
    await page.getByRole("button", { name: "Insert the picture" }).click();
    await expect(article(page)).toHaveValue(
      /^Before the picture\.\n\n!\[The shop's front in Kubwa, its hours painted on the door\]\(\/media\/u\/[0-9a-f]{16}\)\n\nAfter the picture\.$/,
      { timeout: 60_000 },
    );
    await expect(page.getByText(/^The picture is in the article/)).toBeVisible();
    // The upload is also offered in the picture fields.
    const name = /u\/[0-9a-f]{16}/.exec(await article(page).inputValue())![0];
    await expect(page.getByLabel(/^List picture/).locator(`option[value="${name}"]`)).toHaveCount(1);
  });
});

test.describe("nothing lost", () => {
  test("a new post typed and the tab closed is there when the editor opens again", async ({
    page,
    member,
    context,
  }) => {
    void member;
    const u = unique();
    await open(page, "/admin/posts/new");
    await page.getByLabel(/^Title/).fill(`Typed and never saved ${u}`);
    await editor(page).click();
    await page.keyboard.type(`A paragraph that must not be lost ${u}.`);
    // Kept on the device a moment after the last key; the tab closed without saving.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("techspark:post-draft:new") ?? ""))
      .toContain(`must not be lost ${u}`);
    await page.close();

    const again = await context.newPage();
    await open(again, "/admin/posts/new");
    await expect(again.getByLabel(/^Title/)).toHaveValue(`Typed and never saved ${u}`);
    await expect(article(again)).toHaveValue(`A paragraph that must not be lost ${u}.`);
    await expect(editor(again)).toHaveText(`A paragraph that must not be lost ${u}.`);
    await expect(again.getByText(/^Put back from this device: what you wrote at \d\d:\d\d/)).toBeVisible();

    // Saved as a draft: the device's copy goes, and a new post starts empty again.
    await fillSettings(again, `Typed and never saved ${u}`, `typed-${u}`);
    await editor(again).click();
    await again.keyboard.press("ControlOrMeta+a");
    await again.keyboard.press("Delete");
    await again.keyboard.insertText(BODY);
    await again.getByRole("button", { name: "Save the draft" }).click();
    await expect(again.getByRole("status")).toHaveText("Saved as a draft. The preview shows it.");
    await expect
      .poll(() => again.evaluate(() => localStorage.getItem("techspark:post-draft:new")))
      .toBeNull();
    await open(again, "/admin/posts/new");
    await expect(again.getByLabel(/^Title/)).toHaveValue("");
  });

  test("a draft is saved a few seconds after typing stops; another member's save still refuses it", async ({
    page,
    member,
    context,
    browser,
  }) => {
    test.setTimeout(60_000);
    void member;
    const u = unique();
    await open(page, "/admin/posts/new");
    await fillSettings(page, `A draft saved as it is written ${u}`, `saved-as-written-${u}`);
    await editor(page).click();
    await page.keyboard.insertText(BODY);
    await page.getByRole("button", { name: "Save the draft" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved as a draft. The preview shows it.");
    const url = new URL(page.url()).pathname;
    await expect(page.getByText("(revision 1)")).toBeVisible();
    await expect(editor(page)).toBeVisible();

    // Typed, then nothing: saved without a button, and said so once.
    await editor(page).click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type(" Written after the first save.");
    const note = page.locator("[data-draft-note]");
    await expect(note).toHaveText(/^Saved \d\d:\d\d$/, { timeout: 10_000 });
    // Another member's browser: the session's cookie alone (nothing this device kept).
    const elsewhere = await browser.newContext({
      storageState: { cookies: (await context.storageState()).cookies, origins: [] },
    });
    const other = await elsewhere.newPage();
    await open(other, url);
    await expect(other.getByText("(revision 2)")).toBeVisible();
    await expect(article(other)).toHaveValue(/Written after the first save\.$/);

    // The other tab saves (a new title); this one, typing on from revision 2, is refused.
    await other.getByLabel(/^Title/).fill(`The other tab's title ${u}`);
    await other.getByRole("button", { name: "Save the draft" }).click();
    await expect(other.getByRole("status")).toHaveText("Saved. The preview is up to date.");
    await page.keyboard.type(" And more.");
    await expect(note).toHaveText(/^Not saved: .* saved this post while you were writing\./, {
      timeout: 10_000,
    });
    // Nothing overwritten: the other tab's title stands; this tab's text is still in its form.
    await open(other, url);
    await expect(other.getByLabel(/^Title/)).toHaveValue(`The other tab's title ${u}`);
    await expect(article(other)).not.toHaveValue(/And more\.$/);
    await expect(article(page)).toHaveValue(/And more\.$/);
    // Save, pressed: refused as before, theirs shown beside the writer's own.
    await page.getByRole("button", { name: "Save the draft" }).click();
    await expect(page.getByRole("status")).toContainText("saved this post while you were editing it");
    await expect(page.getByRole("region", { name: /^Their version/ })).toContainText(
      `The other tab's title ${u}`,
    );
    await expect(article(page)).toHaveValue(/And more\.$/);
    await elsewhere.close();
  });

  test("Save pressed while an autosave is on its way waits for it: the writer's own autosave never refuses it", async ({
    page,
    member,
  }) => {
    test.setTimeout(60_000);
    void member;
    const u = unique();
    await open(page, "/admin/posts/new");
    await fillSettings(page, `A draft saved and published at once ${u}`, `saved-and-published-${u}`);
    await editor(page).click();
    await page.keyboard.insertText(BODY);
    await page.getByRole("button", { name: "Save the draft" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved as a draft. The preview shows it.");
    const id = Number(/\/admin\/posts\/(\d+)/.exec(page.url())![1]);
    await expect(editor(page)).toBeVisible();

    // A slow network: the server has the autosave, its answer takes a while to come back, and
    // Save is pressed meanwhile.
    let autosaves = 0;
    await page.route(`**/admin/posts/${id}*`, async (route) => {
      if (route.request().method() !== "POST" || !route.request().postData()?.includes("autosave"))
        return route.continue();
      autosaves++;
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.fulfill({ response });
    });
    const autosave = page.waitForRequest(
      (r) => r.method() === "POST" && (r.postData() ?? "").includes("autosave"),
      { timeout: 15_000 },
    );
    await editor(page).click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type(" Written just before it was published.");
    await autosave;
    await page.getByRole("button", { name: "Save and publish" }).click();
    await expect(page.getByRole("status")).toHaveText("Published: it is on the blog now.", {
      timeout: 10_000,
    });
    expect(autosaves).toBe(1);
    const shown = await page.request.get(at(`/blog-single-sidebar/${id}`));
    expect(shown.status()).toBe(200);
    expect(await shown.text()).toContain("Written just before it was published.");
  });
});

test("a new post is published in one step, after one question", async ({ page, member }) => {
  void member;
  const u = unique();
  const title = `Published straight from a new post ${u}`;
  await open(page, "/admin/posts/new");
  await fillSettings(page, title, `published-straight-${u}`);
  await editor(page).click();
  await page.keyboard.insertText(BODY);
  await page.getByRole("button", { name: "Publish…" }).click();
  const question = page.getByRole("region", { name: "Publish this post?" });
  await expect(question.getByRole("heading")).toBeFocused();
  // Not yet: nothing is sent, the focus goes back.
  await question.getByRole("button", { name: "Not yet" }).click();
  await expect(question).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Publish…" })).toBeFocused();
  await page.getByRole("button", { name: "Publish…" }).click();
  await page
    .getByRole("region", { name: "Publish this post?" })
    .getByRole("button", { name: "Publish" })
    .click();
  await expect(page.getByRole("status")).toHaveText("Published: it is on the blog now.");
  await expect(page.getByText("Published", { exact: true })).toBeVisible();
  const id = Number(/\/admin\/posts\/(\d+)/.exec(page.url())![1]);
  const shown = await page.request.get(at(`/blog-single-sidebar/${id}`));
  expect(shown.status()).toBe(200);
  expect(await shown.text()).toContain(title);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a new post asks once and is published; every field is on the page in one column", async ({
    page,
    member,
  }) => {
    void member;
    const u = unique();
    const title = `Published without JavaScript ${u}`;
    await page.goto(at("/admin/posts/new"));
    await expect(page.getByRole("button", { name: "Settings" })).toHaveCount(0);
    await fillSettings(page, title, `published-no-script-${u}`);
    await page.getByLabel("The article, in Markdown").fill(BODY);
    await page.getByRole("button", { name: "Publish…" }).click();
    await page
      .getByRole("region", { name: "Publish this post?" })
      .getByRole("button", { name: "Publish" })
      .click();
    await expect(page.getByRole("status")).toHaveText("Published: it is on the blog now.");
    const id = Number(/\/admin\/posts\/(\d+)/.exec(page.url())![1]);
    expect((await page.request.get(at(`/blog-single-sidebar/${id}`))).status()).toBe(200);
  });
});

test("the editor at 1440 and 390 px, light and dark: axe finds nothing; on a phone the settings fold", async ({
  page,
  member,
}) => {
  test.setTimeout(120_000);
  void member;
  const u = unique();
  await page.setViewportSize({ width: 1440, height: 900 });
  await open(page, "/admin/posts/new");
  await fillSettings(page, `A post seen at two widths ${u}`, `two-widths-${u}`);
  await editor(page).click();
  await page.keyboard.insertText(BODY);
  // Beside the article on a wide screen: the settings' panel is on its right.
  const settings = page.getByRole("region", { name: "Settings" });
  const [articleBox, settingsBox] = [await editor(page).boundingBox(), await settings.boundingBox()];
  expect(settingsBox!.x).toBeGreaterThan(articleBox!.x + articleBox!.width);
  await expectAccessible(page);
  await screenshots(page, "editor-new-1440");
  await page.getByRole("button", { name: "Save the draft" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved as a draft. The preview shows it.");
  await expect(editor(page)).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "editor-post-1440");

  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, new URL(page.url()).pathname);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Folded on a phone: the title and the article first, the settings a button away.
  const toggle = page.getByRole("button", { name: "Settings" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByLabel(/^Address/)).toBeHidden();
  await expectAccessible(page);
  await screenshots(page, "editor-post-390");
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByLabel(/^Address/)).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "editor-post-390-settings");
  // A problem in a folded setting: Save opens the settings and puts the focus on it.
  await page.getByLabel(/^Excerpt/).fill("Too short.");
  await toggle.click();
  await expect(page.getByLabel(/^Excerpt/)).toBeHidden();
  await page.getByRole("button", { name: "Save the draft" }).click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByLabel(/^Excerpt/)).toBeFocused();
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  await expect(page.getByRole("region", { name: /^Preview/ })).toBeVisible();
  await expectAccessible(page);
});
