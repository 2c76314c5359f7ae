// @vitest-environment node
// The posts' repository, the same suite on SQLite and on PostgreSQL: the first import, what
// visitors see, imports that replace and refuse, and two instances writing at once.
import { describe, expect, it } from "vitest";
import { deferrals, freshDb, testDatabases, type TestDatabase } from "../db/testing/databases.ts";
import { sql } from "kysely";
import { openDatabase, writeTransaction, type Db } from "../db/index.ts";
import { readPostFolder, seedFolder } from "./files.ts";
import { createPostRepository, lockVersion, PostImportError, type ImportedPost } from "./repository.ts";

const databases = await testDatabases("Posts repository");
const defer = deferrals();
const SEED = readPostFolder(seedFolder()).posts;
const T0 = Date.UTC(2024, 0, 15, 9);
const post = (id: number) => SEED.find((p) => p.id === id)!;

/** A post's row as written straight into the table (as another instance's import would). */
const rowOf = ({ tags, state = "published", ...fields }: ImportedPost) => ({
  ...fields,
  tags: JSON.stringify(tags),
  state,
  publishAt: null,
  trashedAt: null,
  createdAt: T0,
  updatedAt: T0,
  updatedBy: "a",
  revision: 1,
});

/** Until a query of another connection waits for a lock (PostgreSQL); SQLite's one connection
 *  per process queues the transactions in order already. */
async function waitingForLock(db: Db) {
  if (db.dialect !== "postgres") return;
  for (let i = 0; i < 500; i++) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(db.kysely);
    if (rows[0]!.n > 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("No query waits for a lock");
}

async function start(database: TestDatabase) {
  const { db, location, cleanup } = await freshDb(database);
  defer(cleanup);
  return { store: createPostRepository(db), location };
}

async function seeded(database: TestDatabase) {
  const s = await start(database);
  expect(await s.store.seed(SEED, T0)).toBe(true);
  return s;
}

for (const database of databases) {
  describe(`on ${database.name}`, () => {
    it("holds nothing before the first import, then the 16 posts, newest first, each at revision 1", async () => {
      const { store } = await start(database);
      expect(await store.seeded()).toBe(false);
      expect(await store.version()).toBe(0);
      expect(await store.published(T0)).toEqual([]);

      expect(await store.seed(SEED, T0)).toBe(true);
      expect(await store.seeded()).toBe(true);
      expect(await store.version()).toBe(1);
      const shown = await store.published(T0);
      expect(shown.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
      // Every field as the file has it (tags an array again, the body whole).
      expect(shown[0]).toEqual(Object.fromEntries(Object.entries(post(1)).filter(([k]) => k !== "state")));
      const all = await store.all();
      expect(all).toHaveLength(16);
      expect(all[0]).toMatchObject({
        state: "published",
        publishAt: null,
        trashedAt: null,
        createdAt: T0,
        updatedAt: T0,
        updatedBy: "seed",
        revision: 1,
      });
      expect(await store.get(16)).toMatchObject({ slug: "accessible-design-patient-portal", revision: 1 });
      expect(await store.get(99)).toBeUndefined();
      expect(await store.snapshot(T0)).toEqual({ version: 1, posts: shown, removed: [] });
    });

    it("moves the version when a picture a post names becomes ready, and only then", async () => {
      const { store } = await seeded(database);
      const before = await store.version();
      expect(await store.pictureReady("u/0123456789abcdef", T0)).toBe(false);
      expect(await store.version()).toBe(before);
      await store.importPosts([{ ...post(2), inlineImage: "u/0123456789abcdef" }], "import", T0);
      const imported = await store.version();
      expect(await store.pictureReady("u/0123456789abcdef", T0 + 1)).toBe(true);
      expect(await store.version()).toBe(imported + 1);
    });

    it("imports the seed once: a second seed changes nothing", async () => {
      const { store } = await seeded(database);
      expect(await store.seed([{ ...post(1), title: "A title the seed never had" }], T0 + 1)).toBe(false);
      expect(await store.version()).toBe(1);
      expect((await store.get(1))?.title).toBe(post(1).title);
    });

    it("adds and replaces by id, keeping when a post was created, and moves the version once", async () => {
      const { store } = await seeded(database);
      const fresh: ImportedPost = { ...post(16), id: 17, slug: "a-new-post", date: "2024-01-20" };
      const result = await store.importPosts(
        [{ ...post(2), title: "A better title for post two" }, post(3), fresh],
        "import",
        T0 + 60_000,
      );
      expect(result).toEqual({ added: 1, changed: 1, unchanged: 1, version: 2 });
      expect(await store.version()).toBe(2);
      expect(await store.get(2)).toMatchObject({
        title: "A better title for post two",
        createdAt: T0,
        updatedAt: T0 + 60_000,
        updatedBy: "import",
        revision: 2,
      });
      expect(await store.get(3)).toMatchObject({ updatedBy: "seed", revision: 1, updatedAt: T0 });
      expect(await store.get(17)).toMatchObject({ createdAt: T0 + 60_000, revision: 1, updatedBy: "import" });
      expect((await store.published(T0)).map((p) => p.id).slice(0, 3)).toEqual([17, 1, 2]);

      // The same again: nothing changes, the version stays.
      const again = await store.importPosts(
        [{ ...post(2), title: "A better title for post two" }],
        "import",
        T0 + 120_000,
      );
      expect(again).toEqual({ added: 0, changed: 0, unchanged: 1, version: 2 });
      expect(await store.get(2)).toMatchObject({ revision: 2, updatedAt: T0 + 60_000 });
    });

    it("shows a draft to nobody, a post due later once it is due, a trashed one never", async () => {
      const { store, location } = await seeded(database);
      await store.importPosts([{ ...post(1), state: "draft" }], "import", T0);
      expect((await store.published(T0)).map((p) => p.id)).not.toContain(1);
      expect(await store.get(1)).toMatchObject({ state: "draft", revision: 2 });
      // Scheduling and the trash are written by the console (later); here, straight in the table.
      const db = await openDatabase(location);
      defer(() => db.close());
      await db.kysely
        .updateTable("blog_post")
        .set({ publishAt: T0 + 1000 })
        .where("id", "=", 2)
        .execute();
      await db.kysely.updateTable("blog_post").set({ trashedAt: T0 }).where("id", "=", 3).execute();
      expect((await store.published(T0 + 999)).map((p) => p.id).slice(0, 2)).toEqual([4, 5]);
      expect((await store.published(T0 + 1000)).map((p) => p.id).slice(0, 2)).toEqual([2, 4]);
    });

    it("lists posts of one day newest first: the one written last (the higher id) on top", async () => {
      const { store } = await seeded(database);
      await store.importPosts([{ ...post(9), date: post(1).date }], "import", T0);
      expect((await store.published(T0)).map((p) => p.id).slice(0, 3)).toEqual([9, 1, 2]);
      expect((await store.all()).map((p) => p.id).slice(0, 3)).toEqual([9, 1, 2]);
    });

    it("refuses, writing nothing, a slug another post keeps, and one id or slug given twice", async () => {
      const { store } = await seeded(database);
      const taken = { ...post(5), id: 40, title: "Another post" };
      const attempt = store.importPosts([post(1), taken], "import", T0 + 1);
      await expect(attempt).rejects.toBeInstanceOf(PostImportError);
      await expect(attempt).rejects.toThrow(`slug "${post(5).slug}" (post 40): post 5 has it`);
      await expect(store.importPosts([post(1), { ...post(1), slug: "other" }], "import", T0)).rejects.toThrow(
        "id 1: given twice",
      );
      await expect(
        store.importPosts(
          [
            { ...post(1), slug: "same" },
            { ...post(2), slug: "same" },
          ],
          "import",
          T0,
        ),
      ).rejects.toThrow('slug "same": given to posts 1 and 2');
      expect(await store.version()).toBe(1);
      expect(await store.get(40)).toBeUndefined();
      expect(await store.get(1)).toMatchObject({ slug: post(1).slug, revision: 1 });
    });

    it("lets two posts swap their slugs in one import", async () => {
      const { store } = await seeded(database);
      const result = await store.importPosts(
        [
          { ...post(1), slug: post(2).slug },
          { ...post(2), slug: post(1).slug },
        ],
        "import",
        T0,
      );
      expect(result.changed).toBe(2);
      expect((await store.get(1))?.slug).toBe(post(2).slug);
      expect((await store.get(2))?.slug).toBe(post(1).slug);
    });

    it("imports once when two instances start on an empty database at the same time", async () => {
      const { location } = await start(database);
      const [one, other] = [await openDatabase(location), await openDatabase(location)];
      defer(() => Promise.all([one.close(), other.close()]));
      const a = createPostRepository(one);
      const b = createPostRepository(other);
      const results = await Promise.all([a.seed(SEED, T0), b.seed(SEED, T0 + 1)]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await a.version()).toBe(1);
      expect((await b.all()).map((p) => p.revision)).toEqual(SEED.map(() => 1));
    });

    it("applies two imports made at once one after the other, each counted", async () => {
      const { store, location } = await seeded(database);
      const other = await openDatabase(location);
      defer(() => other.close());
      const b = createPostRepository(other);
      const titles = ["Post one, as the first import has it", "Post one, as the second import has it"];
      const results = await Promise.all([
        store.importPosts(
          [
            { ...post(1), title: titles[0]! },
            { ...post(1), id: 30, slug: "thirty" },
          ],
          "a",
          T0 + 1,
        ),
        b.importPosts(
          [
            { ...post(1), title: titles[1]! },
            { ...post(1), id: 31, slug: "thirty-one" },
          ],
          "b",
          T0 + 2,
        ),
      ]);
      expect(results.map((r) => r.version).sort()).toEqual([2, 3]);
      expect(await store.version()).toBe(3);
      const kept = await store.get(1);
      expect(kept?.revision).toBe(3);
      // The one applied last wins, whole.
      const last = results[0]!.version === 3 ? 0 : 1;
      expect(kept).toMatchObject({ title: titles[last], updatedBy: last === 0 ? "a" : "b" });
      expect((await store.all()).map((p) => p.id).filter((id) => id >= 30)).toEqual([31, 30]);
    });

    it("makes an import wait for one under way, then refuses the slug that one took, clearly", async () => {
      const { store, location } = await seeded(database);
      const [other, watcher] = [await openDatabase(location), await openDatabase(location)];
      defer(() => Promise.all([other.close(), watcher.close()]));
      let second: Promise<unknown> = Promise.resolve();
      // Another instance's import, under way: it has moved the version and gives post 40 a slug.
      await writeTransaction(other, async (trx) => {
        await lockVersion(trx, T0 + 1);
        second = store
          .importPosts([{ ...post(1), id: 41, slug: "one-slug" }], "b", T0 + 2)
          .catch((e: unknown) => e);
        await waitingForLock(watcher);
        await trx
          .insertInto("blog_post")
          .values(rowOf({ ...post(1), id: 40, slug: "one-slug" }))
          .execute();
      });
      const error = await second;
      expect(error).toBeInstanceOf(PostImportError);
      expect(String(error)).toContain('slug "one-slug" (post 41): post 40 has it');
    });
  });
}
