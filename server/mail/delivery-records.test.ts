// @vitest-environment node
// What the worker does when the SMTP conversation ended and its outcome is hard to record or to
// know: a "sent" record that fails to save (a full disk, PostgreSQL restarting), and a mail server
// slower than the lease, or silent after the message's end. SQLite and PostgreSQL; e-mails go to a
// real SMTP server on loopback. Never two copies of one e-mail because of either.
import { afterEach, describe, expect, it } from "vitest";
import { startSmtp, waitFor, type SmtpMode, type TestSmtp } from "../testing/smtp.ts";
import type { Db } from "../db/index.ts";
import type { Logger } from "../log.ts";
import { memoryLog } from "../testing/log.ts";
import { deferrals, freshDb, testDatabases } from "../db/testing/databases.ts";
import { createLinkSigner } from "./links.ts";
import { createMailService, seedDetails, type MailService, type MailTuning } from "./index.ts";
import { DEFAULT_RETRY_POLICY, defineMailKind, type MailKind } from "./kind.ts";
import { createOutbox, IN_FLIGHT, type Outbox } from "./outbox.ts";
import { html, layout } from "./template.ts";
import { createTransport } from "./transport.ts";
import { createMailWorker, type MailWorker } from "./worker.ts";

type Note = { to: string; text: string };
const notes = new Map<string, Note>();
const KIND = "test-note";
const noteKind = defineMailKind<Note>({
  name: KIND,
  load: async (_db, id) => notes.get(id) ?? null,
  render: async (n, context) => ({
    to: n.to,
    subject: `Note: ${n.text}`,
    ...(await layout(context, { title: "Note", html: html`<p>${n.text}</p>`, text: [n.text] })),
  }),
});
/** The same, at most once (like a newsletter issue). */
const ONCE = "test-note-once";
const onceKind: MailKind = { ...noteKind, name: ONCE, atMostOnce: true };
const FROM = "TechSpark website <no-reply@techspark.ng>";
const HOUR = 3_600_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const databases = await testDatabases("Mail delivery records");

for (const database of databases) {
  describe(`on ${database.name}`, () => {
    const defer = deferrals();
    afterEach(() => notes.clear());
    async function db(): Promise<Db> {
      const { db, cleanup } = await freshDb(database);
      defer(cleanup);
      return db;
    }
    async function smtp(mode?: SmtpMode): Promise<TestSmtp> {
      const s = await startSmtp(0, mode);
      defer(() => s.close());
      return s;
    }
    function note(id: string, to = `${id}@example.com`) {
      notes.set(id, { to, text: id });
      return id;
    }
    /** A worker of its own on `d` (another instance, as far as leases go). */
    function worker(d: Db, outbox: Outbox, smtpUrl: string, leaseMs: number): MailWorker {
      const transport = createTransport({ smtpUrl, timeoutMs: 5000 });
      const w = createMailWorker({
        db: d.kysely,
        outbox,
        transport,
        kinds: [noteKind],
        context: {
          from: FROM,
          agency: "hello@techspark.ng",
          siteUrl: "https://techspark.ng",
          links,
          details: seedDetails,
        },
        now: Date.now,
        log: () => {},
        retry: DEFAULT_RETRY_POLICY,
        pollMs: 60_000,
        leaseMs,
        recordBackoff: { baseMs: 50, maxMs: 400 },
      });
      defer(async () => {
        await w.stop();
        transport.close();
      });
      return w;
    }
    const links = createLinkSigner("l".repeat(32));
    async function service(
      d: Db,
      now: () => number,
      smtpUrl: string,
      tuning: MailTuning,
      logger: Logger = () => {},
    ): Promise<MailService> {
      const m = await createMailService({
        db: d,
        smtpUrl,
        from: FROM,
        agency: "hello@techspark.ng",
        siteUrl: "https://techspark.ng",
        links,
        kinds: [noteKind, onceKind],
        now,
        logger,
        startWorker: false,
        ...tuning,
      });
      defer(() => m.close());
      return m;
    }

    it("keeps trying to record a delivered e-mail as sent, holding its lease, so it is never sent twice", async () => {
      const d = await db();
      const mailbox = await smtp();
      const outbox = createOutbox(d);
      // The database refuses the "sent" record five times (SQLITE_FULL, PostgreSQL's 57P03)…
      let refused = 0;
      const full: Outbox = {
        ...outbox,
        async markSent(id, now) {
          if (refused < 5) {
            refused++;
            throw Object.assign(new Error("SQLITE_FULL: database or disk is full"), { code: "SQLITE_FULL" });
          }
          return outbox.markSent(id, now);
        },
      };
      const lease = 300;
      const a = worker(d, full, mailbox.url, lease);
      const b = worker(d, outbox, mailbox.url, lease); // another instance on the same database
      const job = await outbox.enqueue(d.kysely, { kind: KIND, recordId: note("once") });

      const sending = a.runOnce().catch((error: unknown) => error);
      await mailbox.waitFor(() => mailbox.received.length === 1);
      // …for longer than several leases; the other instance keeps looking for due jobs meanwhile.
      const claimedByB: number[] = [];
      const deadline = Date.now() + 4000;
      while (Date.now() < deadline && (await outbox.get(job.id))!.state !== "sent") {
        claimedByB.push(await b.runOnce());
        await sleep(40);
      }
      expect(mailbox.received).toHaveLength(1);
      expect(claimedByB.length).toBeGreaterThan(5);
      expect(claimedByB.every((n) => n === 0)).toBe(true);
      expect(await sending).toBe(1);
      expect(refused).toBe(5);
      expect(await outbox.get(job.id)).toMatchObject({ state: "sent", leaseOwner: null, attempts: 1 });
      // Nothing left for anyone, later either.
      await sleep(lease + 50);
      expect(await b.runOnce()).toBe(0);
      expect(mailbox.received).toHaveLength(1);
    });

    it("stops trying to record it when the worker is stopped, without waiting for the database", async () => {
      const d = await db();
      const mailbox = await smtp();
      const outbox = createOutbox(d);
      let refused = 0;
      const gone: Outbox = {
        ...outbox,
        async markSent() {
          refused++;
          throw Object.assign(new Error("the database system is starting up"), { code: "57P03" });
        },
      };
      const a = worker(d, gone, mailbox.url, 300);
      const job = await outbox.enqueue(d.kysely, { kind: KIND, recordId: note("stopped") });
      const sending = a.runOnce().catch((error: unknown) => error);
      await mailbox.waitFor(() => mailbox.received.length === 1);
      await sleep(200);
      const t0 = Date.now();
      await a.stop();
      await sending;
      expect(Date.now() - t0).toBeLessThan(1000);
      expect(refused).toBeGreaterThan(1);
      // Still held by the stopped worker: not sent, not due (see the trade-off in worker.ts).
      expect(await outbox.get(job.id)).toMatchObject({ state: "sending" });
    });

    it("waits for a mail server slower than the lease instead of sending it again on every retry", async () => {
      const d = await db();
      const mailbox = await smtp({ kind: "delay", ms: 600 }); // answers the message's end after 600 ms
      let skew = 0; // moves the worker's clock past each retry's delay
      const now = () => Date.now() + skew;
      // The proportions of production: connecting and the greeting may take a lease (60 s).
      const m = await service(d, now, mailbox.url, { leaseMs: 300, smtpTimeoutMs: 300 });
      const job = await m.outbox.enqueue(d.kysely, { kind: KIND, recordId: note("slow") });
      const sending = m.worker.runOnce();
      await mailbox.waitFor(() => mailbox.dataSeen.length === 1);
      await sleep(400); // past the first lease, still waiting for the answer
      expect(await m.outbox.claim("another-worker", now(), 300, [KIND])).toBeNull();
      expect(await sending).toBe(1);
      for (let i = 0; i < 3; i++) {
        skew += 2 * HOUR;
        await m.worker.runOnce();
      }
      await sleep(700); // a copy sent last would land now
      expect(mailbox.received).toHaveLength(1);
      expect(await m.outbox.get(job.id)).toMatchObject({
        state: "sent",
        attempts: 1,
        maybeDeliveredAt: null,
      });
    });

    it("takes silence after the message's end as 'maybe delivered': tried once more later, never in a loop", async () => {
      const d = await db();
      const mailbox = await smtp({ kind: "hold" }); // reads the message, never answers
      let skew = 0;
      const now = () => Date.now() + skew;
      const m = await service(d, now, mailbox.url, {
        leaseMs: 300,
        smtpTimeoutMs: 400,
        smtpReplyTimeoutMs: 400,
      });
      const job = await m.outbox.enqueue(d.kysely, { kind: KIND, recordId: note("silent") });
      expect(await m.worker.runOnce()).toBe(1);
      const first = (await m.outbox.get(job.id))!;
      expect(first).toMatchObject({ state: "retrying", leaseOwner: null });
      expect(first.maybeDeliveredAt).toEqual(expect.any(Number));
      expect(first.lastError).toContain("may have been delivered");
      expect(first.nextAttemptAt! - now()).toBeGreaterThan(30_000); // later, not at once
      for (let i = 0; i < 4; i++) {
        skew += 2 * HOUR;
        await m.worker.runOnce();
      }
      expect(mailbox.dataSeen).toHaveLength(2);
      const last = (await m.outbox.get(job.id))!;
      expect(last).toMatchObject({ state: "failed", attempts: 2, nextAttemptAt: null, leaseOwner: null });
      expect(last.lastError).toContain("not sent again");

      // An at-most-once kind (a newsletter issue) is never tried again after such a silence.
      const issue = await m.outbox.enqueue(d.kysely, { kind: ONCE, recordId: note("issue") });
      expect(await m.worker.runOnce()).toBe(1);
      expect(await m.outbox.get(issue.id)).toMatchObject({ state: "failed", attempts: 1 });
      expect(mailbox.dataSeen).toHaveLength(3);
    });

    it("cuts a send still waiting for the server's answer when the worker stops, leaving it 'maybe delivered', not 'sending'", async () => {
      const d = await db();
      const mailbox = await smtp({ kind: "hold" }); // reads the message, never answers
      const m = await service(d, Date.now, mailbox.url, {
        leaseMs: 60_000,
        smtpReplyTimeoutMs: 600_000, // RFC 5321's ten minutes: only the stop ends this wait
        stopSendWaitMs: 300,
      });
      const job = await m.outbox.enqueue(d.kysely, { kind: KIND, recordId: note("held") });
      m.worker.start(); // runs as the server's worker does (a stop waits for its run)
      while (mailbox.dataSeen.length === 0) await sleep(20);
      const stopAt = Date.now();
      await m.worker.stop();
      // Well within the server's forced exit (15 s after the drain begins).
      expect(Date.now() - stopAt).toBeLessThan(5_000);
      const after = (await m.outbox.get(job.id))!;
      expect(after).toMatchObject({ state: "retrying", leaseOwner: null });
      expect(after.maybeDeliveredAt).toEqual(expect.any(Number));
      expect(mailbox.dataSeen).toHaveLength(1);
    });

    it("marks an at-most-once e-mail in flight only just before its message's end, never while the envelope is under way", async () => {
      const d = await db();
      const mailbox = await smtp({ kind: "hold-rcpt" });
      const m = await service(d, Date.now, mailbox.url, { leaseMs: 60_000, smtpReplyTimeoutMs: 2_000 });
      const job = await m.outbox.enqueue(d.kysely, { kind: ONCE, recordId: note("issue") });
      const sending = m.worker.runOnce();
      // The conversation is under way, stopped at RCPT TO: a crash now loses nothing, so no mark.
      await waitFor(() => mailbox.rcptHeld === 1);
      expect(await m.outbox.get(job.id)).toMatchObject({ state: "sending", lastError: null });
      // The server reads the whole message and never answers its end: the mark was written first.
      mailbox.mode = { kind: "hold" };
      await waitFor(() => mailbox.dataSeen.length === 1);
      expect(await m.outbox.get(job.id)).toMatchObject({ state: "sending", lastError: IN_FLIGHT });
      expect(await sending).toBe(1);
      expect(await m.outbox.get(job.id)).toMatchObject({ state: "failed", attempts: 1 });
    });

    it("never ends the message of an at-most-once e-mail whose mark cannot be written (its lease lost)", async () => {
      const d = await db();
      const mailbox = await smtp({ kind: "hold-rcpt" });
      const log = memoryLog();
      const m = await service(d, Date.now, mailbox.url, { leaseMs: 60_000 }, log.logger);
      const job = await m.outbox.enqueue(d.kysely, { kind: ONCE, recordId: note("issue") });
      const sending = m.worker.runOnce();
      await waitFor(() => mailbox.rcptHeld === 1);
      // Another worker took the job meanwhile (this one's lease ran out): it is theirs to send.
      await d.kysely
        .updateTable("mail_outbox")
        .set({ leaseOwner: "another-worker" })
        .where("id", "=", job.id)
        .execute();
      mailbox.mode = { kind: "accept" };
      expect(await sending).toBe(1);
      await sleep(300); // a message ended late would be taken now
      expect(mailbox.received).toHaveLength(0);
      expect(mailbox.dataSeen).toHaveLength(0);
      // Left as the other worker has it: no outcome written over theirs.
      expect(await m.outbox.get(job.id)).toMatchObject({
        state: "sending",
        leaseOwner: "another-worker",
        lastError: null,
      });
      expect(log.entries.filter((e) => String(e.msg).startsWith("mail.delivery."))).toEqual([]);
    });

    it("still retries normally when the server answers the message's end with a temporary refusal", async () => {
      const d = await db();
      const mailbox = await smtp({ kind: "reject-data", code: 451, message: "try again later" });
      let skew = 0;
      const now = () => Date.now() + skew;
      const m = await service(d, now, mailbox.url, {
        leaseMs: 300,
        smtpTimeoutMs: 400,
        smtpReplyTimeoutMs: 400,
      });
      const job = await m.outbox.enqueue(d.kysely, { kind: KIND, recordId: note("refused") });
      for (let i = 0; i < 3; i++) {
        await m.worker.runOnce();
        skew += 2 * HOUR;
      }
      expect(mailbox.dataSeen).toHaveLength(3);
      expect(await m.outbox.get(job.id)).toMatchObject({
        state: "retrying",
        attempts: 3,
        maybeDeliveredAt: null,
      });
    });
  });
}
