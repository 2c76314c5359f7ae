// The site's content in the console (Content), one content type at a time: the FAQ. A member
// changes a question and sees the change in the preview as it types, before saving (without
// JavaScript: with Preview); publishes it, and /faq
// and the home page show it on this instance and on a second one reading the same database within
// a second; loads an older revision and publishes it again; unpublishes it. From the keyboard
// alone at 390 px a new question is written with mistakes, told what to fix, published, moved up
// the list and deleted. Every page passes axe in light and dark.
import { expect, hydrated } from "./hydration.ts";
import { expectAccessible, keyboardTo, pageHolds, shownWithin, staffConsole, test } from "./staff-helpers.ts";
import { screenshots } from "./page-checks.ts";
import { contentTypes } from "../../app/content-types/index.ts";
import { faqType } from "../../app/content-types/faq/type.ts";

const { at } = staffConsole;

/** A unique, plain question (no characters HTML would escape). */
const unique = (words: string) => `${words} ${Date.now().toString(36)}?`;

test("change a question, preview it, publish it: /faq and the home page show it on both instances within a second; an older revision comes back; unpublished it is gone", async ({
  page,
  member,
}) => {
  test.setTimeout(120_000);
  void member;
  const second = await staffConsole.secondInstance();
  try {
    const featured = faqType.seed.find((f) => f.featured)!;
    await page.goto(at("/admin/content"));
    await expectAccessible(page);
    // Every kind of content, the blog's posts first: their own editor, their counts.
    const kinds = page.getByRole("list", { name: "Kinds of content" }).getByRole("article");
    await expect(kinds).toHaveCount(contentTypes.length + 1);
    await expect(kinds.first().getByRole("link", { name: "Blog posts" })).toHaveAttribute(
      "href",
      "/admin/posts",
    );
    await expect(kinds.first()).toContainText(/\d+ on the site · \d+ in draft · shown on \/blog-standard/);
    await screenshots(page, "content-kinds", { fullPage: true });
    await page.getByRole("link", { name: "Questions and answers" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Questions and answers" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: featured.question }).click();
    await expect(page.getByRole("heading", { level: 1, name: featured.question })).toBeVisible();
    await hydrated(page);
    await expectAccessible(page);

    const question = unique("How quickly can TechSpark start on a new website");
    // The preview follows the form as one types, before anything is saved.
    await page.getByLabel("Question", { exact: true }).fill(question);
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview.getByText(question)).toBeVisible();
    await expect(preview).toContainText("The form as it is now");
    // An answer left empty: the preview waits, saying why.
    const answer = page.getByLabel("Answer", { exact: true });
    const answerText = await answer.inputValue();
    await answer.fill("");
    await expect(preview).toContainText("once every field is filled in");
    await answer.fill(answerText);
    await expect(preview.getByText(question)).toBeVisible();
    await screenshots(page, "content-editor", { fullPage: true });
    // Nothing changed on the site yet.
    expect(await pageHolds(at("/faq"), question, false)).toBe(true);

    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("status")).toHaveText("Updated: the site shows it now.");
    const published = Date.now();
    await shownWithin(published, 1_000, async () => {
      for (const base of [at(""), second.url])
        for (const path of ["/faq", "/"]) {
          const answer = await pageHolds(`${base}${path}`, question);
          if (answer !== true) return answer;
        }
      return true;
    });

    // The seeded revision, loaded into the form and published again.
    await page.getByRole("link", { name: "Load into the form: revision 1" }).click();
    await expect(page.getByRole("status")).toHaveText(/^Revision 1 is in the form/);
    await expect(page.getByLabel("Question", { exact: true })).toHaveValue(featured.question);
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("status")).toHaveText("Updated: the site shows it now.");
    const restored = Date.now();
    await shownWithin(restored, 1_000, () => pageHolds(`${second.url}/faq`, question, false));

    await page.getByRole("button", { name: "Unpublish" }).click();
    await expect(page.getByRole("status")).toHaveText(/^Unpublished/);
    const unpublished = Date.now();
    await shownWithin(unpublished, 1_000, () => pageHolds(`${second.url}/faq`, featured.question, false));
    await expect(page.getByText("Draft: only the console sees it")).toBeVisible();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText("Published: the site shows it now.");
    const revisions = page.getByRole("region", { name: "Revisions" }).getByRole("listitem");
    await expect(revisions.filter({ hasText: "Revision 5" })).toContainText("published by sade@");
    await expect(revisions.filter({ hasText: "Revision 4" })).toContainText("unpublished by sade@");
    await expect(revisions.filter({ hasText: "Revision 3" })).toContainText("saved by sade@");
  } finally {
    await second.stop();
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Preview shows the form as the site would, saving nothing; Save keeps a draft the site does not show", async ({
    page,
    member,
  }) => {
    void member;
    await page.goto(at("/admin/content/faq/new"));
    const question = unique("Can a website take payments by bank transfer");
    await page.getByLabel("Question", { exact: true }).fill(question);
    await page
      .getByLabel("Answer", { exact: true })
      .fill("Yes: the order page shows our account, and the order waits until the transfer arrives.");
    await page.getByLabel("Short name").fill(`bank-transfer-${Date.now().toString(36)}`);
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("status")).toHaveText(/nothing is saved yet/);
    await expect(page.getByRole("region", { name: "Preview" }).getByText(question)).toBeVisible();
    // Nothing was kept: the list does not have it.
    expect(await (await page.request.get(at("/admin/content/faq"))).text()).not.toContain(question);
    await page.getByRole("button", { name: "Save as a draft" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved as a draft: the site does not show it yet.");
    await expect(page.getByText("Draft: only the console sees it")).toBeVisible();
    expect(await pageHolds(at("/faq"), question, false)).toBe(true);
    // Deleted after the second step, without script too (the worker's other tests count on the
    // list holding only what they made).
    await page.getByRole("button", { name: "Delete…" }).click();
    await page.getByRole("button", { name: "Delete it", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText(/^Deleted “bank-transfer-/);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("from the keyboard alone: a new question is told what to fix, published, moved up, then deleted", async ({
    page,
    member,
  }) => {
    test.setTimeout(90_000);
    void member;
    await page.goto(at("/admin/content/faq/new"));
    await hydrated(page);
    await expectAccessible(page);

    const question = unique("Do you build websites in Hausa and Yoruba too");
    await keyboardTo(page, "Question");
    await page.keyboard.type("Hausa sites");
    await keyboardTo(page, "Answer");
    await page.keyboard.type("Yes.");
    await keyboardTo(page, "Short name");
    await page.keyboard.type("Hausa Sites");
    await keyboardTo(page, "Publish");
    await page.keyboard.press("Enter");
    // The browser's check: the key's letters; the server's: the question mark, the answer's length.
    await expect(page.locator("#field-id-error")).toHaveText("Lower-case letters, digits and dashes only.");
    await expect(page.getByLabel("Short name")).toBeFocused();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(`hausa-sites-${Date.now().toString(36)}`);
    await keyboardTo(page, "Publish");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toHaveText("Please correct the highlighted fields.");
    await expect(page.locator("#field-question-error")).toHaveText('End it with "?".');
    await expect(page.locator("#field-answer-error")).toHaveText("Paragraph 1: at least 20 characters.");
    await expectAccessible(page);
    await screenshots(page, "content-new-phone", { fullPage: true });

    await page.getByLabel("Question", { exact: true }).focus();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(question);
    await keyboardTo(page, "Answer");
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Yes: we write and test every page with native speakers before it goes live.");
    await keyboardTo(page, "Publish");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toHaveText("Published: the site shows it now.");
    await expect(page.getByRole("heading", { level: 1, name: question })).toBeVisible();
    const published = Date.now();
    await shownWithin(published, 1_000, () => pageHolds(at("/faq"), question));
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Last on the list; one place up from the keyboard, and the focus stays on it.
    await keyboardTo(page, /^All questions and answers$/);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Questions and answers" })).toBeVisible();
    await hydrated(page);
    const items = page.getByRole("list", { name: "Questions and answers" }).getByRole("listitem");
    await expect(items.last()).toContainText(question);
    // The question it moves above (published, as the list shows).
    const above = (await items.nth(-2).getByRole("heading").getByRole("link").textContent())!;
    await expect(items.nth(-2)).toContainText("Published");
    await keyboardTo(page, `Move “${question}” up`);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main").getByRole("status")).toHaveText(
      "Moved up: the site shows the new order.",
    );
    await expect(items.nth(-2)).toContainText(question);
    await expect(page.getByRole("button", { name: `Move “${question}” up` })).toBeFocused();
    await expectAccessible(page);
    await screenshots(page, "content-list-phone");
    await shownWithin(Date.now(), 1_000, async () => {
      const html = await (await fetch(at("/faq"))).text();
      return html.indexOf(question) < html.indexOf(above) ? true : `not moved above “${above}”`;
    });

    // Deleted after a second step.
    await page.getByRole("link", { name: question }).click();
    await hydrated(page);
    await keyboardTo(page, "Delete…");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: `Delete “${question}”?` })).toBeVisible();
    await page.getByRole("button", { name: "Delete it", exact: true }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(/^Deleted “hausa-sites-/);
    await shownWithin(Date.now(), 1_000, () => pageHolds(at("/faq"), question, false));
  });
});

test("a stranger, and a post without the session's token, change nothing", async ({
  page,
  member,
  request,
}) => {
  void member;
  // No session: the sign-in page, never the data.
  const anonymous = await request.get(at("/admin/content/faq"), { maxRedirects: 0 });
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.text()).not.toContain(faqType.seed[0]!.question);
  // Signed in, but a post without the form's token (as another site's page would send): 403.
  await page.goto(at("/admin/content/faq"));
  const refused = await page.request.post(at("/admin/content/faq"), {
    form: { intent: "down", key: faqType.seed[0]!.id },
    headers: { Origin: new URL(at("")).origin },
  });
  expect(refused.status()).toBe(403);
  // No such type, no such item: 404.
  expect((await page.request.get(at("/admin/content/nothing"))).status()).toBe(404);
  expect((await page.request.get(at("/admin/content/faq/no-such-question"))).status()).toBe(404);
});

// The editors are made of one component per kind of field (a line, rows, a picture's choice with
// its frame's upload…) and their previews of the site's own components (swept on the site's
// pages, routes.spec.ts). So the types whose editors hold every kind of field between them, the
// fewest (chosen from the declarations: a new kind of field brings its type in), pass axe in
// light and dark with their preview shown. What a change does on the site, for every type:
// tests/pages/content-types.test.ts.
const fieldKinds = (type: (typeof contentTypes)[number]) =>
  new Set(
    type.fields.flatMap((f) => [
      f.kind === "choice" && f.frame ? "choice-with-frame" : f.kind,
      ...(f.kind === "rows" ? f.fields.map((r) => `row-${r.kind}`) : []),
    ]),
  );
function coveringTypes() {
  const left = new Set(contentTypes.flatMap((t) => [...fieldKinds(t)]));
  const chosen: (typeof contentTypes)[number][] = [];
  while (left.size > 0) {
    const best = [...contentTypes].sort(
      (a, b) =>
        [...fieldKinds(b)].filter((k) => left.has(k)).length -
        [...fieldKinds(a)].filter((k) => left.has(k)).length,
    )[0]!;
    chosen.push(best);
    for (const k of fieldKinds(best)) left.delete(k);
  }
  return chosen;
}
for (const type of coveringTypes()) {
  test(`${type.label}: the editor and its preview are accessible`, async ({ page, member }) => {
    void member;
    const first = type.item.parse(type.seed[0]);
    await page.goto(at(`/admin/content/${type.name}`));
    await expect(page.getByRole("heading", { level: 1, name: type.label })).toBeVisible();
    await expectAccessible(page);
    await page
      .getByRole("link", { name: type.title(first), exact: true })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await hydrated(page);
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("status")).toHaveText(/nothing is saved yet/);
    await expect(page.getByRole("region", { name: "Preview" })).toBeVisible();
    await expectAccessible(page);
  });
}
