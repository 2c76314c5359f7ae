// The one database of the server: SQLite in DATA_DIR (embedded default) or PostgreSQL when
// DATABASE_URL is set, behind one typed Kysely instance. Opened once (server/services.ts) and
// migrated on open; features get repositories built on `db.kysely`, never their own connection.
//
// Conventions (docs/data-layer.md):
// - Repositories use camelCase names (CamelCasePlugin maps them to the snake_case columns);
//   migrations use the real snake_case names (they run without the plugin).
// - Times are integers: milliseconds since the epoch (`bigint` columns; PostgreSQL's int8 is
//   read back as a JS number here, exact up to the year 287396).
// - Dialect-specific SQL is rare and named: `db.dialect` tells which one runs.
import Database from "better-sqlite3";
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, type Transaction } from "kysely";
import { chmodSync, closeSync, mkdirSync, openSync, realpathSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import pg from "pg";
import { migrateToLatest } from "./migrate.ts";
import { compactSqlite } from "./sqlite-space.ts";
import { immediateTransaction } from "./sqlite-transaction.ts";
import type { Database as Schema } from "./schema.ts";

export type { Database as Schema } from "./schema.ts";
export type Dialect = "sqlite" | "postgres";

/** The typed query builder, or a transaction of it (same API). */
export type Queries = Kysely<Schema>;

export type Db = {
  readonly dialect: Dialect;
  readonly kysely: Kysely<Schema>;
  /** Where the data is, for logs and the operator: a file path, or the PostgreSQL host/db. */
  readonly location: string;
  /** The connection beneath Kysely, for what it cannot do (server/backup/: SQLite's online
   *  backup API, pg_dump's connection URL). Nothing else should need it. */
  readonly underlying: { sqlite: Database.Database } | { postgresUrl: string };
  close(): Promise<void>;
};

export type DatabaseOptions = {
  /** Folder of the SQLite file (created if missing, unless mustExist). */
  dataDir: string;
  /** postgres:// URL: use PostgreSQL instead of SQLite. */
  databaseUrl?: string;
  /** SQLite: how long a write waits for another writer's lock (ms, default 5 s). */
  busyTimeoutMs?: number;
  /** SQLite: refuse to create a database that does not exist yet (operator commands). */
  mustExist?: boolean;
  /** PostgreSQL: connections per process (default 5). */
  poolSize?: number;
};

/** The SQLite file keeps the name it had when it held only contact messages. */
export const SQLITE_FILE = "contact.sqlite";

const PG_INT8 = 20;

/** Opens the database chosen by the configuration and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  const db = options.databaseUrl ? openPostgres(options) : openSqlite(options);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/** SQLite files open in this process. better-sqlite3 is synchronous: two connections of one
 *  process to one file would wait for each other's lock on the one thread (a deadlock until
 *  busy_timeout). So a process opens a file once; a second open shares the connection, and
 *  Kysely's connection mutex serialises its users. */
const openSqliteFiles = new Map<string, { db: Db; users: number }>();

function openSqlite(options: DatabaseOptions): Db {
  if (!options.mustExist) mkdirSync(options.dataDir, { recursive: true });
  const file = realFile(join(options.dataDir, SQLITE_FILE));
  const shared = openSqliteFiles.get(file);
  if (shared) {
    shared.users++;
    return { ...shared.db, close: once(() => release(file)) };
  }
  ownerOnly(file, !options.mustExist);
  const database = new Database(file, { fileMustExist: options.mustExist ?? false });
  // WAL + synchronous=FULL: an acknowledged write survives a crash or a power cut.
  database.pragma("journal_mode = WAL");
  // SQLite makes the -wal and -shm files with the database file's mode (0600 now); ones an older
  // version left, and kept, are made so here.
  ownerOnly(file, false);
  database.pragma("synchronous = FULL");
  database.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 5000))}`);
  database.pragma("foreign_keys = ON");
  // Deleted rows' space goes back to the file system (./sqlite-space.ts).
  compactSqlite(database);
  const kysely = new Kysely<Schema>({
    dialect: new SqliteDialect({ database: withStatementCache(database) }),
    plugins: [new CamelCasePlugin()],
  });
  const db: Db = {
    dialect: "sqlite",
    kysely,
    location: file,
    underlying: { sqlite: database },
    close: () => kysely.destroy(),
  };
  openSqliteFiles.set(file, { db, users: 1 });
  return { ...db, close: once(() => release(file)) };
}

/** Kysely's SQLite driver prepares every statement anew; SQLite then parses and plans the SQL
 *  each time. The server runs the same few statements over and over: keep the prepared ones
 *  (the most recently used 200; one connection, so a statement is never in use twice). */
function withStatementCache(database: Database.Database) {
  const cache = new Map<string, Database.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string): Database.Statement {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql); // most recently used goes last
      } else {
        statement = database.prepare(sql);
        if (cache.size >= 200) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

/** The files of the SQLite database, its -wal and -shm beside it, readable and writable by the
 *  server's user only (0600), as its backups and `secret` are: they hold every enquiry. SQLite
 *  makes a new file as the umask says (0644 under the usual 022), and its -wal and -shm with the
 *  database file's mode: so the file is made 0600 before SQLite opens it (`create`), and a wider
 *  mode an older version left is narrowed (the owner's bits kept, nothing widened). A file this
 *  user may not change (an operator's command run as another user) is left as it is. */
function ownerOnly(file: string, create: boolean): void {
  if (create) {
    try {
      closeSync(openSync(file, "wx", 0o600));
    } catch (error) {
      if ((error as { code?: string }).code !== "EEXIST") throw error;
    }
  }
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      const { mode } = statSync(path);
      if (mode & 0o077) chmodSync(path, mode & 0o700);
    } catch {
      // Missing (no -wal yet), or not this user's: nothing to narrow here.
    }
  }
}

async function release(file: string): Promise<void> {
  const entry = openSqliteFiles.get(file);
  if (!entry || --entry.users > 0) return;
  openSqliteFiles.delete(file);
  await entry.db.close();
}

function realFile(file: string): string {
  try {
    return join(realpathSync(dirname(file)), basename(file));
  } catch {
    return resolve(file);
  }
}

function openPostgres(options: DatabaseOptions): Db {
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 5,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    // Times and counts are int8: read them as numbers (ms since the epoch fit exactly).
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === PG_INT8 && format !== "binary"
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig["getTypeParser"],
    },
  });
  survivesLostConnections(pool);
  const kysely = new Kysely<Schema>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  const url = new URL(options.databaseUrl!);
  return {
    dialect: "postgres",
    kysely,
    location: `postgres://${url.host}${url.pathname}`,
    underlying: { postgresUrl: options.databaseUrl! },
    close: once(() => kysely.destroy()),
  };
}

/**
 * Runs `fn` in a read-write transaction. On SQLite it is `BEGIN IMMEDIATE`: the write lock is
 * taken at the start (waiting up to busy_timeout for another process), so a transaction that
 * reads before it writes cannot fail half-way with SQLITE_BUSY. On PostgreSQL an ordinary
 * transaction (read committed). Do not nest it.
 */
export async function writeTransaction<T>(db: Db, fn: (trx: Queries) => Promise<T>): Promise<T> {
  if (db.dialect === "postgres")
    return db.kysely.transaction().execute((trx: Transaction<Schema>) => fn(trx));
  return db.kysely.connection().execute((connection) => immediateTransaction(connection, fn));
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | null = null;
  return () => (done ??= fn());
}

/**
 * A client losing its connection must not crash the process, idle (the pool's "error") or held
 * (its own "error": a database restarted mid-transaction, or a client still ending when the
 * server terminates it): the statement in flight fails, the pool drops the client, and the next
 * query connects again. Every pg.Pool of ours goes through here.
 */
export function survivesLostConnections(pool: pg.Pool): pg.Pool {
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  return pool;
}
