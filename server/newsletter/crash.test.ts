// @vitest-environment node
// An issue going out when the server dies: the real server process (`node server/main.ts`, the
// production build) is killed (SIGKILL, no goodbye) while the SMTP server holds an e-mail it has
// read but not yet acknowledged (one on each of the worker's conversations: MAIL_CONCURRENCY).
// Those e-mails reach their readers all the same. A new process on the same data sends the rest,
// and those that were in flight are failed, not sent again: nobody gets the issue twice, and only
// an e-mail whose message's end was written but not answered is failed (shown in the console: the
// price of never sending twice). A kill earlier in the conversations (the mail server holding its
// answer to RCPT TO) loses nobody: the worker marks an e-mail in flight only just before its
// message's end, so those are sent again after the restart, once each.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../db/index.ts";
import { createOutbox, IN_FLIGHT } from "../mail/outbox.ts";
import { startSmtp, waitFor, type TestSmtp } from "../testing/smtp.ts";
import { SECRET } from "../testing/config.ts";
import {
  missingBuild,
  ROOT,
  skipOrFail,
  startServerProcess,
  type ServerProcess,
} from "../testing/server-process.ts";
import { createIssueStore, NEWSLETTER_ISSUE } from "./issues.ts";
import { insertSubscriber } from "./testing/subscribers.ts";

const skip = skipOrFail(missingBuild(), "Newsletter crash test", "TEST_REQUIRE_BUILD");
const PEOPLE = 12;

let cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const f of cleanups.reverse()) await f();
  cleanups = [];
});

describe.skipIf(skip)("a newsletter issue and a crash mid-send", () => {
  it("nobody gets it twice: the rest after the restart, those in flight never again", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "newsletter-crash-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // Each e-mail is read at once and acknowledged 400 ms later: the window the crash falls in.
    const smtp: TestSmtp = await startSmtp(0, { kind: "delay", ms: 400 });
    cleanups.push(() => smtp.close());

    const db = await openDatabase({ dataDir });
    cleanups.push(() => db.close());
    const t = Date.now();
    for (let i = 0; i < PEOPLE; i++)
      await insertSubscriber(db.kysely, `reader${i}@example.com`, "subscribed", t + i);
    const store = createIssueStore(db, createOutbox(db, { transportAvailable: true }));
    const issue = await store.create({ subject: "Crash", body: "Sent once." }, "amina@techspark.ng", t);
    expect(await store.send(issue.id, "amina@techspark.ng", t, 6_000)).toEqual({
      ok: true,
      recipients: PEOPLE,
    });

    const env = {
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      SECRET,
      LOG_REQUESTS: "false",
      MAIL_CONCURRENCY: "3",
    };
    const first: ServerProcess = await startServerProcess({ cwd: ROOT, env });
    cleanups.push(() => first.stop());
    // Three conversations at once: a fourth e-mail read by the mail server means the first
    // three were answered and three more are in flight, each waiting for its answer: kill.
    await waitFor(() => smtp.dataSeen.length >= 4, 20_000);
    first.child.kill("SIGKILL");
    const readAtKill = smtp.dataSeen.flatMap((m) => m.envelopeTo);
    await first.stop();
    const inFlight = await db.kysely
      .selectFrom("mail_outbox")
      .selectAll()
      .where("kind", "=", NEWSLETTER_ISSUE)
      .where("lastError", "=", IN_FLIGHT)
      .execute();
    expect(inFlight.length).toBeGreaterThanOrEqual(1);
    expect(inFlight.length).toBeLessThanOrEqual(3);
    for (const job of inFlight) expect(job.state).toBe("sending");

    const second = await startServerProcess({ cwd: ROOT, env });
    cleanups.push(() => second.stop());
    // The rest go; the dead process's lease (5 minutes in production) is then made to run out.
    const states = async () => (await store.progress(issue.id)).counts;
    await waitFor(async () => (await states()).sent === PEOPLE - inFlight.length, 30_000);
    const ids = inFlight.map((job) => job.id);
    await db.kysely.updateTable("mail_outbox").set({ leaseUntil: 0 }).where("id", "in", ids).execute();
    await waitFor(async () => (await states()).failed === inFlight.length, 15_000);
    await new Promise((r) => setTimeout(r, 1_500)); // anything sent twice would arrive meanwhile

    const perPerson = new Map<string, number>();
    for (const m of smtp.received)
      for (const to of m.envelopeTo) perPerson.set(to, (perPerson.get(to) ?? 0) + 1);
    // Nobody has it twice; everyone whose e-mail was not in flight has it; of those in flight,
    // the ones the mail server had read did arrive.
    expect([...perPerson.values()].every((n) => n === 1)).toBe(true);
    const emailOf = async (recordId: string) =>
      (
        await db.kysely
          .selectFrom("newsletter_subscriber")
          .select("email")
          .where("id", "=", recordId.split("~s:")[1]!)
          .executeTakeFirstOrThrow()
      ).email;
    const cut = new Set(await Promise.all(inFlight.map((job) => emailOf(job.recordId))));
    for (let i = 0; i < PEOPLE; i++) {
      const email = `reader${i}@example.com`;
      if (!cut.has(email)) expect(perPerson.get(email), email).toBe(1);
    }
    for (const email of readAtKill) expect(perPerson.get(email), email).toBe(1);
    const failed = await db.kysely.selectFrom("mail_outbox").selectAll().where("id", "in", ids).execute();
    for (const job of failed) {
      expect(job.state).toBe("failed");
      expect(job.lastError).toMatch(/not sent again, so that nobody gets it twice/);
    }
  }, 90_000);

  it("nobody is lost when the kill comes before the messages' ends: those in flight are sent after the restart, once", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "newsletter-crash-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const smtp: TestSmtp = await startSmtp(0);
    cleanups.push(() => smtp.close());

    const db = await openDatabase({ dataDir });
    cleanups.push(() => db.close());
    const t = Date.now();
    for (let i = 0; i < PEOPLE; i++)
      await insertSubscriber(db.kysely, `reader${i}@example.com`, "subscribed", t + i);
    const store = createIssueStore(db, createOutbox(db, { transportAvailable: true }));
    const issue = await store.create({ subject: "Crash", body: "Sent once." }, "amina@techspark.ng", t);
    await store.send(issue.id, "amina@techspark.ng", t, 6_000);

    const env = {
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      SECRET,
      LOG_REQUESTS: "false",
      MAIL_CONCURRENCY: "3",
    };
    const first: ServerProcess = await startServerProcess({ cwd: ROOT, env });
    cleanups.push(() => first.stop());
    // A few go out; then the mail server stops answering RCPT TO, and once each of the three
    // conversations waits there (connected, greeted, the envelope begun, no message yet): kill.
    await waitFor(() => smtp.received.length >= 3, 20_000);
    smtp.mode = { kind: "hold-rcpt" };
    await waitFor(() => smtp.rcptHeld >= 3, 20_000);
    first.child.kill("SIGKILL");
    await first.stop();
    const cut = await db.kysely
      .selectFrom("mail_outbox")
      .selectAll()
      .where("kind", "=", NEWSLETTER_ISSUE)
      .where("state", "=", "sending")
      .execute();
    expect(cut).toHaveLength(3);
    for (const job of cut) expect(job.lastError).toBeNull(); // not "in flight": nothing could be out

    smtp.mode = { kind: "accept" };
    // The dead process's lease (5 minutes in production) is made to run out.
    const ids = cut.map((job) => job.id);
    await db.kysely.updateTable("mail_outbox").set({ leaseUntil: 0 }).where("id", "in", ids).execute();
    const second = await startServerProcess({ cwd: ROOT, env });
    cleanups.push(() => second.stop());
    await waitFor(async () => (await store.progress(issue.id)).counts.sent === PEOPLE, 30_000);
    await new Promise((r) => setTimeout(r, 1_500)); // anything sent twice would arrive meanwhile

    const perPerson = new Map<string, number>();
    for (const m of smtp.received)
      for (const to of m.envelopeTo) perPerson.set(to, (perPerson.get(to) ?? 0) + 1);
    for (let i = 0; i < PEOPLE; i++) expect(perPerson.get(`reader${i}@example.com`), `reader${i}`).toBe(1);
    expect(smtp.received).toHaveLength(PEOPLE);
    expect((await store.progress(issue.id)).counts).toMatchObject({ sent: PEOPLE, failed: 0 });
  }, 90_000);
});
