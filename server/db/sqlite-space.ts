// The SQLite file gives back the space its deleted rows held (issue 45). An uploaded picture's
// original (up to 15 MB) is kept in the database until it is converted, then dropped; SQLite keeps
// the pages it held as free pages of the file, so the file only grew (84 MB after 13 uploads).
// With `auto_vacuum = INCREMENTAL` the file can be cut: `reclaimSpace` (after a conversion, a
// failure, a cleanup) moves the free pages to its end and cuts them off.
//   The mode is written in the file's header. A new file gets it at its first open; a file made
// before has it only after one `VACUUM` (SQLite's rule: it cannot run in the migrations'
// transaction), which `compactSqlite` runs at that open: it rewrites the file with its live pages
// only (170 ms for the 45 MB file 13 uploads had left, 20 MB of it live; 1.5 s for 300 MB), and
// needs that much free disk for the while. Should it fail (the disk full, another process holding
// the file), the file stays as it was, is used as before, and the next start tries again.
// PostgreSQL reuses its dead rows' space by its own autovacuum: nothing to do there.
import type Database from "better-sqlite3";
import type { Kysely } from "kysely";
import { consoleLogger, describeError, type Logger } from "../log.ts";

/** `PRAGMA auto_vacuum`'s value for INCREMENTAL. */
const INCREMENTAL = 2;

/** The write-ahead log is cut back to this once checkpointed (it would otherwise stay as large as
 *  the largest write: a 15 MB upload's). */
export const WAL_KEPT_BYTES = 4 * 1024 * 1024;

/** Pages given back in one step of `reclaimSpace` (about 5 ms). */
const PAGES_AT_ONCE = 500;

const bytesOf = (database: Database.Database) =>
  Number(database.pragma("page_count", { simple: true })) *
  Number(database.pragma("page_size", { simple: true }));

/**
 * At open, before the migrations: the file in `auto_vacuum = INCREMENTAL` (a `VACUUM` once for a
 * file made before), its WAL kept small. What was done: `vacuumed` when the file was rewritten.
 */
export function compactSqlite(
  database: Database.Database,
  log: Logger = consoleLogger,
): { vacuumed: boolean; bytesBefore?: number; bytesAfter?: number; ms?: number } {
  database.pragma(`journal_size_limit = ${WAL_KEPT_BYTES}`);
  if (database.pragma("auto_vacuum", { simple: true }) === INCREMENTAL) return { vacuumed: false };
  const tables = Number(database.prepare("select count(*) from sqlite_schema").pluck().get());
  const bytesBefore = bytesOf(database);
  const t0 = performance.now();
  try {
    database.pragma("auto_vacuum = INCREMENTAL");
    database.exec("VACUUM");
    // The rewritten file is in the WAL: into the file now, and the WAL emptied.
    database.pragma("wal_checkpoint(TRUNCATE)");
  } catch (error) {
    log({
      level: "warn",
      msg: "db.vacuum-failed",
      reason: describeError(error),
      note: "the file keeps its free pages; tried again at the next start",
    });
    return { vacuumed: false };
  }
  const result = {
    vacuumed: true,
    bytesBefore,
    bytesAfter: bytesOf(database),
    ms: Math.round(performance.now() - t0),
  };
  // A new file is not worth a line; a file that held data is the operator's to know about.
  if (tables > 0) log({ msg: "db.auto-vacuum-on", ...result });
  return result;
}

/** `fn` on the connection without waiting for another process's lock (better-sqlite3 would wait
 *  on the event loop's thread, up to busy_timeout): SQLITE_BUSY at once instead. */
function withoutWaiting<T>(database: Database.Database, fn: () => T): T {
  const timeout = Number(database.pragma("busy_timeout", { simple: true }));
  database.pragma("busy_timeout = 0");
  try {
    return fn();
  } finally {
    database.pragma(`busy_timeout = ${timeout}`);
  }
}

/**
 * Gives the file's free pages back to the file system (SQLite; nothing on PostgreSQL): moved to
 * the end of the file and cut off, then the WAL written into the file, which is cut to its new
 * end, and emptied (a TRUNCATE checkpoint). Run on Kysely's one connection, so that no transaction
 * of another caller is open meanwhile; waiting for no other process: one that holds the file (an
 * operator's command) leaves the rest for a later call, which gives back every free page there is
 * then. Never throws (the space is not the caller's business). The pages given back.
 */
export async function reclaimSpace<D>(db: {
  kysely: Kysely<D>;
  underlying: { sqlite: Database.Database } | { postgresUrl: string };
}): Promise<number> {
  if (!("sqlite" in db.underlying)) return 0;
  const database = db.underlying.sqlite;
  const freeNow = () => Number(database.pragma("freelist_count", { simple: true }));
  return db.kysely
    .connection()
    .execute(async () => {
      const free = freeNow();
      if (free === 0) return 0;
      // A few hundred pages at a time, the event loop free between them (all at once, the 3,500
      // pages of a 14 MB original held it 30 to 60 ms). `pragma()` runs through the statement's
      // rows: each step gives back one page (a statement stepped once would give back one).
      for (let left = free, rounds = 0; left > 0 && rounds < 10_000; left = freeNow(), rounds++) {
        withoutWaiting(database, () => database.pragma(`incremental_vacuum(${PAGES_AT_ONCE})`));
        await new Promise((resolve) => setImmediate(resolve));
      }
      // Returns a row saying whether it was blocked (by a reader of another process): it does not throw.
      withoutWaiting(database, () => database.pragma("wal_checkpoint(TRUNCATE)"));
      return free - freeNow();
    })
    .catch(() => 0);
}
