// @vitest-environment node
// The content items' storage, the same suite on SQLite and on PostgreSQL: a type's seed imported
// once (also when two instances start at once), in its order; what visitors see (published items,
// each type in its order, with the version they are of); an import that adds, changes (a new
// revision), removes and leaves alone, moving the version only when something changed, and
// refusing one key twice with nothing written.
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
  });
}
