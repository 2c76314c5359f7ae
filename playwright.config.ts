import { defineConfig } from "@playwright/test";
import { testLaunchOptions } from "./tests/chromium.ts";

const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Three on two cores: each test also waits on the server, the network and timers. On the 2-core
  // Xeon, in Chromium's headless shell, the 222 tests took 247 s with 2 workers and 223 s with 3
  // (in the full browser, 3 were slower than 2: 477 s against 427 s; decision 018).
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL,
    browserName: "chromium",
    // Still pages unless a test is about motion: a moving page (the hero's video, carousels, CSS
    // animations) keeps half a core busy while it is open. The sweeps, the home page's and the
    // carousels' tests ask for motion themselves (`test.use({ reducedMotion: "no-preference" })`).
    reducedMotion: "reduce",
    // The site's service worker (docs/offline.md) would answer requests that tests watch or refuse
    // with `page.route` (Playwright does not see what a worker answers), and install itself in
    // every test's context. offline.spec.ts, which is about it, allows it.
    serviceWorkers: "block",
    launchOptions: testLaunchOptions,
    trace: "off",
  },
  // The journey that waits for a scheduled minute (up to 75 s, mostly idle) starts first, so that
  // the other workers' tests run while it waits, instead of it running alone at the end (about
  // 96 s of tail when it happened to start last).
  projects: [
    { name: "journeys", testMatch: "posts-journey.spec.ts" },
    { name: "site", testIgnore: "posts-journey.spec.ts" },
    // The spec's error catalogue (§8) and the form's states (§4): tests/spec/ changes only with the spec.
    { name: "spec", testDir: "tests/spec", testMatch: "*.spec.ts" },
  ],
  webServer: {
    // The production build, started the way `npm start` starts it.
    command: "rm -rf .e2e-data && node --max-semi-space-size=8 --max-old-space-size=192 server/main.ts",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 30_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: ".e2e-data",
      LOG_REQUESTS: "false",
      // Stopped at the end of the run: no balancer to wait for.
      STOP_GRACE_MS: "0",
      // Uploaded pictures converted at the encoders' quickest (their files are checked, not their bytes).
      PICTURE_EFFORT: "fast",
      // The form tests send many messages quickly from one address, and wait for no anti-bot
      // minimum (1 ms: a token's age is still checked; comments.spec.ts keeps a real one).
      MIN_SUBMIT_MS: "1",
      RATE_LIMIT_PER_MINUTE: "1000",
      RATE_LIMIT_PER_HOUR: "10000",
    },
  },
});
