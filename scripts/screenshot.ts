// Screenshots of pages for a visual check:
//   node scripts/screenshot.ts http://127.0.0.1:3000 /about-us /pricing [--dark] [--out dir]
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/chromium.ts";

const args = process.argv.slice(2);
const base = args.shift() ?? "http://127.0.0.1:3000";
const dark = args.includes("--dark");
const outIndex = args.indexOf("--out");
const out = outIndex >= 0 ? args[outIndex + 1]! : "screenshots";
const paths = args.filter((a, i) => !a.startsWith("--") && args[i - 1] !== "--out");
mkdirSync(out, { recursive: true });

const browser = await chromium.launch(chromiumLaunchOptions);
for (const [label, viewport] of [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1440, height: 900 }],
] as const) {
  const page = await browser.newPage({ viewport, colorScheme: dark ? "dark" : "light" });
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: "networkidle" });
    // Scroll through the page so lazy pictures load and counters run, then back to the top.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += viewport.height / 2) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(80);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(1500);
    const name = `${p.replace(/[^a-z0-9]+/gi, "_") || "home"}-${label}${dark ? "-dark" : ""}.png`;
    await page.screenshot({ path: path.join(out, name), fullPage: true });
    console.log(path.join(out, name));
  }
  await page.close();
}
await browser.close();
