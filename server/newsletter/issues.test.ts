// @vitest-environment node
// Newsletter issues from the staff console, on SQLite and on PostgreSQL, received by a real SMTP
// server on loopback: a draft is previewed and tried on the writer's address, then sent once to
// every confirmed subscriber at the configured pace with their own unsubscribe link; whoever
// leaves meanwhile gets nothing; a second press, two presses at once and a crash mid-send never
// deliver one person the same issue twice.
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { testDatabases, type TestDatabase } from "../db/testing/databases.ts";
import type { ServicesConfig } from "../services.ts";
import { startHarness, type Harness } from "../testing/feature-harness.ts";
import type { ReceivedMail } from "../testing/smtp.ts";
import type { SubscriberState } from "./tables.ts";
import { NEWSLETTER_ISSUE } from "./issues.ts";
import { insertSubscriber } from "./testing/subscribers.ts";

const databases = await testDatabases("Newsletter issues");

let cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const f of cleanups.reverse()) await f();
  cleanups = [];
});

const start = (database: TestDatabase, extra: Partial<ServicesConfig> = {}) =>
  startHarness(database, cleanups, { newsletterPerMinute: 60, ...extra });

async function subscriber(h: Harness, email: string, state: SubscriberState = "subscribed") {
  h.c.advance(1); // confirmed one after another: sent in that order
  return insertSubscriber(h.s.db.kysely, email, state, h.c.now());
}

async function member(h: Harness, email = "ngozi@techspark.ng") {
  const { member } = await h.s.staff.store.invite(
    { email, name: "Ngozi Eze", role: "staff", by: "shell" },
    h.c.now(),
  );
  return { id: member.id, email: member.email, name: member.name, role: member.role };
}

async function deliver(h: Harness): Promise<ReceivedMail[]> {
  const before = h.mailbox.received.length;
  await h.s.mail.worker.runOnce();
  return h.mailbox.received.slice(before);
}

const BODY = [
  "## What we built in November",
  "",
  "A new **booking system** for a clinic in Kubwa: [read the story](https://techspark.ng/blog-single/1).",
  "",
  "<script>alert('x')</script> and <img src=x onerror=alert(1)>",
  "",
  "[a trap](javascript:alert(1)) ![a pixel](https://tracker.example/p.gif)",
].join("\n");

const issuesJobs = (h: Harness) =>
  h.s.db.kysely.selectFrom("mail_outbox").selectAll().where("kind", "=", NEWSLETTER_ISSUE).execute();

for (const database of databases) {
  describe(`on ${database.name}`, () => {
    it("write → preview → a test to the writer → sent once to every confirmed subscriber, at the pace, each with their own unsubscribe link", async () => {
      const h = await start(database);
      const ada = await subscriber(h, "ada@example.com");
      await subscriber(h, "bayo@example.com");
      await subscriber(h, "chi@example.com");
      await subscriber(h, "pending@example.com", "pending");
      await subscriber(h, "left@example.com", "unsubscribed");
      const me = await member(h);
      const issues = h.s.staff.issues;

      expect(await issues.save(me.email, null, { subject: "", body: "x".repeat(20_001) })).toEqual({
        ok: false,
        errors: {
          subject: "Please write a subject line.",
          body: "The issue can be at most 20,000 characters.",
        },
      });
      expect(await issues.save(me.email, null, { subject: "Two\nlines", body: "x" })).toMatchObject({
        ok: false,
        errors: { subject: "The subject must be one line of text." },
      });
      const saved = await issues.save(me.email, null, { subject: "November at TechSpark", body: "Draft" });
      if (!saved.ok) throw new Error("not saved");
      expect(await issues.save(me.email, saved.id, { subject: "November at TechSpark", body: BODY })).toEqual(
        saved,
      );

      const draft = (await issues.get(saved.id))!;
      expect(draft).toMatchObject({ state: "draft", subscribers: 3, progress: null, perMinute: 60 });
      // The preview is the e-mail: Markdown as HTML, raw HTML as text, only web links.
      expect(draft.preview!.html).toContain("<strong>booking system</strong>");
      // Links to the site carry the issue's campaign (the traffic page's "what it brought"); others not.
      expect(draft.preview!.html).toContain(
        'href="https://techspark.ng/blog-single/1?utm_source=newsletter&amp;utm_medium=email&amp;utm_campaign=november-at-techspark"',
      );
      expect(draft.preview!.html).toContain("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
      // (The one picture is the layout's logo.)
      expect(draft.preview!.html).not.toMatch(
        /<script|<img(?! alt="TechSpark Innovations")|javascript:|onerror=alert\(1\)>/,
      );
      expect(draft.preview!.html).toContain('href="https://tracker.example/p.gif"'); // a link, not a pixel
      expect(draft.preview!.text).toContain("## What we built in November");
      expect(draft.preview!.html).toContain("Unsubscribe");

      // A test, to the writer only, marked as one.
      expect(await issues.sendTest(me, saved.id)).toEqual({ ok: true });
      const [test, ...noMore] = await deliver(h);
      expect(noMore).toEqual([]);
      expect(test!.envelopeTo).toEqual(["ngozi@techspark.ng"]);
      expect(test!.headers.get("subject")).toBe("[Test] November at TechSpark");
      expect(test!.headers.get("list-unsubscribe")).toBeUndefined();
      // Its links are not the issue's campaign: a colleague's click is not what the issue brought.
      expect(test!.html).toContain('href="https://techspark.ng/blog-single/1"');
      expect((await issues.get(saved.id))!.state).toBe("draft");

      // Send: once. The draft is then frozen.
      expect(await issues.send(me.email, saved.id)).toEqual({ ok: true, recipients: 3 });
      expect(await issues.send(me.email, saved.id)).toEqual({ ok: false, reason: "already-sent" });
      expect(await issues.save(me.email, saved.id, { subject: "Changed", body: "Changed" })).toEqual({
        ok: false,
        reason: "already-sent",
      });
      expect(await issues.send(me.email, randomUUID())).toEqual({ ok: false, reason: "unknown" });
      // At 60 a minute: one now, one a second later, one two seconds later.
      const jobs = await issuesJobs(h);
      const due = jobs
        .filter((j) => j.recordId.includes("~s:"))
        .map((j) => Number(j.nextAttemptAt) - h.c.now())
        .sort((a, b) => a - b);
      expect(due).toEqual([0, 1000, 2000]);

      const first = await deliver(h);
      expect(first.map((m) => m.envelopeTo[0])).toEqual(["ada@example.com"]);
      expect((await issues.get(saved.id))!).toMatchObject({
        state: "sending",
        progress: { recipients: 3, sent: 1, waiting: 2, failed: 0, skipped: 0 },
      });
      // Chi leaves before their turn: nothing is sent to them.
      const chi = await h.s.newsletter.store.findByEmail("chi@example.com");
      await h.s.newsletter.store.unsubscribe(chi!.id, h.c.now());
      h.c.advance(2_000);
      const rest = await deliver(h);
      expect(rest.map((m) => m.envelopeTo[0])).toEqual(["bayo@example.com"]);

      const mail = first[0]!;
      expect(mail.headers.get("subject")).toBe("November at TechSpark");
      expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
      const leave = /<https:\/\/techspark\.ng\/newsletter\/unsubscribe\?token=([\w~.-]+)>/.exec(
        String(mail.headers.get("list-unsubscribe")),
      )![1]!;
      expect(mail.text).toContain(leave);
      expect(mail.html).toContain("<strong>booking system</strong>");
      // The one-click link is Ada's own: it unsubscribes her.
      expect(await h.s.newsletter.unsubscribe(leave)).toMatchObject({ kind: "unsubscribed" });
      expect((await h.s.newsletter.store.get(ada))!.state).toBe("unsubscribed");

      expect((await issues.get(saved.id))!).toMatchObject({
        state: "sent",
        progress: { recipients: 3, sent: 2, waiting: 0, failed: 0, skipped: 1 },
      });
      expect((await issues.list()).map((i) => [i.subject, i.state])).toEqual([
        ["November at TechSpark", "sent"],
      ]);
      const audit = (await h.s.staff.auditLog()).map((e) => e.action);
      expect(audit).toEqual(
        expect.arrayContaining(["issue.created", "issue.updated", "issue.test", "issue.sent"]),
      );
    });

    it("two presses of Send at once queue one e-mail per person", async () => {
      const h = await start(database);
      for (let i = 0; i < 20; i++) await subscriber(h, `reader${i}@example.com`);
      const saved = await h.s.staff.issues.save("a@techspark.ng", null, {
        subject: "Once",
        body: "Only once.",
      });
      if (!saved.ok) throw new Error("not saved");
      const outcomes = await Promise.all([
        h.s.staff.issues.send("a@techspark.ng", saved.id),
        h.s.staff.issues.send("b@techspark.ng", saved.id),
      ]);
      expect(outcomes).toEqual(
        expect.arrayContaining([
          { ok: true, recipients: 20 },
          { ok: false, reason: "already-sent" },
        ]),
      );
      expect(await issuesJobs(h)).toHaveLength(20);
    });

    it("a crash mid-send: the rest go after the restart, and the e-mail that was in flight is never sent twice", async () => {
      const h = await start(database, { newsletterPerMinute: 6_000, leaseMs: 60_000 });
      for (let i = 0; i < 5; i++) await subscriber(h, `reader${i}@example.com`);
      const saved = await h.s.staff.issues.save("a@techspark.ng", null, { subject: "Resume", body: "Body" });
      if (!saved.ok) throw new Error("not saved");
      await h.s.staff.issues.send("a@techspark.ng", saved.id);
      // A worker that dies after it began the SMTP conversation and before it recorded the outcome.
      const outbox = h.s.mail.outbox;
      const job = (await outbox.claim("dead-worker", h.c.now(), 60_000, [NEWSLETTER_ISSUE]))!;
      expect(await outbox.markInFlight(job.id, "dead-worker", h.c.now())).toBe(true);

      // The server restarts; the dead worker's lease runs out.
      h.c.advance(61_000);
      const received = await deliver(h);
      const to = received.map((m) => m.envelopeTo[0]).sort();
      expect(to).toHaveLength(4);
      expect(new Set(to).size).toBe(4);
      const inFlight = (await outbox.get(job.id))!;
      expect(inFlight.state).toBe("failed");
      expect(inFlight.lastError).toMatch(/not sent again, so that nobody gets it twice/);
      expect((await h.s.staff.issues.get(saved.id))!.progress).toMatchObject({
        sent: 4,
        failed: 1,
        waiting: 0,
      });
      // Running again sends nothing more.
      h.c.advance(3_600_000);
      expect(await deliver(h)).toEqual([]);
    });

    it("erasing a subscriber removes their e-mails of every issue", async () => {
      const h = await start(database);
      await subscriber(h, "stay@example.com");
      await subscriber(h, "erase.me@example.com");
      const saved = await h.s.staff.issues.save("a@techspark.ng", null, { subject: "S", body: "B" });
      if (!saved.ok) throw new Error("not saved");
      await h.s.staff.issues.send("a@techspark.ng", saved.id);
      expect(await h.s.newsletter.store.erase("Erase.Me@example.com", h.c.now())).toBe(true);
      h.c.advance(60_000);
      expect((await deliver(h)).map((m) => m.envelopeTo[0])).toEqual(["stay@example.com"]);
      expect(await issuesJobs(h)).toHaveLength(1);
    });
  });
}
