// The databases every storage test runs on: a fresh SQLite folder, or a fresh database in a
// throwaway PostgreSQL cluster, per test. A suite written once runs on both:
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
import { afterAll, afterEach } from "vitest";
import { skipOrFail } from "../../testing/server-process.ts";
import { openDatabase, type Db } from "../index.ts";
import { startPostgres } from "./postgres.ts";

/** Where one test's database lives: pass it to openDatabase / openServices. */
export type Location = { dataDir: string; databaseUrl?: string; cleanup(): Promise<void> };
export type TestDatabase = {
  name: "SQLite" | "PostgreSQL";
  /** A new, empty database (not yet migrated). */
  fresh(): Promise<Location>;
};

export const sqliteDatabase: TestDatabase = {
  name: "SQLite",
  async fresh() {
    const dir = mkdtempSync(join(tmpdir(), "db-test-"));
    return { dataDir: join(dir, "data"), cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  },
};

export function postgresDatabase(adminUrl: string): TestDatabase {
  let n = 0;
  return {
    name: "PostgreSQL",
    async fresh() {
      const name = `test_${process.pid}_${++n}`;
      const admin = new pg.Client(adminUrl);
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return {
        dataDir: "/nonexistent/unused-with-postgres", // with DATABASE_URL nothing is written there
        databaseUrl: url.href,
        async cleanup() {
          const c = new pg.Client(adminUrl);
          await c.connect();
          await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await c.end();
        },
      };
    },
  };
}

/**
 * SQLite, and PostgreSQL when it can run here: a cluster is started for this test file and
 * stopped after it. `stopPostgres` lets a test take the database away mid-run.
 */
export async function testDatabases(
  what: string,
): Promise<TestDatabase[] & { postgres?: { url: string; stop(): Promise<void> } }> {
  const started = await startPostgres();
  const list: TestDatabase[] & { postgres?: { url: string; stop(): Promise<void> } } = [sqliteDatabase];
  if ("url" in started) {
    let stopped = false;
    const stop = async () => {
      if (stopped) return;
      stopped = true;
      await started.stop();
    };
    afterAll(stop);
    list.push(postgresDatabase(started.url));
    list.postgres = { url: started.url, stop };
  } else {
    skipOrFail(started.skip, `${what} on PostgreSQL`, "TEST_REQUIRE_POSTGRES");
  }
  return list;
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
