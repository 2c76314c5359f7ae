// The newsletter from the visitor's side, on a server of its own with a real SMTP server on
// loopback: every form (footer, side panel, /newsletter) with and without JavaScript, the
// confirmation e-mail and its link, the unsubscribe page and one-click unsubscribe, bad links,
// and the toast above an open side panel.
import type { Page } from "@playwright/test";
import { expect, test } from "./hydration.ts";
import type { ReceivedMail } from "../../server/testing/smtp.ts";
import { ownSite } from "./own-site.ts";
import { openDatabase } from "../../server/db/index.ts";

test.describe.configure({ mode: "serial" });

// No anti-bot minimum to wait for (a token's age is still checked): comments.spec.ts keeps one.
const own = ownSite("newsletter", { MIN_SUBMIT_MS: "1" });

const at = (p: string) => `${own.server.url}${p}`;

/** The e-mail that reached the SMTP server for `email`. */
async function mailFor(email: string): Promise<ReceivedMail> {
  await own.smtp.waitFor(() => own.smtp.received.some((m) => m.envelopeTo.includes(email)), 10_000);
  return own.smtp.received.filter((m) => m.envelopeTo.includes(email)).at(-1)!;
}

/** The link of `path` in the e-mail, on the test server instead of the public site. */
function linkIn(mail: ReceivedMail, p: string): string {
  const match = new RegExp(`https://techspark\\.ng(${p}\\?token=[\\w~.-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${p} link in:\n${mail.text}`);
  return at(match[1]!);
}

async function stateOf(email: string): Promise<string | null> {
  const db = await openDatabase({ dataDir: own.dataDir, mustExist: true });
  try {
    const row = await db.kysely
      .selectFrom("newsletter_subscriber")
      .select(["state", "consentSource"])
      .where("email", "=", email)
      .executeTakeFirst();
    return row ? `${row.state} ${row.consentSource}` : null;
  } finally {
    await db.close();
  }
}

/** The e-mails the outbox holds for `email`'s subscription (queued, sent or otherwise). */
async function mailJobsFor(email: string) {
  const db = await openDatabase({ dataDir: own.dataDir, mustExist: true });
  try {
    return await db.kysely
      .selectFrom("mail_outbox")
      .innerJoin("newsletter_subscriber", "newsletter_subscriber.id", "mail_outbox.recordId")
      .select("mail_outbox.state")
      .where("newsletter_subscriber.email", "=", email)
      .execute();
  } finally {
    await db.close();
  }
}

const unique = (name: string) => `${name}-${Date.now()}@example.com`;

async function subscribeIn(page: Page, scope: ReturnType<Page["locator"]>, email: string) {
  await scope.getByLabel("Subscribe to our newsletter").fill(email);
  await scope.getByRole("button", { name: "Subscribe" }).click();
}

test.describe("with JavaScript", () => {
  test("the footer form: clear errors, then the spec's thanks, and a confirmation e-mail whose link subscribes", async ({
    page,
  }) => {
    await page.goto(at("/pricing"));
    const footer = page.locator("footer");
    const input = footer.getByLabel("Subscribe to our newsletter");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(footer.getByRole("alert")).toHaveText("Please enter your e-mail address.");
    await expect(input).toBeFocused();
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await input.fill("not an email");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(footer.getByRole("alert")).toContainText("valid e-mail address");
    // The words recorded as consent are on the form.
    await expect(input).toHaveAccessibleDescription(/We will ask you to confirm/);

    const email = unique("footer");
    await subscribeIn(page, footer, email);
    await expect(page.locator("[data-sonner-toast]").getByText("Thanks for your Email")).toBeVisible();
    await expect(footer.getByRole("status")).toHaveText(/check your inbox/);
    await expect(input).toHaveValue("");
    expect(await stateOf(email)).toBe("pending /pricing#footer");

    const mail = await mailFor(email);
    expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    // Opening the link changes nothing; the button does.
    await page.goto(linkIn(mail, "/newsletter/confirm"));
    await expect(page.locator("h1")).toHaveText("Confirm your subscription");
    await expect(page.locator("meta[name=robots]")).toHaveAttribute("content", /noindex/);
    expect(await stateOf(email)).toBe("pending /pricing#footer");
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(page.locator("h1")).toHaveText("You’re subscribed");
    expect(await stateOf(email)).toBe("subscribed /pricing#footer");

    // The same link again: already used, and it says the person is subscribed.
    await page.goto(linkIn(mail, "/newsletter/confirm"));
    await expect(page.locator("h1")).toHaveText("You’re subscribed");

    // Unsubscribe: the page has one button; pressing it unsubscribes at once.
    const leave = linkIn(mail, "/newsletter/unsubscribe");
    const response = await page.goto(leave);
    expect(response?.headers()["cache-control"]).toMatch(/no-store/);
    await expect(page.locator("h1")).toHaveText("Unsubscribe from our newsletter");
    expect(await stateOf(email)).toBe("subscribed /pricing#footer");
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.locator("h1")).toHaveText("You’re unsubscribed");
    expect(await stateOf(email)).toBe("unsubscribed /pricing#footer");
  });

  test("the side panel's toast is drawn above the open panel", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(at("/faq"));
    await page.getByRole("button", { name: "About and contact details" }).click();
    const panel = page.getByRole("dialog", { name: /About TechSpark/ });
    const email = unique("panel");
    await subscribeIn(page, panel, email);
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Thanks for your Email" });
    await expect(toast).toBeVisible();
    await expect(panel).toBeVisible();
    // On top: the point at the toast's centre hits the toast, not the panel or its backdrop
    // (asked again until its entry animation has settled).
    await expect
      .poll(async () => {
        const box = (await toast.boundingBox())!;
        return page.evaluate(
          ([x, y]) => !!document.elementFromPoint(x!, y!)?.closest("[data-sonner-toast]"),
          [box.x + box.width / 2, box.y + box.height / 2],
        );
      })
      .toBe(true);
    await page.screenshot({ path: "test-results/toast-over-side-panel.png" });
    // And usable: its close button works with the panel still open.
    await toast.getByRole("button", { name: /close/i }).click();
    await expect(toast).toBeHidden();
    await expect(panel).toBeVisible();
    expect(await stateOf(email)).toBe("pending /faq#side-panel");
  });

  test("the same answer for a new, a waiting and a subscribed address, one e-mail an hour", async ({
    page,
  }) => {
    const email = unique("again");
    for (let i = 0; i < 3; i++) {
      await page.goto(at("/newsletter"));
      const form = page.locator("main form");
      await subscribeIn(page, form, email);
      await expect(form.getByRole("status")).toHaveText(/check your inbox/);
    }
    await mailFor(email);
    // One e-mail was ever queued for the address (a second would be in the outbox by now: each
    // answer above came after its sign-up was stored), and it is the one that arrived.
    await expect.poll(() => mailJobsFor(email)).toEqual([{ state: "sent" }]);
    expect(own.smtp.received.filter((m) => m.envelopeTo.includes(email))).toHaveLength(1);
  });

  test("bad and expired links get a page that says so", async ({ page }) => {
    for (const token of ["", "garbage", "abc.def.ghi"]) {
      const response = await page.goto(at(`/newsletter/confirm?token=${token}`));
      expect(response?.status()).toBe(200);
      await expect(page.locator("h1")).toHaveText("This link is not valid");
      await expect(page.getByRole("link", { name: "Sign up again" })).toBeVisible();
      await page.goto(at(`/newsletter/unsubscribe?token=${token}`));
      await expect(page.locator("h1")).toHaveText("This link is not valid");
    }
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a footer sign-up on a page kept for everyone asks once to confirm, then thanks; one-click unsubscribe", async ({
    page,
    request,
  }) => {
    const email = unique("nojs");
    await page.goto(at("/about-us"));
    const footer = page.locator("footer");
    await footer.getByLabel("Subscribe to our newsletter").fill(email);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.locator("h1")).toHaveText("Confirm your sign-up");
    expect(await stateOf(email)).toBeNull();
    const form = page.locator("main form");
    await expect(form.getByLabel("Subscribe to our newsletter")).toHaveValue(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.locator("h1")).toHaveText("Thanks for your Email");
    await expect(page.locator("main").getByRole("status").first()).toContainText("check your inbox");
    expect(await stateOf(email)).toBe("pending /about-us#footer");

    const mail = await mailFor(email);
    await page.goto(linkIn(mail, "/newsletter/confirm"));
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(page.locator("h1")).toHaveText("You’re subscribed");

    // RFC 8058: the mail provider POSTs to the List-Unsubscribe address, no cookies, no page.
    const header = mail.headers.get("list-unsubscribe")!;
    const target = at(new URL(header.slice(1, -1)).pathname + new URL(header.slice(1, -1)).search);
    const oneClick = await request.post(target, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      data: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status()).toBe(200);
    expect(await stateOf(email)).toBe("unsubscribed /about-us#footer");
  });

  test("the /newsletter page's form, and leaving by the unsubscribe page's button", async ({ page }) => {
    const email = unique("page-nojs");
    await page.goto(at("/newsletter"));
    await page.locator("main form").getByLabel("Subscribe to our newsletter").fill(email);
    await page.locator("main form").getByRole("button", { name: "Subscribe" }).click();
    // The page is the same for everyone (no token in its form): it asks once.
    await expect(page.locator("h1")).toHaveText("Confirm your sign-up");
    await page.locator("main form").getByRole("button", { name: "Subscribe" }).click();
    await expect(page.locator("h1")).toHaveText("Thanks for your Email");
    expect(await stateOf(email)).toBe("pending /newsletter#page");

    const mail = await mailFor(email);
    await page.goto(linkIn(mail, "/newsletter/confirm"));
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(page.locator("h1")).toHaveText("You’re subscribed");
    await page.goto(linkIn(mail, "/newsletter/unsubscribe"));
    expect(await stateOf(email)).toBe("subscribed /newsletter#page");
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.locator("h1")).toHaveText("You’re unsubscribed");
    expect(await stateOf(email)).toBe("unsubscribed /newsletter#page");
  });

  test("a wrong address on the confirmation step says what is wrong", async ({ page }) => {
    await page.goto(at("/pricing"));
    const footer = page.locator("footer");
    await footer.getByLabel("Subscribe to our newsletter").fill("not-an-address");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.locator("h1")).toHaveText("Confirm your sign-up");
    await page.locator("main form").getByRole("button", { name: "Subscribe" }).click();
    await expect(page.locator("main form").getByRole("alert")).toContainText("valid e-mail address");
  });
});
