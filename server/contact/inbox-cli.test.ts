// @vitest-environment node
// The operator CLI (scripts/inbox.ts) run as the operator runs it, against a real inbox.
import { execFile } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_NOTICE } from "./mail.ts";
import { openInbox, type Inbox } from "./index.ts";
import { tempDir } from "../testing/temp-dir.ts";
import { message } from "./testing/repository-contract.ts";
import { main } from "../../scripts/inbox.ts";

const CLI = join(import.meta.dirname, "..", "..", "scripts", "inbox.ts");
const DAY = 86_400_000;
const now = Date.now();
const tmp = tempDir();
const dataDir = join(tmp.dir, "data");

/** Runs a command in-process (fast) the way the CLI does. */
async function inbox(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await main(
    args,
    { DATA_DIR: dataDir },
    {
      stdout: (t) => (stdout += t),
      stderr: (t) => (stderr += t),
    },
  );
  return { code, stdout, stderr };
}

/** Runs it as the operator does: a real `node scripts/inbox.ts` process. */
async function inboxProcess(env: Record<string, string>, ...args: string[]) {
  return promisify(execFile)(process.execPath, [CLI, ...args], {
    env: { ...process.env, DATABASE_URL: "", TZ: "Africa/Lagos", ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({
      code: e.code,
      stdout: e.stdout,
      stderr: e.stderr,
    }),
  );
}

const sent = message({ name: "Sent Sender", email: "sent@example.com", createdAt: now - 2 * DAY });
const failed = message({
  name: "Chioma Failed",
  email: "chioma@example.com",
  createdAt: now - DAY,
  phone: "+234 1 234 5678",
  message: 'Line one, "quoted"\nLine two\n=cmd()',
});
const waiting = message({
  name: "Waiting Person",
  email: "Wait@Example.com",
  createdAt: now - 3 * DAY,
  state: "waiting-for-transport",
});
const oldSpam = message({
  name: "Old Spam",
  email: "spam@example.com",
  createdAt: now - 100 * DAY,
  state: "spam",
});
const oldWaiting = message({
  name: "Old Waiting",
  email: "wait@example.com",
  createdAt: now - 101 * DAY,
  state: "waiting-for-transport",
});
let db: Inbox;
let store: Inbox["store"];

beforeAll(async () => {
  db = await openInbox({ dataDir });
  store = db.store;
  for (const m of [sent, failed, waiting, oldSpam, oldWaiting]) await store.insert(m);
  // The worker's outcomes: one sent, one failed.
  const t = now + 1000;
  const claim = () => db.outbox.claim("w", t, 60_000, [CONTACT_NOTICE]);
  for (let job = await claim(); job; job = await claim()) {
    if (job.recordId === sent.id) await db.outbox.markSent(job.id, t);
    else if (job.recordId === failed.id)
      await db.outbox.markFinal(job.id, "w", "failed", "EENVELOPE: 550 5.1.1 No such mailbox", t);
    else await db.outbox.markRetry(job.id, "w", t + DAY, "later", t);
  }
  await db.outbox.setTransportAvailable(false, t); // the server runs without SMTP_URL
});
afterAll(async () => {
  await db.close();
  tmp.remove();
});

describe("scripts/inbox.ts", () => {
  it("lists messages newest first with their delivery state, and a summary", async () => {
    const { code, stdout } = await inboxProcess({ DATA_DIR: dataDir }, "list");
    expect(code).toBe(0);
    const lines = stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^ID\s+RECEIVED \(Africa\/Lagos\)\s+STATE\s+TRIES\s+NAME\s+E-MAIL\s+DELIVERY$/);
    expect(lines.slice(2, 7).map((l) => l.slice(0, 8))).toEqual(
      [failed, sent, waiting, oldSpam, oldWaiting].map((m) => m.id.slice(0, 8)),
    );
    expect(lines[2]).toMatch(/failed\s+1\s+Chioma Failed\s+chioma@example.com/);
    expect(lines[3]).toMatch(/sent\s+1\s+Sent Sender\s+sent@example.com\s+sent \d{4}-\d\d-\d\d \d\d:\d\d/);
    expect(stdout).toContain("5 messages in total: 1 sent, 1 failed, 2 waiting-for-transport, 1 spam.");

    const onlyFailed = await inbox("list", "--state", "failed");
    expect(onlyFailed.stdout).toContain("Chioma Failed");
    expect(onlyFailed.stdout).not.toContain("Sent Sender");
    const limited = await inbox("list", "--limit", "2");
    expect(limited.stdout).toContain("Showing the newest 2; use --limit to see more.");
    expect((await inbox("list", "--state", "lost")).code).toBe(2);
  });

  it("shows one message in full from a short id", async () => {
    const { code, stdout } = await inbox("show", failed.id.slice(0, 8));
    expect(code).toBe(0);
    expect(stdout).toContain(`ID          ${failed.id}`);
    expect(stdout).toContain("State       failed");
    expect(stdout).toContain("Last error  EENVELOPE: 550 5.1.1 No such mailbox");
    expect(stdout).toContain("E-mail      chioma@example.com");
    expect(stdout).toContain(`Message:\n${failed.message}\n`);
    const missing = await inbox("show", "ffffffff-nope");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("No message with id ffffffff-nope.");
  });

  it("exports CSV safe for spreadsheets and JSON to a private file", async () => {
    const csv = await inbox("export", "--format", "csv");
    expect(csv.code).toBe(0);
    expect(csv.stdout.split("\r\n")[0]).toBe(
      '"id","received","state","attempts","sent","name","email","phone","message","last_error"',
    );
    // Every cell quoted; a formula's start, even after a line break, gets a quote (server/csv.ts).
    expect(csv.stdout).toContain(
      `"${failed.id}","${new Date(failed.createdAt).toISOString()}","failed","1","","Chioma Failed","chioma@example.com","'+234 1 234 5678","Line one, ""quoted""\nLine two\n'=cmd()","EENVELOPE: 550 5.1.1 No such mailbox"`,
    );
    expect(csv.stdout.trim().split("\r\n")).toHaveLength(6);

    const out = join(tmp.dir, "export.json");
    const json = await inbox("export", "--format", "json", "--out", out);
    expect(json.code).toBe(0);
    expect(json.stderr).toContain(`Wrote 5 messages to ${out}`);
    const exported = JSON.parse(readFileSync(out, "utf8")) as { id: string; email: string; state: string }[];
    expect(exported.map((m) => m.id)).toEqual([oldWaiting, oldSpam, waiting, sent, failed].map((m) => m.id));
    expect(exported).toHaveLength(5);
    expect(exported.find((m) => m.id === failed.id)).toMatchObject({
      email: "chioma@example.com",
      state: "failed",
    });
    expect(statSync(out).mode & 0o777).toBe(0o600);
    expect((await inbox("export", "--format", "xml")).code).toBe(2);
  });

  it("queues failed messages again, but refuses a sent one", async () => {
    const again = await inbox("retry", "--failed");
    expect(again).toMatchObject({ code: 0 });
    expect(again.stdout).toContain("Queued 1 failed message for delivery.");
    expect((await store.get(failed.id))?.state).toBe("queued");
    const refused = await inbox("retry", sent.id);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("was already sent");
  });

  it("erases every message from an address (any case) and one by id", async () => {
    const byEmail = await inbox("erase", "--email", "WAIT@example.com");
    expect(byEmail.stdout).toContain("Erased 2 messages from WAIT@example.com.");
    expect(await store.get(waiting.id)).toBeNull();
    expect(await store.get(oldWaiting.id)).toBeNull();
    const byId = await inbox("erase", "--id", sent.id);
    expect(byId.stdout).toContain(`Erased message ${sent.id}.`);
    expect(await store.get(sent.id)).toBeNull();
    expect((await inbox("erase")).code).toBe(2);
  });

  it("purges finished messages past the retention period and keeps the rest", async () => {
    const purge = await inbox("purge");
    expect(purge.stdout).toContain("Purged 1 sent, failed or spam message older than 90 days.");
    expect(await store.get(oldSpam.id)).toBeNull();
    expect(await store.get(failed.id)).not.toBeNull();
    expect((await inbox("purge", "--days", "0")).code).toBe(2);
  });

  it("says clearly when there is no inbox where it looks", async () => {
    const r = await inboxProcess({ DATA_DIR: join(tmp.dir, "elsewhere") }, "list");
    expect(r).toMatchObject({ code: 1, stderr: expect.stringContaining("No inbox database in") });
  });
});

describe("scripts/inbox.ts outbox", () => {
  const dir = tempDir();
  const outboxDir = join(dir.dir, "data");
  let db: Inbox;
  const run = async (...args: string[]) => {
    let stdout = "";
    let stderr = "";
    const code = await main(
      args,
      { DATA_DIR: outboxDir },
      { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) },
    );
    return { code, stdout, stderr };
  };
  const delivered = message({ name: "Delivered", createdAt: now - DAY });
  const refused = message({ name: "Refused", createdAt: now - DAY + 1 });
  let otherJob = "";
  beforeAll(async () => {
    db = await openInbox({ dataDir: outboxDir });
    await db.store.insert(delivered);
    await db.store.insert(refused);
    // A job of another kind (as the newsletter will queue), due later.
    otherJob = (
      await db.outbox.enqueue(db.db.kysely, { kind: "newsletter-issue", recordId: "issue-1", at: now + DAY })
    ).id;
    const t = now;
    for (
      let job = await db.outbox.claim("w", t, 60_000, [CONTACT_NOTICE]);
      job;
      job = await db.outbox.claim("w", t, 60_000, [CONTACT_NOTICE])
    ) {
      if (job.recordId === delivered.id) await db.outbox.markSent(job.id, t);
      else await db.outbox.markFinal(job.id, "w", "failed", "EENVELOPE: 550 5.1.1 No such mailbox", t);
    }
  });
  afterAll(async () => {
    await db.close();
    dir.remove();
  });

  it("lists jobs of every kind with their state, and filters by kind and state", async () => {
    const all = await run("outbox", "list");
    expect(all.code).toBe(0);
    const lines = all.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^JOB\s+KIND\s+RECORD\s+QUEUED \(.+\)\s+STATE\s+TRIES\s+DELIVERY$/);
    expect(all.stdout).toMatch(
      new RegExp(`${otherJob.slice(0, 8)}\\s+newsletter-issue\\s+issue-1\\s+.*queued\\s+0\\s+next try`),
    );
    expect(all.stdout).toMatch(
      new RegExp(`contact-notice\\s+${delivered.id.slice(0, 8)}\\s+.*sent\\s+1\\s+sent \\d{4}`),
    );
    expect(all.stdout).toMatch(new RegExp(`contact-notice\\s+${refused.id.slice(0, 8)}\\s+.*failed\\s+1`));
    expect(all.stdout).toContain("3 jobs in total: 1 queued, 1 sent, 1 failed.");
    const contact = await run("outbox", "list", "--kind", "contact-notice", "--state", "failed");
    expect(contact.stdout).toContain(refused.id.slice(0, 8));
    expect(contact.stdout).not.toContain("issue-1");
    expect(contact.stdout).toContain("2 jobs of contact-notice in total: 1 sent, 1 failed.");
    expect((await run("outbox", "list", "--kind", "postcard")).code).toBe(2);
    expect((await run("outbox", "list", "--state", "lost")).code).toBe(2);
    expect((await run("outbox")).code).toBe(2);
  });

  it("shows a job in full and retries it; never a sent one", async () => {
    const [failedJob] = await db.outbox.list({ recordId: refused.id });
    const shown = await run("outbox", "show", failedJob!.id.slice(0, 8));
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`Job         ${failedJob!.id}`);
    expect(shown.stdout).toContain(`Message-ID  <contact-${refused.id}@…>`);
    expect(shown.stdout).toContain("Last error  EENVELOPE: 550 5.1.1 No such mailbox");
    expect(shown.stdout).toContain("Attempts    1 since queued, 1 in all");

    const retried = await run("outbox", "retry", failedJob!.id);
    expect(retried.stdout).toContain(`Queued job ${failedJob!.id} (contact-notice) again.`);
    expect(await db.outbox.get(failedJob!.id)).toMatchObject({ state: "queued", attempts: 0 });
    expect((await db.store.get(refused.id))?.state).toBe("queued");

    const [sentJob] = await db.outbox.list({ recordId: delivered.id });
    const refusedRetry = await run("outbox", "retry", sentJob!.id);
    expect(refusedRetry.code).toBe(1);
    expect(refusedRetry.stderr).toContain("was already sent; sending it again would e-mail twice");
    expect((await run("outbox", "show", "ffffffff")).stderr).toContain("No job with id ffffffff.");
  });

  it("purges finished jobs past the retention period; contact notices stay with their messages", async () => {
    const old = await db.outbox.enqueue(db.db.kysely, {
      kind: "newsletter-confirm",
      recordId: "subscriber-0",
      at: now,
    });
    const k = db.db.kysely;
    await k
      .updateTable("mail_outbox")
      .set({ state: "sent", nextAttemptAt: null })
      .where("id", "=", old.id)
      .execute();
    expect((await run("outbox", "purge")).stdout).toContain("Purged 0 finished jobs older than 90 days.");
    await k
      .updateTable("mail_outbox")
      .set({ updatedAt: now - 91 * DAY })
      .where("state", "=", "sent")
      .execute();
    expect((await run("outbox", "purge")).stdout).toContain("Purged 1 finished job older than 90 days.");
    expect(await db.outbox.get(old.id)).toBeNull();
    expect((await db.store.get(delivered.id))?.state).toBe("sent"); // its notice is still its history
    // A newsletter issue's e-mails are its progress: they go with their subscribers, not by age.
    const issueMail = await db.outbox.enqueue(db.db.kysely, {
      kind: "newsletter-issue",
      recordId: "i~s:x",
      at: now,
    });
    await k
      .updateTable("mail_outbox")
      .set({ state: "sent", nextAttemptAt: null, updatedAt: now - 91 * DAY })
      .where("id", "=", issueMail.id)
      .execute();
    expect((await run("outbox", "purge")).stdout).toContain("Purged 0 finished jobs older than 90 days.");
    expect(await db.outbox.get(issueMail.id)).not.toBeNull();
  });
});
