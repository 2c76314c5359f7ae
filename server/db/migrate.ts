// Runs the migrations (server/db/migrations/) with Kysely's Migrator; the `kysely_migration`
// table records which ran. PostgreSQL: the Migrator holds an advisory lock and runs them in one
// transaction, so instances starting together migrate once. SQLite: we wrap the whole run in
// BEGIN IMMEDIATE ourselves (Kysely does not, for SQLite), so it is atomic too and a second
// process (the operator commands) waits for it.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Kysely } from "kysely";
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

/** Applies every pending migration; resolves with the names of those it ran. */
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
