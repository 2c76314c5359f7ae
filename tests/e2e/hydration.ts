// Pages load their JavaScript after the first paint (app/lib/deferred-scripts.server.ts). Until
// React has hydrated, a click follows the no-JavaScript path: a full page load, a form post, a
// native <details>. A visitor cannot tell the difference, but a test that means to check the
// scripted behaviour must wait for it: `test` here does, after every `page.goto`.
import { test as base, type Page } from "@playwright/test";

/** React has taken over the server's HTML: links navigate in the browser, forms send with fetch. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return !!main && Object.keys(main).some((k) => k.startsWith("__reactFiber"));
  });
}

/** The page has drawn `count` more frames: what a scroll (its events fire before a frame) or an
 *  element coming into view (observers report after one) set off has started by then. For the
 *  checks that something does NOT happen, instead of a fixed wait. Real frames: not under
 *  `page.clock`, whose fake requestAnimationFrame only runs when the test moves the clock. */
export async function frames(page: Page, count = 3) {
  await page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        const step = (left: number) => (left ? requestAnimationFrame(() => step(left - 1)) : resolve());
        step(n);
      }),
    count,
  );
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        // Only the site's pages hydrate (not robots.txt, a feed or a plain 404 for a file).
        if (await page.locator("script[type=module]").count()) await hydrated(page);
        return response;
      };
    }
    await use(page);
  },
});

export { expect } from "@playwright/test";
