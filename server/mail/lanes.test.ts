// @vitest-environment node
// The worker's lanes (several e-mails at once): a lane whose claim the database refuses (a full
// disk) fails the run once every lane has ended, never as an unhandled rejection while another
// lane is still sending: on the mail thread, that ended the thread and took the server out of the
// balancer's rotation (seen in tests/pages/outage.test.ts, the full disk).
import { afterEach, describe, expect, it } from "vitest";
import { deferrals, freshDb, testDatabases } from "../db/testing/databases.ts";
import { memoryLog } from "../testing/log.ts";
import { startSmtp } from "../testing/smtp.ts";
import { seedDetails } from "./index.ts";
import { DEFAULT_RETRY_POLICY, defineMailKind } from "./kind.ts";
import { createLinkSigner } from "./links.ts";
import { createOutbox, type Outbox } from "./outbox.ts";
import { html, layout } from "./template.ts";
import { createTransport } from "./transport.ts";
import { createMailWorker } from "./worker.ts";

const [sqlite] = await testDatabases("Mail lanes");

describe("the worker's lanes", () => {
  const defer = deferrals();
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => void unhandled.push(reason);
  process.on("unhandledRejection", record);
  afterEach(() => {
    unhandled.length = 0;
  });

  it("a lane whose claim fails fails the run after the others end, unhandled nowhere", async () => {
    const { db, cleanup } = await freshDb(sqlite!);
    defer(cleanup);
    defer(() => void process.off("unhandledRejection", record));
    // Slow answers: the first lane is still sending when the second one's claim fails.
    const smtp = await startSmtp(0, { kind: "delay", ms: 400 });
    defer(() => smtp.close());
    const kind = defineMailKind<{ to: string }>({
      name: "test-lanes",
      load: async (_db, id) => ({ to: `${id}@example.com` }),
      render: async (r, context) => ({
        to: r.to,
        subject: "Hello",
        ...(await layout(context, { title: "Hello", html: html`<p>Hi</p>`, text: ["Hi"] })),
      }),
    });
    const real = createOutbox(db);
    let claims = 0;
    const outbox: Outbox = {
      ...real,
      claimMany: (...args) =>
        ++claims === 1
          ? real.claimMany(...args)
          : Promise.reject(new Error("SQLITE_FULL: database or disk is full")),
    };
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
      log: memoryLog().logger,
      retry: DEFAULT_RETRY_POLICY,
      pollMs: 60_000,
      leaseMs: 30_000,
      concurrency: 4,
    });
    defer(async () => {
      await worker.stop();
      transport.close();
    });
    for (const id of ["ada", "bola"])
      await real.enqueue(db.kysely, { kind: "test-lanes", recordId: id, at: Date.now() - 1 });

    await expect(worker.runOnce()).rejects.toThrow("SQLITE_FULL");
    // The first lane's e-mail went, and nothing was left unhandled on the way.
    expect(smtp.received.map((m) => m.envelopeTo)).toEqual([["ada@example.com"]]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unhandled).toEqual([]);
  });
});
