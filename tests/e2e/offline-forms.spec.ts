// Forms that wait for the network (issue 48): with JavaScript, a contact message or a newsletter
// sign-up sent with no connection is kept on the phone (app/lib/outbox.ts), the visitor is told so
// and can copy or delete it, and it is sent when the network is back, on the open page or on the
// next visit to any page, and stored once. On a server of its own with a real SMTP server on
// loopback, so that what arrives is what an inbox would get. Service workers are blocked here
// (playwright.config.ts): this is the page's own sending, the one every browser has; the worker's
// Background Sync is offline-sync.spec.ts.
import type { Page } from "@playwright/test";
import { expect, test } from "./hydration.ts";
import { SAVED, THANKS, kept, offlineSite, spoilKeptAddress } from "./offline-forms-setup.ts";
import { axeViolations, screenshots, themeViolations } from "./page-checks.ts";

test.describe.configure({ mode: "serial" });

const { own, at, rows, mailsWith, sendOffline } = offlineSite();

// The clipboard (Copy) and a secure context (crypto.randomUUID, the clipboard API): localhost.
test.use({ permissions: ["clipboard-read", "clipboard-write"] });

/** The kept state to be looked at, on a phone and a desktop (only when SCREENSHOTS is set). */
async function look(page: Page, name: string, part: ReturnType<Page["locator"]>) {
  if (!process.env.SCREENSHOTS) return;
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await part.evaluate((e) => e.scrollIntoView({ block: "center" }));
    await screenshots(page, `${name}-${width}`);
  }
}

test("a message written offline is kept on the phone, copyable, and sent once when the network is back", async ({
  page,
  context,
}) => {
  const email = `offline-${Date.now()}@example.com`;
  const message = "We need a booking app for our clinic in Wuse. Written in a lift.";
  await sendOffline(page, context, email, message);
  const form = page.locator("main form");
  // Nothing reached the server; the text is still in the form, and Copy puts it on the clipboard.
  await expect(form.getByLabel("How can we help?")).toHaveValue(message);
  await form.getByRole("button", { name: "Copy message" }).click();
  await expect(form.getByText("Copied.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(message);
  expect(await kept(page)).toEqual({ entries: 1, flag: "1" });
  expect(await axeViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: "dark" });
  expect(await themeViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: null });
  await look(page, "offline-contact-saved", form.getByRole("button", { name: "Copy message" }));
  await context.setOffline(false);
  await expect(form.getByRole("status").first()).toHaveText(THANKS);
  await expect(form.getByLabel("How can we help?")).toHaveValue("");
  await expect(form.getByRole("alert")).toHaveCount(0);
  await expect(form.getByRole("button", { name: "Copy message" })).toHaveCount(0);
  await expect.poll(() => rows("contact_message", email).then((r) => r.length)).toBe(1);
  await expect.poll(() => mailsWith(message).length, { timeout: 10_000 }).toBe(1);
  expect(await kept(page)).toEqual({ entries: 0, flag: null });
});

test("pressing Send again offline keeps one copy, sent once", async ({ page, context }) => {
  const email = `twice-${Date.now()}@example.com`;
  const message = "Pressed Send three times in a market with no signal.";
  await sendOffline(page, context, email, message);
  const send = page.locator("main form").getByRole("button", { name: "Send Message" });
  await send.click();
  await send.click();
  await expect(page.locator("main form").getByRole("status").first()).toHaveText(SAVED);
  expect((await kept(page)).entries).toBe(1);
  await context.setOffline(false);
  await expect(page.locator("main form").getByRole("status").first()).toHaveText(THANKS);
  await expect.poll(() => mailsWith(message).length, { timeout: 10_000 }).toBe(1);
  expect(await rows("contact_message", email)).toHaveLength(1);
});

test("closed before the network came back, it is sent on the next visit to any page, once", async ({
  page,
  context,
}) => {
  const email = `next-visit-${Date.now()}@example.com`;
  const message = "Written on the bus; the tab was closed before we reached Wuse.";
  await sendOffline(page, context, email, message);
  await page.close();
  await context.setOffline(false);

  const later = await context.newPage();
  await later.goto(at("/pricing"));
  await expect(later.locator("[data-sonner-toast]").getByText(THANKS)).toBeVisible({ timeout: 10_000 });
  await expect.poll(() => rows("contact_message", email).then((r) => r.length)).toBe(1);
  await expect.poll(() => mailsWith(message).length, { timeout: 10_000 }).toBe(1);
  expect(await kept(later)).toEqual({ entries: 0, flag: null });
  // Another visit sends nothing again.
  await later.goto(at("/faq"));
  await later.waitForTimeout(500);
  expect(await rows("contact_message", email)).toHaveLength(1);
});

test("deleted before it goes, it never arrives", async ({ page, context }) => {
  const email = `deleted-${Date.now()}@example.com`;
  const message = "Changed my mind: please do not send this one.";
  await sendOffline(page, context, email, message);
  const form = page.locator("main form");
  // By keyboard: the buttons follow the message's field.
  await expect(form.getByRole("button", { name: "Copy message" })).toBeVisible();
  await form.getByLabel("How can we help?").focus();
  await page.keyboard.press("Tab");
  await expect(form.getByRole("button", { name: "Copy message" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(form.getByRole("button", { name: "Delete message" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(form.getByRole("status").first()).toHaveText("Deleted from this phone: it will not be sent.");
  expect(await kept(page)).toEqual({ entries: 0, flag: null });

  await context.setOffline(false);
  await page.goto(at("/faq"));
  await page.waitForTimeout(1000);
  expect(await rows("contact_message", email)).toHaveLength(0);
  expect(mailsWith(message)).toHaveLength(0);
});

test("refused when it is finally sent, it comes back in its form with the errors, still kept", async ({
  page,
  context,
}) => {
  const email = `refused-${Date.now()}@example.com`;
  const message = "The address on this one was changed while it waited.";
  await sendOffline(page, context, email, message);
  await spoilKeptAddress(page);
  await page.close();
  await context.setOffline(false);

  const later = await context.newPage();
  await later.goto(at("/pricing"));
  // Sent once the page is idle, with a token that must first be 1.5 s old: more than the default 5 s
  // on a busy machine.
  await expect(
    later.locator("[data-sonner-toast]").getByText("What you saved on this phone was not sent"),
  ).toBeVisible({ timeout: 10_000 });
  await later.goto(at("/contact-us"));
  const form = later.locator("main form");
  await expect(form.getByLabel("How can we help?")).toHaveValue(message);
  await expect(form.getByLabel("E-mail address")).toHaveValue("not-an-address");
  await expect(form.getByText("Please enter a valid e-mail address.")).toBeVisible();
  await expect(form.getByRole("button", { name: "Delete message" })).toBeVisible();
  expect((await kept(later)).entries).toBe(1);

  // Corrected and sent: stored once, and the kept copy goes.
  await form.getByLabel("E-mail address").fill(email);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByRole("status").first()).toHaveText(THANKS);
  expect(await rows("contact_message", email)).toHaveLength(1);
  await expect.poll(() => kept(later)).toEqual({ entries: 0, flag: null });
});

test("a newsletter sign-up in the footer, offline: kept, then sent once", async ({ page, context }) => {
  const email = `offline-news-${Date.now()}@example.com`;
  // The page learns its links' routes once it is idle (React Router's route discovery): a visitor
  // is slower to reach the footer than that, the test waits for it.
  const discovered = page.waitForResponse((r) => new URL(r.url()).pathname === "/__manifest");
  await page.goto(at("/pricing"));
  await discovered;
  const footer = page.locator("footer");
  // The sign-up is sent by /newsletter's route code, fetched once the visitor starts on the form
  // (without it, React Router reloads the page offline and the address is lost).
  const routeCode = page.waitForResponse((r) => /\/assets\/newsletter-main-/.test(r.url()));
  await footer.getByLabel("Subscribe to our newsletter").fill(email);
  await routeCode;
  await context.setOffline(true);
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(footer.getByRole("status").first()).toHaveText(
    /^Your sign-up is saved on this phone and will be sent by itself when you are back online/,
  );
  await expect(footer.getByRole("button", { name: "Delete sign-up" })).toBeVisible();
  await look(page, "offline-newsletter-saved", footer.getByRole("button", { name: "Delete sign-up" }));
  expect(await rows("newsletter_subscriber", email)).toHaveLength(0);

  await context.setOffline(false);
  await expect(page.locator("[data-sonner-toast]").getByText("Thanks for your Email")).toBeVisible();
  await expect(footer.getByRole("status").first()).toHaveText(/check your inbox/);
  const subscribed = await rows("newsletter_subscriber", email);
  expect(subscribed.map((r) => `${r.state} ${r.consentSource}`)).toEqual(["pending /pricing#footer"]);
  await expect.poll(() => own.smtp.received.filter((m) => m.envelopeTo.includes(email)).length).toBe(1);
  expect(await kept(page)).toEqual({ entries: 0, flag: null });
});

test("a comment written offline on a post: kept, then sent once, awaiting approval", async ({
  page,
  context,
}) => {
  const email = `offline-comment-${Date.now()}@example.com`;
  const text = "Read this on the bus; the comment waited for the network.";
  await page.goto(at("/blog-single/1"));
  const form = page.getByRole("form", { name: "Leave a comment" });
  await form.getByLabel("Your name").fill("Ada Okafor");
  await form.getByLabel("Your e-mail (never published)").fill(email);
  await form.getByLabel("Your comment").fill(text);
  await context.setOffline(true);
  await form.getByRole("button", { name: "Post Comment" }).click();
  await expect(form.getByRole("status").first()).toHaveText(
    /^Your comment is saved on this phone and will be sent by itself when you are back online/,
  );
  await expect(form.getByRole("button", { name: "Delete comment" })).toBeVisible();
  expect(await rows("blog_comment", email)).toHaveLength(0);

  await context.setOffline(false);
  await expect(form.getByRole("status").first()).toContainText("Thanks for your Comment");
  await expect(form.getByLabel("Your comment")).toHaveValue("");
  expect((await rows("blog_comment", email)).map((r) => `${r.state} ${r.body}`)).toEqual([`pending ${text}`]);
  expect(await kept(page)).toEqual({ entries: 0, flag: null });
});
