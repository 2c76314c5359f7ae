// Background Sync (issue 48): a message kept on the phone is sent by the service worker when the
// network is back, with no tab of the site open (app/service-worker/sw.ts, app/lib/outbox-send.ts),
// and stored once however many senders try it (the page's `online` path and the worker at once).
// The browser fires the sync when it sees the network come back; here Chrome DevTools Protocol's
// ServiceWorker.dispatchSyncEvent fires it, as the browser would, once the context is online.
import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./hydration.ts";
import { screenshots } from "./page-checks.ts";
import { SAVED, THANKS, kept, offlineSite, spoilKeptAddress, writeMessage } from "./offline-forms-setup.ts";

test.describe.configure({ mode: "serial" });

const { at, rows, mailsWith, sendOffline } = offlineSite();

// Every other spec blocks service workers (playwright.config.ts): these are about it.
test.use({ serviceWorkers: "allow" });

/** The site's worker is installed and active (it registers once the page is idle). */
async function workerReady(page: Page) {
  await page.goto(at("/"));
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/** Fires the outbox's sync event at the site's worker, as the browser does when the network is
 *  back, from a page that is not the site's (a blank tab: no page of the site needs to be open). */
async function fireSync(context: BrowserContext, blank: Page) {
  const cdp = await context.newCDPSession(blank);
  const scope = at("/");
  let registrationId: string | undefined;
  cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
    for (const r of registrations)
      if (r.scopeURL === scope && !r.isDeleted) registrationId = r.registrationId;
  });
  await cdp.send("ServiceWorker.enable");
  await expect.poll(() => registrationId).toBeTruthy();
  await cdp.send("ServiceWorker.dispatchSyncEvent", {
    origin: new URL(scope).origin,
    registrationId: registrationId!,
    tag: "techspark-outbox",
    lastChance: false,
  });
  await cdp.detach();
}

/** The POSTs of a contact message that the server answered, from the page or the worker. */
function countPosts(context: BrowserContext) {
  const posts: string[] = [];
  context.on("requestfinished", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/send-email")
      posts.push(request.serviceWorker() ? "worker" : "page");
  });
  return posts;
}

test("written offline, the tab closed: the worker sends it when the network is back, once", async ({
  page,
  context,
}) => {
  const email = `sync-${Date.now()}@example.com`;
  const message = "Written in a lift in Wuse; the tab was closed before the network came back.";
  const posts = countPosts(context);
  await context.addInitScript(() => {
    // Background Sync's interface (Chromium's; not in TypeScript's DOM types).
    type Sync = { register(tag: string): Promise<void> };
    const manager = (window as unknown as { SyncManager: { prototype: Sync } }).SyncManager.prototype;
    const register = manager.register;
    manager.register = function (this: Sync, tag: string) {
      const seen = window as { syncTags?: string[] };
      seen.syncTags = [...(seen.syncTags ?? []), tag];
      return register.call(this, tag);
    };
  });
  await workerReady(page);
  await sendOffline(page, context, email, message);
  expect(await kept(page)).toEqual({ entries: 1, flag: "1" });
  // The page asked the browser to wake the worker when the network is back. (Chromium refuses to
  // keep it in an off-the-record profile, which every Playwright context but a persistent one is:
  // "Background Sync is disabled". The ask is what the page does; the event is fired below.)
  await expect
    .poll(() => page.evaluate(() => (window as { syncTags?: string[] }).syncTags))
    .toEqual(["techspark-outbox"]);
  await page.close();
  // No tab of the site: a blank one, for the DevTools session.
  const blank = await context.newPage();
  expect(context.pages().map((p) => p.url())).toEqual(["about:blank"]);
  await context.setOffline(false);
  // Nothing sends it but the worker: no page of the site is open.
  expect(await rows("contact_message", email)).toHaveLength(0);

  await fireSync(context, blank);
  await expect.poll(() => rows("contact_message", email).then((r) => r.length), { timeout: 15_000 }).toBe(1);
  await expect.poll(() => mailsWith(message).length, { timeout: 10_000 }).toBe(1);
  expect(posts).toEqual(["worker"]);

  // A page opened after shows no kept message, and nothing is sent again.
  const later = await context.newPage();
  await later.goto(at("/contact-us"));
  const form = later.locator("main form");
  await expect(form.getByLabel("How can we help?")).toHaveValue("");
  await expect(form.getByRole("button", { name: "Copy message" })).toHaveCount(0);
  await expect.poll(() => kept(later)).toEqual({ entries: 0, flag: null });
  await later.waitForTimeout(500);
  expect(await rows("contact_message", email)).toHaveLength(1);
  expect(mailsWith(message)).toHaveLength(1);
});

test("the page's online path and the worker at once: one sends it, the other finds it gone; stored once", async ({
  page,
  context,
}) => {
  const email = `sync-both-${Date.now()}@example.com`;
  const message = "Sent as the bus left the market: both the page and the worker tried it.";
  const posts = countPosts(context);
  await workerReady(page);
  await sendOffline(page, context, email, message);
  // The page's post is answered slowly (a slow link): the worker's sync comes while it is on its
  // way, the moment two senders could both send the entry.
  await page.route("**/api/send-email", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const pagePost = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/send-email"));
  // Online: the page sends on its `online` event.
  await context.setOffline(false);
  await pagePost;
  await fireSync(context, await context.newPage());
  const form = page.locator("main form");
  await expect(form.getByRole("status").first()).toHaveText(THANKS);
  await expect(form.getByRole("button", { name: "Copy message" })).toHaveCount(0);
  await expect.poll(() => rows("contact_message", email).then((r) => r.length)).toBe(1);
  await expect.poll(() => mailsWith(message).length, { timeout: 10_000 }).toBe(1);
  await expect.poll(() => kept(page)).toEqual({ entries: 0, flag: null });
  // One sender at a time (the lock): the worker waited for the page, then found the entry gone.
  await page.waitForTimeout(1000);
  expect(posts).toEqual(["page"]);
  expect(await rows("contact_message", email)).toHaveLength(1);
  await expect(form.getByRole("status").first()).toHaveText(THANKS);
});

test("sent by the worker while its page is open: the form on the page says it was sent", async ({
  page,
  context,
}) => {
  const email = `sync-open-${Date.now()}@example.com`;
  const message = "The page could not reach the site; the worker could, and the form said so.";
  const posts = countPosts(context);
  await workerReady(page);
  await page.goto(at("/contact-us"));
  await writeMessage(page, email, message);
  // The page's own requests to the site fail (the browser still says online, so the page waits
  // for an \`online\` event that does not come); the worker's are not stopped.
  await page.route("**/api/**", (route) => route.abort("internetdisconnected"));
  const form = page.locator("main form");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByRole("status").first()).toHaveText(SAVED);

  await fireSync(context, await context.newPage());
  await expect(form.getByRole("status").first()).toHaveText(THANKS);
  await expect(form.getByLabel("How can we help?")).toHaveValue("");
  await expect(form.getByRole("button", { name: "Copy message" })).toHaveCount(0);
  await expect.poll(() => kept(page)).toEqual({ entries: 0, flag: null });
  expect(posts).toEqual(["worker"]);
  expect(await rows("contact_message", email)).toHaveLength(1);
  // To be looked at (SCREENSHOTS set): the form as the worker's news left it, phone and desktop.
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await form.evaluate((e) => e.scrollIntoView({ block: "center" }));
    await screenshots(page, `offline-sync-sent-by-worker-${width}`);
  }
  await expect.poll(() => mailsWith(message).length, { timeout: 10_000 }).toBe(1);
});

test("refused when the worker sends it: kept with the server's errors, shown in its form on the next visit", async ({
  page,
  context,
}) => {
  const email = `sync-refused-${Date.now()}@example.com`;
  const message = "Its address was changed while it waited; the worker's try was refused.";
  const posts = countPosts(context);
  await workerReady(page);
  await sendOffline(page, context, email, message);
  await spoilKeptAddress(page);
  await page.close();
  const blank = await context.newPage();
  await context.setOffline(false);
  await fireSync(context, blank);
  await expect.poll(() => posts).toEqual(["worker"]);
  expect(await rows("contact_message", email)).toHaveLength(0);

  const later = await context.newPage();
  await later.goto(at("/contact-us"));
  const form = later.locator("main form");
  await expect(form.getByLabel("How can we help?")).toHaveValue(message);
  await expect(form.getByText("Please enter a valid e-mail address.")).toBeVisible();
  await expect(form.getByRole("button", { name: "Delete message" })).toBeVisible();
  expect((await kept(later)).entries).toBe(1);
  // Not sent again as it is: the visitor corrects it.
  await later.waitForTimeout(500);
  expect(posts).toEqual(["worker"]);
});

test("a comment written offline, the tab closed: the worker posts it to its route's action, once", async ({
  page,
  context,
}) => {
  // A form route's answer (React Router's own encoding), read in the worker as on the page.
  const email = `sync-comment-${Date.now()}@example.com`;
  const text = "Written on the bus; the worker posted it once the network was back.";
  await workerReady(page);
  await page.goto(at("/blog-single/1"));
  const form = page.getByRole("form", { name: "Leave a comment" });
  await form.getByLabel("Your name").fill("Ada Okafor");
  await form.getByLabel("Your e-mail (never published)").fill(email);
  await form.getByLabel("Your comment").fill(text);
  await context.setOffline(true);
  await form.getByRole("button", { name: "Post Comment" }).click();
  await expect(form.getByRole("status").first()).toHaveText(/^Your comment is saved on this phone/);
  await page.close();
  const blank = await context.newPage();
  await context.setOffline(false);
  await fireSync(context, blank);
  await expect
    .poll(() => rows("blog_comment", email).then((r) => r.map((c) => `${c.state} ${c.body}`)), {
      timeout: 15_000,
    })
    .toEqual([`pending ${text}`]);
  const later = await context.newPage();
  await later.goto(at("/blog-single/1"));
  await expect.poll(() => kept(later)).toEqual({ entries: 0, flag: null });
});
