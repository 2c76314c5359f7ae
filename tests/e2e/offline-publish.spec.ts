// A publish from the console is seen on a phone's next online visit, though the phone keeps the
// page for offline reading (app/service-worker/sw.ts: pages are network-first, the copy is only
// for when the network fails).
import { expect, hydrated } from "./hydration.ts";
import { fillPost, staffConsole, test } from "./staff-helpers.ts";

const { at } = staffConsole;

test("a post published and then changed in the console is on the phone's next online visit", async ({
  page,
  member,
  browser,
}) => {
  test.setTimeout(90_000);
  void member;
  // The visitor's phone: its own browser, with the service worker.
  const phone = await (await browser.newContext({ serviceWorkers: "allow" })).newPage();
  const kept = () =>
    phone.evaluate(async () =>
      (await (await caches.open("techspark-pages")).keys()).map((r) => new URL(r.url).pathname),
    );
  await phone.goto(at("/blog-standard"));
  await phone.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 15_000 });
  await expect.poll(kept, { timeout: 10_000 }).toContain("/blog-standard");

  const u = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
  const title = `A shop in Wuse goes online ${u}`;
  await page.goto(at("/admin/posts/new"));
  await expect(page.getByRole("heading", { level: 1, name: "A new post" })).toBeVisible();
  await hydrated(page);
  await fillPost(page, title, `wuse-${u}`);
  await page.getByRole("button", { name: "Save the draft" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved as a draft. The preview shows it.");
  await page.getByRole("button", { name: "Save and publish" }).click();
  await expect(page.getByRole("status")).toHaveText("Published: it is on the blog now.");
  const id = Number(/\/admin\/posts\/(\d+)/.exec(page.url())![1]);

  // The list the phone holds is fetched again: the new post is on it.
  await phone.goto(at("/blog-standard"));
  await expect(phone.getByRole("link", { name: title }).first()).toBeVisible();
  await expect(phone.locator("#offline-mark")).toHaveCount(0);
  await phone.goto(at(`/blog-single/${id}`));
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect.poll(kept, { timeout: 10_000 }).toContain(`/blog-single/${id}`);

  await page.getByLabel(/^Title/).fill(`${title}, revised`);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Saved. The preview is up to date.");
  await phone.goto(at(`/blog-single/${id}`));
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText(`${title}, revised`);
  await expect(phone.locator("#offline-mark")).toHaveCount(0);

  // Offline, the phone shows the copy it last saw: the revised one.
  await phone.context().setOffline(true);
  await phone.goto(at(`/blog-single/${id}`));
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText(`${title}, revised`);
  await expect(phone.getByRole("status").filter({ hasText: "You are offline" })).toBeVisible();
  await phone.context().close();
});
