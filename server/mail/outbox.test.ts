// @vitest-environment node
// The one outbox and its worker with kinds of e-mail other than the contact notice: ordering,
// per-kind retry policies, records that are gone, rendering failures, headers. SQLite and
// PostgreSQL; e-mails go to a real SMTP server on loopback.
import { createLinkSigner } from "./links.ts";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { clock, type Clock } from "../testing/clock.ts";
import { decodeHeader, startSmtp, type TestSmtp } from "../testing/smtp.ts";
import type { Db } from "../db/index.ts";
import { deferrals, freshDb, testDatabases } from "../db/testing/databases.ts";
import { createMailService, type MailService } from "./index.ts";
import { defineMailKind } from "./kind.ts";
import { claimQueries, createOutbox } from "./outbox.ts";
import { leaseOwnerGone } from "./worker.ts";
import { html, layout } from "./template.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Note = { to: string; text: string; broken?: boolean };
const notes = new Map<string, Note>();

/** A kind like a sign-in link: useless an hour late. */
const signIn = defineMailKind<Note>({
  name: "test-sign-in",
  load: async (_db, id) => notes.get(id) ?? null,
  render: async (n, context) => {
    const { siteUrl, job } = context;
    if (n.broken) throw new Error("template bug");
    return {
      to: n.to,
      subject: `Sign in: ${n.text}`,
      headers: { "X-Test-Job": job.id },
      ...(await layout(context, {
        title: "Sign in",
        html: html`<p>${n.text} ${siteUrl}</p>`,
        text: [n.text, siteUrl],
      })),
    };
  },
  retry: { giveUpAfterMs: HOUR, giveUpAs: "expired" },
});
/** A kind with the default policy (retried for days, then failed). */
const digest = defineMailKind<Note>({
  name: "test-digest",
  load: async (_db, id) => notes.get(id) ?? null,
  render: async (n, context) => ({
    to: n.to,
    subject: `Digest: ${n.text}`,
    headers: {
      "List-Unsubscribe": "<https://techspark.ng/newsletter/unsubscribe?t=abc>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    ...(await layout(context, { title: "Digest", html: html`<p>${n.text}</p>`, text: [n.text] })),
  }),
});

const databases = await testDatabases("Mail outbox");

for (const database of databases) {
  describe(`on ${database.name}`, () => {
    const defer = deferrals();
    afterEach(() => notes.clear());
    async function db(): Promise<Db> {
      const { db, cleanup } = await freshDb(database);
      defer(cleanup);
      return db;
    }
    async function smtp(mode?: Parameters<typeof startSmtp>[1]): Promise<TestSmtp> {
      const s = await startSmtp(0, mode);
      defer(() => s.close());
      return s;
    }
    async function mail(d: Db, c: Clock, smtpUrl?: string, mailConcurrency?: number): Promise<MailService> {
      const m = await createMailService({
        db: d,
        smtpUrl,
        from: "TechSpark website <no-reply@techspark.ng>",
        agency: "hello@techspark.ng",
        siteUrl: "https://techspark.ng",
        links: createLinkSigner("l".repeat(32)),
        kinds: [signIn, digest],
        now: c.now,
        logger: () => {},
        startWorker: false,
        smtpTimeoutMs: 2000,
        mailConcurrency,
      });
      defer(() => m.close());
      return m;
    }
    function note(id: string, n: Note) {
      notes.set(id, n);
      return id;
    }

    it("claims due jobs by priority, then due time; never future jobs or kinds it does not know", async () => {
      const d = await db();
      const outbox = createOutbox(d);
      const c = clock();
      const k = d.kysely;
      const early = await outbox.enqueue(k, { kind: "test-digest", recordId: "a", at: c.t - 10 * MINUTE });
      const later = await outbox.enqueue(k, { kind: "test-digest", recordId: "b", at: c.t - MINUTE });
      const urgent = await outbox.enqueue(k, { kind: "test-sign-in", recordId: "c", at: c.t, priority: 10 });
      await outbox.enqueue(k, { kind: "test-digest", recordId: "d", at: c.t + HOUR });
      await outbox.enqueue(k, { kind: "from-a-newer-version", recordId: "e", at: c.t - HOUR });
      const kinds = ["test-digest", "test-sign-in"];
      const order: string[] = [];
      for (
        let job = await outbox.claim("w", c.t, MINUTE, kinds);
        job;
        job = await outbox.claim("w", c.t, MINUTE, kinds)
      )
        order.push(job.id);
      expect(order).toEqual([urgent.id, early.id, later.id]);
      expect(await outbox.claim("w", c.t, MINUTE, [])).toBeNull();
      expect(await outbox.countByState()).toMatchObject({ sending: 3, queued: 2 });
      expect(early.messageId).toBe(`test-digest-${early.id}`);
      // A Message-ID is unique: two jobs can never be mistaken for each other.
      await expect(
        outbox.enqueue(k, { kind: "test-digest", recordId: "f", messageId: early.messageId }),
      ).rejects.toThrow();
    });

    it("claims through the index of pending jobs, never reading the history of sent ones", async () => {
      const d = await db();
      const c = clock();
      const history = Array.from({ length: 2000 }, (_, i) => ({
        id: `sent-${i}`,
        kind: i % 2 ? "test-digest" : "test-sign-in",
        recordId: `r${i}`,
        messageId: `m${i}`,
        state: "sent" as const,
        priority: 0,
        createdAt: c.t,
        updatedAt: c.t,
        enqueuedAt: c.t,
        nextAttemptAt: null,
        attempts: 1,
        totalAttempts: 1,
        leaseOwner: null,
        leaseUntil: null,
        lastError: null,
        sentAt: c.t,
      }));
      for (let i = 0; i < history.length; i += 200)
        await d.kysely
          .insertInto("mail_outbox")
          .values(history.slice(i, i + 200))
          .execute();
      await sql`analyze`.execute(d.kysely);
      const { claim } = claimQueries(d, "w", c.t, MINUTE, ["test-digest"]);
      const compiled = claim.compile();
      const explain = sql.raw(`${d.dialect === "sqlite" ? "EXPLAIN QUERY PLAN" : "EXPLAIN"} ${compiled.sql}`);
      const plan = await d.kysely.executeQuery({
        ...explain.compile(d.kysely),
        parameters: compiled.parameters,
      });
      const text = plan.rows.map((r) => Object.values(r as object).join(" ")).join("\n");
      expect(text).toContain("mail_outbox_due");
      expect(text).not.toMatch(/TEMP B-TREE|Sort|Seq Scan/);
    });

    it("sends every kind through the one worker: rendered at send time, its headers, text and HTML", async () => {
      const d = await db();
      const mailbox = await smtp();
      const c = clock();
      const m = await mail(d, c, mailbox.url);
      const id = note("n1", { to: "reader@example.com", text: "first <version>" });
      const job = await m.outbox.enqueue(d.kysely, { kind: "test-digest", recordId: id, at: c.t });
      notes.set(id, { to: "reader@example.com", text: "edited & current" }); // changed before sending
      expect(await m.worker.runOnce()).toBe(1);
      const [received] = mailbox.received;
      expect(received!.envelopeTo).toEqual(["reader@example.com"]);
      expect(received!.headers.get("message-id")).toBe(`<test-digest-${job.id}@techspark.ng>`);
      expect(decodeHeader(received!.headers.get("subject")!)).toBe("Digest: edited & current");
      expect(received!.headers.get("list-unsubscribe")).toBe(
        "<https://techspark.ng/newsletter/unsubscribe?t=abc>",
      );
      expect(received!.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
      expect(received!.text).toContain("edited & current");
      expect(received!.html).toContain("<p>edited &amp; current</p>");
      expect(await m.outbox.get(job.id)).toMatchObject({
        state: "sent",
        sentAt: c.t,
        attempts: 1,
        nextAttemptAt: null,
      });
    });

    it("claims several due jobs in one statement, in the order one at a time would, never one twice", async () => {
      const d = await db();
      const outbox = createOutbox(d);
      const c = clock();
      const ids: string[] = [];
      for (let i = 0; i < 5; i++)
        ids.push(
          (
            await outbox.enqueue(d.kysely, {
              kind: "test-digest",
              recordId: `r${i}`,
              at: c.t - (10 - i) * MINUTE,
            })
          ).id,
        );
      const urgent = await outbox.enqueue(d.kysely, {
        kind: "test-sign-in",
        recordId: "u",
        at: c.t,
        priority: 10,
      });
      const kinds = ["test-digest", "test-sign-in"];
      const first = await outbox.claimMany("one", c.t, MINUTE, kinds, 3);
      expect(first.map((j) => j.id)).toEqual([urgent.id, ids[0], ids[1]]);
      expect(first.every((j) => j.state === "sending" && j.leaseOwner === "one" && j.attempts === 1)).toBe(
        true,
      );
      // Another worker at the same moment gets the rest, none of the first's.
      expect((await outbox.claimMany("two", c.t, MINUTE, kinds, 10)).map((j) => j.id)).toEqual(ids.slice(2));
      expect(await outbox.claimMany("three", c.t, MINUTE, kinds, 10)).toEqual([]);
    });

    it("talks to the mail server on MAIL_CONCURRENCY conversations at once", async () => {
      const d = await db();
      // Each e-mail read at once and answered 300 ms later: while one waits, do others go out?
      const mailbox = await smtp({ kind: "delay", ms: 300 });
      const c = clock();
      const m = await mail(d, c, mailbox.url, 3);
      for (let i = 0; i < 7; i++)
        await m.outbox.enqueue(d.kysely, {
          kind: "test-digest",
          recordId: note(`d${i}`, { to: `r${i}@example.com`, text: `issue ${i}` }),
          at: c.t - HOUR,
        });
      const run = m.worker.runOnce();
      // Three read before the first is answered (one at a time, the second would wait for it).
      await mailbox.waitFor(() => mailbox.dataSeen.length >= 3 && mailbox.received.length === 0);
      expect(mailbox.dataSeen).toHaveLength(3);
      expect(await run).toBe(7);
      expect(new Set(mailbox.received.map((r) => r.envelopeTo[0])).size).toBe(7);
    });

    it("sends the urgent kind first when a bulk send is queued before it", async () => {
      const d = await db();
      const mailbox = await smtp();
      const c = clock();
      const m = await mail(d, c, mailbox.url);
      for (let i = 0; i < 5; i++)
        await m.outbox.enqueue(d.kysely, {
          kind: "test-digest",
          recordId: note(`d${i}`, { to: `r${i}@example.com`, text: `issue ${i}` }),
          at: c.t - HOUR,
        });
      await m.outbox.enqueue(d.kysely, {
        kind: "test-sign-in",
        recordId: note("s", { to: "staff@techspark.ng", text: "link" }),
        at: c.t,
        priority: 10,
      });
      expect(await m.worker.runOnce()).toBe(6);
      expect(decodeHeader(mailbox.received[0]!.headers.get("subject")!)).toBe("Sign in: link");
    });

    it("expires a sign-in link an hour late instead of retrying it for days, and never sends it first that late", async () => {
      const d = await db();
      const probe = await startSmtp();
      await probe.close(); // the mail server is down
      const c = clock();
      const m = await mail(d, c, `smtp://127.0.0.1:${probe.port}`);
      const late = await m.outbox.enqueue(d.kysely, {
        kind: "test-sign-in",
        recordId: note("s1", { to: "a@example.com", text: "x" }),
        at: c.t,
      });
      const slow = await m.outbox.enqueue(d.kysely, {
        kind: "test-digest",
        recordId: note("d1", { to: "b@example.com", text: "y" }),
        at: c.t,
      });
      const states: string[] = [];
      for (let i = 0; i < 8; i++) {
        await m.worker.runOnce();
        states.push((await m.outbox.get(late.id))!.state);
        c.advance(16 * MINUTE);
      }
      expect(states.at(-1)).toBe("expired");
      expect(states.filter((s) => s === "retrying").length).toBeGreaterThan(0);
      expect((await m.outbox.get(slow.id))!.state).toBe("retrying"); // the default kind goes on

      // Queued without a transport for two hours: once SMTP is set it expires unsent.
      const mailbox = await smtp();
      const c2 = clock();
      const d2 = await db();
      const without = await mail(d2, c2);
      const waited = await without.outbox.enqueue(d2.kysely, {
        kind: "test-sign-in",
        recordId: note("s2", { to: "c@example.com", text: "z" }),
        at: c2.t,
      });
      expect(waited.state).toBe("waiting-for-transport");
      await without.close();
      c2.advance(2 * HOUR);
      const withSmtp = await mail(d2, c2, mailbox.url);
      expect(await withSmtp.worker.runOnce()).toBe(1);
      expect(await withSmtp.outbox.get(waited.id)).toMatchObject({ state: "expired", nextAttemptAt: null });
      expect(mailbox.dataSeen).toHaveLength(0);
    });

    it("cancels a job whose record is gone, and retries one whose rendering failed", async () => {
      const d = await db();
      const mailbox = await smtp();
      const c = clock();
      const m = await mail(d, c, mailbox.url);
      const gone = await m.outbox.enqueue(d.kysely, {
        kind: "test-digest",
        recordId: "erased-before-sending",
        at: c.t,
      });
      const broken = await m.outbox.enqueue(d.kysely, {
        kind: "test-sign-in",
        recordId: note("b", { to: "a@example.com", text: "t", broken: true }),
        at: c.t,
      });
      expect(await m.worker.runOnce()).toBe(2);
      expect(await m.outbox.get(gone.id)).toMatchObject({
        state: "cancelled",
        lastError: "its record no longer exists",
      });
      expect(await m.outbox.get(broken.id)).toMatchObject({
        state: "retrying",
        lastError: "render: template bug",
        nextAttemptAt: c.t + MINUTE,
      });
      notes.set("b", { to: "a@example.com", text: "t" }); // fixed by a deploy
      c.advance(MINUTE);
      expect(await m.worker.runOnce()).toBe(1);
      expect(await m.outbox.get(broken.id)).toMatchObject({ state: "sent", attempts: 2 });
      expect(mailbox.received).toHaveLength(1);
    });

    it("renews a lease only for its owner, and frees the leases of owners that are gone", async () => {
      const d = await db();
      const outbox = createOutbox(d);
      const c = clock();
      const k = d.kysely;
      const kinds = ["test-digest"];
      await outbox.enqueue(k, { kind: "test-digest", recordId: "a", at: c.t });
      await outbox.enqueue(k, { kind: "test-digest", recordId: "b", at: c.t });
      const dead = (await outbox.claim("host:1:dead", c.t, MINUTE, kinds))!;
      const live = (await outbox.claim("host:2:live", c.t, MINUTE, kinds))!;
      expect(await outbox.renew(live.id, "host:2:live", c.t + 5 * MINUTE)).toBe(true);
      expect(await outbox.renew(live.id, "host:1:dead", c.t + 5 * MINUTE)).toBe(false);
      expect(await outbox.get(live.id)).toMatchObject({ leaseUntil: c.t + 5 * MINUTE });
      // Held: nobody else can claim either.
      expect(await outbox.claim("other", c.t + 1, MINUTE, kinds)).toBeNull();

      expect(await outbox.releaseLeases((owner) => owner === "host:1:dead", c.t + 1)).toBe(1);
      const taken = await outbox.claim("host:3:next", c.t + 1, MINUTE, kinds);
      expect(taken).toMatchObject({ id: dead.id, attempts: 2 });
      expect(await outbox.get(live.id)).toMatchObject({ leaseOwner: "host:2:live" });
      expect(await outbox.releaseLeases(() => false, c.t + 2)).toBe(0);
    });

    it("renews the lease while an e-mail takes longer than it, so no other worker sends it too", async () => {
      const d = await db();
      const mailbox = await smtp({ kind: "delay", ms: 900 });
      const m = await createMailService({
        db: d,
        smtpUrl: mailbox.url,
        from: "TechSpark website <no-reply@techspark.ng>",
        agency: "hello@techspark.ng",
        siteUrl: "https://techspark.ng",
        links: createLinkSigner("l".repeat(32)),
        kinds: [digest],
        logger: () => {},
        startWorker: false,
        leaseMs: 300,
      });
      defer(() => m.close());
      const job = await m.outbox.enqueue(d.kysely, {
        kind: "test-digest",
        recordId: note("slow", { to: "slow@example.com", text: "slow" }),
      });
      const sending = m.worker.runOnce();
      await mailbox.waitFor(() => mailbox.dataSeen.length === 1);
      await new Promise((r) => setTimeout(r, 500)); // past the first lease
      expect(await m.outbox.claim("another-worker", Date.now(), 300, ["test-digest"])).toBeNull();
      expect(await sending).toBe(1);
      expect(await m.outbox.get(job.id)).toMatchObject({ state: "sent", leaseOwner: null });
      expect(mailbox.received).toHaveLength(1);
    });

    it("lets the operator retry what was not sent, never what was; purges old final jobs only", async () => {
      const d = await db();
      const mailbox = await smtp();
      const c = clock();
      const m = await mail(d, c, mailbox.url);
      const sent = await m.outbox.enqueue(d.kysely, {
        kind: "test-digest",
        recordId: note("a", { to: "a@example.com", text: "a" }),
        at: c.t,
      });
      const cancelled = await m.outbox.enqueue(d.kysely, {
        kind: "test-digest",
        recordId: "missing",
        at: c.t,
      });
      await m.worker.runOnce();
      expect(await m.outbox.retry(sent.id, c.t)).toBe(false);
      expect(await m.outbox.retry("no-such-job", c.t)).toBe(false);
      notes.set("missing", { to: "late@example.com", text: "restored" });
      expect(await m.outbox.retry(cancelled.id, c.t + 1)).toBe(true);
      expect(await m.outbox.get(cancelled.id)).toMatchObject({
        state: "queued",
        attempts: 0,
        totalAttempts: 1,
        enqueuedAt: c.t + 1,
      });
      c.advance(1);
      await m.worker.runOnce();
      expect(mailbox.received.map((r) => r.envelopeTo[0])).toEqual(["a@example.com", "late@example.com"]);
      expect((await m.outbox.list({ kind: "test-digest", state: "sent" })).length).toBe(2);

      const pending = await m.outbox.enqueue(d.kysely, {
        kind: "test-digest",
        recordId: "x",
        at: c.t + 10 * HOUR,
      });
      expect(await m.outbox.purge(c.t - 1)).toBe(0); // both finished since
      expect(await m.outbox.purge(c.t + 24 * HOUR)).toBe(2);
      expect((await m.outbox.list()).map((j) => j.id)).toEqual([pending.id]);
    });
  });
}

describe("whose lease a starting worker frees", () => {
  const self = "web-1:4242:aaaa1111";
  const alive = (pid: number) => pid === 4242 || pid === 7;
  it("frees a dead process's of this machine, and its own pid's under another id (a restarted container)", () => {
    expect(leaseOwnerGone("web-1:999:bbbb2222", self, alive)).toBe(true);
    expect(leaseOwnerGone("web-1:4242:cccc3333", self, alive)).toBe(true);
  });
  it("never its own, a live process's, another machine's, or an owner it cannot read", () => {
    expect(leaseOwnerGone(self, self, alive)).toBe(false);
    expect(leaseOwnerGone("web-1:7:dddd4444", self, alive)).toBe(false);
    expect(leaseOwnerGone("web-2:999:eeee5555", self, alive)).toBe(false);
    expect(leaseOwnerGone("w", self, alive)).toBe(false);
    expect(leaseOwnerGone("web-1:x:ffff6666", self, alive)).toBe(false);
  });
});
