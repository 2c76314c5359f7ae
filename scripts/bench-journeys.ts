// How long the journeys of real people take in Chromium against a built server, so that a change
// to sign-up or sign-in can show it made nothing harder (issue 26: measured before and after):
//   npm run bench:journeys [-- --runs 5] [-- --root ../other-checkout]
// `--root` measures another checkout's build (its own server and `scripts/staff.ts`) with this
// script, so two builds are compared in one sitting. Figures: medians of `--runs`, in ms:
// - newsletter sign-up: /newsletter opened → the form works (hydrated) → address typed,
//   Subscribe pressed → the thanks shown;
// - staff sign-up: the invitation link opened → "Create my passkey" usable → pressed → the
//   overview (the passkey ceremony with Chromium's virtual authenticator);
// - staff sign-in: /admin opened signed out → "Sign in with a passkey" usable → pressed → the
//   overview.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/chromium.ts";
import { hydrated } from "../tests/e2e/hydration.ts";
import { addAuthenticator } from "../tests/e2e/staff-helpers.ts";
import { startServerProcess } from "../server/testing/server-process.ts";

const args = process.argv.slice(2);
const valueOf = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const runs = Number(valueOf("runs") ?? 5);
const root = path.resolve(valueOf("root") ?? ".");

type Timings = Record<string, number[]>;
const timings: Timings = {};
const record = (name: string, ms: number) => (timings[name] ??= []).push(Math.round(ms));

async function timed<T>(name: string, step: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await step();
  record(name, performance.now() - started);
  return result;
}

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-journeys-"));
const server = await startServerProcess({
  cwd: root,
  command: ["node", "--max-semi-space-size=8", "--max-old-space-size=192", "server/main.ts"],
  env: {
    DATA_DIR: dataDir,
    SECRET: "bench-journeys-secret-0123456789-abcdefghij",
    LOG_REQUESTS: "false",
    // A person takes longer than the minimum time; the script does not wait for it.
    MIN_SUBMIT_MS: "0",
    RATE_LIMIT_PER_MINUTE: "1000",
    RATE_LIMIT_PER_HOUR: "10000",
  },
});
const origin = server.url.replace("127.0.0.1", "localhost");
const browser = await chromium.launch(chromiumLaunchOptions);

async function invite(email: string, name: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["scripts/staff.ts", "invite", email, "--name", name],
    {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, SITE_ORIGIN: origin },
    },
  );
  const link = /https?:\/\/\S+\/admin\/invite#[\w-]{43}/.exec(stdout)?.[0];
  if (!link) throw new Error(`no invitation link in: ${stdout}`);
  return link;
}

try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();

    await timed("newsletter sign-up: page usable", async () => {
      await page.goto(`${origin}/newsletter`);
      await hydrated(page);
    });
    await timed("newsletter sign-up: Subscribe → thanks", async () => {
      const form = page.locator("main form");
      await form.getByLabel("Subscribe to our newsletter").fill(`journey-${run}-${Date.now()}@example.com`);
      await form.getByRole("button", { name: "Subscribe" }).click();
      await page.getByText("Thanks for your Email").first().waitFor();
    });

    await addAuthenticator(page);
    const link = await invite(`journey-${run}@techspark.ng`, `Journey ${run}`);
    const createButton = page.getByRole("button", { name: "Create my passkey" });
    await timed("staff sign-up: page usable", async () => {
      await page.goto(link);
      await hydrated(page);
      await createButton.waitFor();
    });
    await timed("staff sign-up: Create my passkey → overview", async () => {
      await createButton.click();
      await page.getByRole("heading", { level: 1, name: `Welcome, Journey ${run}` }).waitFor();
    });

    await context.clearCookies();
    const signInButton = page.getByRole("button", { name: "Sign in with a passkey" });
    await timed("staff sign-in: page usable", async () => {
      await page.goto(`${origin}/admin`);
      await hydrated(page);
      await signInButton.waitFor();
    });
    await timed("staff sign-in: Sign in → overview", async () => {
      await signInButton.click();
      await page.getByRole("heading", { level: 1, name: `Welcome, Journey ${run}` }).waitFor();
    });
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
console.log(
  `Journeys of ${root}, ${runs} runs, ${os.cpus()[0]?.model ?? "unknown CPU"}: median ms (all runs)`,
);
console.log("| step | median ms | runs |\n| --- | ---: | --- |");
for (const [name, values] of Object.entries(timings)) {
  console.log(`| ${name} | ${median(values)} | ${values.join(", ")} |`);
}
