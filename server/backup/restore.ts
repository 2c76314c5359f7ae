// Restores a backup into an empty target: a DATA_DIR without a database (SQLite) or a database
// without tables (PostgreSQL, through pg_restore). Nothing is written until the target is found
// empty and the file passes every check: its sha256 is the manifest's, SQLite's integrity check
// says ok, and its schema is not newer than this code's migrations. Every table's rows are then
// counted and compared with the manifest before the copy is kept (issue 45): SQLite's copy is
// counted under its temporary name, and only renamed into DATA_DIR when they agree; PostgreSQL's
// is counted once pg_restore has committed, and its tables dropped again when they differ. A
// refusal leaves the target as it was (a DATA_DIR this made is removed again). The restored
// database is left at the backup's level: the server's start brings it up to date (openDatabase
// migrates).
import Database from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import { chmod, copyFile, mkdir, rename, rm, rmdir } from "node:fs/promises";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import pg from "pg";
import { SQLITE_FILE, survivesLostConnections } from "../db/index.ts";
import { migrations as codeMigrations } from "../db/migrate.ts";
import {
  countDifferences,
  manifestOf,
  migrationLevel,
  readManifest,
  sha256Of,
  tableCounts,
  type Manifest,
} from "./files.ts";
import { connection, findTool, runTool } from "./postgres-tools.ts";

/** A refusal: one line saying why nothing was written, or why what was copied was not kept (the
 *  target is as it was either way). */
export class RestoreRefused extends Error {
  readonly outcome: "nothing written" | "nothing kept";
  constructor(message: string, outcome: "nothing written" | "nothing kept" = "nothing written") {
    super(message);
    this.outcome = outcome;
  }
}

export type RestoreTarget = { dataDir: string; databaseUrl?: string; env?: NodeJS.ProcessEnv };

export type Restored = { manifest: Manifest; counts: Record<string, number> };

export async function restoreBackup(file: string, target: RestoreTarget): Promise<Restored> {
  if (!existsSync(file)) throw new RestoreRefused(`${file} does not exist`);
  const manifest = await readManifest(manifestOf(file)).catch((error: Error) => {
    throw new RestoreRefused(error.message);
  });
  const wanted = target.databaseUrl ? "postgres" : "sqlite";
  if (manifest.dialect !== wanted)
    throw new RestoreRefused(
      `${file} is a ${manifest.dialect === "sqlite" ? "SQLite" : "PostgreSQL"} backup and the target is ` +
        (wanted === "sqlite"
          ? "SQLite (DATA_DIR; set DATABASE_URL for PostgreSQL)"
          : "PostgreSQL (DATABASE_URL)"),
    );
  await refuseNonEmpty(target);
  const sha256 = await sha256Of(file);
  if (sha256 !== manifest.sha256)
    throw new RestoreRefused(
      `${file} is damaged: its sha256 is ${sha256}, the manifest says ${manifest.sha256}`,
    );
  const level = wanted === "sqlite" ? await checkSqlite(file) : manifest.migrations;
  await refuseNewer(file, level);
  const counts =
    wanted === "sqlite"
      ? await restoreSqlite(file, manifest, target.dataDir)
      : await restorePostgres(file, manifest, target);
  return { manifest, counts };
}

/** The refusal of a copy whose rows are not the manifest's. */
function differentRows(file: string, differences: string[], after = ""): RestoreRefused {
  return new RestoreRefused(
    `${file} does not hold the rows its manifest counts (${differences.join("; ")}): the file or ` +
      `its manifest was changed${after}`,
    "nothing kept",
  );
}

async function refuseNonEmpty(target: RestoreTarget): Promise<void> {
  if (!target.databaseUrl) {
    const file = join(target.dataDir, SQLITE_FILE);
    if (existsSync(file) || existsSync(`${file}-wal`))
      throw new RestoreRefused(
        `${target.dataDir} already holds a database (${SQLITE_FILE}): restore into an empty DATA_DIR`,
      );
    return;
  }
  const tables = await withPostgres(target.databaseUrl, (db) => tableCounts(db, "postgres"));
  const count = Object.keys(tables).length;
  if (count > 0)
    throw new RestoreRefused(
      `The database of DATABASE_URL is not empty (${count} tables): restore into an empty database`,
    );
}

/** SQLite's integrity check on the file itself, read-only; the migrations it records. */
async function checkSqlite(file: string): Promise<string[]> {
  let database: Database.Database;
  try {
    database = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new RestoreRefused(`${file} cannot be opened as SQLite: ${(error as Error).message}`);
  }
  try {
    const result = database.pragma("integrity_check", { simple: true });
    if (result !== "ok")
      throw new RestoreRefused(`${file} fails SQLite's integrity check: ${String(result)}`);
    return await migrationLevel(new Kysely<unknown>({ dialect: new SqliteDialect({ database }) }));
  } catch (error) {
    if (error instanceof RestoreRefused) throw error;
    throw new RestoreRefused(`${file} is not a readable SQLite database: ${(error as Error).message}`);
  } finally {
    database.close();
  }
}

/** A backup from a newer version of the site has migrations this code does not know. */
async function refuseNewer(file: string, level: string[]): Promise<void> {
  const known = Object.keys(await codeMigrations.getMigrations()).sort();
  const unknown = level.filter((name) => !known.includes(name));
  if (unknown.length > 0)
    throw new RestoreRefused(
      `${file} was made by a newer version of the site (migration ${unknown.join(", ")}; this one ` +
        `knows up to ${known.at(-1)}): restore it with that version or a later one`,
    );
}

async function restoreSqlite(
  file: string,
  manifest: Manifest,
  dataDir: string,
): Promise<Record<string, number>> {
  const made = await mkdir(dataDir, { recursive: true });
  const target = join(dataDir, SQLITE_FILE);
  const temporary = join(dataDir, `.${SQLITE_FILE}.restoring`);
  try {
    await copyFile(file, temporary);
    // The database is readable by the server's user only (server/db/index.ts).
    await chmod(temporary, 0o600);
    // Counted under its temporary name: a copy that is not the manifest's never takes the place.
    const counts = await countSqlite(temporary);
    const differences = countDifferences(manifest.tables, counts);
    if (differences.length > 0) throw differentRows(file, differences);
    await rename(temporary, target);
    return counts;
  } catch (error) {
    await rm(temporary, { force: true });
    if (made) await removeMade(dataDir, made);
    throw error;
  }
}

async function countSqlite(file: string): Promise<Record<string, number>> {
  const database = new Database(file, { readonly: true, fileMustExist: true });
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database }) });
  try {
    return await tableCounts(db, "sqlite");
  } finally {
    await db.destroy();
  }
}

/** The folders `mkdir -p` made for `dir` (`made`, the first of them, to `dir`) removed again, each
 *  only when empty. */
async function removeMade(dir: string, made: string): Promise<void> {
  const top = resolve(made);
  for (let at = resolve(dir); ; at = dirname(at)) {
    const removed = await rmdir(at).then(
      () => true,
      () => false,
    );
    if (!removed || at === top || dirname(at) === at) return;
  }
}

async function restorePostgres(
  file: string,
  manifest: Manifest,
  target: RestoreTarget,
): Promise<Record<string, number>> {
  const env = target.env ?? process.env;
  const pgRestore = findTool("pg_restore", env);
  const { arg, env: toolEnv } = connection(target.databaseUrl!);
  // The dump's owner and grants are the source server's roles: the target's user owns the copy.
  await runTool(
    pgRestore,
    ["--exit-on-error", "--single-transaction", "--no-owner", "--no-privileges", arg, file],
    toolEnv,
  );
  return withPostgres(target.databaseUrl!, async (db) => {
    const counts = await tableCounts(db, "postgres");
    const differences = countDifferences(manifest.tables, counts);
    if (differences.length === 0) return counts;
    // The target had no table before (refuseNonEmpty): every table is the copy's. Dropped in one
    // transaction, their indexes with them: the database is as it was.
    await db.transaction().execute(async (trx) => {
      for (const table of Object.keys(counts))
        await sql`drop table if exists ${sql.table(table)} cascade`.execute(trx);
    });
    throw differentRows(file, differences, "; its tables were dropped again");
  });
}

async function withPostgres<T>(url: string, fn: (db: Kysely<unknown>) => Promise<T>): Promise<T> {
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({
      pool: survivesLostConnections(new pg.Pool({ connectionString: url, max: 1 })),
    }),
  });
  try {
    return await fn(db);
  } finally {
    await db.destroy();
  }
}
