// The mail worker on its own thread, as the server runs it (server/mail-thread.ts): ready only
// once the thread says so, stopped when asked, and started again when it dies unasked.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { testDatabases } from "../db/testing/databases.ts";
import { cleanupsAfterEach } from "../testing/feature-harness.ts";
import { memoryLog } from "../testing/log.ts";
import { startSmtp, waitFor } from "../testing/smtp.ts";
import type { MailThreadData } from "../mail-thread.ts";
import { seedDetails } from "./index.ts";
import { createThreadWorker } from "./thread-worker.ts";

const ENTRY = new URL("../mail-thread.ts", import.meta.url);
const cleanups = cleanupsAfterEach();

async function threadWorker(database: MailThreadData["database"]) {
  const smtp = await startSmtp();
  cleanups.push(() => smtp.close());
  const log = memoryLog();
  const data: MailThreadData = {
    database,
    smtpUrl: smtp.url,
    from: "TechSpark website <no-reply@techspark.ng>",
    agency: "hello@techspark.ng",
    siteUrl: "https://techspark.ng",
    secret: "a-secret-of-32-characters-at-least",
    pollMs: 200,
  };
  const worker = createThreadWorker({
    entry: ENTRY,
    data,
    details: seedDetails,
    log: log.logger,
    pollMs: 200,
    leaseMs: 60_000,
    restartMs: 100,
  });
  cleanups.push(() => worker.stop());
  return { worker, log };
}

describe.each(await testDatabases("the mail thread"))(
  "the mail worker on its own thread, on $name",
  (database) => {
    it("counts as running while the thread starts, idle once it reports, stopped once stopped", async () => {
      const at = await database.fresh();
      cleanups.push(() => at.cleanup());
      const { worker } = await threadWorker({
        dataDir: at.dataDir,
        databaseUrl: at.databaseUrl,
        poolSize: 2,
      });
      expect(worker.status().started).toBe(false);
      const t0 = Date.now();
      worker.start();
      // Loading its modules: a run under way since it was opened (readiness waits, as for a run).
      expect(worker.status()).toMatchObject({ started: true, lastRunEndedAt: null });
      expect(worker.status().runningSince).toBeGreaterThanOrEqual(t0);
      await waitFor(() => worker.status().lastRunEndedAt !== null, 20_000);
      expect(worker.status()).toMatchObject({ started: true, pollMs: 200 });
      expect(await worker.runOnce()).toBe(0);
      await worker.stop();
      expect(worker.status().started).toBe(false);
    });
  },
);

describe("the mail thread", () => {
  it("is started again when it ended unasked, and says so", async () => {
    // A database it cannot open: the thread reports the failure and ends.
    const file = join(mkdtempSync(join(tmpdir(), "mail-thread-")), "a-file");
    writeFileSync(file, "not a folder");
    const { worker, log } = await threadWorker({ dataDir: file });
    worker.start();
    await waitFor(() => log.entries.filter((e) => e.msg === "mail.thread.exited").length >= 2, 20_000);
    expect(log.entries.find((e) => e.msg === "mail.thread.failed")).toMatchObject({ level: "error" });
    // Stopped meanwhile, as the readiness check sees it (server/health/readiness.ts).
    await waitFor(() => !worker.status().started, 5_000);
    await worker.stop();
    const exits = log.entries.filter((e) => e.msg === "mail.thread.exited").length;
    await new Promise((r) => setTimeout(r, 300));
    // Stopped: no more restarts.
    expect(log.entries.filter((e) => e.msg === "mail.thread.exited").length).toBe(exits);
  });
});
