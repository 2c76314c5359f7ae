// The console's forms in the browser (issue 26): the passkey buttons are offered only once the
// page's script can run them (and without JavaScript the page says passkeys need it); a second
// tab where "Send now" is refused shows the issue as it now is; "Send a test" has a limit, said
// in words; an issue of 12,000 × "é" is saved, with and without JavaScript. The per-session form
// token itself is swept on every action in tests/hostile/console-forms.test.ts.
import type { Page } from "@playwright/test";
import { expect, hydrated } from "./hydration.ts";
import { expectAccessible, staffConsole, test } from "./staff-helpers.ts";
import { openDatabase } from "../../server/db/index.ts";
import { insertSubscriber } from "../../server/newsletter/testing/subscribers.ts";

// One worker for the whole file: its tests share the records made once for it.
test.describe.configure({ mode: "serial" });

const { at, dataDir, inviteLink, smtp, subscribed } = staffConsole;

test.beforeAll(async () => {
  const db = await openDatabase({ dataDir: dataDir() });
  try {
    await insertSubscriber(db.kysely, "forms.reader@example.com", "subscribed", Date.now() - 86_400_000);
  } finally {
    await db.close();
  }
});

test("the passkey buttons are disabled until the page's script runs; without JavaScript the page says passkeys need it", async ({
  browser,
}) => {
  // The page's script held back: the server's HTML as a visitor sees it before it arrives.
  const context = await browser.newContext();
  const page = await context.newPage();
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.clock.install(); // the page's own timers, moved on below instead of waited for
  await page.goto(at("/admin"), { waitUntil: "domcontentloaded" });
  const signIn = page.getByRole("button", { name: "Sign in with a passkey" });
  await expect(signIn).toBeDisabled();
  await expect(page.getByRole("status").filter({ hasText: "Getting the sign-in ready…" })).toBeVisible();
  await page.clock.runFor(500); // well past the 160 ms of the report: still not offered
  await expect(signIn).toBeDisabled();
  // The status goes when the script arrives; what is below it stays where it was.
  const below = page.getByText("No passkey on this device");
  const top = async () => (await below.boundingBox())?.y;
  const before = await top();
  release();
  await hydrated(page);
  await expect(signIn).toBeEnabled();
  await expect(page.getByText("Getting the sign-in ready…")).toHaveCount(0);
  expect(await top()).toBe(before);
  await expectAccessible(page);
  await context.close();

  // Without JavaScript: the reason, and no button that looks as if it would work.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await plain.newPage();
  await noScript.goto(at("/admin"));
  // (Chromium's test mode turns scripts off after parsing: the <noscript> shows in a real
  // browser without JavaScript; here it is read from the page.)
  const says = (text: string) =>
    new RegExp(`<noscript>(?:(?!</noscript>)[^])*${text.replace(/[.:]/g, "\\$&")}`);
  expect(await noScript.content()).toMatch(
    says("Passkeys need JavaScript: please turn it on for this site to sign in."),
  );
  await expect(noScript.getByRole("button", { name: "Sign in with a passkey" })).toBeDisabled();
  await expect(noScript.getByText("Getting the sign-in ready…")).toBeHidden();
  await noScript.goto(await inviteLink("new.person@techspark.ng", "--name", "New Person"));
  expect(await noScript.content()).toMatch(
    says("Passkeys need JavaScript: please turn it on for this site to accept your invitation."),
  );
  await expect(noScript.getByText("Checking your invitation…")).toBeHidden();
  await plain.close();
});

/** The states of the outbox's test e-mails of an issue (one row per "Send a test" sent on). */
async function testJobsOf(issueId: string) {
  const db = await openDatabase({ dataDir: dataDir() });
  try {
    const rows = await db.kysely
      .selectFrom("mail_outbox")
      .select("state")
      .where("recordId", "like", `${issueId}~m:%`)
      .execute();
    return rows.map((r) => r.state);
  } finally {
    await db.close();
  }
}

/** A new draft written on the page; its address. */
async function newIssue(page: Page, subject: string, body = "Hello from TechSpark.") {
  await page.goto(at("/admin/newsletter/new"));
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("The issue, in Markdown").fill(body);
  await page.getByRole("button", { name: "Save the draft" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved as a draft.");
  return page.url().replace(/\?.*$/, "");
}

test("a second tab where Send is refused shows the issue as sent: no draft form, no send button", async ({
  page,
  member: _signedInAs,
}) => {
  test.setTimeout(90_000);
  const url = await newIssue(page, "December at TechSpark");
  // This spec's subscriber, and those of the other specs on the worker's server.
  const n = await subscribed();
  const sendTo = `Send to ${n} ${n === 1 ? "subscriber" : "subscribers"}`;

  // The second tab opened the issue and asked to send it, but has not confirmed yet.
  const second = await page.context().newPage();
  await second.goto(url);
  await second.getByRole("button", { name: sendTo }).click();
  await expect(second.getByRole("button", { name: "Send now" })).toBeVisible();

  // Meanwhile the first tab sends it.
  await page.getByRole("button", { name: sendTo }).click();
  await page.getByRole("button", { name: "Send now" }).click();
  await expect(page.getByRole("status")).toContainText(sendTo.replace("Send", "Sending"));

  await second.getByRole("button", { name: "Send now" }).click();
  await expect(second.getByRole("status")).toHaveText(
    "This issue was sent already: it can no longer change.",
  );
  // The page is the issue as it now is.
  await expect(second.getByRole("heading", { name: "Progress" })).toBeVisible();
  await expect(second.getByRole("heading", { name: "Edit" })).toHaveCount(0);
  await expect(second.getByRole("button", { name: /^Send/ })).toHaveCount(0);
  await expect(second.getByLabel("Subject")).toHaveCount(0);
  await second.close();
});

test("Send a test: three in ten minutes, then a message saying when the next can go", async ({
  page,
  member,
}) => {
  const mailbox = smtp();
  const issueId = new URL(await newIssue(page, "Tests of January")).pathname.split("/").pop()!;
  // This issue's tests (the member sends tests of other issues in other specs).
  const tests = () =>
    mailbox.received.filter(
      (m) => m.envelopeTo.includes(member.email) && m.headers.get("subject") === "[Test] Tests of January",
    ).length;
  const before = tests();
  const button = page.getByRole("button", { name: `Send a test to ${member.email}` });
  /** One press, and the server's answer to it. */
  const press = () =>
    Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/newsletter/")),
      button.click(),
    ]);
  for (let i = 0; i < 3; i++) {
    await press();
    await expect(page.getByRole("status")).toHaveText(`A test is on its way to ${member.email}.`);
  }
  await press();
  await expect(page.getByRole("status")).toHaveText(
    /^That is enough tests of this issue for now \(3 in 10 minutes, 10 a day\): the next can go at \d{1,2}:\d{2}/,
  );
  await expect(page.getByRole("status")).toHaveClass(/text-danger/);
  await expect.poll(tests, { timeout: 15_000 }).toBe(before + 3);
  // And no fourth on its way: the outbox holds the three tests of this issue, all sent.
  await expect.poll(() => testJobsOf(issueId)).toEqual(["sent", "sent", "sent"]);
  expect(tests()).toBe(before + 3);
});

test("an issue of 12,000 × é is saved, with and without JavaScript; past 20,000 characters the field says so", async ({
  page,
  browser,
  member: _signedInAs,
}) => {
  test.setTimeout(90_000);
  const url = await newIssue(page, "Éditions", "é".repeat(12_000));
  await expect(page.getByRole("heading", { level: 1, name: "Éditions" })).toBeVisible();
  // One character too many (pasted past the field's limit): the field's own message.
  await page.goto(url);
  await page.getByLabel("The issue, in Markdown").evaluate((el: HTMLTextAreaElement) => {
    el.removeAttribute("maxlength");
  });
  await page.getByLabel("The issue, in Markdown").fill("é".repeat(20_001));
  await page.getByRole("button", { name: "Save the draft" }).click();
  await expect(page.getByText("The issue can be at most 20,000 characters.")).toBeVisible();

  // Without JavaScript: a plain form post of 72 KB, once refused as "Request too large".
  const plain = await browser.newContext({ javaScriptEnabled: false });
  await plain.addCookies(await page.context().cookies());
  const noScript = await plain.newPage();
  await noScript.goto(at("/admin/newsletter/new"));
  await noScript.getByLabel("Subject").fill("Sans script");
  await noScript.getByLabel("The issue, in Markdown").fill("é".repeat(12_000));
  await noScript.getByRole("button", { name: "Save the draft" }).click();
  await expect(noScript.getByRole("status")).toHaveText("Saved as a draft.");
  await expect(noScript.getByRole("heading", { level: 1, name: "Sans script" })).toBeVisible();
  await plain.close();
});
