// Runs the migrations (server/db/migrations/) with Kysely's Migrator; the `kysely_migration`
// table records which ran. PostgreSQL: the Migrator holds an advisory lock and runs them in one
// transaction, so instances starting together migrate once. SQLite: we wrap the whole run in
// BEGIN IMMEDIATE ourselves (Kysely does not, for SQLite), so it is atomic too and a second
// process (the operator commands) waits for it.
import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import type { Database as Schema } from "./schema.ts";
import { immediateTransaction } from "./sqlite-transaction.ts";
import { MIGRATIONS } from "./migrations/index.ts";

export const MIGRATION_TABLE = "kysely_migration";

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
    provider: { getMigrations: async () => MIGRATIONS },
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
