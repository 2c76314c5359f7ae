// @vitest-environment node
// Comments as a reader and the agency's mailbox see them, on SQLite and on PostgreSQL: write over
// HTTP (the post's form action), the moderation e-mail arrives at a real SMTP server on loopback, its
// links change nothing by GET and decide by POST once, the post shows only approved comments,
// spam is kept but never shown, and a person's comments can be erased.
import { describe, expect, it } from "vitest";
import { testDatabases, type TestDatabase } from "../db/testing/databases.ts";
import type { ServicesConfig } from "../services.ts";
import { cleanupsAfterEach, deliver } from "../testing/feature-harness.ts";
import { heldToken, postForm } from "../testing/visitor.ts";
import { SECRET } from "../testing/config.ts";
import { createLinkSigner } from "../mail/links.ts";
import { decodeHeader, type ReceivedMail } from "../testing/smtp.ts";
import { COMMENT_MESSAGES } from "#app/lib/comment-schema.ts";
import { COMMENT_RESPONSES } from "./index.ts";
import { MODERATION_LINK_DAYS } from "./mail.ts";
import { REVIEW_DAYS } from "./repository.ts";
import { startComments, writeComment as write } from "./testing/comments.ts";

const databases = await testDatabases("Comments");
const DAY = 86_400_000;

const cleanups = cleanupsAfterEach();

const start = (database: TestDatabase, extra: Partial<ServicesConfig> = {}) =>
  startComments(database, cleanups, extra);

const COMMENT = {
  name: "Kelechi Obi",
  email: "Kelechi@Example.com",
  comment: "Clear and practical, thank you.\n\nWe run a small business in Wuse.",
  postId: 1,
};

function linksIn(mail: ReceivedMail): { approve: string; spam: string } {
  const all = [...mail.text.matchAll(/https:\/\/techspark\.ng\/comments\/moderate\?token=([\w~.-]+)/g)];
  const find = (label: string) => {
    const m = new RegExp(`${label}: https://techspark\\.ng/comments/moderate\\?token=([\\w~.-]+)`).exec(
      mail.text,
    );
    if (!m) throw new Error(`no ${label} link in:\n${mail.text}`);
    return m[1]!;
  };
  expect(all).toHaveLength(2);
  return { approve: find("Approve"), spam: find("Mark as spam") };
}

const THANKS = { success: true, message: COMMENT_RESPONSES.thanks };

for (const database of databases) {
  describe(`on ${database.name}`, () => {
    it("write → pending, not shown → the agency's e-mail → its link changes nothing by GET → POST approves once", async () => {
      const h = await start(database);
      expect(await write(h, COMMENT)).toEqual({ status: 200, body: THANKS });
      expect(await h.s.comments.published(1)).toEqual([]);

      const [mail, ...more] = await deliver(h);
      expect(more).toEqual([]);
      expect(mail!.envelopeTo).toEqual(["hello@techspark.ng"]);
      expect(decodeHeader(mail!.headers.get("subject")!)).toBe(
        'New comment on "NDPA 2023: What it means" from Kelechi Obi',
      );
      expect(mail!.headers.get("reply-to")).toContain("kelechi@example.com");
      expect(mail!.text).toContain("> We run a small business in Wuse.");
      expect(mail!.text).toContain("https://techspark.ng/blog-single-sidebar/1");
      const { approve, spam } = linksIn(mail!);

      const cm = h.s.comments;
      // A mail scanner opening both links (GET), however often, changes nothing.
      for (const token of [approve, spam, approve]) {
        const view = await cm.viewModerationLink(token);
        expect(view).toMatchObject({ kind: "confirm", comment: { name: "Kelechi Obi", state: "pending" } });
      }
      expect(await cm.viewModerationLink(spam)).toMatchObject({ action: "spam" });
      expect(await cm.published(1)).toEqual([]);

      expect(await cm.moderateByLink(approve)).toMatchObject({
        kind: "done",
        action: "approve",
        comment: { state: "approved", postHref: "/blog-single-sidebar/1" },
      });
      const shown = await cm.published(1);
      expect(shown).toEqual([
        {
          id: expect.any(String),
          parentId: null,
          name: "Kelechi Obi",
          body: "Clear and practical, thank you.\n\nWe run a small business in Wuse.",
          createdAt: h.c.t,
        },
      ]);
      // The e-mail address is never part of what a post shows.
      expect(JSON.stringify(shown)).not.toContain("example.com");
      // Single use, for both of the e-mail's links.
      expect(await cm.moderateByLink(approve)).toMatchObject({
        kind: "used",
        comment: { state: "approved" },
      });
      expect(await cm.moderateByLink(spam)).toMatchObject({ kind: "used" });
      expect(await cm.published(1)).toHaveLength(1);
      const stored = (await cm.store.get(shown[0]!.id))!;
      expect(stored).toMatchObject({
        email: "kelechi@example.com",
        moderatedBy: "e-mail link",
        moderationNonce: null,
      });
      // The client's address is kept only as a keyed hash.
      expect(stored.client).toMatch(/^[0-9a-f]{16}$/);
      expect(JSON.stringify(stored)).not.toContain("127.0.0.1");
    });

    it("Mark as spam: never shown; tampered, foreign and expired links get a page that says so", async () => {
      const h = await start(database);
      await write(h, COMMENT);
      const { approve, spam } = linksIn((await deliver(h))[0]!);
      const cm = h.s.comments;
      const [payload, expiry, mac] = approve.split(".") as [string, string, string];
      for (const bad of ["", "garbage", `${payload}.${expiry}`, `${payload}.${expiry}.${mac.slice(1)}x`]) {
        expect(await cm.viewModerationLink(bad)).toEqual({ kind: "invalid" });
        expect(await cm.moderateByLink(bad)).toEqual({ kind: "invalid" });
      }
      // The same payload signed for another feature (a newsletter link) is no moderation link.
      const foreign = createLinkSigner(SECRET).sign("newsletter-confirm", payload, null);
      expect(await cm.moderateByLink(foreign)).toEqual({ kind: "invalid" });
      expect(await cm.moderateByLink(spam)).toMatchObject({ kind: "done", action: "spam" });
      expect(await cm.published(1)).toEqual([]);
      expect((await cm.store.list({ state: "spam" }))[0]).toMatchObject({ spamReason: "moderator" });

      // Expired: a new comment's links, MODERATION_LINK_DAYS later.
      await write(h, { ...COMMENT, comment: "A second, later thought." });
      const late = linksIn((await deliver(h))[0]!);
      h.c.advance(MODERATION_LINK_DAYS * DAY + 1);
      expect(await cm.viewModerationLink(late.approve)).toEqual({ kind: "expired" });
      expect(await cm.moderateByLink(late.approve)).toEqual({ kind: "expired" });
      expect((await cm.store.list({ state: "pending" })).length).toBe(1);
    });

    it("replies nest one level under approved comments of the same post", async () => {
      const h = await start(database);
      await write(h, COMMENT);
      const first = linksIn((await deliver(h))[0]!);
      await h.s.comments.moderateByLink(first.approve);
      const [parent] = await h.s.comments.published(1);
      h.c.advance(60_000);

      expect(await write(h, { ...COMMENT, name: "Ada", comment: "Agreed!", parentId: parent!.id })).toEqual({
        status: 200,
        body: THANKS,
      });
      const replyMail = (await deliver(h))[0]!;
      expect(decodeHeader(replyMail.headers.get("subject")!)).toMatch(/^New reply on/);
      await h.s.comments.moderateByLink(linksIn(replyMail).approve);
      const [, reply] = await h.s.comments.published(1);
      expect(reply).toMatchObject({ name: "Ada", parentId: parent!.id });
      h.c.advance(60_000);

      // A reply to the reply answers the same thread (one level of nesting).
      await write(h, { ...COMMENT, name: "Bola", comment: "Me too.", parentId: reply!.id });
      await h.s.comments.moderateByLink(linksIn((await deliver(h))[0]!).approve);
      expect((await h.s.comments.published(1))[2]).toMatchObject({ name: "Bola", parentId: parent!.id });

      // Replies only to shown comments of this post.
      for (const parentId of [
        "00000000-0000-0000-0000-000000000000",
        "not-an-id",
        (await h.s.comments.store.list({ state: "pending" }))[0]?.id ?? "none",
      ]) {
        expect(await write(h, { ...COMMENT, comment: `Reply to ${parentId}`, parentId })).toEqual({
          status: 400,
          body: { success: false, message: COMMENT_RESPONSES.noParent },
        });
      }
      expect(
        await write(h, { ...COMMENT, postId: 2, comment: "Cross-post reply", parentId: parent!.id }),
      ).toMatchObject({
        status: 400,
      });
    });

    it("refuses bad fields with a message per field, unknown posts, and never a 500", async () => {
      const h = await start(database);
      const bad = await write(h, { name: "", email: "nope", comment: "x ".repeat(3000), postId: 1 });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({
        name: COMMENT_MESSAGES.name.required,
        email: COMMENT_MESSAGES.email.invalid,
        comment: COMMENT_MESSAGES.comment.tooLong,
      });
      const links = "https://a.example https://b.example https://c.example https://d.example";
      expect((await write(h, { ...COMMENT, comment: links })).body.errors).toEqual({
        comment: COMMENT_MESSAGES.comment.links,
      });
      expect((await write(h, { ...COMMENT, name: "Ada\u202eEze" })).body.errors).toEqual({
        name: COMMENT_MESSAGES.name.singleLine,
      });
      for (const postId of [999, 0, -1, "1; drop table", null, 1.5, "2e3", { id: 1 }]) {
        expect(await write(h, { ...COMMENT, postId }), JSON.stringify(postId)).toEqual({
          status: 400,
          body: { success: false, message: COMMENT_RESPONSES.noPost },
        });
      }
      for (const body of ["[]", "null", '"text"', "{", '{"name":']) {
        const res = await postForm(`${h.url}/blog-single-sidebar/1`, body, {
          xsrf: heldToken(h.c.t),
          headers: { "content-type": "application/json" },
        });
        expect(res.status, body).toBe(415);
      }
      expect(await h.s.comments.store.list()).toEqual([]);
      expect(await deliver(h)).toEqual([]);
    });

    it("keeps spam for review without e-mail or display; a second copy is kept once", async () => {
      const h = await start(database);
      // The honeypot: thanked like anyone, filed as spam, nobody e-mailed.
      expect(await write(h, { ...COMMENT, website: "https://seo.example" })).toEqual({
        status: 200,
        body: THANKS,
      });
      // Markup only spam tools write into a plain-text box.
      expect(
        await write(h, {
          ...COMMENT,
          email: "b@example.com",
          comment: '<a href="https://pills.example">cheap</a>',
        }),
      ).toEqual({
        status: 200,
        body: THANKS,
      });
      // The same long text on another post within days: a spammer's round.
      const round = "Great article! Visit my site for the best deals on everything you need today.";
      await write(h, { ...COMMENT, email: "c@example.com", comment: round, postId: 1 });
      await write(h, { ...COMMENT, email: "d@example.com", comment: round, postId: 2 });
      const spam = await h.s.comments.store.list({ state: "spam" });
      expect(spam.map((c) => c.spamReason).sort()).toEqual(["honeypot", "markup", "repeated"]);
      // Only the first of the round is pending (and e-mailed).
      expect(await deliver(h)).toHaveLength(1);

      // The same person's same text on the same post (a double click, a resend): kept once.
      await write(h, { ...COMMENT, email: "e@example.com", comment: "Once only." });
      await write(h, { ...COMMENT, email: "E@example.com ", comment: "Once  only." });
      expect((await h.s.comments.store.byEmail("e@example.com")).length).toBe(1);
      expect(await deliver(h)).toHaveLength(1);
      for (const postId of [1, 2]) expect(await h.s.comments.published(postId)).toEqual([]);
    });

    it("limits comments per client: 429 with Retry-After, nothing kept past the limit", async () => {
      const h = await start(database, { rateLimit: { perMinute: 2, perHour: 10 } });
      expect((await write(h, { ...COMMENT, comment: "One." })).status).toBe(200);
      expect((await write(h, { ...COMMENT, comment: "Two." })).status).toBe(200);
      const third = await write(h, { ...COMMENT, comment: "Three." });
      expect(third).toEqual({
        status: 429,
        body: { success: false, message: COMMENT_RESPONSES.tooMany(1) },
      });
      expect((await h.s.comments.store.list()).length).toBe(2);
    });

    it("erases a person's comments and their e-mails; prunes old spam; tells every watcher", async () => {
      const h = await start(database);
      const changed: number[][] = [];
      const stop = h.s.pageChanges((paths) => {
        if (paths !== "all") changed.push(paths.map((p) => Number(p.split("/").at(-1))));
      });
      cleanups.push(stop);
      await write(h, COMMENT);
      await h.s.comments.moderateByLink(linksIn((await deliver(h))[0]!).approve);
      await write(h, { ...COMMENT, comment: "Still waiting." });
      await write(h, { ...COMMENT, email: "other@example.com", comment: "Someone else." });
      // Both layouts of post 1, once: the approval, seen at once on this instance.
      expect(changed.flat()).toEqual([1, 1]);

      expect(await h.s.comments.store.erase(" KELECHI@example.com")).toBe(2);
      expect(await h.s.comments.published(1)).toEqual([]);
      expect((await h.s.comments.store.list()).map((c) => c.email)).toEqual(["other@example.com"]);
      const jobs = await h.s.mail.outbox.list({ kind: "comment-moderation" });
      expect(jobs.map((j) => j.recordId)).toEqual([(await h.s.comments.store.list())[0]!.id]);
      // The erased approval is seen by the watch (polled): the post's kept pages go.
      await expect.poll(() => changed.length, { timeout: 2000 }).toBe(2);

      // Spam and rejected comments are kept REVIEW_DAYS for review, then deleted.
      const other = (await h.s.comments.store.list())[0]!;
      await h.s.comments.store.moderate(other.id, "reject", "shell", h.c.t);
      expect(await h.s.comments.store.prune(h.c.t + (REVIEW_DAYS - 1) * DAY)).toBe(0);
      expect(await h.s.comments.store.prune(h.c.t + (REVIEW_DAYS + 1) * DAY)).toBe(1);
      expect(await h.s.comments.store.list()).toEqual([]);
    });
  });
}
