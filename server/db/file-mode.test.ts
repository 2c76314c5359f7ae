// @vitest-environment node
// The SQLite database's files are the server's user's alone (issue 45, finding 10): the database,
// its -wal and its -shm are 0600 under the usual umask 022, as the backups and `secret` are, and
// an older version's files with wider modes are narrowed when the database is opened.
import Database from "better-sqlite3";
import { chmodSync, existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempDir } from "../testing/temp-dir.ts";
import { deferrals } from "./testing/databases.ts";
import { openDatabase, SQLITE_FILE } from "./index.ts";

const defer = deferrals();
const modeOf = (path: string) => statSync(path).mode & 0o777;
const filesOf = (dataDir: string) => {
  const file = join(dataDir, SQLITE_FILE);
  return [file, `${file}-wal`, `${file}-shm`];
};

describe("the SQLite files' modes", () => {
  let umask: number;
  beforeEach(() => {
    umask = process.umask(0o022); // what most systems give a service
  });
  afterEach(() => void process.umask(umask));

  function dataDir(): string {
    const { dir, remove } = tempDir("db-mode-");
    defer(remove);
    return join(dir, "data");
  }

  it("a new database, its WAL and its shared memory are 0600 after a write", async () => {
    const dir = dataDir();
    const db = await openDatabase({ dataDir: dir });
    defer(() => db.close());
    await sql`create table written (n integer)`.execute(db.kysely);
    await sql`insert into written values (1)`.execute(db.kysely);
    for (const file of filesOf(dir)) {
      expect(existsSync(file), file).toBe(true);
      expect(modeOf(file).toString(8), file).toBe("600");
    }
  });

  it("an existing database's wider files are narrowed when it is opened", async () => {
    const dir = dataDir();
    await (await openDatabase({ dataDir: dir })).close();
    // As an older version left them: world-readable, the WAL and shared memory kept by a
    // connection that is still open (another process's).
    const other = new Database(join(dir, SQLITE_FILE));
    defer(() => other.close());
    other.pragma("journal_mode = WAL");
    other.exec("create table other (n integer); insert into other values (1)");
    for (const file of filesOf(dir)) chmodSync(file, 0o644);

    const db = await openDatabase({ dataDir: dir, mustExist: true });
    defer(() => db.close());
    for (const file of filesOf(dir)) expect(modeOf(file).toString(8), file).toBe("600");
  });
});
