// @vitest-environment node
// The uploaded pictures' storage, the same suite on SQLite and on PostgreSQL: a picture kept as
// pending with its bytes, claimed by one converter at a time (a lease another takes over when it
// runs out), made ready with its files (bytes back as they went in) or failed, and removed by the
// cleanup only when unused for 30 days.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readPostFolder, seedFolder } from "../posts/files.ts";
import { createPostEditor } from "../posts/editor.ts";
import { removeCommentsOfPosts } from "../comments/posts-removed.ts";
import { describe, expect, it } from "vitest";
import { deferrals, freshDb, testDatabases, type TestDatabase } from "../db/testing/databases.ts";
import { createContentRepository } from "../content/repository.ts";
import { createPictureRepository, UNUSED_KEPT_MS, type Converted } from "./repository.ts";

const databases = await testDatabases("Pictures repository");
const defer = deferrals();
const T0 = Date.UTC(2024, 5, 1, 9);
const LEASE = 60_000;

async function start(database: TestDatabase) {
  const { db, cleanup } = await freshDb(database);
  defer(cleanup);
  return { db, store: createPictureRepository(db) };
}

/** Bytes with every value 0–255 (a text column would not give them back). */
const bytes = (n: number, seed = 0) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7 + seed) % 256));

const picture = (name: string, original = bytes(4096)) => ({
  name,
  sourceType: "jpeg",
  original,
  sourceWidth: 2000,
  sourceHeight: 1000,
  uploadedBy: "amina@techspark.ng",
});

const converted = (name: string): Converted => ({
  entry: {
    width: 1920,
    height: 960,
    widths: [320, 1920],
    formats: ["avif", "webp"],
    fallback: `/media/${name}-320.jpg`,
    placeholder: "#112233",
  },
  files: [
    { width: 320, format: "avif", data: bytes(300, 1) },
    { width: 320, format: "webp", data: bytes(300, 2) },
    { width: 320, format: "jpg", data: bytes(300, 3) },
    { width: 1920, format: "avif", data: bytes(3000, 4) },
    { width: 1920, format: "webp", data: bytes(3000, 5) },
  ],
});

/** The seed's posts (a post's fields to write one from). */
const SEED = readPostFolder(seedFolder()).posts;

for (const database of databases) {
  describe(`on ${database.name}`, () => {
    it("keeps the upload's bytes, leases it to one converter, then serves its files' bytes as made", async () => {
      const { store } = await start(database);
      const original = bytes(1 << 20);
      expect(await store.add(picture("u/aaaaaaaaaaaaaaaa", original), T0)).toBe("pending");
      // The same bytes again: the same picture.
      expect(await store.add(picture("u/aaaaaaaaaaaaaaaa", original), T0 + 1)).toBe("pending");

      const job = await store.claim("one", T0, LEASE);
      expect(job).toEqual({ name: "u/aaaaaaaaaaaaaaaa", sourceType: "jpeg", original });
      // Leased: another converter finds nothing, until the lease runs out.
      expect(await store.claim("two", T0 + 1, LEASE)).toBeNull();
      const late = await store.claim("two", T0 + LEASE + 1, LEASE);
      expect(late?.name).toBe("u/aaaaaaaaaaaaaaaa");
      // The first converter's result is refused: the picture is the second's now.
      expect(await store.complete("u/aaaaaaaaaaaaaaaa", "one", converted("u/aaaaaaaaaaaaaaaa"), T0 + 2)).toBe(
        false,
      );
      expect(await store.entries(["u/aaaaaaaaaaaaaaaa"])).toEqual({});
      expect(await store.complete("u/aaaaaaaaaaaaaaaa", "two", converted("u/aaaaaaaaaaaaaaaa"), T0 + 3)).toBe(
        true,
      );

      expect(await store.entries(["u/aaaaaaaaaaaaaaaa", "u/bbbbbbbbbbbbbbbb"])).toEqual({
        "u/aaaaaaaaaaaaaaaa": converted("u/aaaaaaaaaaaaaaaa").entry,
      });
      expect(await store.readyNames()).toEqual(["u/aaaaaaaaaaaaaaaa"]);
      const file = await store.file("u/aaaaaaaaaaaaaaaa", 1920, "webp");
      expect(Buffer.from(file!.data).equals(bytes(3000, 5))).toBe(true);
      expect(file!.etag).toMatch(/^"[\w-]{22}"$/);
      expect(await store.file("u/aaaaaaaaaaaaaaaa", 1920, "jpg")).toBeUndefined();
      // Nothing left to convert.
      expect(await store.claim("one", T0 + 10 * LEASE, LEASE)).toBeNull();
    });

    it("stores a member's new pictures within their quota, each counted once, one at a time when sent together; and says what the pictures take", async () => {
      const { store } = await start(database);
      const amina = (name: string, seed: number) => picture(name, bytes(2048, seed));
      const quota = (by: string, max: number) => ({ by, since: T0 - 86_400_000, max });
      expect(await store.usage()).toEqual({ pictures: 0, bytes: 0 });
      expect(await store.addWithin(amina("u/1111111111111111", 1), T0, quota("amina@techspark.ng", 2))).toBe(
        "pending",
      );
      // The same bytes again: the picture she has, not a new one.
      expect(
        await store.addWithin(amina("u/1111111111111111", 1), T0 + 1, quota("amina@techspark.ng", 2)),
      ).toBe("pending");
      expect(
        await store.addWithin(amina("u/2222222222222222", 2), T0 + 2, quota("amina@techspark.ng", 2)),
      ).toBe("pending");
      expect(
        await store.addWithin(amina("u/3333333333333333", 3), T0 + 3, quota("amina@techspark.ng", 2)),
      ).toBe("quota");
      expect(await store.state("u/3333333333333333")).toBeUndefined();
      expect(await store.uploadsSince("amina@techspark.ng", T0 - 1)).toBe(2);
      expect(await store.uploadsSince("amina@techspark.ng", T0)).toBe(1);
      expect(await store.firstUploadSince("amina@techspark.ng", T0 - 1)).toBe(T0);
      expect(await store.firstUploadSince("emeka@techspark.ng", T0 - 1)).toBeUndefined();
      // Sent together (a connection each on PostgreSQL, connected beforehand): one stored, the
      // others over the quota.
      await Promise.all([1, 2, 3, 4].map(() => store.uploadsSince("nobody", 0)));
      const together = await Promise.all(
        [4, 5, 6, 7].map((n) =>
          store.addWithin(
            { ...picture(`u/${String(n).repeat(16)}`, bytes(2048, n)), uploadedBy: "emeka@techspark.ng" },
            T0 + 4,
            quota("emeka@techspark.ng", 1),
          ),
        ),
      );
      expect(together.sort()).toEqual(["pending", "quota", "quota", "quota"]);
      // What they take: the originals while pending; the files once converted.
      expect(await store.usage()).toEqual({ pictures: 3, bytes: 3 * 2048 });
      await store.claim("one", T0 + 5, LEASE);
      expect(await store.complete("u/1111111111111111", "one", converted("u/1111111111111111"), T0 + 6)).toBe(
        true,
      );
      const files = converted("u/1111111111111111").files.reduce((sum, f) => sum + f.data.length, 0);
      expect(await store.usage()).toEqual({ pictures: 3, bytes: files + 2 * 2048 });
    });

    it("marks a picture that cannot be converted failed, and takes the next", async () => {
      const { store } = await start(database);
      await store.add(picture("u/cccccccccccccccc"), T0);
      await store.add(picture("u/dddddddddddddddd"), T0 + 1);
      const first = await store.claim("one", T0 + 2, LEASE);
      expect(first?.name).toBe("u/cccccccccccccccc");
      await store.fail("u/cccccccccccccccc", "one", "cannot read the picture's size");
      expect(await store.state("u/cccccccccccccccc")).toBe("failed");
      expect((await store.claim("one", T0 + 3, LEASE))?.name).toBe("u/dddddddddddddddd");
    });

    it("with PICTURES_DIR keeps the files' bytes in the folder, not the database, and removes them with the picture", async () => {
      const { db } = await start(database);
      const dir = mkdtempSync(path.join(tmpdir(), "pictures-dir-"));
      defer(() => rmSync(dir, { recursive: true, force: true }));
      const store = createPictureRepository(db, { dir });
      const name = "u/dddddddddddddddd";
      await store.add(picture(name), T0);
      await store.claim("one", T0, LEASE);
      const made = converted(name);
      expect(await store.complete(name, "one", made, T0)).toBe(true);
      expect(readdirSync(dir).sort()).toEqual(
        made.files.map((f) => `${name.slice(2)}-${f.width}.${f.format}`).sort(),
      );
      // The database keeps each file's row, with no bytes.
      const rows = await db.kysely
        .selectFrom("post_picture_file")
        .select("data")
        .where("name", "=", name)
        .execute();
      expect(rows.map((r) => r.data.length)).toEqual(made.files.map(() => 0));
      for (const f of made.files)
        expect(Buffer.from((await store.file(name, f.width, f.format))!.data).equals(f.data)).toBe(true);
      // A picture converted before the folder was set is still served, from the database.
      const before = createPictureRepository(db);
      await before.add(picture("u/cccccccccccccccc"), T0);
      await before.claim("two", T0, LEASE);
      await before.complete("u/cccccccccccccccc", "two", converted("u/cccccccccccccccc"), T0);
      expect((await store.file("u/cccccccccccccccc", 1920, "avif"))?.data.length).toBe(3000);
      // Another instance with the same folder serves the same bytes.
      expect((await createPictureRepository(db, { dir }).file(name, 1920, "webp"))?.data.length).toBe(3000);

      expect(await store.sweep(T0)).toEqual([]);
      expect((await store.sweep(T0 + UNUSED_KEPT_MS)).sort()).toEqual(["u/cccccccccccccccc", name]);
      expect(readdirSync(dir)).toEqual([]);
    });

    it("removes only pictures no post has named for 30 days", async () => {
      const { db, store } = await start(database);
      await store.add(picture("u/eeeeeeeeeeeeeeee"), T0);
      await store.claim("one", T0, LEASE);
      await store.complete("u/eeeeeeeeeeeeeeee", "one", converted("u/eeeeeeeeeeeeeeee"), T0);
      expect(await store.sweep(T0 + UNUSED_KEPT_MS - 1)).toEqual([]);
      expect(await store.sweep(T0 + UNUSED_KEPT_MS)).toEqual(["u/eeeeeeeeeeeeeeee"]);
      expect(await db.kysely.selectFrom("post_picture_file").selectAll().execute()).toEqual([]);
      expect(await store.state("u/eeeeeeeeeeeeeeee")).toBeUndefined();
    });

    it("keeps a picture written into a post's article as long as the article names it", async () => {
      const { db, store } = await start(database);
      const [inArticle, other] = ["u/0a1b2c3d4e5f6a7b", "u/aaaa0000bbbb1111"];
      for (const name of [inArticle, other]) {
        await store.add(picture(name), T0);
        await store.claim("one", T0, LEASE);
        await store.complete(name, "one", converted(name), T0);
      }
      const { id: _, state: __, ...fields } = SEED.find((p) => p.id === 16)!;
      const editor = createPostEditor(db, removeCommentsOfPosts);
      const body = `${fields.body}\n\n![The bakery's oven](/media/${inArticle})`;
      const created = await editor.create(
        { ...fields, slug: "with-a-picture", body },
        "amina@techspark.ng",
        T0,
      );
      if (!created.ok) throw new Error("not created");
      expect(await store.sweep(T0)).toEqual([]);
      expect(await store.sweep(T0 + UNUSED_KEPT_MS)).toEqual([other]);
      expect(await store.state(inArticle)).toBe("ready");
      // The article no longer names it: 30 days later it goes too.
      await editor.save(
        created.post.id,
        { ...fields, slug: "with-a-picture" },
        created.post.revision,
        "amina@techspark.ng",
        T0 + UNUSED_KEPT_MS,
      );
      expect(await store.sweep(T0 + UNUSED_KEPT_MS + 1)).toEqual([]);
      expect(await store.sweep(T0 + 2 * UNUSED_KEPT_MS + 1)).toEqual([inArticle]);
    });

    it("keeps a picture a content item names (a project's, a draft's too) as long as it names it", async () => {
      const { db, store } = await start(database);
      const content = createContentRepository(db);
      const [card, page, other] = ["u/0123456789abcdef", "u/fedcba9876543210", "u/aaaa0000bbbb1111"];
      for (const name of [card, page, other]) {
        await store.add(picture(name), T0);
        await store.claim("one", T0, LEASE);
        await store.complete(name, "one", converted(name), T0);
      }
      const project = { id: 7, title: "Lagos Freight Tracker", thumb: card, thumbFull: "project-01-full" };
      await content.seed("project", [{ key: "7", payload: project }], T0);
      await content.seed("faq", [{ key: "q", payload: { nested: [{ deep: page }] }, state: "draft" }], T0);
      // The first sweep marks the one nothing names; 30 days on, only that one goes.
      expect(await store.sweep(T0)).toEqual([]);
      expect(await store.sweep(T0 + UNUSED_KEPT_MS)).toEqual([other]);
      expect(await store.state(card)).toBe("ready");
      expect(await store.state(page)).toBe("ready");
      // The project no longer names its card picture: 30 days later it goes too.
      await content.importType(
        "project",
        [{ key: "7", payload: { ...project, thumb: "project-01-thumb" } }],
        "amina@techspark.ng",
        T0 + UNUSED_KEPT_MS,
      );
      expect(await store.sweep(T0 + UNUSED_KEPT_MS + 1)).toEqual([]);
      expect(await store.sweep(T0 + 2 * UNUSED_KEPT_MS)).toEqual([]);
      expect(await store.sweep(T0 + 2 * UNUSED_KEPT_MS + 1)).toEqual([card]);
      expect(await store.state(page)).toBe("ready");
    });
  });
}
