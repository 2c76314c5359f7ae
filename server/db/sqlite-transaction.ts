// SQLite's write transaction, taken up front: BEGIN IMMEDIATE holds the write lock from the
// start, so a transaction cannot fail half-way with SQLITE_BUSY when another writer came first.
import { sql, type Kysely } from "kysely";

/** SQLite: runs `fn` on one connection inside BEGIN IMMEDIATE … COMMIT (ROLLBACK on error). */
export async function immediateTransaction<D, T>(
  connection: Kysely<D>,
  fn: (c: Kysely<D>) => Promise<T>,
): Promise<T> {
  await sql`begin immediate`.execute(connection);
  try {
    const result = await fn(connection);
    await sql`commit`.execute(connection);
    return result;
  } catch (error) {
    await sql`rollback`.execute(connection).catch(() => {});
    throw error;
  }
}
