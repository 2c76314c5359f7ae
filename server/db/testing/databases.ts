// The databases every storage test runs on: a fresh SQLite folder, or a fresh database in the
// run's throwaway PostgreSQL cluster (one per `vitest run`: ./global-setup.ts), per test. A suite
// written once runs on both:
//
//   for (const database of await testDatabases("Contact repository")) {
//     describe(`on ${database.name}`, () => { … await database.fresh() … });
//   }
//
// PostgreSQL tests are skipped with a warning where PostgreSQL is not installed, and are an
// error when TEST_REQUIRE_POSTGRES=1 (CI).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterEach, inject } from "vitest";
import { skipOrFail } from "../../testing/server-process.ts";
import { openDatabase, type Db } from "../index.ts";

/** Where one test's database lives: pass it to openDatabase / openServices. */
export type Location = {
  dataDir: string;
  databaseUrl?: string;
  cleanup(): Promise<void>;
  /** PostgreSQL only: the database goes away under whoever is connected (as a failed server). */
  takeAway?(): Promise<void>;
};
export type TestDatabase = {
  name: "SQLite" | "PostgreSQL";
  /**
   * A new database of its own. On PostgreSQL it is a copy of the run's migrated template (opening
   * it finds nothing to migrate); `{ empty: true }` for the tests of migrating itself.
   */
  fresh(options?: { empty?: boolean }): Promise<Location>;
};

export const sqliteDatabase: TestDatabase = {
  name: "SQLite",
  async fresh() {
    const dir = mkdtempSync(join(tmpdir(), "db-test-"));
    return { dataDir: join(dir, "data"), cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  },
};

/** Numbers the databases a test process makes (several `postgresDatabase` may share a cluster). */
let made = 0;

export function postgresDatabase(adminUrl: string, template?: string): TestDatabase {
  return {
    name: "PostgreSQL",
    async fresh(options) {
      const name = `test_${process.pid}_${++made}`;
      const admin = new pg.Client(adminUrl);
      await admin.connect();
      const from = template && !options?.empty ? ` TEMPLATE ${template}` : "";
      await admin.query(`CREATE DATABASE ${name}${from}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      async function drop() {
        const c = new pg.Client(adminUrl);
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      }
      return {
        dataDir: "/nonexistent/unused-with-postgres", // with DATABASE_URL nothing is written there
        databaseUrl: url.href,
        cleanup: drop,
        takeAway: drop,
      };
    },
  };
}

/** SQLite, and PostgreSQL when it can run here (the run's cluster, see ./global-setup.ts). */
export async function testDatabases(what: string): Promise<TestDatabase[]> {
  const postgres = inject("postgres");
  if ("skip" in postgres) {
    skipOrFail(postgres.skip, `${what} on PostgreSQL`, "TEST_REQUIRE_POSTGRES");
    return [sqliteDatabase];
  }
  return [sqliteDatabase, postgresDatabase(postgres.url, postgres.template)];
}

/** The run's PostgreSQL cluster, for tests that make their own databases in it; null without. */
export function testPostgresUrl(): string | null {
  const postgres = inject("postgres");
  return "url" in postgres ? postgres.url : null;
}

/** Opens (and migrates) a fresh database of `database`; closed and removed by the returned cleanup. */
export async function freshDb(
  database: TestDatabase,
): Promise<{ db: Db; location: Location; cleanup(): Promise<void> }> {
  const location = await database.fresh();
  const db = await openDatabase(location);
  return {
    db,
    location,
    async cleanup() {
      await db.close();
      await location.cleanup();
    },
  };
}

/** `defer(fn)` inside a test: `fn` runs after it (the last deferred first), pass or fail. */
export function deferrals(): (cleanup: () => unknown) => void {
  let pending: (() => unknown)[] = [];
  afterEach(async () => {
    for (const f of pending.reverse()) await f();
    pending = [];
  });
  return (cleanup) => void pending.push(cleanup);
}
