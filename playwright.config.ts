import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/chromium.ts";

const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
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
      // The form tests send many messages quickly from one address.
      MIN_SUBMIT_MS: "800",
      RATE_LIMIT_PER_MINUTE: "1000",
      RATE_LIMIT_PER_HOUR: "10000",
    },
  },
});
