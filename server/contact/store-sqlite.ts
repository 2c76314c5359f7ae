// SQLite store (better-sqlite3): WAL, synchronous=FULL, busy_timeout. Times are ms since epoch.
import Database from "better-sqlite3";
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

const MIGRATIONS: string[] = [
  `CREATE TABLE contact_message (
     id          TEXT PRIMARY KEY,
     created_at  INTEGER NOT NULL,
     updated_at  INTEGER NOT NULL,
     name        TEXT NOT NULL,
     email       TEXT NOT NULL,
     phone       TEXT NOT NULL,
     message     TEXT NOT NULL,
     client_hash TEXT NOT NULL,
     state       TEXT NOT NULL CHECK (state IN (${STATE_CHECK})),
     attempts    INTEGER NOT NULL DEFAULT 0,
     last_error  TEXT,
     sent_at     INTEGER
   );
   CREATE INDEX contact_message_created_at ON contact_message (created_at);
   CREATE INDEX contact_message_email ON contact_message (lower(email));
   CREATE TABLE contact_outbox (
     message_id      TEXT PRIMARY KEY REFERENCES contact_message (id) ON DELETE CASCADE,
     enqueued_at     INTEGER NOT NULL,
     attempts        INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER NOT NULL,
     lease_owner     TEXT,
     lease_until     INTEGER
   );
   CREATE INDEX contact_outbox_due ON contact_outbox (next_attempt_at);`,
];

type Row = {
  id: string;
  created_at: number;
  updated_at: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  client_hash: string;
  state: MessageState;
  attempts: number;
  last_error: string | null;
  sent_at: number | null;
  next_attempt_at: number | null;
};

const SELECT = `SELECT m.*, o.next_attempt_at FROM contact_message m
  LEFT JOIN contact_outbox o ON o.message_id = m.id`;

function toMessage(row: Row): StoredMessage {
  return {
    id: row.id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    clientHash: row.client_hash,
    state: row.state,
    attempts: row.attempts,
    lastError: row.last_error,
    sentAt: row.sent_at,
    nextAttemptAt: row.next_attempt_at,
  };
}

const list = (states: readonly MessageState[]) => states.map((s) => `'${s}'`).join(", ");

export function openSqliteStore(
  file: string,
  options: { busyTimeoutMs: number; mustExist: boolean },
): ContactStore {
  const db = new Database(file, { fileMustExist: options.mustExist });
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs))}`);
  db.pragma("foreign_keys = ON");
  migrate(db);

  const insertMessage = db.prepare(
    `INSERT INTO contact_message (id, created_at, updated_at, name, email, phone, message, client_hash, state)
     VALUES (@id, @createdAt, @createdAt, @name, @email, @phone, @message, @clientHash, @state)`,
  );
  const insertJob = db.prepare(
    `INSERT INTO contact_outbox (message_id, enqueued_at, next_attempt_at) VALUES (?, ?, ?)`,
  );
  const getOne = db.prepare<[string], Row>(`${SELECT} WHERE m.id = ?`);
  const due = db.prepare<[number, number], { message_id: string }>(
    `SELECT message_id FROM contact_outbox
     WHERE next_attempt_at <= ? AND (lease_until IS NULL OR lease_until <= ?)
     ORDER BY next_attempt_at LIMIT 1`,
  );
  const lease = db.prepare(
    `UPDATE contact_outbox SET lease_owner = ?, lease_until = ?, attempts = attempts + 1
     WHERE message_id = ? AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until <= ?)`,
  );
  const jobOf = db.prepare<[string], { attempts: number; enqueued_at: number }>(
    `SELECT attempts, enqueued_at FROM contact_outbox WHERE message_id = ?`,
  );
  const setSending = db.prepare(
    `UPDATE contact_message SET state = 'sending', attempts = attempts + 1, updated_at = ? WHERE id = ?`,
  );
  const setState = db.prepare(
    `UPDATE contact_message SET state = ?, last_error = coalesce(?, last_error), updated_at = ?,
       sent_at = CASE WHEN ? = 'sent' THEN ? ELSE sent_at END
     WHERE id = ?`,
  );
  const deleteJob = db.prepare(`DELETE FROM contact_outbox WHERE message_id = ?`);
  const deleteOwnedJob = db.prepare(`DELETE FROM contact_outbox WHERE message_id = ? AND lease_owner = ?`);
  const reschedule = db.prepare(
    `UPDATE contact_outbox SET next_attempt_at = ?, lease_owner = NULL, lease_until = NULL
     WHERE message_id = ? AND lease_owner = ?`,
  );
  const requeue = db.prepare(
    `INSERT INTO contact_outbox (message_id, enqueued_at, next_attempt_at) VALUES (@id, @now, @now)
     ON CONFLICT (message_id) DO UPDATE SET enqueued_at = @now, next_attempt_at = @now, attempts = 0
     WHERE lease_until IS NULL OR lease_until <= @now`,
  );

  const insert = db.transaction((m: Parameters<ContactStore["insert"]>[0]) => {
    insertMessage.run(m);
    if (m.state !== "spam") insertJob.run(m.id, m.createdAt, m.createdAt);
  });

  const claim = db.transaction((owner: string, now: number, leaseMs: number): ClaimedJob | null => {
    const next = due.get(now, now);
    if (!next) return null;
    if (lease.run(owner, now + leaseMs, next.message_id, now, now).changes !== 1) return null;
    setSending.run(now, next.message_id);
    const job = jobOf.get(next.message_id);
    const row = getOne.get(next.message_id);
    if (!job || !row) return null;
    return { message: toMessage(row), attempt: job.attempts, enqueuedAt: job.enqueued_at };
  });

  const retryOne = db.transaction((id: string, now: number): boolean => {
    const row = getOne.get(id);
    if (!row || !RETRYABLE_STATES.includes(row.state)) return false;
    if (requeue.run({ id, now }).changes !== 1) return false; // a worker holds it right now
    setState.run("queued", null, now, "queued", now, id);
    return true;
  });

  const finish = db.transaction(
    (id: string, owner: string | null, state: "sent" | "failed", error: string | null, now: number) => {
      const removed = owner === null ? deleteJob.run(id) : deleteOwnedJob.run(id, owner);
      if (owner !== null && removed.changes !== 1) return false;
      setState.run(state, error, now, state, now, id);
      return true;
    },
  );

  return {
    kind: "sqlite",

    async insert(message) {
      insert.immediate(message);
    },

    async list({ state, limit = 1000 } = {}) {
      const rows = state
        ? db
            .prepare<[string, number], Row>(`${SELECT} WHERE m.state = ? ORDER BY m.created_at DESC LIMIT ?`)
            .all(state, limit)
        : db.prepare<[number], Row>(`${SELECT} ORDER BY m.created_at DESC LIMIT ?`).all(limit);
      return rows.map(toMessage);
    },

    async get(id) {
      const row = getOne.get(id);
      return row ? toMessage(row) : null;
    },

    async exportAll() {
      return db.prepare<[], Row>(`${SELECT} ORDER BY m.created_at`).all().map(toMessage);
    },

    async countByState() {
      const counts = emptyCounts();
      const rows = db
        .prepare<[], { state: MessageState; n: number }>(
          `SELECT state, count(*) AS n FROM contact_message GROUP BY state`,
        )
        .all();
      for (const { state, n } of rows) counts[state] = n;
      return counts;
    },

    async retry(id, now) {
      return retryOne.immediate(id, now);
    },

    async retryFailed(now) {
      const ids = db
        .prepare<[], { id: string }>(`SELECT id FROM contact_message WHERE state = 'failed'`)
        .all();
      let n = 0;
      for (const { id } of ids) if (retryOne.immediate(id, now)) n++;
      return n;
    },

    async erase(by) {
      const [where, value] = "id" in by ? ["id = ?", by.id] : ["lower(email) = lower(?)", by.email];
      const run = db.transaction(() => {
        db.prepare(
          `DELETE FROM contact_outbox WHERE message_id IN (SELECT id FROM contact_message WHERE ${where})`,
        ).run(value);
        return db.prepare(`DELETE FROM contact_message WHERE ${where}`).run(value).changes;
      });
      return run.immediate();
    },

    async purge(before) {
      return db
        .prepare(`DELETE FROM contact_message WHERE created_at < ? AND state IN (${list(FINISHED_STATES)})`)
        .run(before).changes;
    },

    async setTransportAvailable(available, now) {
      const [from, to] = available
        ? [["waiting-for-transport"], "queued"]
        : [["queued", "retrying"], "waiting-for-transport"];
      db.prepare(
        `UPDATE contact_message SET state = ?, updated_at = ? WHERE state IN (${list(from as MessageState[])})`,
      ).run(to, now);
    },

    async claim(owner, now, leaseMs) {
      if (!due.get(now, now)) return null; // cheap check without taking the write lock
      return claim.immediate(owner, now, leaseMs);
    },

    async markSent(id, now) {
      finish.immediate(id, null, "sent", null, now);
    },

    async markRetry(id, owner, nextAttemptAt, error, now) {
      const run = db.transaction(() => {
        if (reschedule.run(nextAttemptAt, id, owner).changes !== 1) return false;
        setState.run("retrying", truncateError(error), now, "retrying", now, id);
        return true;
      });
      return run.immediate();
    },

    async markFailed(id, owner, error, now) {
      return finish.immediate(id, owner, "failed", truncateError(error), now);
    },

    async close() {
      if (db.open) db.close();
    },
  };
}

function migrate(db: Database.Database): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`);
  db.transaction(() => {
    const current =
      db.prepare<[], { v: number | null }>(`SELECT max(version) AS v FROM schema_version`).get()?.v ?? 0;
    MIGRATIONS.slice(current).forEach((sql, i) => {
      db.exec(sql);
      db.prepare(`INSERT INTO schema_version (version) VALUES (?)`).run(current + i + 1);
    });
  }).immediate();
}
