// @vitest-environment node
// The staff console's posts through the whole server stack, on SQLite and on PostgreSQL: the
// editor's rules with a message per field (nothing written), a draft made, saved, published (on
// this instance's pages at once), scheduled and unpublished, each in the audit log; and a save
// from an older revision refused with the post as it now is.
import { describe, expect, it } from "vitest";
import { testDatabases } from "../db/testing/databases.ts";
import { cleanupsAfterEach, startHarness } from "../testing/feature-harness.ts";
import { readPostFolder, seedFolder } from "../posts/files.ts";

const databases = await testDatabases("Staff posts");
const cleanups = cleanupsAfterEach();
const AMINA = "amina@techspark.ng";
const TUNDE = "tunde@techspark.ng";

/** The editor's fields for a new post: post 16's text under another title and address. */
function input(over: Record<string, unknown> = {}) {
  const { id: _, state: __, ...fields } = readPostFolder(seedFolder()).posts.find((p) => p.id === 16)!;
  return {
    ...fields,
    title: "Written in the console: a post of our own",
    slug: "written-in-the-console",
    ...over,
  };
}

for (const database of databases) {
  describe(`on ${database.name}`, () => {
    async function start() {
      const h = await startHarness(database, cleanups);
      const audit = async () =>
        (await h.s.staff.store.auditLog()).map(({ actor, action, subject }) => ({ actor, action, subject }));
      const shown = () => h.s.posts.port.published().posts.map((p) => p.id);
      return { h, posts: h.s.staff.posts, audit, shown };
    }

    it("refuses what breaks the posts' rules, one message per field, writing nothing", async () => {
      const { posts, audit } = await start();
      const result = await posts.save(
        AMINA,
        null,
        input({
          title: "Short",
          slug: "Not A Slug",
          tags: [],
          category: "politics",
          author: "Someone Else",
          thumb: "no-such-picture",
          excerpt: "x".repeat(300),
          imageAlt: "line one\u0000",
          body: "Only one paragraph, with no list and no quote.",
        }),
      );
      const errors = !result.ok && "errors" in result ? result.errors : {};
      expect(Object.keys(errors).sort()).toEqual(
        ["author", "body", "category", "excerpt", "imageAlt", "slug", "tags", "thumb", "title"].sort(),
      );
      expect(errors.imageAlt).toBe("One line of text, without control characters");
      expect(errors.author).toBe('"Someone Else" is not a member of the team (app/content/team.ts)');
      expect(errors.thumb).toBe('There is no picture "no-such-picture" (the list picture)');
      expect(errors.body).toMatch(/^Needs the mid-title as a heading/);
      expect(errors.title).toMatch(/10/);
      // A slug another post has is the slug's problem.
      const taken = await posts.save(AMINA, null, input({ slug: "accessible-design-patient-portal" }));
      expect(taken).toEqual({
        ok: false,
        reason: "invalid",
        errors: { slug: expect.stringContaining('"accessible-design-patient-portal" is already post 16') },
      });
      expect((await posts.list({ state: "all", q: "", page: 1 })).counts.all).toBe(16);
      expect(await audit()).toEqual([]);
    });

    it("makes a draft, publishes it (shown here at once), schedules and unpublishes it, each audited", async () => {
      const { h, posts, audit, shown } = await start();
      const made = await posts.save(AMINA, null, input());
      expect(made).toEqual({ ok: true, id: 17, changed: true });
      expect(await posts.get(17)).toMatchObject({ state: "draft", revision: 1, updatedBy: AMINA });
      expect(shown()).not.toContain(17);

      expect(await posts.publish(TUNDE, 17)).toEqual({ ok: true, changed: true, publishAt: null });
      // No poll waited for: this instance read the posts again before publish answered.
      expect(shown()).toContain(17);
      const later = h.c.t + 3_600_000;
      expect(await posts.publish(TUNDE, 17, later)).toMatchObject({ ok: true, publishAt: later });
      expect(shown()).not.toContain(17);
      expect((await posts.list({ state: "scheduled", q: "", page: 1 })).items.map((p) => p.id)).toEqual([17]);

      expect(await posts.unpublish(AMINA, 17)).toEqual({ ok: true, changed: true });
      expect(await posts.unpublish(AMINA, 17)).toEqual({ ok: true, changed: false });
      expect(await posts.get(17)).toMatchObject({ state: "draft", revision: 4 });
      expect(await audit()).toEqual(
        expect.arrayContaining([
          { actor: AMINA, action: "post.created", subject: "17" },
          { actor: TUNDE, action: "post.published", subject: "17" },
          { actor: TUNDE, action: "post.scheduled", subject: "17" },
          { actor: AMINA, action: "post.unpublished", subject: "17" },
        ]),
      );
      expect(await audit()).toHaveLength(4);
      expect(await posts.publish(AMINA, 99)).toEqual({ ok: false, reason: "unknown" });
    });

    it("refuses a save based on an older revision, returning the post as it now is", async () => {
      const { posts, audit } = await start();
      await posts.save(AMINA, null, input());
      const first = await posts.save(AMINA, 17, input({ title: "Amina's better title for the post" }), 1);
      expect(first).toEqual({ ok: true, id: 17, changed: true });
      const second = await posts.save(TUNDE, 17, input({ title: "Tunde's better title for the post" }), 1);
      expect(second).toEqual({
        ok: false,
        reason: "conflict",
        current: expect.objectContaining({
          revision: 2,
          updatedBy: AMINA,
          fields: expect.objectContaining({ title: "Amina's better title for the post" }),
        }),
      });
      expect((await posts.get(17))?.title).toBe("Amina's better title for the post");
      // Without the revision it started from, a save is never taken for a current one.
      expect(
        await posts.save(TUNDE, 17, input({ title: "Tunde's better title for the post" })),
      ).toMatchObject({
        reason: "conflict",
      });
      expect((await audit()).map((a) => a.action).sort()).toEqual(["post.created", "post.saved"]);
    });
  });
}
