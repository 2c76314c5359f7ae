// @vitest-environment node
// Backups as the operator relies on them, on SQLite and PostgreSQL: one taken while contact
// messages keep arriving through the real services restores to a database whose every table has
// the manifest's rows and whose rows are the source's; `npm run restore` refuses a target that
// holds data, a damaged file and a backup from a newer version, writing nothing; an older backup
// is brought up to date by the server's start; the server's own schedule takes one, says so in
// its log and to the console's overview, and only one of two instances on one PostgreSQL takes it.
import Database from "better-sqlite3";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { join } from "node:path";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { config } from "../testing/config.ts";
import { formInput, VALID } from "../testing/form-input.ts";
import { memoryLog } from "../testing/log.ts";
import { tempDir } from "../testing/temp-dir.ts";
import { openServices, type Services } from "../services.ts";
import { deferrals, freshDb, sqliteDatabase, testDatabases, type Location } from "../db/testing/databases.ts";
import { MIGRATION_TABLE, migrations } from "../db/migrate.ts";
import { openDatabase, SQLITE_FILE, survivesLostConnections, type Db } from "../db/index.ts";
import { createBackup, type TakenBackup } from "./create.ts";
import { listBackups, manifestOf } from "./files.ts";
import { startBackups } from "./scheduler.ts";
import { createTrafficService, type TrafficService } from "../traffic/index.ts";
import { main as restoreCommand } from "../../scripts/restore.ts";
import { main as backupCommand } from "../../scripts/backup.ts";

const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
/** Where the tests find pg_dump and pg_restore: the cluster's own (server/db/testing/postgres.ts).
 *  The server's schedule reads PG_DUMP from the process's environment. */
process.env.PG_DUMP ??= join(PG_BIN, "pg_dump");
const TOOLS = { ...process.env, PG_RESTORE: join(PG_BIN, "pg_restore") };
const ALL_MIGRATIONS = Object.keys(await migrations.getMigrations()).sort();

const databases = await testDatabases("Backups");

/** Every row of a table, by id, as the database holds it (snake_case, no plugin). */
async function rowsOf(db: Db, table: string): Promise<Map<string, unknown>> {
  const { rows } = await sql<{ id: string }>`select * from ${sql.table(table)}`.execute(
    db.kysely.withoutPlugins(),
  );
  return new Map(rows.map((row) => [String(row.id), row]));
}

/** Runs an operator command as the shell would; its exit code and what it printed. */
async function command(
  main: (
    argv: string[],
    env: NodeJS.ProcessEnv,
    io: { stdout(t: string): void; stderr(t: string): void },
  ) => Promise<number>,
  argv: string[],
  env: NodeJS.ProcessEnv,
) {
  let stdout = "";
  let stderr = "";
  const code = await main(
    argv,
    { ...TOOLS, ...env },
    {
      stdout: (t) => void (stdout += t),
      stderr: (t) => void (stderr += t),
    },
  );
  return { code, stdout, stderr };
}

for (const database of databases) {
  describe(`on ${database.name}`, () => {
    const defer = deferrals();
    const folder = () => {
      const { dir, remove } = tempDir("backup-test-");
      defer(remove);
      return dir;
    };
    async function location(empty = false): Promise<Location> {
      const l = await database.fresh({ empty });
      defer(() => l.cleanup());
      return l;
    }
    async function services(
      l: Location,
      extra: Partial<Parameters<typeof config>[0]> = {},
    ): Promise<Services> {
      const s = await openServices(
        config({
          dataDir: l.dataDir,
          databaseUrl: l.databaseUrl,
          rateLimit: { perMinute: 100_000, perHour: 1_000_000 },
          ...extra,
        }),
      );
      defer(() => s.close());
      return s;
    }
    /** The target of a restore: an empty SQLite folder, or an empty PostgreSQL database. */
    async function emptyTarget(): Promise<{ DATA_DIR: string; DATABASE_URL?: string }> {
      if (database.name === "SQLite") return { DATA_DIR: join(folder(), "data") };
      const l = await location(true);
      return { DATA_DIR: l.dataDir, DATABASE_URL: l.databaseUrl };
    }
    const submit = (s: Services, i: number) =>
      s.contact.submitForm(
        formInput(Date.now(), { ...VALID, name: `Sender ${i}`, message: `Message number ${i}.` }),
      );

    it("a backup taken while messages arrive restores to the manifest's rows, each row the source's", async () => {
      const l = await location();
      const s = await services(l);
      // Enough to copy that the backup spans many turns of the event loop.
      for (let i = 0; i < 150; i++) expect((await submit(s, i)).status).toBe(200);
      let writing = true;
      let during = 0;
      const refused: number[] = [];
      const writer = (async () => {
        for (let i = 1000; writing; i++) {
          const { status } = await submit(s, i);
          if (status === 200) during++;
          else refused.push(status);
          // The next message comes as a request would: on a later turn of the event loop (the
          // services answer in microtasks, which would otherwise never let the copy's steps run).
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      let backup: TakenBackup;
      try {
        backup = await createBackup(s.db, { dir: folder(), pagesPerStep: 2, env: TOOLS });
      } finally {
        writing = false;
        await writer;
      }
      expect(refused).toEqual([]);
      expect(during).toBeGreaterThan(0); // the messages did arrive during the backup
      expect(backup.tables.contact_message).toBeGreaterThanOrEqual(150);
      expect(backup.migrations).toEqual(ALL_MIGRATIONS);
      const manifest = JSON.parse(readFileSync(manifestOf(backup.path), "utf8")) as TakenBackup;
      expect(manifest).toMatchObject({ sha256: backup.sha256, bytes: backup.bytes, dialect: s.db.dialect });

      const target = await emptyTarget();
      const restored = await command(restoreCommand, [backup.path], target);
      expect(restored.stderr).toBe("");
      expect(restored.code).toBe(0);
      expect(restored.stdout).toContain("Every table has the manifest's rows.");
      expect(restored.stdout).toMatch(new RegExp(`contact_message\\s+${backup.tables.contact_message}\\n`));

      const copy = await openDatabase({ dataDir: target.DATA_DIR, databaseUrl: target.DATABASE_URL });
      defer(() => copy.close());
      // Each table as the manifest counted it at the backup's moment.
      for (const [table, count] of Object.entries(backup.tables)) {
        const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(
          copy.kysely,
        );
        expect(Number(rows[0]!.n), table).toBe(count);
      }
      // Every restored message and its e-mail job are whole: the source's row with the same id.
      for (const table of ["contact_message", "mail_outbox"]) {
        const source = await rowsOf(s.db, table);
        const copied = await rowsOf(copy, table);
        expect(copied.size).toBe(backup.tables[table]);
        for (const [id, row] of copied) expect(row, `${table} ${id}`).toEqual(source.get(id));
      }
    });

    it("refuses a target that holds data, a damaged file and a backup from a newer version, writing nothing", async () => {
      const l = await location();
      const s = await services(l);
      await submit(s, 1);
      const dir = folder();
      const good = await createBackup(s.db, { dir, env: TOOLS });

      // A target with data: the live database itself.
      const live = { DATA_DIR: l.dataDir, DATABASE_URL: l.databaseUrl };
      const busy = await command(restoreCommand, [good.path], live);
      expect(busy.code).toBe(1);
      expect(busy.stderr).toMatch(
        /^restore: Refused, nothing written: .*(already holds a database|is not empty)/,
      );
      expect(busy.stderr.trim().split("\n")).toHaveLength(1);

      // One byte changed: its sha256 is no longer the manifest's.
      const damaged = join(folder(), good.file);
      const bytes = readFileSync(good.path);
      bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
      writeFileSync(damaged, bytes);
      writeFileSync(manifestOf(damaged), readFileSync(manifestOf(good.path)));
      const target = await emptyTarget();
      const broken = await command(restoreCommand, [damaged], target);
      expect(broken.code).toBe(1);
      expect(broken.stderr).toContain("is damaged: its sha256 is");

      // A backup of a database a newer version has migrated further.
      await sql`insert into ${sql.table(MIGRATION_TABLE)} (name, timestamp) values ('9999-from-the-future', '2030-01-01T00:00:00Z')`.execute(
        s.db.kysely.withoutPlugins(),
      );
      const newer = await createBackup(s.db, { dir: folder(), env: TOOLS });
      expect(newer.migrations.at(-1)).toBe("9999-from-the-future");
      const refused = await command(restoreCommand, [newer.path], target);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        "was made by a newer version of the site (migration 9999-from-the-future",
      );

      // Nothing was written into the empty target by either refusal.
      expect(await isEmpty(target)).toBe(true);
      // And the good backup still restores into it.
      expect((await command(restoreCommand, [good.path], target)).code).toBe(0);
    });

    it("keeps no traffic salt: a backup restores without one, and a server on the copy makes a new one", async () => {
      // docs/traffic.md: once a day's salt is deleted nobody can make its visitor hashes again. A
      // backup kept for months must not keep it (issue 45, finding 6).
      const l = await location();
      const s = await services(l);
      visit(s.traffic, "102.89.1.10");
      await s.traffic.flush();
      const before = await saltAndVisitors(s.db);
      expect(before.salts).toHaveLength(1);
      expect(before.visitors).toHaveLength(1);
      const { salt } = before.salts[0]!;

      const backup = await createBackup(s.db, { dir: folder(), env: TOOLS });
      expect(backup.tables.traffic_salt).toBe(0);
      expect(backup.tables.traffic_event).toBe(1);
      // Not even in the file's free pages (SQLite; a dump is compressed: its restore shows it).
      if (database.name === "SQLite") expect(readFileSync(backup.path).includes(salt)).toBe(false);

      const target = await emptyTarget();
      const restored = await command(restoreCommand, [backup.path], target);
      expect(restored.stderr).toBe("");
      expect(restored.code).toBe(0);
      const copy = await openDatabase({ dataDir: target.DATA_DIR, databaseUrl: target.DATABASE_URL });
      defer(() => copy.close());
      expect(await saltAndVisitors(copy)).toEqual({ salts: [], visitors: before.visitors });

      // A server on the copy makes a new salt for today: the same visitor is another hash.
      const traffic = createTrafficService({
        db: copy,
        trustProxy: false,
        flushMs: 60_000,
        housekeeping: false,
      });
      defer(() => traffic.close());
      visit(traffic, "102.89.1.10");
      await traffic.flush();
      const after = await saltAndVisitors(copy);
      expect(after.salts).toHaveLength(1);
      expect(after.salts[0]!.salt).not.toBe(salt);
      expect(after.visitors).toHaveLength(2);
    });

    it("refuses a backup whose rows are not its manifest's, leaving the target as it was", async () => {
      // Issue 45, finding 7: the count check ran after the copy was put in place.
      const l = await location();
      const s = await services(l);
      await submit(s, 1);
      const good = await createBackup(s.db, { dir: folder(), env: TOOLS });
      // The same file (its sha256 still the manifest's) with a manifest that counts one more message.
      const crafted = join(folder(), good.file);
      writeFileSync(crafted, readFileSync(good.path));
      const manifest = JSON.parse(readFileSync(manifestOf(good.path), "utf8")) as TakenBackup;
      manifest.tables.contact_message! += 1;
      writeFileSync(manifestOf(crafted), JSON.stringify(manifest));

      const target = await emptyTarget();
      const refused = await command(restoreCommand, [crafted], target);
      expect(refused.code).toBe(1);
      expect(refused.stdout).toBe("");
      expect(refused.stderr).toMatch(
        /^restore: Refused, nothing kept: .* does not hold the rows its manifest counts \(contact_message: 1 \(manifest 2\)\)/,
      );
      expect(refused.stderr.trim().split("\n")).toHaveLength(1);
      expect(await isEmpty(target)).toBe(true);
      // A fresh SQLite target is not even made.
      if (!target.DATABASE_URL) expect(existsSync(target.DATA_DIR)).toBe(false);
      // And the good backup still restores into it.
      expect((await command(restoreCommand, [good.path], target)).code).toBe(0);
    });

    it("the server's schedule takes a backup at start, logs it and tells the console's overview", async () => {
      const l = await location();
      const dir = folder();
      const log = memoryLog();
      const s = await services(l, { backupDir: dir, backupEveryHours: 24, logger: log.logger });
      await s.backups.settled();
      const [backup, ...others] = await listBackups(dir);
      expect(others).toHaveLength(0);
      expect(backup!.dialect).toBe(s.db.dialect);
      const done = log.entries.find((e) => e.msg === "backup.done");
      expect(done).toMatchObject({ file: backup!.path, bytes: backup!.bytes, ms: expect.any(Number) });
      // What the overview's loader reads (the request context's backups port, server/services.ts).
      expect(await s.backups.status()).toMatchObject({ state: "done", at: backup!.at, everyHours: 24 });

      // A second start within the interval takes none: the newest is fresh.
      const again = await services(l, { backupDir: dir, logger: () => {} });
      await again.backups.settled();
      expect(await listBackups(dir)).toHaveLength(1);
    });

    it("a backup that cannot be written is logged as an error and shown as failed", async () => {
      const l = await location();
      const notAFolder = join(folder(), "file");
      writeFileSync(notAFolder, "");
      const log = memoryLog();
      const s = await services(l, { backupDir: notAFolder, logger: log.logger });
      await s.backups.settled();
      expect(log.entries.find((e) => e.msg === "backup.failed")).toMatchObject({
        level: "error",
        reason: expect.stringMatching(/EEXIST|ENOTDIR/),
      });
      expect(await s.backups.status()).toMatchObject({ state: "failed", lastDone: null });
      // Without BACKUP_DIR backups are off, and the overview says so.
      const off = await services(l);
      expect(await off.backups.status()).toEqual({ state: "off" });
    });
  });
}

/** A page view from `address`, as the fast path reports it to the traffic's count. */
function visit(traffic: TrafficService, address: string) {
  const req = {
    method: "GET",
    url: "/",
    headers: {
      host: "techspark.ng",
      "user-agent": "Mozilla/5.0 Firefox/128.0",
      "sec-fetch-dest": "document",
    },
    socket: { remoteAddress: address },
  } as unknown as IncomingMessage;
  if (traffic.observer.wants(req)) traffic.observer.seen(req, 200, "default");
}

/** The traffic's salts and its events' visitor hashes. */
async function saltAndVisitors(db: Db) {
  const k = db.kysely.withoutPlugins();
  const { rows: salts } = await sql<{
    day: string;
    salt: string;
  }>`select day, salt from traffic_salt`.execute(k);
  const { rows } = await sql<{
    visitor: string;
  }>`select visitor from traffic_event order by at, visitor`.execute(k);
  return { salts, visitors: rows.map((r) => r.visitor) };
}

/** Whether a restore's target is still empty: no SQLite file, or a database without tables. */
async function isEmpty(target: { DATA_DIR: string; DATABASE_URL?: string }): Promise<boolean> {
  if (!target.DATABASE_URL) return !existsSync(join(target.DATA_DIR, SQLITE_FILE));
  const client = new pg.Client(target.DATABASE_URL);
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from information_schema.tables where table_schema = current_schema()",
    );
    return Number(rows[0]!.n) === 0;
  } finally {
    await client.end();
  }
}

describe("a backup from an older version", () => {
  const defer = deferrals();
  it("restores, and the server's start brings it up to date", async () => {
    const { dir, remove } = tempDir("backup-old-");
    defer(remove);
    // A database as the site was at migration 0010 (before the blog moved into the database).
    const database = new Database(join(dir, "old.sqlite"));
    const kysely = new Kysely<unknown>({ dialect: new SqliteDialect({ database }) });
    const all = await migrations.getMigrations();
    const older = Object.fromEntries(Object.entries(all).filter(([name]) => name <= "0010"));
    const { error } = await new Migrator({
      db: kysely as never,
      provider: { getMigrations: async () => older },
      migrationTableName: MIGRATION_TABLE,
      migrationLockTableName: `${MIGRATION_TABLE}_lock`,
    }).migrateToLatest();
    expect(error).toBeUndefined();
    const old: Db = {
      dialect: "sqlite",
      kysely: kysely as never,
      location: "old.sqlite",
      underlying: { sqlite: database },
      close: () => kysely.destroy(),
    };
    const backup = await createBackup(old, { dir: join(dir, "backups") });
    await old.close();
    expect(backup.migrations).toEqual(Object.keys(older).sort());
    expect(backup.tables).not.toHaveProperty("blog_post");

    const dataDir = join(dir, "data");
    const restored = await command(restoreCommand, [backup.path], { DATA_DIR: dataDir });
    expect(restored.code).toBe(0);
    const db = await openDatabase({ dataDir });
    defer(() => db.close());
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      db.kysely,
    );
    expect(rows.map((r) => r.name)).toEqual(ALL_MIGRATIONS);
  });
});

describe("npm run backup", () => {
  const defer = deferrals();
  it("takes one into BACKUP_DIR or --to DIR and prints its file and sha256", async () => {
    const { dir, remove } = tempDir("backup-cli-");
    defer(remove);
    const dataDir = join(dir, "data");
    await (await openDatabase({ dataDir })).close();
    const usage = await command(backupCommand, [], { DATA_DIR: dataDir });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("Set BACKUP_DIR or pass --to DIR");
    const taken = await command(backupCommand, ["--to", join(dir, "b")], { DATA_DIR: dataDir });
    expect(taken.code).toBe(0);
    const [backup] = await listBackups(join(dir, "b"));
    expect(taken.stdout).toContain(`${backup!.path}\nsha256 ${backup!.sha256}\n`);
    const none = await command(backupCommand, [], {
      DATA_DIR: join(dir, "nothing"),
      BACKUP_DIR: join(dir, "b"),
    });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("No database in");
  });
});

const postgresOnly = databases.find((d) => d.name === "PostgreSQL");
describe.skipIf(!postgresOnly)("two instances on one PostgreSQL", () => {
  const defer = deferrals();
  it("take one backup between them (the advisory lock), into the folder they share", async () => {
    const { db, cleanup } = await freshDb(postgresOnly!);
    defer(cleanup);
    const second = new Kysely<unknown>({
      dialect: new PostgresDialect({
        // Its clients may still be ending when the database is dropped (pool.end() does not wait).
        pool: survivesLostConnections(
          new pg.Pool({ connectionString: (db.underlying as { postgresUrl: string }).postgresUrl, max: 2 }),
        ),
      }),
    });
    defer(() => second.destroy());
    const { dir, remove } = tempDir("backup-pair-");
    defer(remove);
    const other: Db = { ...db, kysely: second as never, close: async () => {} };
    const a = startBackups({ db, backupDir: dir, logger: () => {} });
    const b = startBackups({ db: other, backupDir: dir, logger: () => {} });
    await Promise.all([a.settled(), b.settled()]);
    defer(() => Promise.all([a.close(), b.close()]));
    expect(await listBackups(dir)).toHaveLength(1);
    expect(await a.status()).toEqual(await b.status());
  });
});

describe("the schedule", () => {
  const defer = deferrals();
  it("takes the next backup an interval after the newest, and applies the retention rule", async () => {
    const { db, cleanup } = await freshDb(sqliteDatabase);
    defer(cleanup);
    const { dir, remove } = tempDir("backup-interval-");
    defer(remove);
    let now = Date.UTC(2026, 10, 1, 2, 0, 0);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    defer(() => vi.useRealTimers());
    const log = memoryLog();
    const schedule = startBackups({
      db,
      backupDir: dir,
      backupEveryHours: 24,
      logger: log.logger,
      now: () => now,
    });
    defer(() => schedule.close());
    await schedule.settled();
    expect(await listBackups(dir)).toHaveLength(1);
    // Thirty days more, a backup a day when the interval is over.
    for (let day = 1; day <= 30; day++) {
      now += 24 * 3_600_000;
      await vi.advanceTimersByTimeAsync(24 * 3_600_000);
      await schedule.settled();
    }
    const kept = await listBackups(dir);
    expect(log.entries.filter((e) => e.msg === "backup.done")).toHaveLength(31);
    // The last 7 days (1 December a Tuesday; 30 November the newest of its month), then the
    // newest of the two earlier ISO weeks (Sundays); the rest deleted, files and manifests.
    expect(kept.map((b) => b.createdAt.slice(0, 10))).toEqual([
      "2026-12-01",
      "2026-11-30",
      "2026-11-29",
      "2026-11-28",
      "2026-11-27",
      "2026-11-26",
      "2026-11-25",
      "2026-11-22",
      "2026-11-15",
    ]);
    expect(readdirSync(dir)).toHaveLength(2 * kept.length);
  });
});
