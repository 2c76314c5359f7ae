// @vitest-environment node
// An issue going out when the server dies: the real server process (`node server/main.ts`, the
// production build) is killed (SIGKILL, no goodbye) while the SMTP server holds an e-mail it has
// read but not yet acknowledged. That e-mail reaches the reader all the same. A new process on the
// same data sends the rest, and the one that was in flight is failed, not sent again: every
// subscriber gets the issue once.
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
  it("every subscriber gets it once: the rest after the restart, the one in flight never again", async () => {
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

    const env = { DATA_DIR: dataDir, SMTP_URL: smtp.url, SECRET, LOG_REQUESTS: "false" };
    const first: ServerProcess = await startServerProcess({ cwd: ROOT, env });
    cleanups.push(() => first.stop());
    // The fourth e-mail has been read by the mail server and waits for its answer: kill.
    await waitFor(() => smtp.dataSeen.length >= 4, 20_000);
    first.child.kill("SIGKILL");
    await first.stop();
    const inFlight = await db.kysely
      .selectFrom("mail_outbox")
      .selectAll()
      .where("kind", "=", NEWSLETTER_ISSUE)
      .where("lastError", "=", IN_FLIGHT)
      .execute();
    expect(inFlight).toHaveLength(1);
    expect(inFlight[0]!.state).toBe("sending");

    const second = await startServerProcess({ cwd: ROOT, env });
    cleanups.push(() => second.stop());
    // The rest go; the dead process's lease (5 minutes in production) is then made to run out.
    const states = async () => (await store.progress(issue.id)).counts;
    await waitFor(async () => (await states()).sent === PEOPLE - 1, 30_000);
    await db.kysely
      .updateTable("mail_outbox")
      .set({ leaseUntil: 0 })
      .where("id", "=", inFlight[0]!.id)
      .execute();
    await waitFor(async () => (await states()).failed === 1, 15_000);
    await new Promise((r) => setTimeout(r, 1_500)); // anything sent twice would arrive meanwhile

    const perPerson = new Map<string, number>();
    for (const m of smtp.received)
      for (const to of m.envelopeTo) perPerson.set(to, (perPerson.get(to) ?? 0) + 1);
    // The e-mail in flight did arrive (the mail server had it); nobody has it twice.
    expect(perPerson.size).toBe(PEOPLE);
    expect([...perPerson.values()].every((n) => n === 1)).toBe(true);
    const failed = await db.kysely
      .selectFrom("mail_outbox")
      .selectAll()
      .where("id", "=", inFlight[0]!.id)
      .executeTakeFirstOrThrow();
    expect(failed.state).toBe("failed");
    expect(failed.lastError).toMatch(/not sent again, so that nobody gets it twice/);
  }, 90_000);
});
