// The upload figures of issue 28: how long a 12-megapixel JPEG takes from upload to ready, and the
// server's peak memory (RSS, sampled every 20 ms) while it is processed, alone and with four
// uploaded at once, with that of the process each conversion runs in (./convert-apart.ts). The services as server/main.ts opens them (SQLite in a temporary folder),
// their routers served on loopback, a signed-in member uploading over HTTP.
//
//   npm run bench:pictures
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import express from "express";
import sharp from "sharp";
import { openServices } from "../server/services.ts";
import { upload } from "../server/pictures/testing/fixtures.ts";

/** A 4,000 × 3,000 photo-like JPEG (noise over a gradient: it does not compress to nothing). */
async function photo12mp(seed: number) {
  const noise = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: { r: 90 + seed, g: 120, b: 150 },
      noise: { type: "gaussian", mean: 128, sigma: 30 },
    },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return sharp(noise).blur(1.2).jpeg({ quality: 88 }).toBuffer();
}

// The photos are made by a child process: making them here would count in the server's memory.
if (process.argv[2] === "--make") {
  for (let i = 0; i < 5; i++) writeFileSync(path.join(process.argv[3]!, `${i}.jpg`), await photo12mp(i));
  process.exit(0);
}
const photos = mkdtempSync(path.join(tmpdir(), "bench-photos-"));
spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--make", photos], { stdio: "inherit" });
const photo = (i: number) => readFileSync(path.join(photos, `${i}.jpg`));

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-pictures-"));
const services = await openServices({
  dataDir,
  mailFrom: "bench <bench@example.org>",
  mailTo: "inbox@example.org",
  secret: "bench-secret-0123456789abcdefghijklmnop",
  rateLimit: { perMinute: 1000, perHour: 10_000 },
  minSubmitMs: 0,
  trustProxy: false,
  startWorker: false,
  pictureWatchMs: 200,
  logger: () => {},
});
const app = express();
app.use(services.routers);
const server = app.listen(0, "127.0.0.1");
await new Promise((resolve) => server.once("listening", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const { member } = await services.staff.store.invite(
  { email: "bench@example.org", name: "Bench", by: "shell" },
  Date.now(),
);
const cookie = `staff=${await services.staff.store.startSession(member.id, "bench", Date.now())}`;
const token = (await services.staff.session(cookie, base))!.formToken;

/** The resident memory of this process's children (the conversions' processes), from /proc. */
function childrenRss(): number {
  let total = 0;
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      if (Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) !== process.pid) continue;
      total += Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
}

async function run(count: number) {
  const files = Array.from({ length: count }, (_, i) => photo(count === 1 ? 0 : i + 1));
  const before = process.memoryUsage().rss;
  let peak = before;
  let childPeak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
    childPeak = Math.max(childPeak, childrenRss());
  }, 20);
  const t0 = performance.now();
  const answers = await Promise.all(
    files.map((f, i) => upload(base, f, `photo-${i}.jpg`, { cookie, token })),
  );
  const names = answers.map((a) => {
    if (a.status !== 201) throw new Error(`upload refused: ${a.status} ${JSON.stringify(a.body)}`);
    return a.body.name as string;
  });
  for (;;) {
    const states = await Promise.all(names.map((n) => services.pictures.store.state(n)));
    if (states.every((s) => s === "ready")) break;
    if (states.includes("failed")) throw new Error("a conversion failed");
    await new Promise((r) => setTimeout(r, 50));
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const mb = (n: number) => Math.round(n / 1024 / 1024);
  console.log(
    `${count} × 12 MP JPEG (${files.map((f) => (f.length / 1e6).toFixed(1)).join(", ")} MB): ready in ${seconds.toFixed(1)} s; server RSS ${mb(before)} MB before, peak ${mb(peak)} MB (+${mb(peak - before)} MB), ${mb(process.memoryUsage().rss)} MB after; the conversion's process: peak ${mb(childPeak)} MB`,
  );
}

try {
  await run(1);
  await run(4);
} finally {
  server.close();
  await services.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(photos, { recursive: true, force: true });
}
