// @vitest-environment node
// What uploaded pictures cost the SQLite file (issue 45): N phone-sized photos (JPEGs of 9 to
// 14 MB, noise: they compress like no real photo), each uploaded over HTTP by a signed-in member
// and converted as the server converts it, the file and its write-ahead log measured after each,
// and once more after the services close (as a stopped server leaves them). A measurement, not a
// check (minutes of conversions): it runs only when asked, and prints its table.
//
//   MEASURE_SPACE=13 [MEASURE_PHOTOS=/tmp/photos] npx vitest run --project unit server/pictures/measure-space.test.ts
//
// MEASURE_PHOTOS keeps the photos between runs (made once: about 5 s each), so that two versions
// of the code are measured on the same bytes.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { SQLITE_FILE } from "../db/index.ts";
import { openServices } from "../services.ts";
import { upload } from "./testing/fixtures.ts";

const n = Number(process.env.MEASURE_SPACE ?? 0);

/** Photo `i`: 12, 18.75 or 24 megapixels in turn (9.7, 12.7 and about 14 MB). */
async function photoFile(photos: string, i: number): Promise<Buffer> {
  const file = path.join(photos, `${i}.jpg`);
  if (existsSync(file)) return readFileSync(file);
  const [width, height, quality] = (
    [
      [4000, 3000, 95],
      [5000, 3750, 92],
      [6000, 4000, 88],
    ] as const
  )[i % 3]!;
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 120 + i, g: 90, b: 60 },
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const jpeg = await sharp(noise).jpeg({ quality }).toBuffer();
  writeFileSync(file, jpeg);
  return jpeg;
}

describe.skipIf(!n)("the SQLite file's size after uploads (MEASURE_SPACE=N)", () => {
  it(`after ${n} uploads`, async () => {
    const photos = process.env.MEASURE_PHOTOS ?? mkdtempSync(path.join(tmpdir(), "measure-photos-"));
    mkdirSync(photos, { recursive: true });
    const dataDir = mkdtempSync(path.join(tmpdir(), "measure-space-"));
    const services = await openServices({
      dataDir,
      mailFrom: "measure <measure@example.org>",
      mailTo: "inbox@example.org",
      secret: "measure-secret-0123456789abcdefghijklmno",
      rateLimit: { perMinute: 1000, perHour: 10_000 },
      minSubmitMs: 0,
      trustProxy: false,
      startWorker: false,
      startConverter: false,
      logger: () => {},
    });
    const app = express();
    app.use(services.routers);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { member } = await services.staff.store.invite(
      { email: "measure@example.org", name: "Measure", by: "shell" },
      Date.now(),
    );
    const cookie = `staff=${await services.staff.store.startSession(member.id, "measure", Date.now())}`;
    const token = (await services.staff.session(cookie, base))!.formToken;

    const file = path.join(dataDir, SQLITE_FILE);
    const size = (f: string) => (existsSync(f) ? statSync(f).size : 0);
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    const sqlite = "sqlite" in services.db.underlying ? services.db.underlying.sqlite : null;
    const rows = [
      `auto_vacuum: ${sqlite?.pragma("auto_vacuum", { simple: true })}`,
      "| after | uploaded (MB) | file (MB) | WAL (MB) | both (MB) | free pages in it (MB) |",
      "| --- | --- | --- | --- | --- | --- |",
    ];
    const row = (label: string, sent: number) => {
      const free = sqlite?.open ? Number(sqlite.pragma("freelist_count", { simple: true })) : NaN;
      const [db, wal] = [size(file), size(`${file}-wal`)];
      rows.push(
        `| ${label} | ${mb(sent)} | ${mb(db)} | ${mb(wal)} | ${mb(db + wal)} | ${Number.isNaN(free) ? "" : mb(free * 4096)} |`,
      );
    };

    row("start", 0);
    let sent = 0;
    for (let i = 0; i < n; i++) {
      const bytes = await photoFile(photos, i);
      const answer = await upload(base, bytes, `${i}.jpg`, { cookie, token });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      sent += bytes.length;
      await services.pictures.convertPending();
      row(`${i + 1} uploads, converted`, sent);
    }
    server.close();
    await services.close();
    row("services closed", sent);
    rmSync(dataDir, { recursive: true, force: true });
    if (!process.env.MEASURE_PHOTOS) rmSync(photos, { recursive: true, force: true });
    console.log(rows.join("\n"));
  }, 3_600_000);
});
