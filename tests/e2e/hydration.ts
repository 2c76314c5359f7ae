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
