// @vitest-environment node
// Opening the database: where it lives, how SQLite is set up, migrations on open.
import Database from "better-sqlite3";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { tempDir } from "../testing/temp-dir.ts";
import { freshDb, testDatabases } from "./testing/databases.ts";
import { MIGRATION_FILE, MIGRATION_FOLDER, migrations, migrationsIn, NewerDatabaseError } from "./migrate.ts";
import { openDatabase, writeTransaction } from "./index.ts";

const MIGRATION_NAMES = Object.keys(await migrations.getMigrations()).sort();

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of cleanups.splice(0).reverse()) await f();
});

describe("the migrations, found by file", () => {
  it("keeps the names every database already records, in their order", () => {
    // kysely_migration holds these names: renaming one would run it again on every database.
    expect(MIGRATION_NAMES.slice(0, 14)).toEqual([
      "0001-contact-and-mail-outbox",
      "0002-newsletter",
      "0003-comments",
      "0004-staff",
      "0005-enquiry-handling",
      "0006-newsletter-issues",
      "0007-shared-rate-limits",
      "0008-newsletter-consent",
      "0009-staff-sign-in-attempts",
      "0010-comment-digest",
      "0011-blog-posts",
      "0012-blog-post-revisions",
      "0013-post-pictures",
      "0014-blog-post-tombstones",
    ]);
  });

  it("finds every file of the folder: each is a migration named NNNN-what-it-does.ts, one per number", () => {
    const files = readdirSync(MIGRATION_FOLDER).filter((f) => !/\.test\.ts$/.test(f));
    for (const file of files) expect(file).toMatch(MIGRATION_FILE);
    expect(MIGRATION_NAMES).toEqual(files.map((f) => f.replace(/\.ts$/, "")).sort());
    const numbers = MIGRATION_NAMES.map((name) => name.slice(0, 4));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it("refuses a migration's file that exports no migration, and passes over the tests beside them", async () => {
    const { dir, remove } = tempDir();
    cleanups.push(remove);
    writeFileSync(join(dir, "0001-first.ts"), "export const migration = { async up() {} };\n");
    writeFileSync(join(dir, "0001-first.test.ts"), "throw new Error('a test, imported');\n");
    expect(Object.keys(await migrationsIn(dir).getMigrations())).toEqual(["0001-first"]);
    writeFileSync(join(dir, "0002-second.ts"), "export const up = async () => {};\n");
    await expect(migrationsIn(dir).getMigrations()).rejects.toThrow(/0002-second\.ts is not a migration/);
  });
});

describe("SQLite", () => {
  it("creates the data folder and a WAL database with synchronous=FULL, migrated", async () => {
    const { dir, remove } = tempDir();
    cleanups.push(remove);
    const dataDir = join(dir, "nested", "data");
    const db = await openDatabase({ dataDir });
    const pragma = async (name: string) =>
      Object.values((await sql.raw(`PRAGMA ${name}`).execute(db.kysely)).rows[0] as object)[0];
    expect(await pragma("synchronous")).toBe(2); // FULL
    expect(await pragma("foreign_keys")).toBe(1);
    expect(await pragma("busy_timeout")).toBe(5000);
    await db.close();
    const file = join(dataDir, "contact.sqlite");
    expect(existsSync(file)).toBe(true);
    const raw = new Database(file, { readonly: true });
    expect(raw.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(raw.prepare("SELECT name FROM kysely_migration ORDER BY name").all()).toEqual(
      MIGRATION_NAMES.map((name) => ({ name })),
    );
    raw.close();
  });

  it("refuses to create a database where the operator expects one (mustExist)", async () => {
    const { dir, remove } = tempDir();
    cleanups.push(remove);
    await expect(openDatabase({ dataDir: join(dir, "missing"), mustExist: true })).rejects.toThrow();
    expect(existsSync(join(dir, "missing"))).toBe(false);
  });

  it("shares one connection when a process opens the same file twice (no lock wait on one thread)", async () => {
    const { dir, remove } = tempDir();
    cleanups.push(remove);
    const a = await openDatabase({ dataDir: dir, busyTimeoutMs: 200 });
    const b = await openDatabase({ dataDir: join(dir, ".", "") });
    // Two write transactions interleaving on one thread: with two connections the second
    // BEGIN IMMEDIATE would wait for a lock the first can never release until it gives up.
    const insert = (db: typeof a, id: string) =>
      writeTransaction(db, async (trx) => {
        await trx
          .insertInto("contact_message")
          .values({
            id,
            createdAt: 1,
            updatedAt: 1,
            name: "n",
            email: "e",
            phone: "p",
            message: "m",
            clientHash: "h",
            status: "received",
          })
          .execute();
        await new Promise((r) => setImmediate(r));
      });
    await Promise.all([insert(a, "1"), insert(b, "2"), insert(a, "3")]);
    await a.close();
    // b is still open and usable after a closed.
    const rows = await b.kysely.selectFrom("contact_message").select("id").orderBy("id").execute();
    expect(rows.map((r) => r.id)).toEqual(["1", "2", "3"]);
    await b.close();
  });
});

const databases = await testDatabases("Database");
for (const database of databases) {
  describe(`on ${database.name}`, () => {
    it("reads times as exact numbers and rolls a failed transaction back", async () => {
      const { db, cleanup } = await freshDb(database);
      cleanups.push(cleanup);
      const far = Date.UTC(2999, 11, 31, 23, 59, 59, 999);
      const row = {
        id: "x",
        createdAt: far,
        updatedAt: far,
        name: "n",
        email: "e",
        phone: "p",
        message: "m",
        clientHash: "h",
        status: "received" as const,
        handledAt: far,
        handledBy: "amaka@techspark.ng",
        idempotencyKey: null,
      };
      await db.kysely.insertInto("contact_message").values(row).execute();
      expect(await db.kysely.selectFrom("contact_message").selectAll().executeTakeFirst()).toEqual(row);
      await expect(
        writeTransaction(db, async (trx) => {
          await trx
            .insertInto("contact_message")
            .values({ ...row, id: "y" })
            .execute();
          await trx.insertInto("contact_message").values(row).execute(); // duplicate key
        }),
      ).rejects.toThrow();
      expect(await db.kysely.selectFrom("contact_message").select("id").execute()).toEqual([{ id: "x" }]);
    });

    it("migrates once when several instances start at the same moment", async () => {
      const location = await database.fresh({ empty: true });
      cleanups.push(() => location.cleanup());
      const dbs = await Promise.all([1, 2, 3].map(() => openDatabase(location)));
      const ran = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
        dbs[0]!.kysely,
      );
      expect(ran.rows).toEqual(MIGRATION_NAMES.map((name) => ({ name })));
      for (const db of dbs) await db.close();
    });

    it("refuses a database a newer version migrated, in one line that says what to do, and changes nothing", async () => {
      const { db, location, cleanup } = await freshDb(database);
      cleanups.push(cleanup);
      await sql`insert into kysely_migration (name, timestamp) values ('0099-from-the-future', '2099-01-01T00:00:00.000Z')`.execute(
        db.kysely,
      );
      const error = await openDatabase(location).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(NewerDatabaseError);
      const message = (error as Error).message;
      expect(message).toBe(
        "The database was migrated by a newer version of the site (migration 0099-from-the-future is unknown to this one): run the newer version, or restore a backup taken before the upgrade.",
      );
      expect(message).not.toContain("\n");
      // Nothing was run or recorded: the newer version still finds its database as it left it.
      const ran = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
        db.kysely,
      );
      expect(ran.rows.map((r) => r.name)).toEqual([...MIGRATION_NAMES, "0099-from-the-future"]);
    });
  });
}
