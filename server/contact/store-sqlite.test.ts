// @vitest-environment node
import Database from "better-sqlite3";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "./store.ts";
import { sqliteBackend } from "./testing/backends.ts";
import { tempDir } from "./testing/helpers.ts";
import { storeContract } from "./testing/store-contract.ts";

describe("SQLite store", () => {
  storeContract(() => sqliteBackend);

  const cleanups: (() => void)[] = [];
  afterEach(() => cleanups.splice(0).forEach((f) => f()));

  it("creates the data folder and a WAL database at schema version 1", async () => {
    const { dir, remove } = tempDir();
    cleanups.push(remove);
    const dataDir = join(dir, "nested", "data");
    const store = await openStore({ dataDir });
    await store.close();
    const file = join(dataDir, "contact.sqlite");
    expect(existsSync(file)).toBe(true);
    const db = new Database(file, { readonly: true });
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.prepare("SELECT max(version) AS v FROM schema_version").get()).toEqual({ v: 1 });
    db.close();
  });

  it("refuses to create a database where the operator expects one (mustExist)", async () => {
    const { dir, remove } = tempDir();
    cleanups.push(remove);
    await expect(openStore({ dataDir: join(dir, "missing"), mustExist: true })).rejects.toThrow();
  });
});
