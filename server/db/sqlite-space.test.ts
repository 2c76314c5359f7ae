// @vitest-environment node
// The SQLite file gives its deleted rows' space back (issue 45): a new file is made in
// `auto_vacuum = INCREMENTAL`; a file made before is rewritten once at its first open (VACUUM),
// its rows kept; `reclaimSpace` cuts the free pages off; a file that cannot be rewritten is used
// as before.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { deferrals } from "./testing/databases.ts";
import { openDatabase, SQLITE_FILE, type Db } from "./index.ts";
import { compactSqlite, reclaimSpace, WAL_KEPT_BYTES } from "./sqlite-space.ts";

const defer = deferrals();
const MB = 1024 * 1024;

function folder() {
  const dir = mkdtempSync(path.join(tmpdir(), "sqlite-space-"));
  defer(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const sqliteOf = (db: Db) => ("sqlite" in db.underlying ? db.underlying.sqlite : null)!;
const pragma = (db: Db, name: string) => Number(sqliteOf(db).pragma(name, { simple: true }));
/** The file and its write-ahead log, as the disk holds them. */
const onDisk = (file: string) =>
  [file, `${file}-wal`].reduce((sum, f) => sum + (statSync(f, { throwIfNoEntry: false })?.size ?? 0), 0);

/** A file as this code made it before issue 45: auto_vacuum off, `mb` MB written, all but the
 *  first row deleted (1 MB kept). */
function oldFile(dir: string, mb: number) {
  const file = path.join(dir, SQLITE_FILE);
  const old = new Database(file);
  old.pragma("journal_mode = WAL");
  old.exec("create table big (id integer primary key, data blob)");
  const insert = old.prepare("insert into big (data) values (?)");
  for (let i = 0; i < mb; i++) insert.run(Buffer.alloc(MB, i));
  old.exec("delete from big where id > 1");
  old.pragma("wal_checkpoint(TRUNCATE)");
  expect(old.pragma("auto_vacuum", { simple: true })).toBe(0);
  expect(Number(old.pragma("freelist_count", { simple: true }))).toBeGreaterThan((mb - 1) * 200);
  old.close();
  return file;
}

describe("the SQLite file's free space", () => {
  it("is made incremental in a new file, and cut off by reclaimSpace once rows are deleted", async () => {
    const dir = folder();
    const db = await openDatabase({ dataDir: dir });
    defer(() => db.close());
    expect(pragma(db, "auto_vacuum")).toBe(2);
    expect(pragma(db, "journal_size_limit")).toBe(WAL_KEPT_BYTES);
    const file = path.join(dir, SQLITE_FILE);
    const raw = sqliteOf(db);
    raw.exec("create table scratch (id integer primary key, data blob)");
    const insert = raw.prepare("insert into scratch (data) values (?)");
    for (let i = 0; i < 16; i++) insert.run(Buffer.alloc(MB, i));
    raw.pragma("wal_checkpoint(TRUNCATE)");
    const full = onDisk(file);
    expect(full).toBeGreaterThan(16 * MB);
    raw.exec("delete from scratch");
    expect(pragma(db, "freelist_count")).toBeGreaterThan(16 * 200);
    // Freed pages stay in the file until given back.
    expect(await reclaimSpace(db)).toBeGreaterThan(16 * 200);
    expect(pragma(db, "freelist_count")).toBe(0);
    // The next write cuts the WAL back too (journal_size_limit).
    raw.exec("insert into scratch (data) values (x'00')");
    expect(statSync(file).size).toBeLessThan(MB);
    expect(onDisk(file)).toBeLessThanOrEqual(MB + WAL_KEPT_BYTES);
    expect(await reclaimSpace(db)).toBe(0);
  });

  it("waits for no other process holding the file: gives back nothing then, everything at the next call", async () => {
    const dir = folder();
    const db = await openDatabase({ dataDir: dir });
    defer(() => db.close());
    const raw = sqliteOf(db);
    raw.exec("create table scratch (id integer primary key, data blob)");
    const insert = raw.prepare("insert into scratch (data) values (?)");
    for (let i = 0; i < 4; i++) insert.run(Buffer.alloc(MB, i));
    raw.exec("delete from scratch");
    const other = new Database(path.join(dir, SQLITE_FILE));
    defer(() => other.close());
    other.exec("begin immediate"); // an operator's command writing
    const t0 = performance.now();
    expect(await reclaimSpace(db)).toBe(0);
    expect(performance.now() - t0).toBeLessThan(1_000); // not busy_timeout's 5 s
    expect(pragma(db, "busy_timeout")).toBe(5000);
    other.exec("rollback");
    expect(await reclaimSpace(db)).toBeGreaterThan(4 * 200);
    expect(pragma(db, "freelist_count")).toBe(0);
  });

  it("rewrites a file made before once, at its first open, keeping its rows; the next opens leave it", async () => {
    const dir = folder();
    const file = oldFile(dir, 20);
    expect(onDisk(file)).toBeGreaterThan(20 * MB);
    const logged: Record<string, unknown>[] = [];
    const raw = new Database(file);
    const done = compactSqlite(raw, (e) => logged.push(e));
    expect(done).toMatchObject({
      vacuumed: true,
      bytesBefore: expect.any(Number),
      bytesAfter: expect.any(Number),
    });
    // The one row kept (1 MB), not the 19 MB deleted.
    expect(done.bytesAfter!).toBeLessThan(1.5 * MB);
    expect(logged).toEqual([expect.objectContaining({ msg: "db.auto-vacuum-on", vacuumed: true })]);
    expect(raw.pragma("auto_vacuum", { simple: true })).toBe(2);
    expect(raw.prepare("select count(*) from big").pluck().get()).toBe(1);
    expect(compactSqlite(raw, (e) => logged.push(e))).toEqual({ vacuumed: false });
    expect(logged).toHaveLength(1);
    raw.close();
    expect(onDisk(file)).toBeLessThan(2 * MB);
    // Opened as the server opens it: migrated, nothing to rewrite.
    const db = await openDatabase({ dataDir: dir });
    defer(() => db.close());
    expect(pragma(db, "auto_vacuum")).toBe(2);
  });

  it("leaves a file it cannot rewrite as it was, to be used as before, and says so", () => {
    const dir = folder();
    const file = oldFile(dir, 2);
    const reader = new Database(file);
    // Another connection in a write transaction: VACUUM cannot take the file.
    reader.exec("begin immediate");
    defer(() => reader.close());
    const raw = new Database(file);
    raw.pragma("busy_timeout = 0");
    const logged: Record<string, unknown>[] = [];
    expect(compactSqlite(raw, (e) => logged.push(e))).toEqual({ vacuumed: false });
    expect(logged).toEqual([expect.objectContaining({ level: "warn", msg: "db.vacuum-failed" })]);
    expect(raw.pragma("auto_vacuum", { simple: true })).toBe(0);
    raw.close();
  });
});
