// Takes one backup of the database while the server serves: SQLite through its online backup API
// (better-sqlite3's `backup`: pages copied a few at a time between the event loop's turns; a
// write made meanwhile through the same connection is copied too, so the file is the database as
// it is when the copy ends), PostgreSQL through `pg_dump --format=custom` on a snapshot exported
// from a repeatable-read transaction, in which the manifest's row counts are read too. Written to
// a temporary name in the folder, then renamed: a backup is there whole or not at all.
//   What a backup must not keep (NOT_KEPT): the traffic's daily salt (docs/traffic.md). A day's
// visitor hashes cannot be made again once its salt is deleted, the next day; a backup kept 12
// months would keep it, and with it a way to test an address against that day's hashes (issue 45).
// SQLite: its rows are deleted from the copy before it is finished, with `secure_delete` (their
// bytes overwritten, not left in a free page); PostgreSQL: pg_dump leaves its data out. The table
// itself is kept, empty: a server started on the restored copy makes a new salt for the day.
import Database from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { chmod, mkdir, open, rename, rm, stat, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "../db/index.ts";
import { backupName, manifestOf, migrationLevel, sha256Of, tableCounts, type Manifest } from "./files.ts";
import { connection, findTool, runTool } from "./postgres-tools.ts";

/** Tables whose rows no backup keeps (their table is kept, empty; the manifest counts 0). */
const NOT_KEPT = ["traffic_salt"] as const;

export type BackupOptions = {
  /** The folder of the backups (created if missing). */
  dir: string;
  now?: () => number;
  /** SQLite: pages copied between two turns of the event loop (default 1,000, 4 MB). Another
   *  process's write restarts an online backup: the operator's command copies in one step. */
  pagesPerStep?: number;
  /** The environment pg_dump is found in (default process.env). */
  env?: NodeJS.ProcessEnv;
};

/** A backup just taken: where it is and its manifest. */
export type TakenBackup = Manifest & { path: string };

export async function createBackup(db: Db, options: BackupOptions): Promise<TakenBackup> {
  const now = options.now ?? Date.now;
  const started = now();
  // Backups hold what the database holds, personal data too: readable by the server's user only.
  await mkdir(options.dir, { recursive: true, mode: 0o700 });
  const name = freeName(options.dir, started, db.dialect);
  const path = join(options.dir, name);
  const temporary = join(options.dir, `.${name}.tmp`);
  try {
    // Made first, readable by this user only: SQLite and pg_dump would make it as the umask says
    // (0644), and it holds the database's data from the first page.
    await (await open(temporary, "wx", 0o600)).close();
    const { migrations, tables } =
      "sqlite" in db.underlying
        ? await copySqlite(db.underlying.sqlite, temporary, options.pagesPerStep ?? 1000)
        : await dumpPostgres(db, db.underlying.postgresUrl, temporary, options.env ?? process.env);
    await chmod(temporary, 0o600);
    const manifest: Manifest = {
      file: name,
      sha256: await sha256Of(temporary),
      bytes: (await stat(temporary)).size,
      dialect: db.dialect,
      migrations,
      tables,
      createdAt: new Date(started).toISOString(),
      ms: now() - started,
    };
    await rename(temporary, path);
    // The manifest last: a backup without one is unfinished (server/backup/files.ts).
    await writeFile(`${manifestOf(path)}.tmp`, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    await rename(`${manifestOf(path)}.tmp`, manifestOf(path));
    return { ...manifest, path };
  } catch (error) {
    await rm(temporary, { force: true });
    await rm(`${manifestOf(path)}.tmp`, { force: true });
    throw error;
  }
}

/** The backup's name at `at`, numbered when one of the same second is there already. */
function freeName(dir: string, at: number, dialect: Db["dialect"]): string {
  for (let n = 0; ; n++) {
    const name = backupName(at, dialect, n);
    if (!existsSync(join(dir, name)) && !existsSync(join(dir, `.${name}.tmp`))) return name;
  }
}

type Copied = Pick<Manifest, "migrations" | "tables">;

async function copySqlite(database: Database.Database, file: string, pagesPerStep: number): Promise<Copied> {
  await database.backup(file, { progress: () => pagesPerStep });
  // The copy is a WAL database like its source: make it one self-contained file (no -wal beside
  // it), then read its level and counts from the copy itself, which is what a restore gets.
  const copy = new Database(file);
  try {
    copy.pragma("journal_mode = DELETE");
    // The rows not kept, deleted with their bytes overwritten (secure_delete: a deleted row's
    // cell is zeroed, not left in the page or in a free page of the file).
    copy.pragma("secure_delete = ON");
    const present = copy.prepare("select 1 from sqlite_schema where type = 'table' and name = ?").pluck();
    for (const table of NOT_KEPT) if (present.get(table)) copy.prepare(`delete from "${table}"`).run();
    const kysely = new Kysely<unknown>({ dialect: new SqliteDialect({ database: copy }) });
    const read = { migrations: await migrationLevel(kysely), tables: await tableCounts(kysely, "sqlite") };
    await kysely.destroy(); // closes `copy`
    return read;
  } finally {
    if (copy.open) copy.close();
  }
}

async function dumpPostgres(db: Db, url: string, file: string, env: NodeJS.ProcessEnv): Promise<Copied> {
  const pgDump = findTool("pg_dump", env);
  const { arg, env: toolEnv } = connection(url);
  return db.kysely
    .withoutPlugins()
    .transaction()
    .setIsolationLevel("repeatable read")
    .execute(async (trx) => {
      // pg_dump reads the same snapshot as this transaction: the counts are the dump's.
      const { rows } = await sql<{
        snapshot: string;
        schema: string;
      }>`select pg_export_snapshot() as snapshot,
        current_schema() as schema`.execute(trx);
      const { snapshot, schema } = rows[0]!;
      const read = { migrations: await migrationLevel(trx), tables: await tableCounts(trx, "postgres") };
      // The tables not kept: in the dump, empty (their data left out), and so counted.
      for (const table of NOT_KEPT) if (table in read.tables) read.tables[table] = 0;
      const leftOut = NOT_KEPT.map(
        (table) => `--exclude-table-data=${quotedPattern(schema)}.${quotedPattern(table)}`,
      );
      await runTool(
        pgDump,
        ["--format=custom", `--snapshot=${snapshot}`, ...leftOut, `--file=${file}`, arg],
        toolEnv,
      );
      return read;
    });
}

/** A name as pg_dump's patterns take it literally: in double quotes (a quote doubled), so that no
 *  character of it is a wildcard (`*`, `?`, `.`) and its case is kept. */
const quotedPattern = (name: string) => `"${name.replaceAll('"', '""')}"`;
