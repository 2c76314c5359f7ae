// @vitest-environment node
// A PostgreSQL connection lost while the site holds it (the server restarted, a failover, an
// administrator's pg_terminate_backend) fails that query, never the process; the pool then
// serves the next query on a new connection (issue 31: the site recovers by itself).
import { sql } from "kysely";
import { expect, it } from "vitest";
import { openDatabase } from "./index.ts";
import { deferrals, freshDb, postgresDatabase, testPostgresUrl } from "./testing/databases.ts";
import { skipOrFail } from "../testing/server-process.ts";

const url = testPostgresUrl();
const skip = url === null && skipOrFail("no PostgreSQL", "Connection loss", "TEST_REQUIRE_POSTGRES");
const defer = deferrals();

it.skipIf(skip)(
  "a connection killed mid-transaction fails its statement, and the next query works",
  async () => {
    const { db, cleanup } = await freshDb(postgresDatabase(url!));
    defer(cleanup);
    const admin = await openDatabase({ dataDir: "", databaseUrl: url! });
    defer(() => admin.close());
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", onUncaught);
    defer(() => process.off("uncaughtException", onUncaught));

    const failed = db.kysely.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(admin.kysely);
      await new Promise((r) => setTimeout(r, 200)); // the connection's end reaches the idle client
      await sql`select 1`.execute(trx);
    });
    await expect(failed).rejects.toThrow();
    expect(uncaught).toEqual([]);
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db.kysely);
    expect(rows).toEqual([{ one: 1 }]);
  },
);
