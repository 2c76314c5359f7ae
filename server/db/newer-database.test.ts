// @vitest-environment node
// The built server (`node server/main.ts`) on a database a newer version migrated: it must not
// start, and must tell the operator in one line what to do (run the newer version or restore a
// backup), never a stack trace of Kysely's "corrupted migrations".
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { tempDir } from "../testing/temp-dir.ts";
import { skipWithoutBuild, startBuiltServer } from "../testing/server-process.ts";
import { openDatabase } from "./index.ts";

const skip = skipWithoutBuild("the refusal of a newer database");

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of cleanups.splice(0).reverse()) await f();
});

describe.skipIf(skip)("a database migrated by a newer version", () => {
  it("stops the built server with exit code 1 and one line that says what to do", async () => {
    const { dir, remove } = tempDir();
    cleanups.push(remove);
    const db = await openDatabase({ dataDir: dir });
    await sql`insert into kysely_migration (name, timestamp) values ('0099-from-the-future', '2099-01-01T00:00:00.000Z')`.execute(
      db.kysely,
    );
    await db.close();

    const error = await startBuiltServer("newer-database-", { DATA_DIR: dir }).then(
      async (server) => (await server.close(), null),
      (e: Error) => e,
    );
    expect(error, "the server started").not.toBeNull();
    expect(error!.message).toMatch(/^the server exited \(1\) before answering/);
    const output = error!.message.split("\n").slice(1);
    const lines = output.filter((l) => l.includes("newer version"));
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as { level: unknown; error: string };
    expect(entry.error).toBe(
      "The database was migrated by a newer version of the site (migration 0099-from-the-future is unknown to this one): run the newer version, or restore a backup taken before the upgrade.",
    );
    // No stack, no "corrupted migrations", nothing else on stderr.
    expect(output.join("\n")).not.toMatch(/^\s+at |corrupted migrations/m);
  });
});
