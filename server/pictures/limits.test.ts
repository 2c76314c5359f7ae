// @vitest-environment node
// The uploads' limits and their cost (issue 45), over HTTP on SQLite: a member may upload
// UPLOADS_PER_DAY new pictures in 24 hours (refused after, before the file is read, with words
// saying until when; the same bytes again count once; another member, the next day pass); the console
// is told what the pictures take; the SQLite file gives back the originals' space once they are
// converted; a file has one address (no zero-padded width).
import { statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sqliteDatabase } from "../db/testing/databases.ts";
import { SQLITE_FILE } from "../db/index.ts";
import { cleanupsAfterEach, startHarness } from "../testing/feature-harness.ts";
import { PICTURE_UPLOAD_PATH } from "#app/lib/picture-upload.ts";
import { photo, upload } from "./testing/fixtures.ts";

const cleanups = cleanupsAfterEach();
const DAY = 86_400_000;

/** The services on SQLite (the converter run by hand), and a member signed in to upload. */
async function start(extra: { uploadsPerDay?: number } = {}) {
  const h = await startHarness(sqliteDatabase, cleanups, { startConverter: false, ...extra });
  const members = new Map<string, string>();
  /** A member's session from now (invited the first time): a day on, the last one has expired. */
  const signIn = async (email: string) => {
    if (!members.has(email))
      members.set(
        email,
        (await h.s.staff.store.invite({ email, name: email.split("@")[0]!, by: "shell" }, h.c.t)).member.id,
      );
    const cookie = `staff=${await h.s.staff.store.startSession(members.get(email)!, "test", h.c.t)}`;
    const token = (await h.s.staff.session(cookie, h.url))!.formToken;
    return {
      cookie,
      send: (file: Buffer, options: Parameters<typeof upload>[3] = {}) =>
        upload(h.url, file, "photo.jpg", { cookie, token, ...options }),
      usage: async () => {
        const res = await fetch(`${h.url}${PICTURE_UPLOAD_PATH}/usage`, { headers: { cookie } });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      },
    };
  };
  return { h, signIn };
}

/** Distinct small photos (each its own bytes: its own picture). */
const photos = (n: number, width = 400) =>
  Promise.all(Array.from({ length: n }, (_, i) => photo(width + i, 300)));

describe("uploads per member per day", () => {
  it("refuses a member's next new picture past UPLOADS_PER_DAY in 24 hours, before reading it, saying until when; the same bytes again count once; another member and the next day pass", async () => {
    const { h, signIn } = await start({ uploadsPerDay: 3 });
    const amina = await signIn("amina@techspark.ng");
    const [a, b, c, d] = await photos(4);
    const t0 = h.c.t;
    for (const [i, file] of [a!, b!, c!].entries()) {
      expect((await amina.send(file!)).status).toBe(201);
      h.c.advance(60_000 * (i + 1)); // the first at t0, the second a minute on, the third two more
      // The same bytes again are the picture she has: no new one, not counted.
      if (i === 0) expect((await amina.send(file!)).body).toMatchObject({ ok: true });
    }
    const refused = await amina.send(d!);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ ok: false, reason: "daily" });
    // When the first of the three leaves the window: t0 + 24 hours, in Lagos time (UTC+1).
    const lagos = new Date(t0 + DAY + 3_600_000).toISOString().slice(11, 16);
    expect(refused.body.message).toBe(
      `You have uploaded 3 new pictures in the last 24 hours, as many as one member may: you can upload the next from ${lagos} on ${formatLagosDay(t0 + DAY)} (Lagos time). Meanwhile, choose one already uploaded in the picture fields.`,
    );
    expect(Number(refused.headers.get("retry-after"))).toBe((t0 + DAY - h.c.t) / 1000);
    // Nothing of it was stored, and the audit log has the three.
    expect(await h.s.pictures.store.uploadsSince("amina@techspark.ng", 0)).toBe(3);
    // Without JavaScript: back to the editor, which words it.
    // Without JavaScript: back to the editor it came from (its body is not read: the browser's
    // Referer says where), which words it.
    const plain = await amina.send(d!, { json: false, referer: `${h.url}/admin/posts/new` });
    expect(plain.status).toBe(303);
    expect(plain.headers.get("location")).toBe("/admin/posts/new?picture-refused=daily");
    // At the limit nothing is read: the same bytes again too (choose that picture instead).
    expect((await amina.send(b!)).status).toBe(429);
    // Another member has their own 3.
    const emeka = await signIn("emeka@techspark.ng");
    expect((await emeka.send(d!)).status).toBe(201);
    // 24 hours after her first, one more; then the limit again.
    h.c.t = t0 + DAY + 1;
    const again = await signIn("amina@techspark.ng");
    const [e, f] = await photos(2, 500);
    expect((await again.send(e!)).status).toBe(201);
    expect((await again.send(f!)).status).toBe(429);
  });

  it("holds when uploads are sent at once: as many stored as the limit, the others refused", async () => {
    const { h, signIn } = await start({ uploadsPerDay: 3 });
    const amina = await signIn("amina@techspark.ng");
    const answers = await Promise.all((await photos(6)).map((file) => amina.send(file)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    expect(await h.s.pictures.store.uploadsSince("amina@techspark.ng", 0)).toBe(3);
  });

  it("is 100 a day unless set", async () => {
    const { h, signIn } = await start();
    const amina = await signIn("amina@techspark.ng");
    expect((await amina.usage()).body).toMatchObject({ uploadedToday: 0, perDay: 100 });
    expect(h.s.pictures.store).toBeDefined();
  });
});

describe("what the pictures take", () => {
  it("tells a signed-in member how many pictures there are and every byte they take; nobody else", async () => {
    const { h, signIn } = await start();
    const amina = await signIn("amina@techspark.ng");
    expect(await amina.usage()).toEqual({
      status: 200,
      body: { ok: true, pictures: 0, bytes: 0, uploadedToday: 0, perDay: 100 },
    });
    const [a, b] = await photos(2, 700);
    await amina.send(a!);
    await amina.send(b!);
    // Pending: their originals.
    expect((await amina.usage()).body).toMatchObject({
      pictures: 2,
      bytes: a!.length + b!.length,
      uploadedToday: 2,
    });
    await h.s.pictures.convertPending();
    // Ready: every file made of them, as served.
    const files = await h.s.db.kysely.selectFrom("post_picture_file").select("data").execute();
    const bytes = files.reduce((sum, f) => sum + f.data.length, 0);
    expect(bytes).toBeGreaterThan(0);
    expect((await amina.usage()).body).toMatchObject({ pictures: 2, bytes });
    const anonymous = await fetch(`${h.url}${PICTURE_UPLOAD_PATH}/usage`);
    expect(anonymous.status).toBe(401);
  });
});

describe("the SQLite file after conversions", () => {
  // Three PNG photos of about 1.2 MB each (noise compresses little), converted: their originals
  // are dropped. Three conversions: 10 s alone on two cores, past 30 s beside the other picture
  // tests; 90 s to hang.
  it("gives the originals' space back once they are converted: no free page left, the file about the size of the files made", async () => {
    const { h, signIn } = await start();
    const amina = await signIn("amina@techspark.ng");
    const originals = await Promise.all([0, 1, 2].map((i) => photo(1000 + i, 750, "png")));
    for (const file of originals) expect((await amina.send(file)).status).toBe(201);
    const sent = originals.reduce((sum, f) => sum + f.length, 0);
    expect(sent).toBeGreaterThan(3_000_000);
    await h.s.pictures.convertPending();
    const db = h.s.db.underlying;
    if (!("sqlite" in db)) throw new Error("SQLite expected");
    expect(db.sqlite.pragma("auto_vacuum", { simple: true })).toBe(2);
    expect(db.sqlite.pragma("freelist_count", { simple: true })).toBe(0);
    const { bytes } = await h.s.pictures.store.usage();
    db.sqlite.pragma("wal_checkpoint(PASSIVE)");
    const file = statSync(path.join(path.dirname(db.sqlite.name), SQLITE_FILE)).size;
    // The files made, the other tables and their indexes: well under the originals sent.
    expect(file).toBeLessThan(bytes + 1_500_000);
    expect(file).toBeLessThan(sent);
  }, 90_000);
});

describe("a file's address", () => {
  it("is its width as the pages write it: a zero-padded width, or none, is 404", async () => {
    const { h, signIn } = await start();
    const amina = await signIn("amina@techspark.ng");
    const name = (await amina.send((await photos(1, 500))[0]!)).body.name as string;
    await h.s.pictures.convertPending();
    const { fallback } = (await h.s.pictures.entries([name]))[name]!;
    const [, width] = /-(\d+)\.jpg$/.exec(fallback)!;
    const status = async (url: string) => (await fetch(h.url + url)).status;
    expect(await status(`/media/${name}-320.webp`)).toBe(200);
    expect(await status(fallback)).toBe(200);
    for (const wrong of [
      `/media/${name}-0320.webp`,
      `/media/${name}-00320.avif`,
      fallback.replace(`-${width}.`, `-0${width}.`),
      `/media/${name}-0.webp`,
      `/media/${name}-+320.webp`,
    ])
      expect(await status(wrong), wrong).toBe(404);
  });
});

/** "3 March 2031" for the Lagos day of `ms`. */
function formatLagosDay(ms: number): string {
  const d = new Date(ms + 3_600_000);
  return `${d.getUTCDate()} ${d.toLocaleString("en-GB", { month: "long", timeZone: "UTC" })} ${d.getUTCFullYear()}`;
}
