// @vitest-environment node
// The overall cap on comment-moderation e-mails, on SQLite and on PostgreSQL, as the agency's
// mailbox (a real SMTP server on loopback) sees it: within the hour's cap one e-mail per comment;
// past it no e-mail each but exactly one digest at the end of the hour, listing the comments still
// pending with working links; after the hour, one e-mail each again; several instances writing at
// once agree on the count. The cap is 3 here (COMMENT_MAILS_PER_HOUR, 10 by default).
import { describe, expect, it } from "vitest";
import { freshDb, testDatabases, type TestDatabase } from "../db/testing/databases.ts";
import { openDatabase } from "../db/index.ts";
import { createOutbox } from "../mail/outbox.ts";
import type { ServicesConfig } from "../services.ts";
import { cleanupsAfterEach, deliver, type Harness } from "../testing/feature-harness.ts";
import { decodeHeader, type ReceivedMail } from "../testing/smtp.ts";
import { COMMENT_DIGEST, COMMENT_MAILS_PER_HOUR, EXCERPT_CHARS, HOUR_MS, hourStart } from "./digest.ts";
import { COMMENT_MODERATION } from "./mail.ts";
import { createCommentRepository } from "./repository.ts";
import { startComments, writeComment } from "./testing/comments.ts";

const databases = await testDatabases("Comment digest");
const CAP = 3;

const cleanups = cleanupsAfterEach();

/** The services with the cap at CAP, the clock one minute into a clock hour. */
async function start(database: TestDatabase, extra: Partial<ServicesConfig> = {}) {
  const h = await startComments(database, cleanups, { moderationMailsPerHour: CAP, ...extra });
  h.c.t = hourStart(h.c.t) + HOUR_MS + 60_000;
  return h;
}

let serial = 0;
/** A reader's comment over HTTP (the page's script), each from a different person. */
async function write(h: Harness, fields: Partial<Record<string, unknown>> = {}) {
  const n = ++serial;
  const res = await writeComment(h, {
    name: `Reader ${n}`,
    email: `reader-${n}@example.com`,
    comment: `Comment number ${n}.`,
    postId: 1,
    ...fields,
  });
  expect(res.status).toBe(200);
  h.c.advance(1000);
}

async function writeMany(h: Harness, count: number) {
  for (let i = 0; i < count; i++) await write(h);
}

const subject = (m: ReceivedMail) => decodeHeader(m.headers.get("subject")!);
const digestJobs = (h: Harness) => h.s.mail.outbox.list({ kind: COMMENT_DIGEST });

/** The digest's entries as the plain-text part lists them: who, and the two links' tokens. */
function entries(mail: ReceivedMail) {
  const link = "https://techspark\\.ng/comments/moderate\\?token=([\\w~.-]+)";
  const re = new RegExp(
    `^\\d+\\. (?:Comment|Reply) on "([^"]+)" \\(https://techspark\\.ng/blog-single-sidebar/\\d+\\) by (.+), \\w{3}, \\d\\d .+\\n   (.*)\\n   Approve: ${link}\\n   Mark as spam: ${link}$`,
    "gm",
  );
  return [...mail.text.matchAll(re)].map((m) => ({
    post: m[1]!,
    name: m[2]!,
    text: m[3]!,
    approve: m[4]!,
    spam: m[5]!,
  }));
}

for (const database of databases) {
  describe(`on ${database.name}`, () => {
    it("within the cap one e-mail each; past it one digest at the end of the hour, listing what is still pending, with working links", async () => {
      const h = await start(database);
      await writeMany(h, CAP);
      const singles = await deliver(h);
      expect(singles.map(subject)).toEqual(
        [1, 2, 3].map((i) => `New comment on "NDPA 2023: What it means" from Reader ${serial - CAP + i}`),
      );

      // Past the cap: seven more comments from seven people, no e-mail of their own.
      const first = serial + 1;
      await write(h, {
        name: "Eve <b>Bold</b>",
        comment: `<img src=x onerror=alert(1)> & "quoted" ${"abcdefghij".repeat(30)} END-OF-LONG-TEXT`,
      });
      await write(h, { postId: 2, comment: "Second post, first\n\nparagraphs joined." });
      await writeMany(h, 5);
      expect(await deliver(h)).toEqual([]);
      const [job, ...others] = await digestJobs(h);
      expect(others).toEqual([]);
      expect(job).toMatchObject({ state: "queued", nextAttemptAt: hourStart(h.c.t) + HOUR_MS });
      expect(await h.s.mail.outbox.list({ kind: COMMENT_MODERATION })).toHaveLength(CAP);

      // Decided or erased before it goes: left out.
      const pending = await h.s.comments.store.list({ state: "pending" });
      const byName = (name: string) => pending.find((c) => c.name === name)!;
      expect(
        await h.s.comments.moderate([byName(`Reader ${first + 2}`).id], "approve", "ada@techspark.ng"),
      ).toBe(1);
      expect(await h.s.comments.store.erase(`reader-${first + 3}@example.com`)).toBe(1);

      h.c.t = hourStart(h.c.t) + HOUR_MS; // the end of the hour
      const [digest, ...more] = await deliver(h);
      expect(more).toEqual([]);
      expect(digest!.envelopeTo).toEqual(["hello@techspark.ng"]);
      expect(subject(digest!)).toBe("5 new comments waiting for approval");
      const listed = entries(digest!);
      expect(listed.map((e) => e.name)).toEqual([
        "Eve <b>Bold</b>",
        `Reader ${first + 1}`,
        `Reader ${first + 4}`,
        `Reader ${first + 5}`,
        `Reader ${first + 6}`,
      ]);
      expect(listed[1]).toMatchObject({
        post: "Choosing a stack",
        text: "Second post, first paragraphs joined.",
      });
      // The first EXCERPT_CHARS characters of the text, as plain text; in HTML, escaped.
      expect(listed[0]!.text).toHaveLength(EXCERPT_CHARS + 1);
      expect(listed[0]!.text).toMatch(/^<img src=x onerror=alert\(1\)> & "quoted" (abcdefghij){16}…$/);
      expect(digest!.text).not.toContain("END-OF-LONG-TEXT");
      expect(digest!.html).toContain("&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quoted&quot;");
      expect(digest!.html).toContain("Eve &lt;b&gt;Bold&lt;/b&gt;");
      expect(digest!.html).not.toMatch(/<img(?! alt="TechSpark Innovations")|<b>Bold/); // the logo alone
      // No writer's address in it (the console and each comment's own e-mail have them).
      expect(digest!.text).not.toContain("@example.com");
      expect(digest!.text).toContain(
        "Every comment waiting, in the console: https://techspark.ng/admin/comments",
      );
      expect(digest!.html).toContain('href="https://techspark.ng/admin/comments"');

      // Its links are the comments' own moderation links: GET changes nothing, POST decides once.
      const cm = h.s.comments;
      expect(await cm.viewModerationLink(listed[0]!.spam)).toMatchObject({
        kind: "confirm",
        action: "spam",
        comment: { name: "Eve <b>Bold</b>", state: "pending" },
      });
      expect(await cm.moderateByLink(listed[1]!.approve)).toMatchObject({ kind: "done", action: "approve" });
      expect((await cm.published(2)).map((c) => c.body)).toEqual([
        "Second post, first\n\nparagraphs joined.",
      ]);
      expect(await cm.moderateByLink(listed[1]!.spam)).toMatchObject({ kind: "used" });
      expect(await deliver(h)).toEqual([]);
    });

    it("after the hour one e-mail each again; a digest still waiting is joined, never doubled; once sent, the next overflow starts another", async () => {
      const h = await start(database);
      await writeMany(h, CAP + 2); // hour 1: the cap, then two for a digest
      expect(await digestJobs(h)).toHaveLength(1);

      h.c.t = hourStart(h.c.t) + HOUR_MS + 60_000; // hour 2; the digest has not gone yet
      await writeMany(h, CAP);
      expect(await h.s.mail.outbox.list({ kind: COMMENT_MODERATION })).toHaveLength(2 * CAP);
      await writeMany(h, 2); // past the cap again: into the digest still waiting
      expect(await digestJobs(h)).toHaveLength(1);

      const mails = await deliver(h);
      expect(mails.map(subject).filter((s) => s.startsWith("New comment"))).toHaveLength(2 * CAP);
      const digests = mails.filter((m) => subject(m) === "4 new comments waiting for approval");
      expect(digests).toHaveLength(1);
      expect(entries(digests[0]!)).toHaveLength(4);
      expect(mails).toHaveLength(2 * CAP + 1);

      // The digest went: the next comment past the cap this hour starts a new one, due at its end.
      await write(h);
      const jobs = await digestJobs(h);
      expect(jobs.map((j) => j.state).sort()).toEqual(["queued", "sent"]);
      expect(jobs.find((j) => j.state === "queued")!.nextAttemptAt).toBe(hourStart(h.c.t) + HOUR_MS);
      expect(await deliver(h)).toEqual([]);

      h.c.t = hourStart(h.c.t) + HOUR_MS + 60_000; // hour 3: the digest is due, and a comment of its own
      await write(h, { name: "Hour Three" });
      const last = await deliver(h);
      expect(last.map(subject).sort()).toEqual([
        "1 new comment waiting for approval",
        'New comment on "NDPA 2023: What it means" from Hour Three',
      ]);
    });

    it("sends nothing when every comment of the digest was decided or erased before it went", async () => {
      const h = await start(database);
      await writeMany(h, CAP);
      await deliver(h);
      await writeMany(h, 2);
      const [a, b] = (await h.s.comments.store.list({ state: "pending" })).filter((c) => c.digestId !== null);
      await h.s.comments.moderate([a!.id], "spam", "ada@techspark.ng");
      await h.s.comments.store.remove(b!.id);
      h.c.t = hourStart(h.c.t) + HOUR_MS;
      expect(await deliver(h)).toEqual([]);
      expect((await digestJobs(h)).map((j) => j.state)).toEqual(["cancelled"]);
    });

    it("the default cap is COMMENT_MAILS_PER_HOUR", async () => {
      const h = await start(database, { moderationMailsPerHour: undefined });
      await writeMany(h, COMMENT_MAILS_PER_HOUR + 1);
      expect(await h.s.mail.outbox.list({ kind: COMMENT_MODERATION })).toHaveLength(COMMENT_MAILS_PER_HOUR);
      expect(await digestJobs(h)).toHaveLength(1);
    });

    it("instances writing at the same moment agree: the cap's e-mails, then one digest for the rest", async () => {
      const { db, location, cleanup } = await freshDb(database);
      cleanups.push(cleanup);
      const other = await openDatabase(location); // a second instance's connection (pool)
      cleanups.push(() => other.close());
      const now = hourStart(Date.now()) + 60_000;
      const stores = [db, other].map((d) =>
        createCommentRepository(d, createOutbox(d), "s", { mailsPerHour: CAP }),
      );
      const outcomes = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          stores[i % 2]!.write(
            {
              postId: 1,
              postTitle: "NDPA 2023: What it means",
              parentId: null,
              name: `Writer ${i}`,
              email: `writer-${i}@example.com`,
              body: `At the same moment, ${i}.`,
              client: `client-${i}`,
              spam: null,
            },
            now + i,
          ),
        ),
      );
      expect(outcomes.filter((o) => o.outcome === "pending" && o.mail === "own")).toHaveLength(CAP);
      const outbox = createOutbox(db);
      expect(await outbox.list({ kind: COMMENT_MODERATION })).toHaveLength(CAP);
      const digests = await outbox.list({ kind: COMMENT_DIGEST });
      expect(digests).toHaveLength(1);
      const inDigest = (await stores[0]!.list({ state: "pending" })).filter((c) => c.digestId !== null);
      expect(inDigest.map((c) => c.digestId)).toEqual(Array(16 - CAP).fill(digests[0]!.recordId));
    });
  });
}
