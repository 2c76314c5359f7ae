import { chromium } from "@playwright/test";
import { gzipSync } from "node:zlib";
import { chromiumLaunchOptions } from "/work/wt-14/tests/chromium.ts";
const base = process.argv[2]!; const paths = process.argv.slice(3);
const browser = await chromium.launch(chromiumLaunchOptions);
for (const p of paths) {
  const page = await browser.newPage();
  const rows: [string, number][] = [];
  const pending: Promise<void>[] = [];
  page.on("response", (res) => { const t = res.request().resourceType(); if (t === "script" || t === "stylesheet") pending.push(res.body().then((b) => { rows.push([res.url().replace(base, ""), gzipSync(b).length]); }, () => {})); });
  await page.goto(base + p, { waitUntil: "networkidle" });
  await Promise.all(pending);
  rows.sort((a, b) => b[1] - a[1]);
  console.log(p, rows.reduce((s, r) => s + (r[0].endsWith(".css") ? 0 : r[1]), 0));
  for (const r of rows) console.log("  ", r[1], r[0]);
  await page.close();
}
await browser.close();
