// Issue 26: whatever a visitor writes wraps and never widens a page. A comment, an enquiry, a
// subscriber and a newsletter issue, each with a 200-character link and a 60-character word
// (written through the repositories, as the forms would keep them), are shown at 390 px on both
// post layouts and on every console page that shows them: nothing scrolls sideways. Also: a
// draft stored with a body marked cannot render (block quotes 6,000 deep) still opens, page and
// data, with a message in place of the preview. The comment digest e-mail wraps them too, and the
// audit log's table keeps readable columns on a phone. Screenshots at 390 and 1440 px, light and dark,
// go to test-results/long-input/ to be looked at.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, hydrated } from "./hydration.ts";
import { staffConsole, test, CONSOLE_SECRET } from "./staff-helpers.ts";
import { openDatabase } from "../../server/db/index.ts";
import { createOutbox } from "../../server/mail/outbox.ts";
import { createContactRepository } from "../../server/contact/repository.ts";
import { createCommentRepository } from "../../server/comments/repository.ts";
import { createIssueStore } from "../../server/newsletter/issues.ts";
import { createStaffRepository } from "../../server/staff/repository.ts";
import { insertSubscriber } from "../../server/newsletter/testing/subscribers.ts";
import { commentDigest } from "../../server/comments/digest.ts";
import { createLinkSigner } from "../../server/mail/links.ts";
import type { Job } from "../../server/mail/outbox.ts";
import { seedDetails } from "../../server/mail/index.ts";

test.describe.configure({ mode: "serial" });

const { at, dataDir, staff } = staffConsole;
const SECRET = CONSOLE_SECRET;

const URL_200 = `https://example.com/notes/${"a1b2c3d4e5".repeat(18)}`.slice(0, 200);
const WORD_60 = "Supercalifragilisticexpialidocious".repeat(2).slice(0, 60);
const TEXT = `Please read ${URL_200} before we meet. ${WORD_60} indeed.`;
const NAME = `Ada ${WORD_60}`;
const EMAIL = `${WORD_60.toLowerCase()}@${"sub".repeat(20)}.example.com`;
const DEEP = "> ".repeat(6000) + "x";

let enquiryId = "";
let issueId = "";
let deepIssueId = "";

test.beforeAll(async () => {
  expect(URL_200).toHaveLength(200);
  expect(WORD_60).toHaveLength(60);
  const db = await openDatabase({ dataDir: dataDir() });
  try {
    const outbox = createOutbox(db);
    const now = Date.now();
    enquiryId = randomUUID();
    await createContactRepository(db, outbox).insert({
      id: enquiryId,
      createdAt: now,
      name: NAME,
      email: EMAIL,
      phone: "+234 803 555 0142",
      message: TEXT,
      clientHash: "0123456789abcdef",
      state: "waiting-for-transport",
    });
    const comments = createCommentRepository(db, outbox, SECRET);
    const comment = (body: string) => ({
      postId: 1,
      postTitle: "A post",
      parentId: null,
      name: NAME,
      email: "ada@example.com",
      body,
      client: "0a1b",
      spam: null,
    });
    // One shown on the post, one waiting in the console.
    const shown = await comments.write(comment(TEXT), now);
    await comments.moderate(shown.id, "approve", "shell", now);
    await comments.write(comment(`${TEXT} (waiting)`), now);
    await insertSubscriber(db.kysely, EMAIL, "subscribed", now);
    const issues = createIssueStore(db, outbox);
    issueId = (await issues.create({ subject: `News ${WORD_60}`, body: TEXT }, "shell", now)).id;
    // Stored as it could be before such bodies were refused.
    deepIssueId = (await issues.create({ subject: "Deep", body: DEEP }, "shell", now)).id;
  } finally {
    await db.close();
  }
});

async function noSidewaysScroll(page: Page, path: string, shows: string) {
  await page.goto(at(path));
  await hydrated(page);
  await expect(page.getByText(shows).first()).toBeAttached();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect({ path, width }).toEqual({ path, width: 390 });
}

async function screenshots(page: Page, name: string) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: `test-results/long-input/${name}-${width}-${colorScheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: null });
  await page.setViewportSize({ width: 390, height: 844 });
}

test("a long link and a long word wrap on both post layouts at 390 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/blog-single/1", "/blog-single-sidebar/1"]) {
    await noSidewaysScroll(page, path, WORD_60);
    await expect(page.getByRole("link", { name: URL_200 })).toBeVisible();
  }
  await page.getByRole("article", { name: `Comment by ${NAME}` }).scrollIntoViewIfNeeded();
  await screenshots(page, "post-sidebar");
});

test("a long link, word and address wrap on every console page that shows them, at 390 px", async ({
  page,
  member,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const pages: [string, string][] = [
    ["/admin", member.name],
    ["/admin/enquiries", NAME],
    [`/admin/enquiries/${enquiryId}`, URL_200],
    ["/admin/comments", NAME],
    ["/admin/subscribers", EMAIL],
    ["/admin/newsletter", WORD_60],
    [`/admin/newsletter/${issueId}`, WORD_60],
  ];
  for (const [path, shows] of pages) await noSidewaysScroll(page, path, shows);
  await screenshots(page, "issue");
  await page.goto(at(`/admin/enquiries/${enquiryId}`));
  await screenshots(page, "enquiry");
  await page.goto(at("/admin/comments"));
  await screenshots(page, "comments");
});

test("a draft whose Markdown cannot be rendered opens with a message, page and data", async ({
  page,
  member: _signedInAs,
}) => {
  const response = await page.goto(at(`/admin/newsletter/${deepIssueId}`));
  expect(response?.status()).toBe(200);
  await expect(page.getByText("This issue cannot be shown as an e-mail")).toBeVisible();
  await expect(page.getByRole("textbox", { name: /The issue, in Markdown/ })).toHaveValue(DEEP);
  const data = await page.request.get(at(`/admin/newsletter/${deepIssueId}.data`));
  expect(data.status()).toBe(200);
  // Nothing to send until it can be made into an e-mail, and the page says why.
  for (const name of [/Send a test/, /Send to \d+ subscriber/]) {
    const button = page.getByRole("button", { name });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(/cannot be sent until it can be made into an e-mail/);
  }
  // Saving it as it is: refused beside the body, naming the line.
  await page.getByRole("button", { name: "Save the draft" }).click();
  await expect(page.getByText(/Line 1 is nested 6000 levels deep/)).toBeVisible();
});

test("the comment digest e-mail wraps a long link, word and name at 390 px", async ({ page }) => {
  const now = Date.now();
  const comment = {
    id: randomUUID(),
    postId: 1,
    postTitle: `A post on ${WORD_60}`,
    parentId: null,
    name: NAME,
    email: "ada@example.com",
    body: `${URL_200}${URL_200} ${WORD_60}`,
    state: "pending",
    spamReason: null,
    bodyHash: "h",
    client: "0a1b",
    createdAt: now,
    updatedAt: now,
    moderatedAt: null,
    moderatedBy: null,
    moderationNonce: "nonce",
    digestId: "digest",
  };
  const mail = await commentDigest.render(
    { total: 1, comments: [comment] },
    {
      from: "site@techspark.ng",
      agency: "hello@techspark.ng",
      siteUrl: "https://techspark.ng",
      links: createLinkSigner(SECRET),
      details: seedDetails(),
      job: { createdAt: now } as Job,
      now,
    },
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await page.setContent(mail.html);
  await expect(page.getByText(WORD_60).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await screenshots(page, "comment-digest");
});

test("the audit log's table keeps its columns readable at 390 px: it scrolls, with the keyboard too", async ({
  page,
  owner,
}) => {
  // The rows other console pages write (ids, a long detail), whatever ran before on the worker's
  // server: beside them too (they widened the other columns), an address keeps its line.
  const db = await openDatabase({ dataDir: dataDir() });
  try {
    const store = createStaffRepository(db);
    const when = Date.now() - 60_000;
    for (const action of ["comment.approve", "comment.spam", "issue.created"])
      await store.audit({ at: when, actor: owner.email, action, subject: randomUUID(), detail: null });
    await store.audit({
      at: when,
      actor: owner.email,
      action: "issue.sent",
      subject: randomUUID(),
      detail: "1,200 subscribers, 60 a minute",
    });
  } finally {
    await db.close();
  }
  await staff("invite", "emeka@techspark.ng", "--owner", "--name", "Emeka Eze");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(at("/admin/audit"));
  // This test's own row, the invitation, names the address: on one line, not a letter a line.
  const row = page
    .getByRole("table", { name: "Audit log" })
    .getByRole("row")
    .filter({ hasText: "invited" })
    .filter({ hasText: "emeka@techspark.ng" });
  await expect(row).toHaveCount(1);
  const lines = await row.getByRole("cell", { name: "emeka@techspark.ng", exact: true }).evaluate((td) => {
    const range = document.createRange();
    range.selectNodeContents(td);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  expect(lines).toBe(1);
  const box = page.getByRole("region", { name: "Staff actions" });
  await box.focus();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => box.evaluate((e) => e.scrollLeft)).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await screenshots(page, "audit");
});
