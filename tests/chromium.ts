// Debian's Chromium, as the tests and benchmarks launch it (no browser download needed).
import { existsSync } from "node:fs";

/**
 * The full browser a visitor runs: Lighthouse, screenshots and the journeys bench measure with it.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The browser tests run in Chromium's headless shell (Debian's `chromium-headless-shell`): the
 * same Blink and V8 without the desktop browser around them, and what Playwright itself runs
 * for headless tests. On the 2-core Xeon the 219 browser tests took 260 s in it against 411 s
 * in the full browser, every one passing in both (decision 018).
 */
export const testBrowser = {
  package: "chromium-headless-shell",
  path: process.env.TEST_CHROMIUM_PATH ?? "/usr/lib/chromium/chromium-headless-shell",
};

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export const chromiumLaunchOptions = {
  executablePath: existsSync(chromiumPath) ? chromiumPath : undefined,
  args: chromiumArgs,
};

/** How the browser tests launch it (playwright.config.ts). */
export const testLaunchOptions = {
  executablePath: existsSync(testBrowser.path) ? testBrowser.path : undefined,
  args: chromiumArgs,
};
