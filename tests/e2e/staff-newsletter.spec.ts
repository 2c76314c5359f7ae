// The newsletter in the console, as the marketing team uses it: a member signed in with a passkey
// writes an issue in Markdown (the form's own checks first), previews it as the e-mail, sends a
// test to themselves, then sends it to every confirmed subscriber; the page follows the progress,
// and the SMTP server on loopback receives one e-mail per subscriber, each with its unsubscribe
// headers, and nothing for anyone unconfirmed. A second send is refused. Without JavaScript a
// draft is written and saved too.
import AxeBuilder from "@axe-core/playwright";
import { expect, hydrated } from "./hydration.ts";
import { consoleToken, expectAccessible, staffConsole, test } from "./staff-helpers.ts";
import { openDatabase } from "../../server/db/index.ts";
import type { SubscriberState } from "../../server/newsletter/tables.ts";
import { insertSubscriber } from "../../server/newsletter/testing/subscribers.ts";

const { at, dataDir, smtp, subscribed } = staffConsole;

const SUBSCRIBERS: [string, SubscriberState][] = [
  ["ada@example.com", "subscribed"],
  ["bayo@example.com", "subscribed"],
  ["chi@example.com", "subscribed"],
  ["not.yet@example.com", "pending"],
  ["gone@example.com", "unsubscribed"],
];

test.beforeAll(async () => {
  const db = await openDatabase({ dataDir: dataDir() });
  try {
    let t = Date.now() - 86_400_000;
    for (const [email, state] of SUBSCRIBERS) {
      t += 1000;
      await insertSubscriber(db.kysely, email, state, t);
    }
  } finally {
    await db.close();
  }
});

/** The outbox's e-mails of an issue to subscribers (tests to staff are not counted). */
async function issueJobsOf(issueId: string) {
  const db = await openDatabase({ dataDir: dataDir() });
  try {
    return await db.kysely
      .selectFrom("mail_outbox")
      .select("state")
      .where("recordId", "like", `${issueId}~s:%`)
      .execute();
  } finally {
    await db.close();
  }
}

const FRAME = 'iframe[title="The e-mail"]';

const BODY = [
  "## Our November projects",
  "",
  "We built a **booking system** for a clinic in Kubwa. [Read the story](https://techspark.ng/blog-single/1).",
  "",
  "<script>alert('x')</script>",
].join("\n");

test("write an issue, preview it, test it, send it to every confirmed subscriber once", async ({
  page,
  member,
}) => {
  test.setTimeout(120_000); // the pace of the send, four axe runs (and the worker's sign-up, if first)
  const mailbox = smtp();
  let dialogs = 0;
  page.on("dialog", (d) => {
    dialogs++;
    void d.dismiss();
  });
  await page.goto(at("/admin"));
  // Every confirmed subscriber on the worker's server: this file's three and other specs' ones.
  const n = await subscribed();
  const subscribers = (k: number) => `${k} ${k === 1 ? "subscriber" : "subscribers"}`;
  const issueMails = () =>
    mailbox.received.filter((m) => m.headers.get("subject") === "November at TechSpark");
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Newsletter" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Newsletter" })).toBeVisible();
  await page.getByRole("link", { name: "Write a new issue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "A new issue" })).toBeVisible();

  // The form's own checks: nothing is sent to the server until they pass.
  await page.getByRole("button", { name: "Save the draft" }).click();
  await expect(page.getByText("Please write a subject line.")).toBeVisible();
  await expect(page.getByLabel("Subject")).toBeFocused();
  await expect(page.getByText("Please write the issue.")).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Subject").fill("November at TechSpark");
  await page.getByLabel("The issue, in Markdown").fill(BODY);
  await page.getByRole("button", { name: "Save the draft" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved as a draft.");
  await expect(page.getByRole("heading", { level: 1, name: "November at TechSpark" })).toBeVisible();
  const issueUrl = page.url();

  // The preview is the e-mail: Markdown formatted, the script shown as text, an unsubscribe link.
  const preview = page.frameLocator(FRAME);
  await expect(preview.locator("strong", { hasText: "booking system" })).toBeVisible();
  // The site's link, tagged with the issue's campaign for the traffic page (issue 47).
  await expect(preview.getByRole("link", { name: "Read the story" })).toHaveAttribute(
    "href",
    "https://techspark.ng/blog-single/1?utm_source=newsletter&utm_medium=email&utm_campaign=november-at-techspark",
  );
  // (In the e-mail itself: its first words are also in the hidden line mail clients show as a preview.)
  await expect(preview.getByRole("article").getByText("<script>alert('x')</script>")).toBeVisible();
  await expect(preview.getByRole("link", { name: "Unsubscribe" })).toBeVisible();
  expect(dialogs).toBe(0);
  await expect(page.getByText(`${n} confirmed ${n === 1 ? "subscriber" : "subscribers"}.`)).toBeVisible();
  await expectAccessible(page, FRAME);
  // The e-mail itself, as a document of its own (WCAG; landmarks are a web page's practice).
  const email = await page.context().newPage();
  await email.setContent((await page.locator(FRAME).getAttribute("srcdoc")) ?? "");
  const { violations } = await new AxeBuilder({ page: email })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .withRules(["heading-order"])
    .analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  await email.close();

  // A test to the writer only.
  // (The member is the worker's: tests of other specs' issues may be in the mailbox already.)
  const trials = () =>
    mailbox.received.filter(
      (m) =>
        m.envelopeTo.includes(member.email) && m.headers.get("subject") === "[Test] November at TechSpark",
    );
  await page.getByRole("button", { name: `Send a test to ${member.email}` }).click();
  await expect(page.getByRole("status")).toHaveText(`A test is on its way to ${member.email}.`);
  await mailbox.waitFor(() => trials().length > 0);
  expect(trials()).toHaveLength(1);
  expect(trials()[0]!.envelopeTo).toEqual([member.email]);
  expect(issueMails()).toEqual([]);

  // Send: a confirming second press, from the keyboard.
  await page.getByRole("button", { name: `Send to ${subscribers(n)}` }).click();
  const confirm = page.getByRole("region", { name: `Send “November at TechSpark” to ${subscribers(n)}?` });
  await expect(confirm).toBeFocused();
  await confirm.getByRole("button", { name: "Send now" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText(
    `Sending to ${subscribers(n)}. You can leave this page: it goes on.`,
  );
  await expect(page.getByRole("button", { name: /Send to/ })).toHaveCount(0);
  await expect(page.getByLabel("Subject")).toHaveCount(0); // it can no longer change
  // The page follows the progress by itself.
  await expect(page.getByText(`Sent: ${n} of ${n} sent`)).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, FRAME);

  const toSubscribers = issueMails();
  expect(toSubscribers).toHaveLength(n);
  const ours = SUBSCRIBERS.map(([email]) => email);
  expect(
    toSubscribers
      .map((m) => m.envelopeTo[0]!)
      .filter((to) => ours.includes(to))
      .sort(),
  ).toEqual(["ada@example.com", "bayo@example.com", "chi@example.com"]);
  for (const mail of toSubscribers) {
    expect(mail.headers.get("subject")).toBe("November at TechSpark");
    expect(mail.headers.get("list-unsubscribe")).toMatch(
      /^<https:\/\/techspark\.ng\/newsletter\/unsubscribe\?token=[\w~.-]+>$/,
    );
    expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(mail.html).toContain("<strong>booking system</strong>");
    expect(mail.html).not.toContain("<script>");
  }

  // Pressing Send again (a stale tab, a forged post) sends nothing more.
  const again = await page.request.post(issueUrl, {
    form: { intent: "send-confirmed", "console-token": await consoleToken(page) },
    headers: { Origin: new URL(issueUrl).origin },
  });
  expect(again.status()).toBe(409);
  // The refusal came after the check: had it queued anything, the outbox would hold it now.
  expect(await issueJobsOf(new URL(issueUrl).pathname.split("/").pop()!)).toHaveLength(n);
  expect(issueMails()).toHaveLength(n);

  await page.getByRole("link", { name: "All issues" }).click();
  await expect(page.getByRole("article", { name: "November at TechSpark" })).toContainText(
    `Sent: ${n} of ${n} sent`,
  );
});

test("at 390 px and without JavaScript: a draft is written, corrected and saved", async ({
  browser,
  page,
  member: _signedInAs,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    reducedMotion: "reduce",
  });
  try {
    await context.addCookies(await page.context().cookies());
    const noJs = await context.newPage();
    await noJs.goto(at("/admin/newsletter/new"));
    await noJs.getByLabel("Subject").fill("Line one");
    await noJs.getByLabel("The issue, in Markdown").fill("x".repeat(10));
    await noJs.getByRole("button", { name: "Save the draft" }).click();
    await expect(noJs.getByRole("heading", { level: 1, name: "Line one" })).toBeVisible();
    await expect(noJs.getByRole("status")).toHaveText("Saved as a draft.");
    // The server's checks, in the same words, when the browser cannot check.
    await noJs.getByLabel("Subject").fill("");
    await noJs.getByRole("button", { name: "Save the draft" }).click();
    await expect(noJs.getByText("Please write a subject line.")).toBeVisible();
    await expect(noJs.getByRole("status")).toHaveText("Please correct the highlighted fields.");
    await noJs.getByLabel("Subject").fill("December plans");
    await noJs.getByRole("button", { name: "Save the draft" }).click();
    await expect(noJs.getByRole("heading", { level: 1, name: "December plans" })).toBeVisible();
  } finally {
    await context.close();
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(at("/admin/newsletter"));
  await hydrated(page);
  await expect(page.getByRole("article", { name: "December plans" })).toContainText("Draft");
  await page.getByRole("link", { name: "December plans" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "December plans" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
