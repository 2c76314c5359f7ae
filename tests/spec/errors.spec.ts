// The specification's error catalogue (../shared/spec/site-spec.md §8) and the contact form's
// states (§4) as a contract, in Chromium against the built site. The contact rows are met as any
// client written against §7 meets them: the test answers `POST /api/send-email` itself (200,
// `success: false`, a 500, a network error) and checks the request the form made.
//
// These tests change only when the spec changes. A refactor that breaks one breaks a promise of
// the product, not a detail of ours: fix the code, not the test.
import type { Page, Request, Route } from "@playwright/test";
import { expect, test } from "../e2e/hydration.ts";

const THANKS = "Thanks For Your Message! We'll get back to you soon.";
const filled = {
  name: "Chidi Okeke",
  email: "chidi.okeke@example.com",
  phone: "08035550142",
  message: "We would like a website for our logistics company in Kubwa.",
};

const form = (page: Page) => page.locator("main form").filter({ has: page.getByLabel("How can we help?") });
const send = (page: Page) => form(page).getByRole("button", { name: /Send Message|Sending/ });
const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").getByText(text, { exact: true });

async function fillContact(page: Page) {
  await page.goto("/contact-us");
  const f = form(page);
  await f.getByLabel("Your name").fill(filled.name);
  await f.getByLabel("E-mail address").fill(filled.email);
  await f.getByLabel("Phone number").fill(filled.phone);
  await f.getByLabel("How can we help?").fill(filled.message);
}

/** Answers the spec's call as `answer` says, and records the requests made to it. */
async function answerApi(page: Page, answer: (route: Route) => Promise<void>) {
  const requests: Request[] = [];
  await page.route("**/api/send-email", async (route) => {
    requests.push(route.request());
    await answer(route);
  });
  return requests;
}

/** §8 "Contact failure": the text in an alert box and an error toast; the button usable again and
 *  the visitor's text kept. */
async function expectFailure(page: Page, text: string) {
  await expect(form(page).getByRole("alert")).toHaveText(text);
  await expect(toast(page, text)).toBeVisible();
  await expect(send(page)).toBeEnabled();
  await expect(send(page)).toHaveText(/Send Message/);
  await expect(form(page).getByLabel("How can we help?")).toHaveValue(filled.message);
}

test.describe("§7 and §8: the contact form against the spec's call", () => {
  test("§7 row 'POST /api/send-email, JSON body: name, email, phone, message' with the XSRF-TOKEN cookie in X-XSRF-TOKEN; §4 'submitting: button disabled, label Sending...'; §8 'Contact success: Toast Thanks For Your Message!'; §4 'form cleared'", async ({
    page,
    context,
  }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const requests = await answerApi(page, async (route) => {
      await held;
      await route.fulfill({ status: 200, json: { success: true, message: "Stored." } });
    });
    await fillContact(page);
    await send(page).click();
    // Submitting: disabled, "Sending...", while the answer is held.
    await expect(send(page)).toHaveText(/Sending\.\.\./);
    await expect(send(page)).toBeDisabled();
    await expect.poll(() => requests.length).toBe(1);
    release();
    await expect(toast(page, THANKS)).toBeVisible();
    await expect(send(page)).toBeEnabled();
    await expect(send(page)).toHaveText(/Send Message/);
    for (const label of ["Your name", "E-mail address", "Phone number", "How can we help?"])
      await expect(form(page).getByLabel(label)).toHaveValue("");

    // The request, as §7 says: one POST of JSON with the four fields and the XSRF pair.
    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect(request.method()).toBe("POST");
    expect(new URL(request.url()).pathname).toBe("/api/send-email");
    const headers = await request.allHeaders();
    expect(headers["content-type"]).toMatch(/^application\/json/);
    expect(request.postDataJSON()).toEqual(filled);
    const cookie = (await context.cookies()).find((c) => c.name === "XSRF-TOKEN");
    expect(cookie?.value).toBeTruthy();
    expect(headers["x-xsrf-token"]).toBe(decodeURIComponent(cookie!.value));
  });

  test("§8 'Contact failure': the server's message field in an alert box and an error toast", async ({
    page,
  }) => {
    await answerApi(page, (route) =>
      route.fulfill({ status: 500, json: { success: false, message: "Our mail room is closed today." } }),
    );
    await fillContact(page);
    await send(page).click();
    await expectFailure(page, "Our mail room is closed today.");
  });

  test("§8 'Response success false without message': 'Failed to send message' (on a 200 too: success is the answer's)", async ({
    page,
  }) => {
    await answerApi(page, (route) => route.fulfill({ status: 200, json: { success: false } }));
    await fillContact(page);
    await send(page).click();
    await expectFailure(page, "Failed to send message");
  });

  test("§8 'Contact failure … else the error's own message': an error answer without a message says what failed", async ({
    page,
  }) => {
    await answerApi(page, (route) =>
      route.fulfill({ status: 500, contentType: "text/html", body: "<h1>Bad gateway</h1>" }),
    );
    await fillContact(page);
    await send(page).click();
    await expectFailure(page, "The server answered with an error (HTTP 500).");
  });

  test("§8 'Contact failure' on a network error: the visitor is told the server could not be reached", async ({
    page,
  }) => {
    await answerApi(page, (route) => route.abort("internetdisconnected"));
    await fillContact(page);
    await send(page).click();
    await expectFailure(page, "We could not reach our server. Please check your connection and try again.");
  });
});

test.describe("§8: the other rows", () => {
  test("§8 'Newsletter submit': toast 'Thanks for your Email'", async ({ page }) => {
    await page.goto("/pricing");
    const footer = page.locator("footer");
    await footer.getByLabel("Subscribe to our newsletter").fill(`spec-${Date.now()}@example.com`);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(toast(page, "Thanks for your Email")).toBeVisible();
  });

  test("§8 'Comment submit': toast 'Thanks for your Comment'", async ({ page }) => {
    await page.goto("/blog-single-sidebar/1");
    const comment = page.locator("#leave-comment form");
    await comment.getByLabel("Your name").fill("Spec Reader");
    await comment.getByLabel("Your e-mail (never published)").fill(`spec-${Date.now()}@example.com`);
    await comment.getByLabel("Your comment").fill("A clear and useful article, thank you.");
    await comment.getByRole("button", { name: "Post Comment" }).click();
    await expect(page.locator("[data-sonner-toast]").getByText("Thanks for your Comment")).toBeVisible();
  });

  test("§8 'Render failure': 'Something went wrong.' (and §8 'Router default error page': with its status)", async ({
    page,
  }) => {
    await page.route("**/about-us.data*", (route) => route.fulfill({ status: 500, body: "broken" }));
    await page.goto("/");
    await page.locator("footer").getByRole("link", { name: "Who We Are" }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Something went wrong.");
    await expect(page.getByText("Error 500")).toBeVisible();
  });

  test("§8 'Unknown route': the not-found page (404)", async ({ page }) => {
    const response = await page.goto("/no-such-page-in-the-spec");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("404").first()).toBeVisible();
    await expect(page.getByText("Sorry Page Was Not Found!")).toBeVisible();
    await expect(page.getByRole("link", { name: /Back to home/i })).toHaveAttribute("href", "/");
  });

  test("§8 'Video unsupported': the hero's videos carry 'Your browser does not support the video tag.'", async ({
    request,
  }) => {
    const html = await (await request.get("/")).text();
    const videos = html.match(/<video[\s\S]*?<\/video>/g) ?? [];
    expect(videos.length).toBeGreaterThan(0);
    for (const video of videos) expect(video).toContain("Your browser does not support the video tag.");
  });
});
