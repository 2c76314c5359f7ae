// The contact message from the visitor's side: validation, the states of the form, a lost
// answer, and the same form without JavaScript (the spec's failure texts, §8, are in
// tests/spec/errors.spec.ts). Messages really reach the server's store (SQLite in .e2e-data,
// read here with the operator's store API).
import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./hydration.ts";
import { openInbox } from "../../server/contact/index.ts";

const valid = { name: "Ada Okafor", email: "ada.e2e@example.com", phone: "+234 803 555 0199" };

async function fill(page: Page, values: Partial<typeof valid & { message: string }>) {
  const form = page.locator("main form");
  if (values.name !== undefined) await form.getByLabel("Your name").fill(values.name);
  if (values.email !== undefined) await form.getByLabel("E-mail address").fill(values.email);
  if (values.phone !== undefined) await form.getByLabel("Phone number").fill(values.phone);
  if (values.message !== undefined) await form.getByLabel("How can we help?").fill(values.message);
}

async function storedMessages(email: string) {
  const inbox = await openInbox({ dataDir: ".e2e-data" });
  try {
    return (await inbox.store.list()).filter((m) => m.email === email);
  } finally {
    await inbox.close();
  }
}

const storedMessage = async (email: string) => (await storedMessages(email))[0] ?? null;

const send = (page: Page) => page.locator("main form").getByRole("button", { name: /Send Message|Sending/ });

test.describe("with JavaScript", () => {
  test("an empty or wrong form says what to fix and sends nothing", async ({ page }) => {
    const posts: string[] = [];
    page.on("request", (r) => r.method() === "POST" && posts.push(r.url()));
    await page.goto("/contact-us");
    await hydrated(page);
    await send(page).click();
    const form = page.locator("main form");
    await expect(form.getByText("Please enter your name.")).toBeVisible();
    await expect(form.getByText("Please enter your e-mail address.")).toBeVisible();
    await expect(form.getByText("Please enter your phone number.")).toBeVisible();
    await expect(form.getByText("Please enter your message.")).toBeVisible();
    await expect(form.getByLabel("Your name")).toBeFocused();
    await expect(form.getByLabel("Your name")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Your name")).toHaveAccessibleDescription("Please enter your name.");

    await fill(page, { name: "Ada", email: "ada@", phone: "0803-555-0142", message: "Hello" });
    await send(page).click();
    await expect(form.getByText("Please enter a valid e-mail address.")).toBeVisible();
    await expect(form.getByText(/digits only/)).toBeVisible();
    await expect(form.getByLabel("E-mail address")).toBeFocused();
    expect(posts).toEqual([]);
  });

  test("a valid message is sent, stored, acknowledged and the form cleared", async ({ page }) => {
    const email = `ok-${Date.now()}@example.com`;
    await page.goto("/contact-us");
    await hydrated(page);
    await fill(page, { ...valid, email, message: "We need a booking app for our clinic in Wuse." });
    // Hold the request a moment to see the submitting state.
    await page.route("**/api/send-email", async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await send(page).click();
    await expect(send(page)).toHaveText(/Sending\.\.\./);
    await expect(send(page)).toBeDisabled();
    await expect(
      page.getByText("Thanks For Your Message! We'll get back to you soon.").first(),
    ).toBeVisible();
    await expect(send(page)).toBeEnabled();
    await expect(send(page)).toHaveText(/Send Message/);
    await expect(page.locator("main form").getByLabel("Your name")).toHaveValue("");
    const stored = await storedMessage(email);
    expect(stored?.message).toBe("We need a booking app for our clinic in Wuse.");
    expect(stored?.state).toBe("waiting-for-transport");
  });

  test("an expired token is renewed without bothering the visitor", async ({ page, context }) => {
    const email = `token-${Date.now()}@example.com`;
    await page.goto("/contact-us");
    await hydrated(page);
    await context.addCookies([{ name: "XSRF-TOKEN", value: "expired.token", url: page.url() }]);
    await fill(page, { ...valid, email, message: "Token renewal check." });
    await send(page).click();
    await expect(page.getByText("Thanks For Your Message!").first()).toBeVisible();
    expect((await storedMessage(email))?.state).toBe("waiting-for-transport");
  });

  // The spec's failure texts (§8) are the contract suite's: tests/spec/errors.spec.ts.

  test("a message whose answer was lost is sent again by the visitor and stored once", async ({ page }) => {
    const email = `lost-${Date.now()}@example.com`;
    const text = "The answer to this message never reached the browser.";
    await page.goto("/contact-us");
    await hydrated(page);
    await fill(page, { ...valid, email, message: text });
    // The server stores the message; its answer is lost on the way back (the connection dropped).
    await page.route("**/api/send-email", async (route) => {
      await route.fetch();
      await route.abort("connectionreset");
    });
    await send(page).click();
    const form = page.locator("main form");
    await expect(form.getByRole("alert")).toContainText("could not reach our server");
    // Kept on the phone meanwhile (docs/offline-forms.md): the form's status says so, and the
    // Copy button's own status line is a second one beside it.
    await expect(form.getByRole("status").first()).toHaveText(/^Your message is saved on this phone/);
    expect(await storedMessages(email)).toHaveLength(1);
    // The visitor presses Send again: the same message, the same key.
    await page.unrouteAll();
    await send(page).click();
    await expect(form.getByRole("status").first()).toHaveText(
      "Thanks For Your Message! We'll get back to you soon.",
    );
    await expect(form.getByRole("status")).toHaveCount(1);
    expect((await storedMessages(email)).map((m) => m.message)).toEqual([text]);
    // A message sent after that is another one, even with the same words.
    await fill(page, { ...valid, email, message: text });
    await send(page).click();
    await expect(form.getByLabel("How can we help?")).toHaveValue("");
    await expect.poll(async () => (await storedMessages(email)).length).toBe(2);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts, the message is stored and the page says so", async ({ page }) => {
    const email = `nojs-${Date.now()}@example.com`;
    await page.goto("/contact-us");
    await fill(page, { ...valid, email, message: "Sent without JavaScript." });
    await send(page).click();
    await expect(page.locator("main").getByRole("status")).toHaveText(
      "Thanks For Your Message! We'll get back to you soon.",
    );
    await expect(page.locator("main form").getByLabel("Your name")).toHaveValue("");
    expect((await storedMessage(email))?.message).toBe("Sent without JavaScript.");
  });

  test("bad input comes back with clear errors and the visitor's text", async ({ page }) => {
    await page.goto("/contact-us");
    await fill(page, { name: "Ada", email: "not-an-email", phone: "abc", message: "Keep this text." });
    const response = page.waitForResponse((r) => r.request().method() === "POST");
    await send(page).click();
    expect((await response).status()).toBe(400);
    const form = page.locator("main form");
    await expect(form.getByRole("alert")).toHaveText("Please correct the highlighted fields and try again.");
    await expect(form.getByText("Please enter a valid e-mail address.")).toBeVisible();
    await expect(form.getByText(/digits only/)).toBeVisible();
    await expect(form.getByLabel("How can we help?")).toHaveValue("Keep this text.");
  });
});

// The home layouts with a contact block carry the same form on a page kept for everyone.
test.describe("the form in a home page's contact block", () => {
  test("sends with JavaScript, fetching its token first", async ({ page }) => {
    const email = `home-${Date.now()}@example.com`;
    const posts: string[] = [];
    page.on(
      "response",
      (r) => r.request().method() === "POST" && posts.push(`${r.status()} ${new URL(r.url()).pathname}`),
    );
    await page.goto("/home-2");
    await hydrated(page);
    await page.locator("[data-section='contact-block']").scrollIntoViewIfNeeded();
    await fill(page, { ...valid, email, message: "Sent from the home page." });
    await send(page).click();
    await expect(page.getByText("Thanks For Your Message!").first()).toBeVisible();
    // The spec's call (§7), once.
    expect(posts).toEqual(["200 /api/send-email"]);
    expect((await storedMessage(email))?.message).toBe("Sent from the home page.");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("asks once to confirm on the contact page, then stores the message", async ({ page }) => {
      const email = `home-nojs-${Date.now()}@example.com`;
      await page.goto("/business");
      await fill(page, { ...valid, email, message: "Home page, no JavaScript." });
      await send(page).click();
      await expect(page).toHaveURL(/\/contact-us$/);
      await expect(page.locator("main").getByRole("status")).toHaveText(/press Send Message to confirm/);
      await expect(page.locator("main form").getByLabel("How can we help?")).toHaveValue(
        "Home page, no JavaScript.",
      );
      expect(await storedMessage(email)).toBeNull();
      // The server knows when it gave this page its token (MIN_SUBMIT_MS is 1 ms on the test
      // server: the anti-bot minimum is tested in server/contact and in comments.spec.ts).
      await send(page).click();
      await expect(page.locator("main").getByRole("status")).toHaveText(
        "Thanks For Your Message! We'll get back to you soon.",
      );
      const stored = await storedMessage(email);
      expect(stored?.message).toBe("Home page, no JavaScript.");
      expect(stored?.state).toBe("waiting-for-transport");
    });

    test("the confirm page sent twice (back, and Send again) stores one message", async ({ page }) => {
      const email = `home-twice-${Date.now()}@example.com`;
      await page.goto("/business");
      await fill(page, { ...valid, email, message: "Confirmed twice, stored once." });
      await send(page).click();
      await expect(page.locator("main").getByRole("status")).toHaveText(/press Send Message to confirm/);
      await send(page).click();
      const status = page.locator("main").getByRole("status");
      await expect(status).toHaveText("Thanks For Your Message! We'll get back to you soon.");
      // The confirm page was a post's answer, kept by no cache: the browser asks to send that
      // post again (ERR_CACHE_MISS, "Confirm Form Resubmission"), and the visitor does.
      await page.goBack().catch(() => {}); // net::ERR_CACHE_MISS
      await expect(async () => void (await page.reload())).toPass();
      await expect(page.locator("main").getByRole("status")).toHaveText(/press Send Message to confirm/);
      await expect(page.locator("main form").getByLabel("How can we help?")).toHaveValue(
        "Confirmed twice, stored once.",
      );
      await send(page).click();
      await expect(status).toHaveText("Thanks For Your Message! We'll get back to you soon.");
      expect((await storedMessages(email)).map((m) => m.message)).toEqual(["Confirmed twice, stored once."]);
    });
  });
});
