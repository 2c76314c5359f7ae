// Backups taken by the server itself when BACKUP_DIR is set: one at start when the newest in the
// folder is older than the interval (BACKUP_EVERY_HOURS), then one an interval after the newest,
// each followed by the retention rule (./retention.ts). With several instances on one PostgreSQL,
// a session advisory lock lets one take a given backup; the one that gets the lock next finds the
// fresh backup (in a folder they share) and takes none. The outcome goes to the log
// (`backup.done` / `backup.failed`) and to the console's overview (`status`).
import { rm } from "node:fs/promises";
import { sql } from "kysely";
import type { BackupStatus } from "#app/lib/ports/backups.ts";
import type { Db } from "../db/index.ts";
import { consoleLogger, describeError, type Logger } from "../log.ts";
import { createBackup } from "./create.ts";
import { listBackups, type Backup } from "./files.ts";
import { RETENTION, retained } from "./retention.ts";

export type BackupSettings = {
  /** The folder of the backups; unset, the server takes none. */
  backupDir?: string;
  /** Hours between two backups (default 24). */
  backupEveryHours?: number;
  /** Months the newest backup of each month is kept (default 12, at most 12). */
  backupKeepMonths?: number;
};

export type BackupScheduler = {
  /** The newest backup of the folder, or the last failure when it is newer (the overview's line). */
  status(): Promise<BackupStatus>;
  /** Resolves once a backup under way (the start's) is over (tests). */
  settled(): Promise<void>;
  /** Stops the timer and waits for a backup in progress. */
  close(): Promise<void>;
};

const HOUR = 3_600_000;
/** pg_try_advisory_lock's key for the backups: any number no other lock of ours uses. */
const LOCK_KEY = 7_310_031;
/** After a failure, the next try comes this much later at most. */
const RETRY_MS = HOUR;

export function startBackups(
  options: BackupSettings & { db: Db; logger?: Logger; now?: () => number },
): BackupScheduler {
  const { db, backupDir: dir } = options;
  if (!dir) return { status: async () => ({ state: "off" }), settled: async () => {}, close: async () => {} };
  const log = options.logger ?? consoleLogger;
  const now = options.now ?? Date.now;
  const interval = (options.backupEveryHours ?? 24) * HOUR;
  let failure: { at: number; reason: string } | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let closed = false;

  /** Takes one when the newest is an interval old (or there is none); returns the next delay. */
  async function due(): Promise<number> {
    const newest = (await listBackups(dir!))[0];
    if (newest && now() - newest.at < interval) return newest.at + interval - now();
    const taken = await exclusively(() => take());
    return taken === "failed" ? Math.min(interval, RETRY_MS) : interval;
  }

  async function take(): Promise<"done" | "failed" | "fresh"> {
    // Under the lock again: another instance may have just taken it into a shared folder.
    const newest = (await listBackups(dir!))[0];
    if (newest && now() - newest.at < interval) return "fresh";
    try {
      const backup = await createBackup(db, { dir: dir!, now });
      failure = null;
      log({ msg: "backup.done", file: backup.path, bytes: backup.bytes, ms: backup.ms });
      await prune();
      return "done";
    } catch (error) {
      failure = { at: now(), reason: describeError(error) };
      log({ level: "error", msg: "backup.failed", dir, reason: failure.reason });
      return "failed";
    }
  }

  /** Applies the retention rule; a file that cannot be deleted is logged, never fatal. */
  async function prune(): Promise<void> {
    const backups = await listBackups(dir!);
    const keep = retained(
      backups.map((b) => ({ name: b.path, createdAt: b.at })),
      now(),
      { ...RETENTION, monthly: options.backupKeepMonths ?? RETENTION.monthly },
    );
    const gone: Backup[] = backups.filter((b) => !keep.has(b.path));
    for (const backup of gone) {
      await rm(backup.manifestPath, { force: true });
      await rm(backup.path, { force: true });
    }
    if (gone.length > 0) log({ msg: "backup.pruned", removed: gone.map((b) => b.file) });
  }

  /** PostgreSQL: only the instance holding the lock backs up; the others skip this turn. */
  async function exclusively<T>(fn: () => Promise<T>): Promise<T | "locked"> {
    if (db.dialect === "sqlite") return fn();
    return db.kysely.connection().execute(async (connection) => {
      const { rows } = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${LOCK_KEY}) as ok`.execute(
        connection,
      );
      if (!rows[0]?.ok) return "locked";
      try {
        return await fn();
      } finally {
        await sql`select pg_advisory_unlock(${LOCK_KEY})`.execute(connection);
      }
    });
  }

  function tick(): void {
    running = due()
      .catch((error: unknown) => {
        // The folder could not be read: said like a failed backup, tried again later.
        failure = { at: now(), reason: describeError(error) };
        log({ level: "error", msg: "backup.failed", dir, reason: failure.reason });
        return Math.min(interval, RETRY_MS);
      })
      .then((delay) => {
        running = null;
        if (closed) return;
        timer = setTimeout(tick, Math.max(1000, delay));
        timer.unref();
      });
  }
  tick();

  return {
    async status() {
      const newest = (await listBackups(dir).catch(() => []))[0];
      if (failure && (!newest || failure.at >= newest.at))
        return { state: "failed", at: failure.at, reason: failure.reason, lastDone: newest?.at ?? null };
      if (!newest) return { state: "none" };
      return {
        state: "done",
        at: newest.at,
        file: newest.file,
        bytes: newest.bytes,
        everyHours: interval / HOUR,
      };
    },
    async settled() {
      await running;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
