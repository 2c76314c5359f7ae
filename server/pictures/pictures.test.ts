// @vitest-environment node
// Uploading a post's picture over HTTP, as the editor (or an attacker) sends it: a signed-in
// session with its form token; hostile files refused with a clear message (an SVG with a script,
// HTML named .jpg, 16 MB, a 20,000 × 20,000 PNG); a good one converted off the request path into
// the site's widths, with no EXIF or GPS left in any file, served for a year under its hash;
// chosen for a post and carried with the published posts; chosen for a project and carried with
// the published content; removed 30 days after no post and no content item names it.
// HTTP on SQLite (the storage on both dialects: ./repository.test.ts); the pages that show an
// uploaded picture, through the real server: tests/pages/pictures.test.ts.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { sqliteDatabase } from "../db/testing/databases.ts";
import { cleanupsAfterEach, startHarness, type Harness } from "../testing/feature-harness.ts";
import { readPostFolder, seedFolder } from "../posts/files.ts";
import { PICTURE_REFUSED } from "#app/lib/picture-upload.ts";
import { CONSOLE_FORM_REFUSED } from "#app/lib/console-form.ts";
import { UNUSED_KEPT_MS } from "./repository.ts";
import { projectType } from "#app/content-types/project/type.ts";
import { fieldValues } from "#app/config/content-fields.ts";
import {
  EXIF_MARKER,
  HTML_AS_JPEG,
  SVG_WITH_SCRIPT,
  photo,
  pngBomb,
  pngWithGps,
  postLarge,
  sidewaysJpeg,
  upload,
} from "./testing/fixtures.ts";

const cleanups = cleanupsAfterEach();
const AMINA = "amina@techspark.ng";
const DAY = 86_400_000;

/** The services on SQLite, the converter run by hand (`h.s.pictures.convertPending()`). */
async function start(extra: { picturesDir?: string } = {}) {
  const h = await startHarness(sqliteDatabase, cleanups, { startConverter: false, ...extra });
  const { member } = await h.s.staff.store.invite({ email: AMINA, name: "Amina", by: "shell" }, h.c.t);
  const session = await h.s.staff.store.startSession(member.id, "test", h.c.t);
  const cookie = `staff=${session}`;
  const view = await h.s.staff.session(cookie, h.url);
  const token = view!.formToken;
  const send = (file: Buffer, filename: string, options: Parameters<typeof upload>[3] = {}) =>
    upload(h.url, file, filename, { cookie, token, ...options });
  return { h, cookie, token, send };
}

/** Every file of a ready picture, as a browser fetches it. */
async function files(h: Harness, name: string) {
  const [entry] = Object.values(await h.s.pictures.entries([name]));
  expect(entry, `${name} is ready`).toBeDefined();
  const urls = [
    ...entry!.widths.flatMap((w) => entry!.formats.map((f) => `/media/${name}-${w}.${f}`)),
    entry!.fallback,
  ];
  return Promise.all(
    urls.map(async (url) => {
      const res = await fetch(h.url + url);
      return { url, res, bytes: Buffer.from(await res.arrayBuffer()) };
    }),
  );
}

/** A post's editor fields: post 16's text with these pictures. */
function postInput(pictures: { thumb: string; image: string; inlineImage: string }) {
  const { id: _, state: __, ...fields } = readPostFolder(seedFolder()).posts.find((p) => p.id === 16)!;
  return {
    ...fields,
    title: "A post with our own pictures",
    slug: "a-post-with-our-own-pictures",
    ...pictures,
  };
}

describe("uploading a post's picture", () => {
  // Seven widths in AVIF and WebP of a 2,400 px photo, at the encoders' quickest (PICTURE_EFFORT
  // "fast": the same files as the production effort, encode.test.ts): 27 s at the production
  // effort in a loaded run, for files this test checks by their shape, not their bytes.
  it("converts a good JPEG off the request path into every width, served for a year under its hash", async () => {
    const { h, send } = await start();
    const answer = await send(await photo(2400, 1600), "office.jpg");
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      ok: true,
      state: "pending",
      name: expect.stringMatching(/^u\/[0-9a-f]{16}$/),
    });
    const name = answer.body.name as string;
    // Nothing is served, nor may it be chosen, before it is converted.
    expect((await fetch(`${h.url}/media/${name}-640.webp`)).status).toBe(404);
    expect(await h.s.pictures.entries([name])).toEqual({});

    await h.s.pictures.convertPending();
    const entry = (await h.s.pictures.entries([name]))[name]!;
    expect(entry).toMatchObject({
      width: 1920,
      height: 1280,
      widths: [320, 480, 640, 960, 1280, 1600, 1920],
      formats: ["avif", "webp"],
      fallback: `/media/${name}-640.jpg`,
      placeholder: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    expect(h.s.pictures.names()).toEqual([name]);
    const served = await files(h, name);
    expect(served).toHaveLength(7 * 2 + 1);
    for (const { url, res, bytes } of served) {
      expect(res.status, url).toBe(200);
      expect(res.headers.get("cache-control"), url).toBe("public, max-age=31536000, immutable");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      const format = url.split(".").pop()!;
      expect(res.headers.get("content-type")).toBe(format === "jpg" ? "image/jpeg" : `image/${format}`);
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe({ jpg: "jpeg", avif: "heif" }[format] ?? format);
      expect(meta.width, url).toBe(Number(/-(\d+)\./.exec(url)![1]));
      // Asked again with its ETag: nothing to send.
      const again = await fetch(h.url + url, { headers: { "if-none-match": res.headers.get("etag")! } });
      expect(again.status).toBe(304);
    }
    // The same bytes again are the same picture.
    expect((await send(await photo(2400, 1600), "copy.jpg")).body).toMatchObject({
      name: expect.any(String),
    });
    for (const wrong of [
      `/media/${name}-641.webp`,
      `/media/${name}-640.gif`,
      "/media/u/0123456789abcdef-640.webp",
      `/media/${name}.webp`,
    ])
      expect((await fetch(h.url + wrong)).status, wrong).toBe(404);
  }, 90_000);

  it("with PICTURES_DIR, makes and serves the same files from that folder", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "pictures-dir-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const { h, send } = await start({ picturesDir: dir });
    const name = (await send(await photo(500, 333), "office.jpg")).body.name as string;
    await h.s.pictures.convertPending();
    const served = await files(h, name);
    expect(served.map((f) => f.res.status)).toEqual(served.map(() => 200));
    // Every file served is a file of the folder, byte for byte.
    expect(readdirSync(dir).sort()).toEqual(served.map((f) => path.basename(f.url)).sort());
    for (const f of served)
      expect(f.bytes.equals(readFileSync(path.join(dir, path.basename(f.url))))).toBe(true);
  });

  it("keeps no EXIF and no GPS in any file made of a PNG that had them, and turns a sideways photo upright", async () => {
    const { h, send } = await start();
    const gps = await pngWithGps();
    // The fixture does carry them: without this the test could not fail.
    const before = await sharp(gps).metadata();
    expect(before.exif?.toString("latin1")).toContain(EXIF_MARKER);
    expect(before.exif?.toString("latin1")).toContain("TestCam");
    const tagged = await send(gps, "from-my-phone.png");
    const sideways = await send(await sidewaysJpeg(), "sideways.jpg");
    await h.s.pictures.convertPending();
    const served = await files(h, tagged.body.name as string);
    for (const { url, bytes } of served) {
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, url).toBeUndefined();
      expect(meta.xmp, url).toBeUndefined();
      expect(bytes.toString("latin1"), url).not.toContain(EXIF_MARKER);
      expect(bytes.toString("latin1"), url).not.toContain("TestCam");
    }
    // Stored 600 × 400 with orientation 6: shown 400 × 600.
    const upright = (await h.s.pictures.entries([sideways.body.name as string]))[
      sideways.body.name as string
    ]!;
    expect([upright.width, upright.height]).toEqual([400, 600]);
  });

  it("refuses what is not a picture it takes, whatever its name says, with a message naming the types", async () => {
    const { h, send } = await start();
    for (const [bytes, filename] of [
      [SVG_WITH_SCRIPT, "logo.svg"],
      [SVG_WITH_SCRIPT, "logo.png"],
      [HTML_AS_JPEG, "holiday.jpg"],
      [Buffer.from("just some text"), "notes.jpg"],
    ] as const) {
      const answer = await send(bytes, filename);
      expect(answer.status, filename).toBe(415);
      expect(answer.body).toEqual({ ok: false, message: PICTURE_REFUSED.type, reason: "type" });
    }
    expect(PICTURE_REFUSED.type).toMatch(/JPEG, PNG, WebP, AVIF or GIF/);
    expect(await h.s.db.kysely.selectFrom("post_picture").selectAll().execute()).toEqual([]);
  });

  it("refuses a 20,000 × 20,000 PNG quickly, from its header, without decoding it", async () => {
    const { h, send } = await start();
    const bomb = pngBomb(20_000);
    expect(bomb.length).toBeLessThan(1_000_000);
    const rss = process.memoryUsage().rss;
    const t0 = performance.now();
    const answer = await send(bomb, "poster.png");
    const ms = performance.now() - t0;
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(PICTURE_REFUSED.pixels);
    expect(ms).toBeLessThan(2_000);
    // Decoded, it would be 400 million pixels (over 400 MB even at a byte each).
    expect(process.memoryUsage().rss - rss).toBeLessThan(60 * 1024 * 1024);
    expect(await h.s.db.kysely.selectFrom("post_picture").selectAll().execute()).toEqual([]);
  });

  it("refuses 16 MB at once (413) with the limit in words, and a file cut at 15 MB", async () => {
    const { h, cookie, token, send } = await start();
    const big = await postLarge(h.url, 16 * 1024 * 1024, {
      cookie,
      "x-console-token": token,
      accept: "application/json",
    });
    expect(big.status).toBe(413);
    expect(JSON.parse(big.text)).toMatchObject({ ok: false, message: PICTURE_REFUSED.tooLarge });
    expect(PICTURE_REFUSED.tooLarge).toMatch(/15 MB/);
    // Just under the request's limit, but the file itself is over 15 MB: the parser stops at 15 MB.
    const over = Buffer.concat([await photo(200, 200), Buffer.alloc(15 * 1024 * 1024 + 1000)]);
    const cut = await send(over, "big.jpg");
    expect(cut.status).toBe(413);
    expect(cut.body.message).toBe(PICTURE_REFUSED.tooLarge);
  });

  it("takes pictures only from a signed-in session with its form token; a plain form goes back to the editor", async () => {
    const { h, cookie, token } = await start();
    const jpeg = await photo(800, 600);
    const signedOut = await upload(h.url, jpeg, "a.jpg", { token });
    expect(signedOut.status).toBe(401);
    const noToken = await upload(h.url, jpeg, "a.jpg", { cookie });
    expect(noToken).toMatchObject({ status: 403, body: { message: CONSOLE_FORM_REFUSED } });
    const otherToken = await upload(h.url, jpeg, "a.jpg", {
      cookie,
      token: token.replace(/^./, (c) => (c === "A" ? "B" : "A")),
    });
    expect(otherToken.status).toBe(403);
    expect(await h.s.db.kysely.selectFrom("post_picture").selectAll().execute()).toEqual([]);

    const plain = await upload(h.url, jpeg, "a.jpg", { cookie, token, json: false, back: "/admin/posts/3" });
    expect(plain.status).toBe(303);
    expect(plain.headers.get("location")).toMatch(/^\/admin\/posts\/3\?picture=u%2F[0-9a-f]{16}$/);
    const refused = await upload(h.url, HTML_AS_JPEG, "a.jpg", {
      cookie,
      token,
      json: false,
      back: "https://evil.example/",
    });
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toBe("/admin/posts?picture-refused=type");
    // Protocol-relative, backslashed or tail-padded addresses are not the editor either.
    for (const back of ["//evil.example/admin/posts/3", "/\\evil.example", "/admin/posts/3/../../x"]) {
      const answer = await upload(h.url, HTML_AS_JPEG, "a.jpg", { cookie, token, json: false, back });
      expect(answer.headers.get("location"), back).toBe("/admin/posts?picture-refused=type");
    }
    // Recorded in the audit log.
    const audit = await h.s.staff.store.auditLog();
    expect(audit.filter((e) => e.action === "picture.uploaded").map((e) => e.actor)).toEqual([AMINA]);
  });
});

describe("an uploaded picture in a post", () => {
  it("may be chosen once ready, goes out with the published posts, and its preview entries with the post", async () => {
    const { h, send } = await start();
    const name = (await send(await photo(600, 400), "team.jpg")).body.name as string;
    const posts = h.s.staff.posts;
    const pictures = { thumb: name, image: name, inlineImage: "blog-01-inline" };
    const early = await posts.save(AMINA, null, postInput(pictures));
    expect(early).toMatchObject({ ok: false, reason: "invalid" });
    expect(posts.choices().pictures).not.toContain(name);

    await h.s.pictures.convertPending();
    expect(posts.choices().pictures[0]).toBe(name);
    const saved = await posts.save(AMINA, null, postInput(pictures));
    expect(saved).toMatchObject({ ok: true });
    const id = (saved as { id: number }).id;
    const edit = await posts.get(id);
    expect(Object.keys(edit!.pictures ?? {})).toEqual([name]);
    expect(await posts.publish(AMINA, id)).toMatchObject({ ok: true });
    const shown = h.s.posts.port.published();
    expect(shown.posts.some((p) => p.id === id && p.thumb === name)).toBe(true);
    expect(shown.pictures?.[name]).toEqual((await h.s.pictures.entries([name]))[name]);
  });

  it("removes a picture 30 days after no post names it, and never one a post names", async () => {
    const { h, send } = await start();
    const unused = (await send(await photo(700, 500), "unused.jpg")).body.name as string;
    const chosen = (await send(await photo(720, 480), "chosen.jpg")).body.name as string;
    await h.s.pictures.convertPending();
    const saved = await h.s.staff.posts.save(
      AMINA,
      null,
      postInput({ thumb: chosen, image: chosen, inlineImage: chosen }),
    );
    expect(saved).toMatchObject({ ok: true });
    const id = (saved as { id: number }).id;

    h.c.advance(UNUSED_KEPT_MS - DAY);
    expect(await h.s.pictures.sweep()).toEqual([]);
    h.c.advance(2 * DAY);
    expect(await h.s.pictures.sweep()).toEqual([unused]);
    expect((await fetch(`${h.url}/media/${unused}-480.webp`)).status).toBe(404);
    expect((await fetch(`${h.url}/media/${chosen}-480.webp`)).status).toBe(200);

    // The post stops naming it: 30 days from then (not from the upload).
    const current = (await h.s.staff.posts.get(id))!;
    const changed = await h.s.staff.posts.save(
      AMINA,
      id,
      postInput({ thumb: "blog-01", image: "blog-01-full", inlineImage: "blog-01-inline" }),
      current.revision,
    );
    expect(changed).toMatchObject({ ok: true });
    expect(await h.s.pictures.sweep()).toEqual([]);
    h.c.advance(UNUSED_KEPT_MS - DAY);
    expect(await h.s.pictures.sweep()).toEqual([]);
    h.c.advance(DAY);
    expect(await h.s.pictures.sweep()).toEqual([chosen]);
    expect(await h.s.db.kysely.selectFrom("post_picture_file").select("name").execute()).toEqual([]);
  });

  it("keeps a picture the article itself shows (inserted by the editor), and only while it does", async () => {
    const { h, send } = await start();
    const inArticle = (await send(await photo(700, 500), "in-article.jpg")).body.name as string;
    await h.s.pictures.convertPending();
    const input = postInput({ thumb: "blog-01", image: "blog-01-full", inlineImage: "blog-01-inline" });
    const saved = await h.s.staff.posts.save(AMINA, null, {
      ...input,
      body: `${input.body}\n\n![The shop's front](/media/${inArticle})`,
    });
    expect(saved).toMatchObject({ ok: true });
    h.c.advance(UNUSED_KEPT_MS + DAY);
    expect(await h.s.pictures.sweep()).toEqual([]);
    // Taken out of the article: 30 days from then.
    const id = (saved as { id: number }).id;
    const current = (await h.s.staff.posts.get(id))!;
    expect(await h.s.staff.posts.save(AMINA, id, input, current.revision)).toMatchObject({ ok: true });
    expect(await h.s.pictures.sweep()).toEqual([]);
    h.c.advance(UNUSED_KEPT_MS + DAY);
    expect(await h.s.pictures.sweep()).toEqual([inArticle]);
  });
});

/** A square picture, its left half red and its right half blue. */
const halves = (size: number) =>
  sharp({ create: { width: size, height: size, channels: 3, background: { r: 220, g: 30, b: 30 } } })
    .composite([
      {
        input: {
          create: { width: size / 2, height: size, channels: 3, background: { r: 30, g: 30, b: 220 } },
        },
        left: size / 2,
        top: 0,
      },
    ])
    .jpeg({ quality: 92 })
    .toBuffer();

describe("uploading a portrait to its frame (a team member's photo, 4:5)", () => {
  it("keeps the part chosen, of the frame's shape; without one (a plain form) the frame's largest part", async () => {
    const { h, send } = await start();
    const picture = await halves(1000);
    // The right half's middle, 4:5: all blue.
    const chosen = await send(picture, "team.jpg", { frame: "portrait", crop: "0.5,0.25,0.4,0.5" });
    expect(chosen).toMatchObject({ status: 201, body: { ok: true, state: "pending" } });
    const whole = await send(await photo(1500, 1000), "office.jpg", { frame: "portrait" });
    expect(whole.status).toBe(201);
    await h.s.pictures.convertPending();

    const [a, b] = [chosen.body.name as string, whole.body.name as string];
    const entries = await h.s.pictures.entries([a, b]);
    // 400 × 500 of the upload: kept at that size, 4:5.
    expect(entries[a]).toMatchObject({ width: 400, height: 500 });
    const file = Buffer.from(await (await fetch(`${h.url}/media/${a}-320.webp`)).arrayBuffer());
    const { dominant } = await sharp(file).stats();
    expect(dominant.b).toBeGreaterThan(150);
    expect(dominant.r).toBeLessThan(100);
    // The 1500 × 1000 photo's largest 4:5 part is 800 × 1000: its files up to 800 wide, 4:5.
    expect(entries[b]!.height / entries[b]!.width).toBeCloseTo(1.25, 2);
    expect(entries[b]!.width).toBeLessThanOrEqual(800);

    // The same bytes uploaded as they are (for a post) are another picture than the portrait.
    const plain = await send(picture, "team.jpg");
    expect(plain.body.name).not.toBe(a);
    // The same bytes and crop again: the same picture.
    expect(
      (await send(picture, "again.jpg", { frame: "portrait", crop: "0.5,0.25,0.4,0.5" })).body.name,
    ).toBe(a);
  });

  it("refuses a frame the site does not use, and a part that is not inside the picture or not of the frame's shape; nothing is kept", async () => {
    const { h, send } = await start();
    const picture = await halves(1000);
    expect(await send(picture, "a.jpg", { frame: "panorama" })).toMatchObject({
      status: 400,
      body: { ok: false, message: PICTURE_REFUSED.frame },
    });
    for (const crop of [
      "0,0,0.5,0.5",
      "0.7,0,0.4,0.5",
      "0,0.6,0.4,0.5",
      "1,2,3",
      "a,b,c,d",
      "-0.1,0,0.4,0.5",
      "0,0,0,0",
      "0,0,0.4,0.5,0",
    ]) {
      const answer = await send(picture, "a.jpg", { frame: "portrait", crop });
      expect(answer, crop).toMatchObject({ status: 400, body: { ok: false, message: PICTURE_REFUSED.crop } });
    }
    expect(await h.s.db.kysely.selectFrom("post_picture").select("name").execute()).toEqual([]);
  });

  it("sends a plain form back to the member's editor with the portrait's name", async () => {
    const { send } = await start();
    const answer = await send(await halves(600), "team.jpg", {
      frame: "portrait",
      json: false,
      back: "/admin/content/team/3",
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toMatch(/^\/admin\/content\/team\/3\?picture=u%2F[0-9a-f]{16}$/);
    // Anywhere else: the posts' list, as before.
    const elsewhere = await send(await halves(600), "team.jpg", {
      json: false,
      back: "//evil.example/admin/content/team/3",
    });
    expect(elsewhere.headers.get("location")).toMatch(/^\/admin\/posts\?picture=/);
  });
});

describe("an uploaded picture in a project", () => {
  it("is offered to the project's editor once ready, goes out with the published content, and stays while the project names it", async () => {
    const { h, send } = await start();
    // One uploaded in a post's editor (no frame), 4:3: the card's shape; and one 16:9.
    const name = (await send(await photo(1200, 900), "site-visit.jpg")).body.name as string;
    const wide = (await send(await photo(1600, 900), "site-wide.jpg")).body.name as string;
    const content = h.s.staff.content;
    const thumbOptions = () => content.framedPictures("project", "thumb");
    expect(await thumbOptions()).not.toContain(name);
    await h.s.pictures.convertPending();
    // The names are read again every few seconds: at once here.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await thumbOptions()).toEqual([name]);
    expect(await content.framedPictures("project", "thumbFull")).toEqual([wide]);
    // Not offered where a field takes another shape (a member's portrait).
    expect(await content.framedPictures("team", "portrait")).toEqual([]);

    const [first] = projectType.seed;
    const made = await content.create(AMINA, "project", {
      values: fieldValues(projectType.fields, {
        ...first,
        title: "Site visits in Bwari",
        thumb: name,
        thumbFull: wide,
      }),
      intent: "publish",
      publishAt: null,
    });
    expect(made).toMatchObject({ ok: true, key: "7", state: "published" });
    const [entry] = Object.values(await h.s.pictures.entries([name]));
    expect(h.s.content.port.published().pictures?.[name]).toEqual(entry);
    // The editor's preview draws it from its files under /media/.
    const drawn = await content.pictures((await content.get("project", "7"))!.item.item);
    expect(drawn[name]).toMatchObject({ src: entry!.fallback, width: entry!.width, height: entry!.height });
    expect(drawn[name]!.sources[0]!.srcSet).toContain(`/media/${name}-`);

    // Named by the project: kept past 30 days; unnamed, removed 30 days later.
    h.c.advance(UNUSED_KEPT_MS + DAY);
    expect(await h.s.pictures.sweep()).toEqual([]);
    expect(await content.remove(AMINA, "project", "7")).toBe(true);
    expect(await h.s.pictures.sweep()).toEqual([]);
    h.c.advance(UNUSED_KEPT_MS);
    expect((await h.s.pictures.sweep()).sort()).toEqual([name, wide].sort());
  });
});

describe("a project's pictures uploaded to their frames (the card's 4:3, the page's 16:9)", () => {
  it("crops each to its frame; each field offers and takes the uploads of its own shape, and refuses one of another on the field, saving nothing", async () => {
    const { h, send } = await start();
    const content = h.s.staff.content;
    // The left two thirds of a 1500 × 1000 photo: 1000 × 750, 4:3.
    const card = await send(await photo(1500, 1000), "card.jpg", {
      frame: "card",
      crop: "0,0,0.666667,0.75",
    });
    // A plain form's: the frame's largest part, 1500 × 844.
    const wide = await send(await photo(1500, 1000), "top.jpg", { frame: "wide" });
    expect([card.status, wide.status]).toEqual([201, 201]);
    await h.s.pictures.convertPending();
    const [c, w] = [card.body.name as string, wide.body.name as string];
    const entries = await h.s.pictures.entries([c, w]);
    // Its files up to 960 wide (the widths ≤ 1000), 4:3.
    expect(entries[c]).toMatchObject({ width: 960, height: 720 });
    expect(entries[w]).toMatchObject({ width: 1500, height: 844 });
    // The file served has the frame's shape.
    const served = await sharp(
      Buffer.from(await (await fetch(`${h.url}/media/${w}-640.webp`)).arrayBuffer()),
    ).metadata();
    expect(served.width! / served.height!).toBeCloseTo(16 / 9, 1);

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await content.framedPictures("project", "thumb")).toEqual([c]);
    expect(await content.framedPictures("project", "thumbFull")).toEqual([w]);
    // A service's picture is a card's shape (4:3) too; a portrait is neither.
    expect(await content.framedPictures("service", "image")).toEqual([c]);
    expect(await content.framedPictures("team")).toEqual([]);
    expect(await content.framedPictures("project", "title")).toEqual([]);

    const before = (await content.get("project", "3"))!;
    const save = (thumb: string, thumbFull: string) =>
      content.save(
        AMINA,
        "project",
        "3",
        { values: { ...before.item.values, thumb, thumbFull }, intent: "save", publishAt: null },
        before.item.revision,
      );
    // The page's 16:9 upload as the card picture, the card's as the page picture: refused on
    // each field, nothing saved.
    const wrong = await save(w, c);
    expect(wrong).toMatchObject({ ok: false, reason: "invalid" });
    const errors = (wrong as { errors: Record<string, string> }).errors;
    expect(errors.thumb).toMatch(/not of the frame's shape \(4:3/);
    expect(errors.thumbFull).toMatch(/not of the frame's shape \(16:9/);
    expect((await content.get("project", "3"))!.item.revision).toBe(before.item.revision);
    // Markup as a picture's name: refused in words on the field.
    const markup = await save("<img src=x onerror=alert(1)>", before.item.values.thumbFull!);
    expect(markup).toMatchObject({ ok: false, errors: { thumb: expect.any(String) } });
    // Each in its own field: saved.
    expect(await save(c, w)).toMatchObject({ ok: true, changed: true });
    expect((await content.get("project", "3"))!.item.values).toMatchObject({ thumb: c, thumbFull: w });

    // A service's picture: the card's upload taken, the page's refused.
    const service = (await content.get("service", "1"))!;
    const saveService = (image: string) =>
      content.save(
        AMINA,
        "service",
        "1",
        { values: { ...service.item.values, image }, intent: "save", publishAt: null },
        service.item.revision,
      );
    expect(await saveService(w)).toMatchObject({
      ok: false,
      errors: { image: expect.stringMatching(/4:3/) },
    });
    expect(await saveService(c)).toMatchObject({ ok: true, changed: true });
    expect(h.s.content.port.published().pictures?.[c]).toEqual(entries[c]);
  });

  it("sends a plain form back to the editor naming the field it was for; a field's name that is not one is left out, never a 500", async () => {
    const { send } = await start();
    const back = "/admin/content/project/3";
    const picture = await photo(800, 600);
    const plain = (field: string) => send(picture, "p.jpg", { frame: "card", json: false, back, field });
    const good = await plain("thumb");
    expect(good.status).toBe(303);
    expect(good.headers.get("location")).toMatch(
      /^\/admin\/content\/project\/3\?picture=u%2F[0-9a-f]{16}&field=thumb$/,
    );
    for (const field of [
      "",
      "<script>alert(1)</script>",
      "thumb&picture=u/0",
      "x".repeat(5000),
      "Thumb",
      "thumb.0",
    ]) {
      const answer = await plain(field);
      expect(answer.status, field.slice(0, 40)).toBe(303);
      expect(answer.headers.get("location"), field.slice(0, 40)).toMatch(
        /^\/admin\/content\/project\/3\?picture=u%2F[0-9a-f]{16}$/,
      );
    }
    // A refusal goes back to that field too.
    const refused = await send(SVG_WITH_SCRIPT, "x.svg", {
      frame: "wide",
      json: false,
      back,
      field: "thumbFull",
    });
    expect(refused.headers.get("location")).toBe(`${back}?picture-refused=type&field=thumbFull`);
  });
});
