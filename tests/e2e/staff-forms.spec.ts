// The console's forms in the browser (issue 26): the passkey buttons are offered only once the
// page's script can run them (and without JavaScript the page says passkeys need it); a second
// tab where "Send now" is refused shows the issue as it now is; "Send a test" has a limit, said
// in words; an issue of 12,000 × "é" is saved, with and without JavaScript. The per-session form
// token itself is swept on every action in tests/hostile/console-forms.test.ts.
import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./hydration.ts";
import { consoleServer, expectAccessible } from "./staff-helpers.ts";
import { openDatabase } from "../../server/db/index.ts";
import { insertSubscriber } from "../../server/newsletter/testing/subscribers.ts";

test.describe.configure({ mode: "serial" });
test.use({ reducedMotion: "reduce" });

const { at, signUp, dataDir, inviteLink, smtp } = consoleServer("e2e-forms-");

test.beforeAll(async () => {
  const db = await openDatabase({ dataDir: dataDir() });
  try {
    await insertSubscriber(db.kysely, "ada@example.com", "subscribed", Date.now() - 86_400_000);
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
  await page.goto(at("/admin"), { waitUntil: "domcontentloaded" });
  const signIn = page.getByRole("button", { name: "Sign in with a passkey" });
  await expect(signIn).toBeDisabled();
  await expect(page.getByRole("status").filter({ hasText: "Getting the sign-in ready…" })).toBeVisible();
  await page.waitForTimeout(500); // well past the 160 ms of the report: still not offered
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
}) => {
  test.setTimeout(90_000);
  await signUp(page, "amina@techspark.ng", "Amina Bello");
  const url = await newIssue(page, "December at TechSpark");

  // The second tab opened the issue and asked to send it, but has not confirmed yet.
  const second = await page.context().newPage();
  await second.goto(url);
  await second.getByRole("button", { name: "Send to 1 subscriber" }).click();
  await expect(second.getByRole("button", { name: "Send now" })).toBeVisible();

  // Meanwhile the first tab sends it.
  await page.getByRole("button", { name: "Send to 1 subscriber" }).click();
  await page.getByRole("button", { name: "Send now" }).click();
  await expect(page.getByRole("status")).toContainText("Sending to 1 subscriber");

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

test("Send a test: three in ten minutes, then a message saying when the next can go", async ({ page }) => {
  const mailbox = smtp();
  await signUp(page, "kemi@techspark.ng", "Kemi Ade");
  await newIssue(page, "Tests of January");
  const tests = () => mailbox.received.filter((m) => m.envelopeTo.includes("kemi@techspark.ng")).length;
  const before = tests();
  const button = page.getByRole("button", { name: "Send a test to kemi@techspark.ng" });
  /** One press, and the server's answer to it. */
  const press = () =>
    Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/newsletter/")),
      button.click(),
    ]);
  for (let i = 0; i < 3; i++) {
    await press();
    await expect(page.getByRole("status")).toHaveText("A test is on its way to kemi@techspark.ng.");
  }
  await press();
  await expect(page.getByRole("status")).toHaveText(
    /^That is enough tests of this issue for now \(3 in 10 minutes, 10 a day\): the next can go at \d{1,2}:\d{2}/,
  );
  await expect(page.getByRole("status")).toHaveClass(/text-danger/);
  await expect.poll(tests, { timeout: 15_000 }).toBe(before + 3);
  await page.waitForTimeout(1000);
  expect(tests()).toBe(before + 3);
});

test("an issue of 12,000 × é is saved, with and without JavaScript; past 20,000 characters the field says so", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signUp(page, "obi@techspark.ng", "Obi Nnamdi");
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
