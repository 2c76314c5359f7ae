import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/chromium.ts";

const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // As many as cores: on the 2-core Xeon, quiet, the 219 tests took 427 s with 2 workers and
  // 477 s with 3 (same build), where a timed test turned flaky: each test slowed more than the
  // third worker gained.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL,
    browserName: "chromium",
    launchOptions: chromiumLaunchOptions,
    trace: "off",
  },
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
      // The form tests send many messages quickly from one address, and wait for no anti-bot
      // minimum (1 ms: a token's age is still checked; comments.spec.ts keeps a real one).
      MIN_SUBMIT_MS: "1",
      RATE_LIMIT_PER_MINUTE: "1000",
      RATE_LIMIT_PER_HOUR: "10000",
    },
  },
});
