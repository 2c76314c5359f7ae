// Debian's Chromium, as the tests and benchmarks launch it (no browser download needed).
import { existsSync } from "node:fs";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

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
