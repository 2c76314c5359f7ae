// @vitest-environment node
// The console's writing half of the posts, the same suite on SQLite and on PostgreSQL: the list's
// states, counts, search and pages; a new post; saves based on a revision (two from one base: one
// wins, the other is refused with the post as stored, nothing overwritten); publish, schedule and
// unpublish; a revision kept and the version moved by every change, and by nothing else. The
// trash (in, out as a draft; deleted for good by an owner, emptied, or after 30 days by the
// timer's purge) with its tombstone: the addresses stay "removed", the number is never given
// again, the comments go with the post. An earlier revision saved again: a new revision, under
// the same conflict rule.
import { describe, expect, it } from "vitest";
import { deferrals, freshDb, testDatabases, type TestDatabase } from "../db/testing/databases.ts";
import { openDatabase } from "../db/index.ts";
import { readPostFolder, seedFolder } from "./files.ts";
import { createPostRepository } from "./repository.ts";
import { POSTS_PAGE_SIZE } from "#app/lib/ports/posts-console.ts";
import { createPostEditor, TRASH_DAYS, type PostInput } from "./editor.ts";
import { createCommentRepository } from "../comments/repository.ts";
import { COMMENT_MODERATION } from "../comments/mail.ts";
import { createOutbox } from "../mail/outbox.ts";
import type { Db } from "../db/index.ts";
import { removeCommentsOfPosts } from "../comments/posts-removed.ts";

const databases = await testDatabases("Posts editor");
const defer = deferrals();
const SEED = readPostFolder(seedFolder()).posts;
const T0 = Date.UTC(2024, 0, 15, 9);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

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
  return { db, store, editor: createPostEditor(db, removeCommentsOfPosts), location };
}

/** A comment on the post, waiting for approval: its row and its e-mail to the agency. */
async function comment(db: Db, postId: number) {
  const comments = createCommentRepository(db, createOutbox(db), "editor-test-secret-0123456789abcdef");
  const written = await comments.write(
    {
      postId,
      postTitle: "A post",
      parentId: null,
      name: "Ngozi",
      email: "ngozi@example.com",
      body: "A comment that is personal data.",
      client: "c",
      spam: null,
    },
    T0,
  );
  const jobs = () =>
    db.kysely
      .selectFrom("mail_outbox")
      .select("id")
      .where("kind", "=", COMMENT_MODERATION)
      .where("recordId", "=", written.id)
      .execute();
  return { comments, id: written.id, jobs };
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
      const elsewhere = createPostEditor(other, removeCommentsOfPosts);
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
      expect(listed.counts).toEqual({ all: 17, draft: 0, scheduled: 1, published: 16, trash: 0 });
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
      expect(drafts.counts).toEqual({ all: 66, draft: 50, scheduled: 0, published: 16, trash: 0 });
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
    it("moves a post to the trash (gone from visitors, listed only there) and restores it as a draft", async () => {
      const { store, editor } = await start(database);
      const before = await store.version();
      const trashed = await editor.trash(3, "amina", T0 + 1);
      expect(trashed).toMatchObject({
        ok: true,
        changed: true,
        post: { id: 3, state: "draft", publishAt: null, trashedAt: T0 + 1, revision: 2 },
      });
      expect(await store.version()).toBe(before + 1);
      expect((await store.published(T0 + 2)).map((p) => p.id)).not.toContain(3);
      expect((await store.snapshot(T0 + 2)).removed).toEqual([3]);
      const listed = await editor.list({ now: T0 + 2 });
      expect(listed.counts).toEqual({ all: 15, draft: 0, scheduled: 0, published: 15, trash: 1 });
      expect(listed.items.map((p) => p.id)).not.toContain(3);
      const trash = await editor.list({ state: "trash", now: T0 + 2 });
      expect(trash.items.map((p) => [p.id, p.listState])).toEqual([[3, "trash"]]);
      // Twice: nothing more to change. A post in the trash is not edited, published or unpublished.
      expect(await editor.trash(3, "amina", T0 + 3)).toMatchObject({ ok: true, changed: false });
      expect(await editor.publish(3, "b", T0 + 3)).toEqual({ ok: false, reason: "unknown" });
      const { id: _, state: __, ...fields } = SEED.find((p) => p.id === 3)!;
      expect(await editor.save(3, fields, 2, "b", T0 + 3)).toEqual({ ok: false, reason: "unknown" });
      // Its address is still its own: no other post takes it.
      expect(await editor.create(draft(1, { slug: fields.slug }), "b", T0 + 3)).toMatchObject({
        reason: "slug-taken",
      });

      expect(await editor.restore(3, "tunde", T0 + 4)).toMatchObject({
        ok: true,
        changed: true,
        post: { state: "draft", trashedAt: null, revision: 3 },
      });
      expect((await store.snapshot(T0 + 5)).removed).toEqual([]);
      expect((await editor.revisions(3)).map((r) => [r.action, r.by, r.state])).toEqual([
        ["restored", "tunde", "draft"],
        ["trashed", "amina", "draft"],
        ["seed", "seed", "published"],
      ]);
      expect(await editor.restore(3, "tunde", T0 + 5)).toMatchObject({ ok: true, changed: false });
      expect(await editor.trash(99, "a", T0)).toEqual({ ok: false, reason: "unknown" });
      expect(await editor.restore(99, "a", T0)).toEqual({ ok: false, reason: "unknown" });
    });

    it("deletes a post in the trash for good: its revisions and comments go, a tombstone stays, its number is never given again", async () => {
      const { db, store, editor } = await start(database);
      await editor.create(draft(1), "a", T0);
      const { comments, id: commentId, jobs } = await comment(db, 17);
      expect(await jobs()).toHaveLength(1);
      // Not in the trash: not deleted.
      expect(await editor.deleteForGood(17, "olu", T0 + 1)).toEqual([]);
      expect(await store.get(17)).toBeDefined();

      await editor.trash(17, "a", T0 + 1);
      const version = await store.version();
      expect(await editor.deleteForGood(17, "olu", T0 + 2)).toEqual([
        { id: 17, slug: "written-1", title: draft(1).title },
      ]);
      expect(await store.version()).toBe(version + 1);
      expect(await store.get(17)).toBeUndefined();
      expect(await editor.revisions(17)).toEqual([]);
      expect(await comments.get(commentId)).toBeNull();
      expect(await comments.byEmail("ngozi@example.com")).toEqual([]);
      expect(await jobs()).toEqual([]);
      const tombstones = await db.kysely.selectFrom("blog_post_tombstone").selectAll().execute();
      expect(
        tombstones.map((t) => ({
          ...t,
          id: Number(t.id),
          trashedAt: Number(t.trashedAt),
          deletedAt: Number(t.deletedAt),
        })),
      ).toEqual([{ id: 17, slug: "written-1", trashedAt: T0 + 1, deletedAt: T0 + 2, deletedBy: "olu" }]);
      // Its addresses still say "removed"; the next post is 18, though 17 was the highest.
      expect((await store.snapshot(T0 + 3)).removed).toEqual([17]);
      expect(await editor.create(draft(2), "a", T0 + 3)).toMatchObject({ ok: true, post: { id: 18 } });
      // Its slug is free again (the tombstone keeps it for the record only); its number is not.
      expect(await editor.create(draft(3, { slug: "written-1" }), "a", T0 + 4)).toMatchObject({
        post: { id: 19 },
      });
      await expect(store.importPosts([{ ...draft(4), id: 17 }], "import", T0 + 5)).rejects.toThrow(
        "id 17: a post deleted for good had it",
      );
      expect(await editor.deleteForGood(17, "olu", T0 + 6)).toEqual([]);
    });

    it("empties the trash, and the timer deletes only posts 30 days in it", async () => {
      const { store, editor } = await start(database);
      await editor.trash(4, "a", T0);
      await editor.trash(5, "a", T0 + DAY);
      const version = await store.version();
      expect(await editor.purgeTrash(T0 + TRASH_DAYS * DAY - 1)).toEqual([]);
      expect(await store.version()).toBe(version);
      const purged = await editor.purgeTrash(T0 + TRASH_DAYS * DAY);
      expect(purged.map((p) => p.id)).toEqual([4]);
      expect(await store.get(4)).toBeUndefined();
      expect(await store.get(5)).toMatchObject({ trashedAt: T0 + DAY });
      // The purged one answers "removed" as the one still in the trash does.
      expect((await store.snapshot(T0)).removed).toEqual([4, 5]);

      await editor.trash(6, "a", T0 + 2 * DAY);
      expect((await editor.emptyTrash("olu", T0 + 3 * DAY)).map((p) => p.id)).toEqual([5, 6]);
      expect((await editor.list({ now: T0 })).counts).toMatchObject({ all: 13, trash: 0 });
      expect((await store.snapshot(T0)).removed).toEqual([4, 5, 6]);
      expect(await editor.emptyTrash("olu", T0 + 4 * DAY)).toEqual([]);
    });

    it("restores a revision as a new revision based on the current one, leaving the state; a stale base is refused", async () => {
      const { store, editor } = await start(database);
      await editor.create(draft(1), "a", T0);
      await editor.save(
        17,
        draft(1, { title: "The second title of the written post", body: draft(1).body + "\n\nA last line." }),
        1,
        "b",
        T0 + 1,
      );
      await editor.publish(17, "b", T0 + 2);
      const version = await store.version();

      // Based on revision 2, but the post is at 3 (published since): refused, nothing written.
      expect(await editor.restoreRevision(17, 1, 2, "c", T0 + 3)).toMatchObject({
        ok: false,
        reason: "conflict",
        current: { revision: 3 },
      });
      expect(await store.version()).toBe(version);
      expect(await editor.restoreRevision(17, 9, 3, "c", T0 + 3)).toEqual({
        ok: false,
        reason: "no-revision",
      });
      expect(await editor.restoreRevision(17, 1, 3, "c", T0 + 3, () => "No picture blog-03")).toEqual({
        ok: false,
        reason: "invalid",
        message: "No picture blog-03",
      });

      const restored = await editor.restoreRevision(17, 1, 3, "c", T0 + 4);
      expect(restored).toMatchObject({
        ok: true,
        changed: true,
        post: { title: draft(1).title, body: draft(1).body, state: "published", revision: 4 },
      });
      expect(await store.version()).toBe(version + 1);
      expect((await editor.revisions(17))[0]).toMatchObject({
        revision: 4,
        action: "reverted",
        by: "c",
        state: "published",
      });
      expect((await store.published(T0 + 5)).find((p) => p.id === 17)?.title).toBe(draft(1).title);
      // The same text again: nothing changes.
      expect(await editor.restoreRevision(17, 1, 4, "c", T0 + 5)).toMatchObject({ ok: true, changed: false });
      expect(await editor.revision(17, 2)).toMatchObject({
        revision: 2,
        fields: { title: "The second title of the written post" },
      });
    });
  });
}
