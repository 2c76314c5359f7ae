// PostgreSQL store (pg Pool), same behaviour as the SQLite one, for several server instances
// sharing one database. Jobs are claimed with FOR UPDATE SKIP LOCKED.
import pg from "pg";
import {
  emptyCounts,
  FINISHED_STATES,
  MESSAGE_STATES,
  RETRYABLE_STATES,
  truncateError,
  type ClaimedJob,
  type ContactStore,
  type MessageState,
  type StoredMessage,
} from "./store.ts";

const STATE_CHECK = MESSAGE_STATES.map((s) => `'${s}'`).join(", ");
/** Serialises migrations of several instances starting at once. */
const MIGRATION_LOCK = 7_242_001;

const MIGRATIONS: string[] = [
  `CREATE TABLE contact_message (
     id          uuid PRIMARY KEY,
     created_at  timestamptz NOT NULL,
     updated_at  timestamptz NOT NULL,
     name        text NOT NULL,
     email       text NOT NULL,
     phone       text NOT NULL,
     message     text NOT NULL,
     client_hash text NOT NULL,
     state       text NOT NULL CHECK (state IN (${STATE_CHECK})),
     attempts    integer NOT NULL DEFAULT 0,
     last_error  text,
     sent_at     timestamptz
   );
   CREATE INDEX contact_message_created_at ON contact_message (created_at);
   CREATE INDEX contact_message_email ON contact_message (lower(email));
   CREATE TABLE contact_outbox (
     message_id      uuid PRIMARY KEY REFERENCES contact_message (id) ON DELETE CASCADE,
     enqueued_at     timestamptz NOT NULL,
     attempts        integer NOT NULL DEFAULT 0,
     next_attempt_at timestamptz NOT NULL,
     lease_owner     text,
     lease_until     timestamptz
   );
   CREATE INDEX contact_outbox_due ON contact_outbox (next_attempt_at);`,
];

type Row = {
  id: string;
  created_at: Date;
  updated_at: Date;
  name: string;
  email: string;
  phone: string;
  message: string;
  client_hash: string;
  state: MessageState;
  attempts: number;
  last_error: string | null;
  sent_at: Date | null;
  next_attempt_at: Date | null;
};

const SELECT = `SELECT m.*, o.next_attempt_at FROM contact_message m
  LEFT JOIN contact_outbox o ON o.message_id = m.id`;

const ms = (d: Date | null) => (d === null ? null : d.getTime());
const ts = (t: number) => new Date(t);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toMessage(row: Row): StoredMessage {
  return {
    id: row.id,
    createdAt: row.created_at.getTime(),
    updatedAt: row.updated_at.getTime(),
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    clientHash: row.client_hash,
    state: row.state,
    attempts: row.attempts,
    lastError: row.last_error,
    sentAt: ms(row.sent_at),
    nextAttemptAt: ms(row.next_attempt_at),
  };
}

export async function openPostgresStore(databaseUrl: string): Promise<ContactStore> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 5,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", () => {});

  async function tx<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      const result = await fn(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  try {
    await tx(async (c) => {
      await c.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
      await c.query("CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)");
      const { rows } = await c.query<{ v: number | null }>("SELECT max(version) AS v FROM schema_version");
      const current = rows[0]?.v ?? 0;
      for (const [i, sql] of MIGRATIONS.slice(current).entries()) {
        await c.query(sql);
        await c.query("INSERT INTO schema_version (version) VALUES ($1)", [current + i + 1]);
      }
    });
  } catch (error) {
    await pool.end();
    throw error;
  }

  async function setState(
    c: pg.PoolClient | pg.Pool,
    id: string,
    state: MessageState,
    error: string | null,
    now: number,
  ) {
    await c.query(
      `UPDATE contact_message SET state = $2, last_error = coalesce($3, last_error), updated_at = $4,
         sent_at = CASE WHEN $2 = 'sent' THEN $4 ELSE sent_at END
       WHERE id = $1`,
      [id, state, error, ts(now)],
    );
  }

  async function retryOne(c: pg.PoolClient, id: string, now: number): Promise<boolean> {
    const { rows } = await c.query<{ state: MessageState }>(
      "SELECT state FROM contact_message WHERE id = $1 FOR UPDATE",
      [id],
    );
    const state = rows[0]?.state;
    if (!state || !RETRYABLE_STATES.includes(state)) return false;
    const requeued = await c.query(
      `INSERT INTO contact_outbox (message_id, enqueued_at, next_attempt_at) VALUES ($1, $2, $2)
       ON CONFLICT (message_id) DO UPDATE SET enqueued_at = $2, next_attempt_at = $2, attempts = 0
       WHERE contact_outbox.lease_until IS NULL OR contact_outbox.lease_until <= $2`,
      [id, ts(now)],
    );
    if (requeued.rowCount !== 1) return false; // a worker holds it right now
    await setState(c, id, "queued", null, now);
    return true;
  }

  return {
    kind: "postgres",

    async insert(m) {
      await tx(async (c) => {
        await c.query(
          `INSERT INTO contact_message (id, created_at, updated_at, name, email, phone, message, client_hash, state)
           VALUES ($1, $2, $2, $3, $4, $5, $6, $7, $8)`,
          [m.id, ts(m.createdAt), m.name, m.email, m.phone, m.message, m.clientHash, m.state],
        );
        if (m.state !== "spam") {
          await c.query(
            "INSERT INTO contact_outbox (message_id, enqueued_at, next_attempt_at) VALUES ($1, $2, $2)",
            [m.id, ts(m.createdAt)],
          );
        }
      });
    },

    async list({ state, limit = 1000 } = {}) {
      const { rows } = state
        ? await pool.query<Row>(`${SELECT} WHERE m.state = $1 ORDER BY m.created_at DESC LIMIT $2`, [
            state,
            limit,
          ])
        : await pool.query<Row>(`${SELECT} ORDER BY m.created_at DESC LIMIT $1`, [limit]);
      return rows.map(toMessage);
    },

    async get(id) {
      if (!UUID.test(id)) return null;
      const { rows } = await pool.query<Row>(`${SELECT} WHERE m.id = $1`, [id]);
      return rows[0] ? toMessage(rows[0]) : null;
    },

    async exportAll() {
      const { rows } = await pool.query<Row>(`${SELECT} ORDER BY m.created_at`);
      return rows.map(toMessage);
    },

    async countByState() {
      const counts = emptyCounts();
      const { rows } = await pool.query<{ state: MessageState; n: number }>(
        "SELECT state, count(*)::int AS n FROM contact_message GROUP BY state",
      );
      for (const { state, n } of rows) counts[state] = n;
      return counts;
    },

    async retry(id, now) {
      if (!UUID.test(id)) return false;
      return tx((c) => retryOne(c, id, now));
    },

    async retryFailed(now) {
      const { rows } = await pool.query<{ id: string }>(
        "SELECT id FROM contact_message WHERE state = 'failed'",
      );
      let n = 0;
      for (const { id } of rows) if (await tx((c) => retryOne(c, id, now))) n++;
      return n;
    },

    async erase(by) {
      if ("id" in by && !UUID.test(by.id)) return 0;
      const [where, value] = "id" in by ? ["id = $1", by.id] : ["lower(email) = lower($1)", by.email];
      return tx(async (c) => {
        await c.query(
          `DELETE FROM contact_outbox WHERE message_id IN (SELECT id FROM contact_message WHERE ${where})`,
          [value],
        );
        return (await c.query(`DELETE FROM contact_message WHERE ${where}`, [value])).rowCount ?? 0;
      });
    },

    async purge(before) {
      const result = await pool.query(
        "DELETE FROM contact_message WHERE created_at < $1 AND state = ANY($2)",
        [ts(before), FINISHED_STATES],
      );
      return result.rowCount ?? 0;
    },

    async setTransportAvailable(available, now) {
      const [from, to] = available
        ? [["waiting-for-transport"], "queued"]
        : [["queued", "retrying"], "waiting-for-transport"];
      await pool.query("UPDATE contact_message SET state = $1, updated_at = $2 WHERE state = ANY($3)", [
        to,
        ts(now),
        from,
      ]);
    },

    async claim(owner, now, leaseMs): Promise<ClaimedJob | null> {
      // One statement: pick the next due job nobody holds (skipping rows another transaction is
      // claiming), lease it, and mark its message as sending.
      const { rows } = await pool.query<Row & { job_attempts: number; enqueued_at: Date }>(
        `WITH next AS (
           SELECT message_id FROM contact_outbox
           WHERE next_attempt_at <= $1 AND (lease_until IS NULL OR lease_until <= $1)
           ORDER BY next_attempt_at LIMIT 1
           FOR UPDATE SKIP LOCKED
         ), leased AS (
           UPDATE contact_outbox o SET lease_owner = $2, lease_until = $3, attempts = o.attempts + 1
           FROM next WHERE o.message_id = next.message_id
           RETURNING o.message_id, o.attempts, o.enqueued_at, o.next_attempt_at
         ), sending AS (
           UPDATE contact_message m SET state = 'sending', attempts = m.attempts + 1, updated_at = $1
           FROM leased WHERE m.id = leased.message_id
           RETURNING m.*
         )
         SELECT s.*, l.next_attempt_at, l.attempts AS job_attempts, l.enqueued_at
         FROM sending s JOIN leased l ON l.message_id = s.id`,
        [ts(now), owner, ts(now + leaseMs)],
      );
      const row = rows[0];
      if (!row) return null;
      return { message: toMessage(row), attempt: row.job_attempts, enqueuedAt: row.enqueued_at.getTime() };
    },

    async markSent(id, now) {
      await tx(async (c) => {
        await c.query("DELETE FROM contact_outbox WHERE message_id = $1", [id]);
        await setState(c, id, "sent", null, now);
      });
    },

    async markRetry(id, owner, nextAttemptAt, error, now) {
      return tx(async (c) => {
        const result = await c.query(
          `UPDATE contact_outbox SET next_attempt_at = $2, lease_owner = NULL, lease_until = NULL
           WHERE message_id = $1 AND lease_owner = $3`,
          [id, ts(nextAttemptAt), owner],
        );
        if (result.rowCount !== 1) return false;
        await setState(c, id, "retrying", truncateError(error), now);
        return true;
      });
    },

    async markFailed(id, owner, error, now) {
      return tx(async (c) => {
        const result = await c.query(
          "DELETE FROM contact_outbox WHERE message_id = $1 AND lease_owner = $2",
          [id, owner],
        );
        if (result.rowCount !== 1) return false;
        await setState(c, id, "failed", truncateError(error), now);
        return true;
      });
    },

    async close() {
      if (!pool.ended) await pool.end();
    },
  };
}
