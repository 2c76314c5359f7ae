// A database as the code before the data layer made it (server/contact/store-sqlite.ts and
// store-postgres.ts up to commit fb8cbe4): its schema, verbatim, and a writer for its rows. The
// upgrade test starts the current code on such a database.
import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import type { Location } from "./databases.ts";

const STATES = `'queued', 'sending', 'sent', 'retrying', 'failed', 'waiting-for-transport', 'spam'`;

export const LEGACY_SQLITE_SCHEMA = `
  CREATE TABLE schema_version (version INTEGER NOT NULL);
  CREATE TABLE contact_message (
     id          TEXT PRIMARY KEY,
     created_at  INTEGER NOT NULL,
     updated_at  INTEGER NOT NULL,
     name        TEXT NOT NULL,
     email       TEXT NOT NULL,
     phone       TEXT NOT NULL,
     message     TEXT NOT NULL,
     client_hash TEXT NOT NULL,
     state       TEXT NOT NULL CHECK (state IN (${STATES})),
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
   CREATE INDEX contact_outbox_due ON contact_outbox (next_attempt_at);
   INSERT INTO schema_version (version) VALUES (1);`;

export const LEGACY_POSTGRES_SCHEMA = `
  CREATE TABLE schema_version (version integer NOT NULL);
  CREATE TABLE contact_message (
     id          uuid PRIMARY KEY,
     created_at  timestamptz NOT NULL,
     updated_at  timestamptz NOT NULL,
     name        text NOT NULL,
     email       text NOT NULL,
     phone       text NOT NULL,
     message     text NOT NULL,
     client_hash text NOT NULL,
     state       text NOT NULL CHECK (state IN (${STATES})),
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
   CREATE INDEX contact_outbox_due ON contact_outbox (next_attempt_at);
   INSERT INTO schema_version (version) VALUES (1);`;

export type LegacyMessage = {
  id: string;
  createdAt: number;
  updatedAt: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  clientHash: string;
  state: "queued" | "sending" | "sent" | "retrying" | "failed" | "waiting-for-transport" | "spam";
  attempts: number;
  lastError: string | null;
  sentAt: number | null;
  job?: {
    enqueuedAt: number;
    attempts: number;
    nextAttemptAt: number;
    leaseOwner: string | null;
    leaseUntil: number | null;
  };
};

/** Creates the old schema at `location` and writes the rows as the old code did. */
export async function writeLegacyDatabase(location: Location, messages: LegacyMessage[]): Promise<void> {
  const message = (m: LegacyMessage) => [
    m.id,
    m.createdAt,
    m.updatedAt,
    m.name,
    m.email,
    m.phone,
    m.message,
    m.clientHash,
    m.state,
    m.attempts,
    m.lastError,
    m.sentAt,
  ];
  const job = (m: LegacyMessage) => [
    m.id,
    m.job!.enqueuedAt,
    m.job!.attempts,
    m.job!.nextAttemptAt,
    m.job!.leaseOwner,
    m.job!.leaseUntil,
  ];

  if (!location.databaseUrl) {
    mkdirSync(location.dataDir, { recursive: true });
    const db = new Database(join(location.dataDir, "contact.sqlite"));
    db.pragma("journal_mode = WAL");
    db.exec(LEGACY_SQLITE_SCHEMA);
    const insertMessage = db.prepare(
      `INSERT INTO contact_message VALUES (${Array(12).fill("?").join(", ")})`,
    );
    const insertJob = db.prepare(`INSERT INTO contact_outbox VALUES (?, ?, ?, ?, ?, ?)`);
    db.transaction(() => {
      for (const m of messages) {
        insertMessage.run(...message(m));
        if (m.job) insertJob.run(...job(m));
      }
    })();
    db.close();
    return;
  }

  const client = new pg.Client(location.databaseUrl);
  await client.connect();
  try {
    await client.query(LEGACY_POSTGRES_SCHEMA);
    const ts = (v: unknown) => (typeof v === "number" ? new Date(v) : v);
    await client.query("BEGIN");
    for (const m of messages) {
      const [id, c, u, ...rest] = message(m);
      const sentAt = rest.pop();
      await client.query(
        `INSERT INTO contact_message VALUES (${Array.from({ length: 12 }, (_, i) => `$${i + 1}`).join(", ")})`,
        [id, ts(c), ts(u), ...rest, ts(sentAt)],
      );
      if (m.job) {
        const [jid, enq, attempts, next, owner, until] = job(m);
        await client.query(`INSERT INTO contact_outbox VALUES ($1, $2, $3, $4, $5, $6)`, [
          jid,
          ts(enq),
          attempts,
          ts(next),
          owner,
          ts(until),
        ]);
      }
    }
    await client.query("COMMIT");
  } finally {
    await client.end();
  }
}
