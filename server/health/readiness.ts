// Whether this instance should get traffic (GET /readyz, server/health/endpoints.ts), as a load
// balancer asks it: it is not stopping, the database answers and takes a write (this instance's
// probe row; given a second at most: a full disk or a read-only database is not ready), every
// migration of this code is applied and none unknown, and the mail worker runs (when SMTP_URL is
// set).
// /healthz says only that the process answers; a balancer takes an instance out on /readyz.
// Concurrent calls share one check, so a balancer's or a stranger's burst is one query.
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describeError, type Logger } from "../log.ts";
import type { Db } from "../db/index.ts";
import { MIGRATION_TABLE, migrationNames } from "../db/migrate.ts";
import type { WorkerStatus } from "../mail/worker.ts";
import "./tables.ts";

export type Check = { ok: boolean; [detail: string]: unknown };
export type Readiness = {
  ready: boolean;
  checks: { stopping: Check; database: Check; migrations: Check; mailWorker: Check };
};

export type ReadinessOptions = {
  db: Db;
  /** The mail worker's status; `transport` false: no SMTP_URL, so no worker to wait for. */
  mail: { transportAvailable: boolean; worker: { status(): WorkerStatus } };
  logger: Logger;
  /** How long the database may take to answer (default 1 s). */
  timeoutMs?: number;
};

/** Probe rows of instances gone for this long are removed by the others' checks. */
const PROBE_KEPT_MS = 3_600_000;

/** Poll intervals after which a started worker that has not finished a run is stalled. */
const STALE_POLLS = 3;
/** Leases one e-mail may take before a run under way is stalled. */
const STALLED_LEASES = 2;

export function createReadiness({ db, mail, logger, timeoutMs = 1000 }: ReadinessOptions) {
  let pending: Promise<Readiness> | null = null;
  let wasReady: boolean | null = null;
  let stopping = false;
  const instance = randomUUID();

  /** This instance's probe row written (a write the database must commit), and old ones gone. */
  async function probe(now: number) {
    await db.kysely
      .insertInto("readiness_probe")
      .values({ instance, checkedAt: now })
      .onConflict((oc) => oc.column("instance").doUpdateSet({ checkedAt: now }))
      .execute();
    await db.kysely
      .deleteFrom("readiness_probe")
      .where("checkedAt", "<", now - PROBE_KEPT_MS)
      .execute();
  }

  async function database(): Promise<{ database: Check; migrations: Check }> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      // One query answers both: the database is there, and which migrations it records.
      const [rows, expected] = await Promise.race([
        Promise.all([
          sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(db.kysely),
          migrationNames(),
        ]),
        timeout,
      ]);
      const applied = new Set(rows.rows.map((r) => r.name));
      const pending = expected.filter((name) => !applied.has(name)).length;
      const unknown = applied.size - (expected.length - pending);
      const migrations = { ok: pending === 0 && unknown === 0, pending, unknown };
      // Reads answer; writes must too (not before the probe's table exists).
      if (pending === 0) {
        try {
          await Promise.race([probe(Date.now()), timeout]);
        } catch (error) {
          logger({ level: "warn", msg: "readiness.database-write", reason: describeError(error) });
          return { database: { ok: false, error: "not writable" }, migrations };
        }
      }
      return { database: { ok: true }, migrations };
    } catch (error) {
      // The reason goes to the log, not to whoever asked (it may name hosts).
      logger({ level: "warn", msg: "readiness.database", reason: describeError(error) });
      return {
        database: { ok: false, error: "unreachable" },
        migrations: { ok: false, error: "not checked" },
      };
    } finally {
      clearTimeout(timer);
    }
  }

  function mailWorker(now: number): Check {
    if (!mail.transportAvailable) return { ok: true, state: "no transport (SMTP_URL unset)" };
    const status = mail.worker.status();
    if (!status.started) return { ok: false, state: "stopped" };
    // A run under way is alive until two leases pass without progress: a claim, or a renewal of
    // the lease of the e-mail being sent (a server may take 10 minutes to answer its end, and
    // the worker renews meanwhile; a database that refuses the renewals fails `database`).
    if (status.runningSince !== null)
      return now - status.runningSince <= STALLED_LEASES * status.leaseMs
        ? { ok: true, state: "running" }
        : { ok: false, state: "stalled", runningForSeconds: Math.round((now - status.runningSince) / 1000) };
    const idleMs = status.lastRunEndedAt === null ? 0 : now - status.lastRunEndedAt;
    return idleMs <= STALE_POLLS * status.pollMs
      ? { ok: true, state: "idle" }
      : { ok: false, state: "stalled", lastRunEndedSecondsAgo: Math.round(idleMs / 1000) };
  }

  async function check(): Promise<Readiness> {
    const checks = {
      // A stop has begun (server/main.ts): the balancer takes this instance out while it still
      // answers, before its listener closes.
      stopping: stopping ? { ok: false, state: "stopping" } : { ok: true },
      ...(await database()),
      mailWorker: mailWorker(Date.now()),
    };
    const ready = Object.values(checks).every((c) => c.ok);
    if (ready !== wasReady) {
      const failing = Object.entries(checks).flatMap(([name, c]) => (c.ok ? [] : [name]));
      if (wasReady !== null || !ready)
        logger({
          level: ready ? "info" : "warn",
          msg: ready ? "readiness.ready" : "readiness.not-ready",
          failing,
        });
      wasReady = ready;
    }
    return { ready, checks };
  }

  return {
    /** From now on the instance is not ready: it is stopping (checks still run, for the log). */
    stopping(): void {
      stopping = true;
    },
    /** The instance's readiness now; calls that overlap share one check. */
    check(): Promise<Readiness> {
      pending ??= check().finally(() => {
        pending = null;
      });
      return pending;
    },
  };
}

export type ReadinessCheck = ReturnType<typeof createReadiness>;
