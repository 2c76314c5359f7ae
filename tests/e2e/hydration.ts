import type { Page } from "@playwright/test";

/**
 * React has taken over the server's HTML: links navigate in the browser and forms send with
 * fetch. Before that, a click follows the no-JavaScript path (a full page load or form post).
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return !!main && Object.keys(main).some((k) => k.startsWith("__reactFiber"));
  });
}
