// @vitest-environment node
// A kind hears how its e-mail ended (MailKind.onOutcome) in the transaction that writes the job's
// final state: a refusal from a real SMTP server on loopback (550 at RCPT) and a delivery, told
// once each with the server's reply; when that transaction fails (a full disk), neither the job's
// state nor the kind's write is kept, and the worker tries both again until they are.
import { describe, expect, it } from "vitest";
import type { Db } from "../db/index.ts";
import { deferrals, freshDb, testDatabases } from "../db/testing/databases.ts";
import { memoryLog } from "../testing/log.ts";
import { startSmtp } from "../testing/smtp.ts";
import { seedDetails } from "./index.ts";
import { DEFAULT_RETRY_POLICY, defineMailKind, type MailOutcome } from "./kind.ts";
import { createLinkSigner } from "./links.ts";
import { createOutbox } from "./outbox.ts";
import { html, layout } from "./template.ts";
import { createTransport } from "./transport.ts";
import { createMailWorker } from "./worker.ts";

const databases = await testDatabases("Mail outcomes");

for (const database of databases) {
  describe(`on ${database.name}`, () => {
    const defer = deferrals();

    it("tells the kind once, with the job's final state; a failed write of both is tried again", async () => {
      const { db, cleanup } = await freshDb(database);
      defer(cleanup);
      const smtp = await startSmtp(0, {
        kind: "refuse",
        at: "rcpt",
        to: ["dead@example.com"],
        code: 550,
        message: "5.1.1 <dead@example.com>: no such user",
      });
      defer(() => smtp.close());

      const told: [string, MailOutcome][] = [];
      let writes = 0;
      const kind = defineMailKind<{ to: string }>({
        name: "test-outcome",
        load: async (_db, id) => ({ to: `${id}@example.com` }),
        render: async (r, context) => ({
          to: r.to,
          subject: "Hello",
          ...(await layout(context, { title: "Hello", html: html`<p>Hi</p>`, text: ["Hi"] })),
        }),
        retry: { permanentFailureAttempts: 1 },
        async onOutcome(trx, recordId, outcome) {
          // Any table does: a row keyed by the record, which a second kept write would collide with.
          await trx
            .insertInto("newsletter_suppression")
            .values({ emailHash: recordId, reason: "bounced", createdAt: 0 })
            .execute();
          if (++writes === 1) throw new Error("SQLITE_FULL: database or disk is full");
          told.push([recordId, outcome]);
        },
      });
      const outbox = createOutbox(db);
      const log = memoryLog();
      const transport = createTransport({ smtpUrl: smtp.url, timeoutMs: 5000 });
      const worker = createMailWorker({
        db: db.kysely,
        outbox,
        transport,
        kinds: [kind],
        context: {
          from: "TechSpark website <no-reply@techspark.ng>",
          agency: "hello@techspark.ng",
          siteUrl: "https://techspark.ng",
          links: createLinkSigner("l".repeat(32)),
          details: seedDetails,
        },
        now: Date.now,
        log: log.logger,
        retry: DEFAULT_RETRY_POLICY,
        pollMs: 60_000,
        leaseMs: 30_000,
        recordBackoff: { baseMs: 20, maxMs: 100 },
      });
      defer(async () => {
        await worker.stop();
        transport.close();
      });
      const queue = (d: Db, recordId: string) =>
        outbox.enqueue(d.kysely, { kind: "test-outcome", recordId, at: Date.now() - 1 });
      const dead = await queue(db, "dead");
      await worker.runOnce();
      const alive = await queue(db, "alive");
      await worker.runOnce();

      expect(told).toEqual([
        ["dead", { result: "refused", reason: "550 5.1.1 <dead@example.com>: no such user" }],
        ["alive", { result: "delivered" }],
      ]);
      // The first write failed whole (no row, no final state), then both were kept together.
      expect(writes).toBe(3);
      expect(log.entries.filter((e) => e.msg === "mail.record.retry")).toHaveLength(1);
      expect(await outbox.get(dead.id)).toMatchObject({ state: "failed", totalAttempts: 1 });
      expect(await outbox.get(alive.id)).toMatchObject({ state: "sent" });
      const rows = await db.kysely.selectFrom("newsletter_suppression").select("emailHash").execute();
      expect(rows.map((r) => r.emailHash).sort()).toEqual(["alive", "dead"]);
      expect(smtp.received.map((m) => m.envelopeTo)).toEqual([["alive@example.com"]]);
    });
  });
}
