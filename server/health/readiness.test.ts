// @vitest-environment node
// The readiness checks on both databases (the HTTP side: tests/pages/health.test.ts): a migration
// missing or unknown, a worker stopped or stalled, the database gone; one check for calls that
// overlap; the log says why once, not at every poll.
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { memoryLog } from "../testing/log.ts";
import { deferrals, freshDb, testDatabases } from "../db/testing/databases.ts";
import type { WorkerStatus } from "../mail/worker.ts";
import { createReadiness } from "./readiness.ts";

const defer = deferrals();

/** A worker whose last run ended, or whose run began, so many milliseconds before each check
 * (ages, not instants: creating a database on a busy machine takes seconds). */
type WorkerAges = { started?: boolean; lastRunEndedAgo?: number; runningForMs?: number };
const worker = ({ started = true, lastRunEndedAgo = 0, runningForMs }: WorkerAges) => ({
  status: (): WorkerStatus => ({
    started,
    lastRunEndedAt: Date.now() - lastRunEndedAgo,
    runningSince: runningForMs === undefined ? null : Date.now() - runningForMs,
    pollMs: 5000,
    leaseMs: 300_000,
  }),
});

for (const database of await testDatabases("Readiness")) {
  describe(`on ${database.name}`, () => {
    async function setUp(status: WorkerAges = {}, transportAvailable = true) {
      const { db, cleanup } = await freshDb(database);
      defer(cleanup);
      const { logger, entries } = memoryLog();
      const readiness = createReadiness({ db, mail: { transportAvailable, worker: worker(status) }, logger });
      return { db, readiness, entries };
    }

    it("is ready with the database migrated and the worker polling, or without SMTP at all", async () => {
      expect(await (await setUp()).readiness.check()).toEqual({
        ready: true,
        checks: {
          stopping: { ok: true },
          database: { ok: true },
          migrations: { ok: true, pending: 0, unknown: 0 },
          mailWorker: { ok: true, state: "idle" },
        },
      });
      const noSmtp = await setUp({ started: false }, false);
      expect((await noSmtp.readiness.check()).checks.mailWorker).toEqual({
        ok: true,
        state: "no transport (SMTP_URL unset)",
      });
    });

    it("names the migrations when one is missing or unknown", async () => {
      const { db, readiness } = await setUp();
      await sql`delete from kysely_migration where name = (select max(name) from kysely_migration)`.execute(
        db.kysely,
      );
      await sql`insert into kysely_migration (name, timestamp) values ('0099-from-the-future', 'x'), ('0098-also', 'x')`.execute(
        db.kysely,
      );
      expect(await readiness.check()).toMatchObject({
        ready: false,
        checks: { database: { ok: true }, migrations: { ok: false, pending: 1, unknown: 2 } },
      });
    });

    it("names the worker when it is stopped, stalled between runs or on one e-mail for two leases", async () => {
      const cases: [WorkerAges, string][] = [
        [{ started: false }, "stopped"],
        [{ lastRunEndedAgo: 16_000 }, "stalled"],
        [{ runningForMs: 601_000 }, "stalled"],
      ];
      for (const [status, state] of cases) {
        const { readiness } = await setUp(status);
        expect(await readiness.check(), state).toMatchObject({
          ready: false,
          checks: { database: { ok: true }, mailWorker: { ok: false, state } },
        });
      }
      // Within three polls, or a run under way, it is alive.
      const { readiness } = await setUp({ lastRunEndedAgo: 14_000 });
      expect((await readiness.check()).ready).toBe(true);
      const running = await setUp({ runningForMs: 60_000, lastRunEndedAgo: 60_000 });
      expect((await running.readiness.check()).checks.mailWorker).toEqual({ ok: true, state: "running" });
    });

    it("names the database when it is gone, without saying why to the caller, and logs it once", async () => {
      const { db, readiness, entries } = await setUp();
      expect((await readiness.check()).ready).toBe(true);
      await db.close();
      for (let i = 0; i < 3; i++)
        expect(await readiness.check()).toEqual({
          ready: false,
          checks: {
            stopping: { ok: true },
            database: { ok: false, error: "unreachable" },
            migrations: { ok: false, error: "not checked" },
            mailWorker: { ok: true, state: "idle" },
          },
        });
      expect(entries.filter((e) => e.msg === "readiness.not-ready")).toEqual([
        expect.objectContaining({ level: "warn", failing: ["database", "migrations"] }),
      ]);
    });

    it("is not ready once the process is stopping, whatever else holds", async () => {
      const { readiness, entries } = await setUp();
      expect((await readiness.check()).ready).toBe(true);
      readiness.stopping();
      expect(await readiness.check()).toMatchObject({
        ready: false,
        checks: { stopping: { ok: false, state: "stopping" }, database: { ok: true } },
      });
      expect(entries.filter((e) => e.msg === "readiness.not-ready")).toEqual([
        expect.objectContaining({ failing: ["stopping"] }),
      ]);
    });

    it("is not ready when the database answers reads but refuses writes (a full disk, read-only)", async () => {
      const { db, readiness } = await setUp();
      expect((await readiness.check()).ready).toBe(true);
      // Each check writes this instance's probe row.
      const probes = async () =>
        (await db.kysely.selectFrom("readiness_probe").select("instance").execute()).length;
      expect(await probes()).toBe(1);
      // The probe's write refused, reads answered (the full disk itself: tests/pages/outage.test.ts).
      await sql`drop table readiness_probe`.execute(db.kysely);
      expect(await readiness.check()).toMatchObject({
        ready: false,
        checks: { database: { ok: false, error: "not writable" }, migrations: { ok: true } },
      });
    });

    it("shares one check among calls that overlap", async () => {
      const { readiness } = await setUp();
      const calls = Array.from({ length: 10 }, () => readiness.check());
      expect(new Set(calls).size).toBe(1);
      await Promise.all(calls);
      expect(readiness.check()).not.toBe(calls[0]);
    });
  });
}
