// @vitest-environment node
// The content items' storage, the same suite on SQLite and on PostgreSQL: a type's seed imported
// once (also when two instances start at once), in its order; what visitors see (published items,
// each type in its order, with the version they are of); an import that adds, changes (a new
// revision), removes and leaves alone, moving the version only when something changed, and
// refusing one key twice with nothing written; the console's changes: a new item last on its
// list, a save refused when someone saved meanwhile, publish for later, moves, deletion with its
// history kept, or erased with it.
import { describe, expect, it } from "vitest";
import { deferrals, freshDb, testDatabases, type TestDatabase } from "../db/testing/databases.ts";
import { ContentImportError, createContentRepository } from "./repository.ts";

const databases = await testDatabases("Content repository");
const defer = deferrals();
const T0 = Date.UTC(2026, 10, 1, 9);

async function start(database: TestDatabase) {
  const { db, cleanup } = await freshDb(database);
  defer(cleanup);
  return { db, store: createContentRepository(db) };
}

const faq = (id: string, question: string) => ({
  key: id,
  payload: { id, question, answer: [`Naira, kobo and “quotes”: ${question} ✓`], featured: id === "a" },
});

for (const database of databases) {
  describe(`content items on ${database.name}`, () => {
    it("imports a type's seed once, in its order, also when two instances start at once", async () => {
      const { db, store } = await start(database);
      const other = createContentRepository(db);
      const seed = [faq("b", "Why b first?"), faq("a", "Then a?"), faq("c", "And c?")];
      const firsts = await Promise.all([store.seed("faq", seed, T0), other.seed("faq", seed, T0)]);
      expect(firsts.filter(Boolean)).toHaveLength(1);
      expect(await store.seed("faq", [faq("z", "Never?")], T0 + 1)).toBe(false);
      expect([...(await store.seededTypes())]).toEqual(["faq"]);
      const all = await store.all("faq");
      expect(all.map((i) => [i.key, i.position, i.state, i.revision, i.updatedBy])).toEqual([
        ["b", 0, "published", 1, "seed"],
        ["a", 1, "published", 1, "seed"],
        ["c", 2, "published", 1, "seed"],
      ]);
      // The payload comes back as it went in (non-ASCII text, arrays, booleans).
      expect(all[1]!.payload).toEqual(seed[1]!.payload);
      expect(await store.version()).toBe(1);
    });

    it("shows the published items of every type, each in its order, with their version", async () => {
      const { store } = await start(database);
      expect(await store.snapshot(T0)).toEqual({ version: 0, items: [] });
      await store.seed("faq", [faq("q", "Q?"), faq("p", "P?")], T0);
      await store.seed("testimonial", [{ key: "t1", payload: { name: "Ngozi" } }], T0);
      await store.importType(
        "faq",
        [faq("q", "Q?"), { ...faq("draft", "Not yet?"), state: "draft" }, faq("p", "P?")],
        "amina@techspark.ng",
        T0 + 1,
      );
      const shown = await store.snapshot(T0 + 2);
      expect(shown.version).toBe(await store.version());
      expect(shown.items.map((i) => `${i.type}/${i.key}`)).toEqual(["faq/q", "faq/p", "testimonial/t1"]);
    });

    it("an import adds, changes, removes and leaves alone; the version moves only for a change", async () => {
      const { store } = await start(database);
      await store.seed("faq", [faq("a", "A?"), faq("b", "B?"), faq("c", "C?")], T0);
      const v1 = await store.version();

      const same = await store.importType(
        "faq",
        [faq("a", "A?"), faq("b", "B?"), faq("c", "C?")],
        "x",
        T0 + 1,
      );
      expect(same).toEqual({ added: 0, changed: 0, removed: 0, unchanged: 3 });
      expect(await store.version()).toBe(v1);

      const result = await store.importType(
        "faq",
        [faq("c", "C?"), faq("a", "A, changed?"), faq("d", "D?")],
        "amina@techspark.ng",
        T0 + 2,
      );
      // c moved to the top (changed: its place), a's text changed, d is new, b is gone.
      expect(result).toEqual({ added: 1, changed: 2, removed: 1, unchanged: 0 });
      expect(await store.version()).toBe(v1 + 1);
      const all = await store.all("faq");
      expect(all.map((i) => [i.key, i.position, i.revision, i.updatedBy])).toEqual([
        ["c", 0, 2, "amina@techspark.ng"],
        ["a", 1, 2, "amina@techspark.ng"],
        ["d", 2, 1, "amina@techspark.ng"],
      ]);
      expect(all[1]!.payload).toMatchObject({ question: "A, changed?" });
      // The other types are untouched.
      expect(await store.all("testimonial")).toEqual([]);

      // A key removed by one import and brought back by the next goes on from its last revision.
      await store.importType("faq", [faq("c", "C?"), faq("b", "B is back?")], "x", T0 + 3);
      expect((await store.all("faq")).find((i) => i.key === "b")!.revision).toBe(2);
      expect((await store.revisions("faq", "b")).map((r) => [r.revision, r.action])).toEqual([
        [2, "imported"],
        [1, "seed"],
      ]);
    });

    it("puts a type's items in a given order in one change; one made meanwhile goes after them", async () => {
      const { store } = await start(database);
      await store.seed("faq", [faq("a", "A?"), faq("b", "B?"), faq("c", "C?"), faq("d", "D?")], T0);
      await store.seed("team", [{ key: "1", payload: { name: "Ngozi" } }], T0);
      const version = await store.version();
      // "d" is not named (made after the order was worked out), "zz" is no item: both ignored.
      expect(await store.order("faq", ["c", "zz", "a", "b"], T0 + 1)).toBe(true);
      expect((await store.all("faq")).map((i) => [i.key, i.position])).toEqual([
        ["c", 0],
        ["a", 1],
        ["b", 2],
        ["d", 3],
      ]);
      expect(await store.version()).toBe(version + 1);
      // Already in that order: nothing written, the version stays.
      expect(await store.order("faq", ["c", "a", "b", "d"], T0 + 2)).toBe(false);
      expect(await store.version()).toBe(version + 1);
      expect((await store.all("team")).map((i) => i.position)).toEqual([0]);
    });

    it("tells its cascade of every changed item, before and after, inside the change: a cascade that fails undoes it", async () => {
      const { db } = await start(database);
      const told: { key: string; before: unknown; after: unknown; by: string }[] = [];
      let fail = false;
      const store = createContentRepository(db, {
        cascade: async (trx, { key, before, after, by }) => {
          told.push({ key, before, after, by });
          // Inside the change: the item is already written in its transaction.
          const row = await trx
            .selectFrom("content_item")
            .select("payload")
            .where("key", "=", key)
            .executeTakeFirst();
          expect(JSON.parse(row!.payload)).toEqual(after);
          if (fail) throw new Error("the posts could not be written");
        },
      });
      await store.importType("faq", [faq("a", "A?"), faq("b", "B?")], "seed", T0);
      expect(told).toEqual([]); // added, not changed
      await store.importType("faq", [faq("a", "A again?"), faq("b", "B?")], "import", T0 + 1);
      expect(told).toEqual([
        { key: "a", before: faq("a", "A?").payload, after: faq("a", "A again?").payload, by: "import" },
      ]);
      const a = (await store.get("faq", "a"))!;
      const saved = await store.save(
        "faq",
        "a",
        { payload: faq("a", "A, saved?").payload, state: "published", publishAt: null },
        a.revision,
        "amina",
        T0 + 2,
      );
      expect(saved).toMatchObject({ ok: true, changed: true });
      expect(told.at(-1)).toMatchObject({ key: "a", after: faq("a", "A, saved?").payload, by: "amina" });

      // The cascade fails: neither the save nor the import is kept, the version stays.
      fail = true;
      const version = await store.version();
      const now = (await store.get("faq", "a"))!;
      await expect(
        store.save(
          "faq",
          "a",
          { payload: faq("a", "Lost?").payload, state: "published", publishAt: null },
          now.revision,
          "amina",
          T0 + 3,
        ),
      ).rejects.toThrow("the posts could not be written");
      await expect(
        store.importType("faq", [faq("a", "Lost too?"), faq("b", "B?")], "import", T0 + 4),
      ).rejects.toThrow();
      expect((await store.get("faq", "a"))!.payload).toEqual(faq("a", "A, saved?").payload);
      expect(await store.version()).toBe(version);
    });

    it("refuses one key twice, in a seed or an import, and writes nothing", async () => {
      const { store } = await start(database);
      await store.seed("faq", [faq("a", "A?")], T0);
      const v = await store.version();
      const twice = [faq("x", "X?"), faq("x", "X again?")];
      await expect(store.importType("faq", twice, "x", T0 + 1)).rejects.toThrow(ContentImportError);
      await expect(store.importType("faq", twice, "x", T0 + 1)).rejects.toThrow(/"x": given twice/);
      await expect(store.seed("team", twice, T0 + 1)).rejects.toThrow(ContentImportError);
      expect(await store.version()).toBe(v);
      expect((await store.all("faq")).map((i) => i.key)).toEqual(["a"]);
      expect([...(await store.seededTypes())]).toEqual(["faq"]);
    });

    it("the console's changes: made last, saved on its revision only, published later, moved, deleted, erased", async () => {
      const { db, store } = await start(database);
      await store.seed("faq", [faq("a", "A?"), faq("b", "B?")], T0);
      const v0 = await store.version();
      const draft = { payload: faq("c", "C?").payload, state: "draft" as const, publishAt: null };

      const made = await store.create("faq", "c", draft, "amina@techspark.ng", T0 + 1);
      expect(made).toMatchObject({ ok: true, changed: true, item: { key: "c", position: 2, revision: 1 } });
      expect(await store.create("faq", "a", draft, "amina@techspark.ng", T0 + 1)).toEqual({
        ok: false,
        reason: "taken",
      });
      expect(await store.version()).toBe(v0 + 1);
      // A draft is not shown.
      expect((await store.snapshot(T0 + 2)).items.map((i) => i.key)).toEqual(["a", "b"]);

      // Published for later: shown from its time, which nextDue names.
      const later = { ...draft, state: "published" as const, publishAt: T0 + 60_000 };
      const saved = await store.save("faq", "c", later, 1, "bola@techspark.ng", T0 + 3);
      expect(saved).toMatchObject({
        ok: true,
        changed: true,
        item: { revision: 2, updatedBy: "bola@techspark.ng" },
      });
      expect(await store.nextDue(T0 + 3)).toBe(T0 + 60_000);
      expect((await store.snapshot(T0 + 59_999)).items.map((i) => i.key)).toEqual(["a", "b"]);
      expect((await store.snapshot(T0 + 60_000)).items.map((i) => i.key)).toEqual(["a", "b", "c"]);
      expect(await store.nextDue(T0 + 60_000)).toBeNull();

      // A save based on an older revision is refused with the item as it is; nothing written.
      const v = await store.version();
      const stale = await store.save("faq", "c", draft, 1, "amina@techspark.ng", T0 + 4);
      expect(stale).toMatchObject({ ok: false, reason: "conflict", current: { revision: 2 } });
      expect(await store.version()).toBe(v);
      // The same again is no change.
      expect(await store.save("faq", "c", later, 2, "bola@techspark.ng", T0 + 5)).toMatchObject({
        ok: true,
        changed: false,
      });
      expect(await store.save("faq", "zz", draft, 1, "x", T0 + 5)).toEqual({ ok: false, reason: "unknown" });

      // Moves: c to the top, then a to the end; positions stay 0..n-1.
      expect(await store.move("faq", "c", 0, T0 + 6)).toBe(true);
      expect(await store.move("faq", "a", 99, T0 + 7)).toBe(true);
      expect(await store.move("faq", "nope", 0, T0 + 7)).toBe(false);
      expect((await store.all("faq")).map((i) => [i.key, i.position])).toEqual([
        ["c", 0],
        ["b", 1],
        ["a", 2],
      ]);

      // Deleted: gone from the site, its history kept; made again, its revisions go on.
      expect(await store.remove("faq", "c", "amina@techspark.ng", T0 + 8)).toBe(true);
      expect(await store.remove("faq", "c", "amina@techspark.ng", T0 + 8)).toBe(false);
      expect((await store.snapshot(T0 + 70_000)).items.map((i) => i.key)).toEqual(["b", "a"]);
      const again = await store.create("faq", "c", draft, "amina@techspark.ng", T0 + 9);
      expect(again).toMatchObject({ ok: true, item: { revision: 4, position: 2 } });
      expect((await store.revisions("faq", "c")).map((r) => [r.revision, r.action, r.by])).toEqual([
        [4, "created", "amina@techspark.ng"],
        [3, "deleted", "amina@techspark.ng"],
        [2, "published", "bola@techspark.ng"],
        [1, "created", "amina@techspark.ng"],
      ]);
      expect((await store.revisions("faq", "c"))[1]!.payload).toEqual(draft.payload);

      // Erased: the item and every revision of it gone; made again, it starts a new history.
      expect(await store.remove("faq", "c", "amina@techspark.ng", T0 + 10, true)).toBe(true);
      expect(await store.revisions("faq", "c")).toEqual([]);
      const rows = await db.kysely
        .selectFrom("content_revision")
        .select("key")
        .where("key", "=", "c")
        .execute();
      expect(rows).toEqual([]);
      expect(await store.create("faq", "c", draft, "x", T0 + 11)).toMatchObject({ item: { revision: 1 } });
    });
  });
}
