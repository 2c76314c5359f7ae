// @vitest-environment node
// The staff console's posts through the whole server stack, on SQLite and on PostgreSQL: the
// editor's rules with a message per field (nothing written), a draft made, saved, published (on
// this instance's pages at once), scheduled and unpublished, each in the audit log; and a save
// from an older revision refused with the post as it now is. The trash: any member moves a post
// there and back; only an owner deletes for good or empties it (a staff member is refused,
// whatever they send); the 30-day timer deletes what is left, audited. An earlier revision saved
// again. "Send to subscribers": a newsletter issue draft from a published post, linking to it on
// the site's public origin.
import { describe, expect, it } from "vitest";
import { testDatabases } from "../db/testing/databases.ts";
import { cleanupsAfterEach, startHarness } from "../testing/feature-harness.ts";
import { readPostFolder, seedFolder } from "./files.ts";
import { createPostsService } from "./index.ts";
import { TRASH_DAYS } from "./editor.ts";
import type { StaffSessionView } from "#app/lib/ports/staff-session.ts";
import { teamType } from "#app/content-types/team/type.ts";
import { checkItems } from "../content/index.ts";
import { removeCommentsOfPosts } from "../comments/posts-removed.ts";

const databases = await testDatabases("Staff posts");
const cleanups = cleanupsAfterEach();
const AMINA = "amina@techspark.ng";
const TUNDE = "tunde@techspark.ng";
const DAY = 86_400_000;
type Member = StaffSessionView["member"];
const STAFF: Member = { id: "m-staff", email: TUNDE, name: "Tunde", role: "staff" };
const OWNER: Member = { id: "m-owner", email: "olu@techspark.ng", name: "Olu", role: "owner" };

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
    async function start(extra: Parameters<typeof startHarness>[2] = {}) {
      const h = await startHarness(database, cleanups, extra);
      const audit = async () =>
        (await h.s.staff.store.auditLog()).map(({ actor, action, subject }) => ({ actor, action, subject }));
      const shown = () => h.s.posts.port.published().posts.map((p) => p.id);
      const removed = () => [...h.s.posts.port.published().removed];
      return { h, posts: h.s.staff.posts, audit, shown, removed };
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
      expect(errors.author).toBe('"Someone Else" is not a member of the team (Content, Team)');
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

    it("takes its authors from the team published now: a member added is offered, one who left is not but keeps their posts", async () => {
      const { h, posts } = await start();
      const [chinedu, amina, ...rest] = teamType.seed;
      const ada = { ...chinedu!, id: 7, name: "Adaeze Obi" };
      const { items } = checkItems(teamType as never, [{ ...chinedu!, hidden: true }, amina!, ...rest, ada]);
      await h.s.content.store.importType("team", items, AMINA, Date.now());
      await h.s.content.refresh();
      expect(posts.choices().authors).toEqual([amina!.name, ...rest.map((m) => m.name), "Adaeze Obi"]);
      expect(await posts.save(AMINA, null, input({ author: "Adaeze Obi" }))).toMatchObject({ ok: true });
      // Chinedu left: not offered for a new post, but a post of his is saved again as his.
      expect(await posts.save(AMINA, null, input({ slug: "his-post", author: chinedu!.name }))).toMatchObject(
        {
          ok: true,
        },
      );
      const gone = await posts.save(AMINA, null, input({ slug: "nobodys-post", author: "Someone Else" }));
      expect(gone).toMatchObject({ ok: false, errors: { author: expect.stringContaining("not a member") } });
    });

    it("follows a member renamed in the console: every post naming them takes the new name (a draft and one in the trash too), each with a revision, shown here at once; no two members share a name", async () => {
      const { h, posts, audit } = await start();
      const content = h.s.staff.content;
      const chinedu = teamType.seed[0]!;
      const theirs = () =>
        h.s.posts.port
          .published()
          .posts.filter((p) => p.author.startsWith("Chinedu"))
          .map((p) => [p.id, p.author]);
      const published = theirs();
      expect(published.length).toBeGreaterThan(1);
      await posts.save(AMINA, null, input({ author: chinedu.name }));
      await posts.save(AMINA, null, input({ slug: "his-trashed-post", author: chinedu.name }));
      await posts.trash(AMINA, 18);
      const openAt = (await posts.get(17))!.revision;

      const stored = (await content.get("team", "1"))!.item;
      const rename = (name: string, revision = stored.revision) =>
        content.save(
          AMINA,
          "team",
          "1",
          { values: { ...stored.values, name }, intent: "save", publishAt: null },
          revision,
        );
      // Another member's name, in any letter case: refused on the name, nothing changed.
      expect(await rename(" amina BELLO ")).toMatchObject({
        ok: false,
        reason: "invalid",
        errors: { name: expect.stringContaining("Another member of the team has this name") },
      });
      expect(theirs()).toEqual(published);

      expect(await rename("Chinedu Okafor-Bello")).toMatchObject({ ok: true, changed: true });
      expect(theirs()).toEqual(published.map(([id]) => [id, "Chinedu Okafor-Bello"]));
      expect((await posts.get(17))!.fields.author).toBe("Chinedu Okafor-Bello");
      expect((await posts.get(18))!.fields.author).toBe("Chinedu Okafor-Bello");
      // An editor open on the post from before cannot write the old name back: the name is no
      // member's now, and with the new one the post changed since it was opened.
      const typed = { title: "A title typed meanwhile" };
      expect(await posts.save(AMINA, 17, input({ ...typed, author: chinedu.name }), openAt)).toMatchObject({
        ok: false,
        errors: { author: expect.stringContaining("not a member") },
      });
      expect(
        await posts.save(AMINA, 17, input({ ...typed, author: "Chinedu Okafor-Bello" }), openAt),
      ).toMatchObject({ ok: false, reason: "conflict" });
      expect((await posts.revisions(17))![0]).toMatchObject({ action: "saved", by: AMINA });
      expect((await audit()).filter((a) => a.action === "post.author-renamed")).toEqual([
        {
          actor: AMINA,
          action: "post.author-renamed",
          subject: [...published.map(([id]) => id), 17, 18].sort((a, b) => Number(a) - Number(b)).join(","),
        },
      ]);
      // Saved again with the same name: no post changes.
      const again = (await content.get("team", "1"))!.item;
      expect(
        await content.save(
          AMINA,
          "team",
          "1",
          { values: { ...again.values, profession: "Founder" }, intent: "save", publishAt: null },
          again.revision,
        ),
      ).toMatchObject({ ok: true });
      expect((await audit()).filter((a) => a.action === "post.author-renamed")).toHaveLength(1);
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
    it("moves a post to the trash and back (any member); only an owner deletes it for good or empties the trash", async () => {
      const { posts, audit, shown, removed } = await start();
      expect(await posts.trash(AMINA, 5)).toEqual({ ok: true, changed: true });
      // This instance says "removed" at once: no poll waited for.
      expect(shown()).not.toContain(5);
      expect(removed()).toEqual([5]);
      expect(await posts.get(5)).toMatchObject({ state: "trash", trashedAt: expect.any(Number) });
      expect((await posts.list({ state: "trash", q: "", page: 1 })).items.map((p) => p.id)).toEqual([5]);
      expect((await posts.list({ state: "all", q: "", page: 1 })).counts).toMatchObject({
        all: 15,
        trash: 1,
      });

      expect(await posts.restore(TUNDE, 5)).toEqual({ ok: true, changed: true });
      expect(shown()).not.toContain(5); // a draft now
      expect(removed()).toEqual([]);
      expect(await posts.get(5)).toMatchObject({ state: "draft", trashedAt: null });

      await posts.trash(AMINA, 5);
      await posts.trash(AMINA, 6);
      // A staff member is refused, whatever they ask: nothing is deleted.
      expect(await posts.deleteForGood(STAFF, 5)).toEqual({ ok: false, reason: "forbidden" });
      expect(await posts.emptyTrash(STAFF)).toEqual({ ok: false, reason: "forbidden" });
      expect((await posts.list({ state: "trash", q: "", page: 1 })).counts.trash).toBe(2);

      const title5 = (await posts.get(5))!.title;
      expect(await posts.deleteForGood(OWNER, 5)).toEqual({ ok: true, title: title5 });
      expect(await posts.get(5)).toBeNull();
      expect(removed()).toEqual([5, 6]);
      expect(await posts.deleteForGood(OWNER, 7)).toEqual({ ok: false, reason: "unknown" }); // not in the trash
      expect(await posts.emptyTrash(OWNER)).toEqual({ ok: true, removed: 1 });
      expect(await posts.emptyTrash(OWNER)).toEqual({ ok: true, removed: 0 });
      // Entries of one millisecond have no order: compared as a set.
      const key = (a: { actor: string; action: string; subject: string | null }) =>
        `${a.action} ${a.subject} ${a.actor}`;
      expect((await audit()).map(key).sort()).toEqual(
        [
          { actor: AMINA, action: "post.trashed", subject: "5" },
          { actor: TUNDE, action: "post.restored", subject: "5" },
          { actor: AMINA, action: "post.trashed", subject: "5" },
          { actor: AMINA, action: "post.trashed", subject: "6" },
          { actor: OWNER.email, action: "post.deleted", subject: "5" },
          { actor: OWNER.email, action: "post.deleted", subject: "6" },
        ]
          .map(key)
          .sort(),
      );
    });

    it("deletes for good what stayed 30 days in the trash, on the timer, audited as the trash timer's", async () => {
      const { h, posts, audit } = await start();
      await posts.trash(AMINA, 9);
      await posts.trash(AMINA, 10);
      // A second instance's posts service, its purge looked at every 20 ms, on the test's clock.
      const other = await createPostsService({
        dependents: removeCommentsOfPosts,
        db: h.s.db,
        now: h.c.now,
        purgeMs: 20,
        watchMs: 20,
      });
      cleanups.push(() => other.close());
      await new Promise((r) => setTimeout(r, 100));
      expect((await posts.list({ state: "trash", q: "", page: 1 })).counts.trash).toBe(2);
      h.c.advance(TRASH_DAYS * DAY);
      const deadline = Date.now() + 2_000;
      while ((await posts.get(9)) !== null && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      expect(await posts.get(9)).toBeNull();
      expect(await posts.get(10)).toBeNull();
      expect((await audit()).filter((a) => a.action === "post.deleted")).toEqual(
        expect.arrayContaining([
          { actor: "trash timer", action: "post.deleted", subject: "9" },
          { actor: "trash timer", action: "post.deleted", subject: "10" },
        ]),
      );
      // Both instances say "removed" at those addresses.
      expect([...other.port.published().removed]).toEqual([9, 10]);
    });

    it("saves an earlier revision again as a new one, audited; a page showing an older revision is refused", async () => {
      const { posts, audit } = await start();
      await posts.save(AMINA, null, input());
      await posts.save(AMINA, 17, input({ title: "Amina's second title for the post" }), 1);
      expect(await posts.revisions(17)).toEqual([
        expect.objectContaining({ revision: 2, action: "saved", by: AMINA }),
        expect.objectContaining({ revision: 1, action: "created", by: AMINA }),
      ]);
      const compared = await posts.compare(17, 1, 2);
      expect(compared?.changes).toEqual([
        {
          field: "title",
          lines: [
            { kind: "removed", text: input().title },
            { kind: "added", text: "Amina's second title for the post" },
          ],
        },
      ]);
      expect(await posts.compare(17, 1, 9)).toBeNull();
      expect(await posts.revisions(99)).toBeNull();

      expect(await posts.restoreRevision(TUNDE, 17, 1, 1)).toMatchObject({
        ok: false,
        reason: "conflict",
        current: { revision: 2, updatedBy: AMINA },
      });
      expect(await posts.restoreRevision(TUNDE, 17, 1, 2)).toEqual({ ok: true, changed: true, revision: 3 });
      expect(await posts.get(17)).toMatchObject({ title: input().title, state: "draft", revision: 3 });
      expect((await audit()).map((a) => a.action)).toContain("post.reverted");
    });

    it("starts a newsletter issue from a published post: its title, excerpt and link on the public origin", async () => {
      const { h, posts, audit } = await start({ siteUrl: "https://staging.techspark.test" });
      await posts.save(AMINA, null, input({ excerpt: `${input().excerpt} With *stars* and <b>tags</b>.` }));
      expect(await posts.sendToSubscribers(AMINA, 17)).toEqual({ ok: false, reason: "not-published" });
      expect(await posts.sendToSubscribers(AMINA, 99)).toEqual({ ok: false, reason: "unknown" });
      await posts.publish(AMINA, 17);
      const sent = await posts.sendToSubscribers(TUNDE, 17);
      if (!sent.ok) throw new Error("not sent");
      const issue = await h.s.staff.issues.get(sent.issueId);
      expect(issue).toMatchObject({ state: "draft", subject: input().title, updatedBy: TUNDE });
      expect(issue!.body).toContain("https://staging.techspark.test/blog-single-sidebar/17");
      // The excerpt as written in the plain-text part; its markup is text in the HTML one.
      expect(issue!.preview!.text).toContain("With *stars* and <b>tags</b>.");
      expect(issue!.preview!.html).not.toContain("<b>tags</b>");
      // The link leads to the public origin, tagged with the issue's campaign (the traffic page).
      expect(issue!.preview!.html).toMatch(
        /href="https:\/\/staging\.techspark\.test\/blog-single-sidebar\/17\?utm_source=newsletter&amp;utm_medium=email&amp;utm_campaign=[a-z0-9-]+"/,
      );
      expect(await audit()).toEqual(
        expect.arrayContaining([
          { actor: TUNDE, action: "issue.created", subject: sent.issueId },
          { actor: TUNDE, action: "post.sent-to-subscribers", subject: "17" },
        ]),
      );
      await posts.unpublish(AMINA, 17);
      expect(await posts.sendToSubscribers(AMINA, 17)).toEqual({ ok: false, reason: "not-published" });
    });
  });
}
