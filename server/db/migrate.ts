// Runs the migrations (server/db/migrations/) with Kysely's Migrator; the `kysely_migration`
// table records which ran. PostgreSQL: the Migrator holds an advisory lock and runs them in one
// transaction, so instances starting together migrate once. SQLite: we wrap the whole run in
// BEGIN IMMEDIATE ourselves (Kysely does not, for SQLite), so it is atomic too and a second
// process (the operator commands) waits for it. A database that records a migration this code
// does not have was migrated by a newer version: it is refused before anything runs
// (NewerDatabaseError), since this code cannot know what that migration changed.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { sql, type Kysely } from "kysely";
import { FileMigrationProvider, Migrator, type MigrationProvider } from "kysely/migration";
import type { Database as Schema } from "./schema.ts";
import { immediateTransaction } from "./sqlite-transaction.ts";

export const MIGRATION_TABLE = "kysely_migration";

/** A migration's file: `NNNN-what-it-does.ts`, exporting `migration` (tests beside it are not). */
export const MIGRATION_FILE = /^\d{4}-[a-z0-9-]+\.ts$/;
export const MIGRATION_FOLDER = fileURLToPath(new URL("./migrations/", import.meta.url));

/** The migrations of a folder, found by file (adding one is adding its file), each named by its
 *  file's name without `.ts` (the names the kysely_migration table records); Kysely runs them in
 *  the order of their names. */
export function migrationsIn(folder: string): MigrationProvider {
  return new FileMigrationProvider({
    fs: { readdir: async (dir) => (await readdir(dir)).filter((file) => MIGRATION_FILE.test(file)) },
    path,
    migrationFolder: folder,
    import: async (file) => ((await import(pathToFileURL(file).href)) as { migration?: unknown }).migration,
    // A migration's file that exports no `migration` is a mistake, not a file to pass over.
    onFileIgnored: (file, reason) => {
      throw new Error(`${path.join(folder, file)} is not a migration (${reason}): export \`migration\``);
    },
  });
}

/** Every migration of server/db/migrations/. */
export const migrations = migrationsIn(MIGRATION_FOLDER);

/** The names of this code's migrations, in the order they run (read once from the folder). */
let known: Promise<string[]> | null = null;
export function migrationNames(): Promise<string[]> {
  known ??= migrations.getMigrations().then((found) => Object.keys(found).sort());
  return known;
}

/**
 * The database was migrated by a newer version of the site: this one would run against a schema
 * it does not know. Its message is one line for the operator (server/main.ts prints it alone).
 */
export class NewerDatabaseError extends Error {
  readonly unknown: readonly string[];
  constructor(unknown: readonly string[]) {
    const which =
      unknown.length === 1 ? `migration ${unknown[0]} is` : `migrations ${unknown.join(", ")} are`;
    super(
      `The database was migrated by a newer version of the site (${which} unknown to this one): run the newer version, or restore a backup taken before the upgrade.`,
    );
    this.name = "NewerDatabaseError";
    this.unknown = unknown;
  }
}

/** The migrations the database records as applied (none when it has no migration table yet). */
export async function appliedMigrations(db: Kysely<Schema>): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === MIGRATION_TABLE)) return [];
  const rows = await sql<{
    name: string;
  }>`select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(db);
  return rows.rows.map((r) => r.name);
}

/** Applies every pending migration; resolves with the names of those it ran. Throws
 *  NewerDatabaseError, before running any, when the database records one this code lacks. */
export async function migrateToLatest(db: {
  dialect: "sqlite" | "postgres";
  kysely: Kysely<Schema>;
}): Promise<string[]> {
  // Migrations speak the database's own snake_case names: no CamelCasePlugin.
  const plain = db.kysely.withoutPlugins();
  if (db.dialect === "postgres") return run(plain);
  return plain.connection().execute((connection) => immediateTransaction(connection, run));
}

async function run(db: Kysely<Schema>): Promise<string[]> {
  // Kysely would refuse too ("corrupted migrations: previously executed migration … is
  // missing"), in words that send an operator looking for a fault instead of the newer version.
  const names = new Set(await migrationNames());
  const unknown = (await appliedMigrations(db)).filter((name) => !names.has(name));
  if (unknown.length > 0) throw new NewerDatabaseError(unknown);
  const migrator = new Migrator({
    db,
    provider: migrations,
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: `${MIGRATION_TABLE}_lock`,
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === "Error")?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed ?? ""} failed: ${reason}`, { cause: error });
  }
  return results.filter((r) => r.status === "Success").map((r) => r.migrationName);
}
