// The contact inbox and the one mail outbox. A database made by the hand-written stores that
// came before this layer (a `schema_version` table, contact_message with its delivery state,
// contact_outbox with the pending jobs) is adopted in place: every message is kept and every
// pending job carried into mail_outbox with its schedule, attempts, lease and Message-ID.
import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db) {
    const tables = new Set((await db.introspection.getTables()).map((t) => t.name));
    const legacy = tables.has("schema_version") && tables.has("contact_message");
    if (legacy) {
      // The old tables step aside (their index names are reused below).
      for (const index of ["contact_message_created_at", "contact_message_email", "contact_outbox_due"])
        await db.schema.dropIndex(index).ifExists().execute();
      await db.schema.alterTable("contact_message").renameTo("legacy_contact_message").execute();
      await db.schema.alterTable("contact_outbox").renameTo("legacy_contact_outbox").execute();
    }

    await db.schema
      .createTable("contact_message")
      .addColumn("id", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("phone", "text", (c) => c.notNull())
      .addColumn("message", "text", (c) => c.notNull())
      .addColumn("client_hash", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull().defaultTo("received"))
      // Named: on an adopted PostgreSQL database the old table still owns `contact_message_pkey`.
      .addPrimaryKeyConstraint("contact_message_pk", ["id"])
      .execute();
    await db.schema
      .createIndex("contact_message_created_at")
      .on("contact_message")
      .column("created_at")
      .execute();
    await db.schema
      .createIndex("contact_message_email")
      .on("contact_message")
      .expression(sql`lower(email)`)
      .execute();

    await db.schema
      .createTable("mail_outbox")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("record_id", "text", (c) => c.notNull())
      .addColumn("message_id", "text", (c) => c.notNull())
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("priority", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .addColumn("enqueued_at", "bigint", (c) => c.notNull())
      .addColumn("next_attempt_at", "bigint")
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("total_attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("lease_owner", "text")
      .addColumn("lease_until", "bigint")
      .addColumn("last_error", "text")
      .addColumn("sent_at", "bigint")
      .addUniqueConstraint("mail_outbox_message_id_key", ["message_id"])
      .execute();
    // The claim's order (priority, then due time) over pending jobs only: final jobs have no
    // next_attempt_at, so the history that stays in the table is never scanned.
    await db.schema
      .createIndex("mail_outbox_due")
      .on("mail_outbox")
      .columns(["priority desc", "next_attempt_at"])
      .where(sql.ref("next_attempt_at"), "is not", null)
      .execute();
    // A record's jobs. record_id first: an index led by kind would tempt SQLite's planner away
    // from mail_outbox_due when claiming (kind IN …) and make it sort every job of that kind.
    await db.schema
      .createIndex("mail_outbox_record")
      .on("mail_outbox")
      .columns(["record_id", "kind"])
      .execute();

    if (legacy) {
      await adoptLegacyRows(db as Kysely<Legacy>);
      await db.schema.dropTable("legacy_contact_outbox").execute();
      await db.schema.dropTable("legacy_contact_message").execute();
      await db.schema.dropTable("schema_version").execute();
    }
  },
};

/** Old times: INTEGER ms on SQLite, timestamptz (a Date) on PostgreSQL. */
type OldTime = number | Date;
type Legacy = {
  legacy_contact_message: {
    id: string;
    created_at: OldTime;
    updated_at: OldTime;
    name: string;
    email: string;
    phone: string;
    message: string;
    client_hash: string;
    state: string;
    attempts: number;
    last_error: string | null;
    sent_at: OldTime | null;
  };
  legacy_contact_outbox: {
    message_id: string;
    enqueued_at: OldTime;
    attempts: number;
    next_attempt_at: OldTime;
    lease_owner: string | null;
    lease_until: OldTime | null;
  };
  contact_message: Record<string, unknown>;
  mail_outbox: Record<string, unknown>;
};

const PENDING = new Set(["queued", "retrying", "sending", "waiting-for-transport"]);
const BATCH = 500;

function ms(value: OldTime): number;
function ms(value: OldTime | null): number | null;
function ms(value: OldTime | null): number | null {
  if (value === null) return null;
  return value instanceof Date ? value.getTime() : Number(value);
}

async function adoptLegacyRows(db: Kysely<Legacy>): Promise<void> {
  let after = "";
  for (;;) {
    const rows = await db
      .selectFrom("legacy_contact_message as m")
      .leftJoin("legacy_contact_outbox as o", "o.message_id", "m.id")
      .select([
        "m.id",
        "m.created_at",
        "m.updated_at",
        "m.name",
        "m.email",
        "m.phone",
        "m.message",
        "m.client_hash",
        "m.state",
        "m.attempts",
        "m.last_error",
        "m.sent_at",
        "o.message_id as job",
        "o.enqueued_at",
        "o.attempts as job_attempts",
        "o.next_attempt_at",
        "o.lease_owner",
        "o.lease_until",
      ])
      // Keyset paging on the id, compared as text on both databases (uuid on PostgreSQL).
      .where(sql<string>`cast(m.id as text)`, ">", after)
      .orderBy(sql`cast(m.id as text)`)
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    after = String(rows.at(-1)!.id);

    await db
      .insertInto("contact_message")
      .values(
        rows.map((r) => ({
          id: String(r.id),
          created_at: ms(r.created_at),
          updated_at: ms(r.updated_at),
          name: r.name,
          email: r.email,
          phone: r.phone,
          message: r.message,
          client_hash: r.client_hash,
          status: r.state === "spam" ? "spam" : "received",
        })),
      )
      .execute();

    const jobs = rows
      .filter((r) => r.state !== "spam")
      .map((r) => {
        const pending = PENDING.has(r.state);
        const hasJob = r.job !== null;
        return {
          id: randomUUID(),
          kind: "contact-notice",
          record_id: String(r.id),
          message_id: `contact-${String(r.id)}`, // the Message-ID the old code sent it with
          state: r.state,
          priority: 0,
          created_at: ms(r.created_at),
          updated_at: ms(r.updated_at),
          enqueued_at: hasJob ? ms(r.enqueued_at!) : ms(r.created_at),
          // A pending message whose job row went missing is due at once rather than stranded.
          next_attempt_at: pending ? (hasJob ? ms(r.next_attempt_at!) : ms(r.updated_at)) : null,
          attempts: hasJob ? r.job_attempts! : r.attempts,
          total_attempts: r.attempts,
          lease_owner: hasJob ? r.lease_owner : null,
          lease_until: hasJob ? ms(r.lease_until) : null,
          last_error: r.last_error,
          sent_at: ms(r.sent_at),
        };
      });
    if (jobs.length > 0) await db.insertInto("mail_outbox").values(jobs).execute();
    if (rows.length < BATCH) return;
  }
}
