// @vitest-environment node
// The console's writing half of the posts, the same suite on SQLite and on PostgreSQL: the list's
// states, counts, search and pages; a new post; saves based on a revision (two from one base: one
// wins, the other is refused with the post as stored, nothing overwritten); publish, schedule and
// unpublish; a revision kept and the version moved by every change, and by nothing else.
import { describe, expect, it } from "vitest";
import { deferrals, freshDb, testDatabases, type TestDatabase } from "../db/testing/databases.ts";
import { openDatabase } from "../db/index.ts";
import { readPostFolder, seedFolder } from "./files.ts";
import { createPostRepository } from "./repository.ts";
import { createPostEditor, POSTS_PAGE_SIZE, type PostInput } from "./editor.ts";

const databases = await testDatabases("Posts editor");
const defer = deferrals();
const SEED = readPostFolder(seedFolder()).posts;
const T0 = Date.UTC(2024, 0, 15, 9);
const HOUR = 3_600_000;

/** A new post's fields: post 16's, under another slug and title. */
const draft = (n: number, over: Partial<PostInput> = {}): PostInput => {
  const { id: _, state: __, ...fields } = SEED.find((p) => p.id === 16)!;
  return { ...fields, slug: `written-${n}`, title: `A post written in the console, number ${n}`, ...over };
};

async function start(database: TestDatabase) {
  const { db, location, cleanup } = await freshDb(database);
  defer(cleanup);
  const store = createPostRepository(db);
  await store.seed(SEED, T0);
  return { store, editor: createPostEditor(db), location };
}

for (const database of databases) {
  describe(`on ${database.name}`, () => {
    it("makes a draft numbered after the highest post, seen by nobody, with its first revision", async () => {
      const { store, editor } = await start(database);
      const made = await editor.create(draft(1), "amina@techspark.ng", T0 + 1);
      expect(made).toMatchObject({ ok: true, changed: true, post: { id: 17, state: "draft", revision: 1 } });
      expect(await store.version()).toBe(2);
      expect((await store.published(T0 + 1)).map((p) => p.id)).not.toContain(17);
      expect(await editor.revisions(17)).toEqual([
        expect.objectContaining({
          revision: 1,
          action: "created",
          state: "draft",
          by: "amina@techspark.ng",
          at: T0 + 1,
          fields: { id: 17, ...draft(1) },
        }),
      ]);
      // The seed's posts have theirs too.
      expect(await editor.revisions(3)).toEqual([expect.objectContaining({ revision: 1, action: "seed" })]);
    });

    it("refuses a slug another post keeps, naming that post, and writes nothing", async () => {
      const { store, editor } = await start(database);
      const taken = SEED.find((p) => p.id === 5)!.slug;
      const made = await editor.create(draft(1, { slug: taken }), "a", T0);
      expect(made).toEqual({
        ok: false,
        reason: "slug-taken",
        message: expect.stringContaining(`"${taken}" is already post 5's`),
      });
      expect(await store.get(17)).toBeUndefined();
      expect(await store.version()).toBe(1);
      const saved = await editor.save(16, draft(16, { slug: taken }), 1, "a", T0);
      expect(saved).toMatchObject({ ok: false, reason: "slug-taken" });
    });

    it("keeps both texts when two saves start from one revision: the first wins, the second is refused", async () => {
      const { store, editor, location } = await start(database);
      const other = await openDatabase(location);
      defer(() => other.close());
      const elsewhere = createPostEditor(other);
      const { post } = (await editor.create(draft(1), "a", T0)) as { post: { id: number; revision: number } };
      const mine = draft(1, { title: "My better title for the written post" });
      const theirs = draft(1, { title: "Their better title for the written post" });
      const results = await Promise.all([
        editor.save(post.id, mine, post.revision, "amina", T0 + 1),
        elsewhere.save(post.id, theirs, post.revision, "tunde", T0 + 2),
      ]);
      const won = results.filter((r) => r.ok);
      const refused = results.filter((r) => !r.ok);
      expect(won).toHaveLength(1);
      expect(refused).toHaveLength(1);
      const [winner, loser] = results[0]!.ok ? [mine, theirs] : [theirs, mine];
      // The refused one learns what is stored now; the winner's text is kept, whole.
      expect(refused[0]).toEqual({
        ok: false,
        reason: "conflict",
        current: expect.objectContaining({ title: winner.title, revision: 2 }),
      });
      expect(await store.get(post.id)).toMatchObject({ title: winner.title, revision: 2 });
      expect((await editor.revisions(post.id)).map((r) => [r.revision, r.fields.title])).toEqual([
        [2, winner.title],
        [1, draft(1).title],
      ]);
      // Based on the revision it was shown, the refused writer's next save goes through.
      const again = await editor.save(post.id, loser, 2, "tunde", T0 + 3);
      expect(again).toMatchObject({ ok: true, changed: true, post: { title: loser.title, revision: 3 } });
    });

    it("changes nothing, keeps no revision and leaves the version, for a save of the same fields", async () => {
      const { store, editor } = await start(database);
      const { id: _, state: __, ...fields } = SEED.find((p) => p.id === 2)!;
      expect(await editor.save(2, fields, 1, "a", T0 + 5)).toMatchObject({ ok: true, changed: false });
      expect(await store.version()).toBe(1);
      expect(await store.get(2)).toMatchObject({ revision: 1, updatedBy: "seed" });
      expect(await editor.save(99, fields, 1, "a", T0)).toEqual({ ok: false, reason: "unknown" });
    });

    it("publishes now or at a time, and unpublishes; each a revision, each moving the version", async () => {
      const { store, editor } = await start(database);
      await editor.create(draft(1, { date: "2024-02-01" }), "a", T0);
      const at = T0 + HOUR;
      expect(await editor.publish(17, "b", T0 + 1, at)).toMatchObject({
        ok: true,
        post: { state: "published", publishAt: at, revision: 2 },
      });
      expect((await store.published(at - 1)).map((p) => p.id)).not.toContain(17);
      expect((await store.published(at))[0]?.id).toBe(17);
      const listed = await editor.list({ now: T0 + 2 });
      expect(listed.counts).toEqual({ all: 17, draft: 0, scheduled: 1, published: 16 });
      expect(listed.items[0]).toMatchObject({ id: 17, listState: "scheduled" });
      expect(listed.items[0]).not.toHaveProperty("body");

      // Published now instead; again: nothing more to change.
      expect(await editor.publish(17, "b", T0 + 3)).toMatchObject({ post: { publishAt: null, revision: 3 } });
      expect(await editor.publish(17, "b", T0 + 4)).toMatchObject({ ok: true, changed: false });
      expect((await store.published(T0 + 4))[0]?.id).toBe(17);

      expect(await editor.unpublish(17, "c", T0 + 5)).toMatchObject({
        post: { state: "draft", revision: 4 },
      });
      expect((await store.published(T0 + 5)).map((p) => p.id)).not.toContain(17);
      expect(await editor.unpublish(17, "c", T0 + 6)).toMatchObject({ ok: true, changed: false });
      expect((await editor.revisions(17)).map((r) => [r.action, r.by, r.state])).toEqual([
        ["unpublished", "c", "draft"],
        ["published", "b", "published"],
        ["scheduled", "b", "published"],
        ["created", "a", "draft"],
      ]);
      expect(await store.version()).toBe(5);
      expect(await editor.publish(99, "b", T0)).toEqual({ ok: false, reason: "unknown" });
    });

    it("lists by state with counts, searches title, slug and excerpt, 50 a page", async () => {
      const { editor } = await start(database);
      for (let n = 1; n <= POSTS_PAGE_SIZE; n++) await editor.create(draft(n), "a", T0);
      const drafts = await editor.list({ state: "draft", now: T0 });
      expect(drafts.counts).toEqual({ all: 66, draft: 50, scheduled: 0, published: 16 });
      expect(drafts).toMatchObject({ page: 1, pages: 1 });
      const all = await editor.list({ now: T0, page: 2 });
      expect(all).toMatchObject({ page: 2, pages: 2 });
      expect(all.items).toHaveLength(16);
      // A page past the last shows the last.
      expect((await editor.list({ now: T0, page: 9 })).page).toBe(2);

      const bySlug = await editor.list({ q: "WRITTEN-4", now: T0 });
      expect(bySlug.items.map((p) => p.slug).sort()).toEqual([
        "written-4",
        "written-40",
        "written-41",
        "written-42",
        "written-43",
        "written-44",
        "written-45",
        "written-46",
        "written-47",
        "written-48",
        "written-49",
      ]);
      expect(bySlug.counts).toMatchObject({ draft: 11, published: 0 });
      const seedPost = SEED.find((p) => p.id === 7)!;
      const byExcerpt = await editor.list({ q: seedPost.excerpt.slice(10, 40), now: T0 });
      expect(byExcerpt.items.map((p) => p.id)).toContain(7);
      // The search's own characters are plain text.
      expect((await editor.list({ q: "100%_", now: T0 })).counts.all).toBe(0);
    });
  });
}
