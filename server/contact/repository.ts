// The contact inbox on the data layer: messages (contact_message) and their delivery, which is
// their job in the one mail outbox (kind 'contact-notice'). Written in one transaction; a message
// whose idempotency key is stored already writes nothing (a resend after a lost answer).
import type { Selectable } from "kysely";
import { zeroCounts } from "../db/counts.ts";
import { writeTransaction, type Db, type Queries } from "../db/index.ts";
import type { Outbox } from "../mail/outbox.ts";
import { FINAL_STATES, type JobState } from "../mail/tables.ts";
import { CONTACT_NOTICE, contactMessageId } from "./mail.ts";
import type { ContactMessageTable } from "./tables.ts";

export const MESSAGE_STATES = [
  "queued", // accepted, waiting for the worker
  "sending", // a worker holds the job (lease) and is talking to the SMTP server
  "sent", // the SMTP server accepted it
  "retrying", // the last attempt failed; another one is scheduled
  "failed", // gave up (permanent rejection, or still failing after the retry period)
  "waiting-for-transport", // no SMTP_URL configured: kept until there is one
  "spam", // honeypot filled or sent too fast: kept for review, never delivered
] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

export type NewMessage = {
  id: string;
  createdAt: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  /** HMAC of the client's address, never the address itself. */
  clientHash: string;
  /** 'spam' messages get no delivery job. */
  state: "queued" | "waiting-for-transport" | "spam";
  /** The form's key for this message (every try of it sends the same): a second insert with it
   *  writes nothing. Absent: sent without one (stored as null, never matched). */
  idempotencyKey?: string;
};

export type StoredMessage = Omit<NewMessage, "state" | "idempotencyKey"> & {
  state: MessageState;
  updatedAt: number;
  /** Delivery attempts made so far (all time). */
  attempts: number;
  lastError: string | null;
  sentAt: number | null;
  /** When the pending job is due, if there is one. */
  nextAttemptAt: number | null;
  /** Marked as handled in the staff console: when, and by whom (a member's e-mail). */
  handledAt: number | null;
  handledBy: string | null;
};

export type ContactRepository = {
  /** Writes the message and (unless spam) its delivery job in one transaction: true. False when a
   *  message with its idempotency key is stored already: nothing is written, no e-mail queued. */
  insert(message: NewMessage): Promise<boolean>;
  /** Newest first. */
  /** The message stored with this idempotency key, if any (a resend compares its text with it). */
  byKey(key: string): Promise<StoredMessage | null>;
  list(options?: { state?: MessageState; limit?: number }): Promise<StoredMessage[]>;
  get(id: string): Promise<StoredMessage | null>;
  /** Every message, oldest first. */
  exportAll(): Promise<StoredMessage[]>;
  countByState(): Promise<Record<MessageState, number>>;
  /** Queues a message that is not sent (nor being sent) for delivery now. */
  retry(id: string, now: number): Promise<boolean>;
  /** Queues every failed message for delivery now; returns how many. */
  retryFailed(now: number): Promise<number>;
  /** Deletes messages (and jobs) by id or by visitor e-mail (case-insensitive); returns how many. */
  erase(by: { id: string } | { email: string }): Promise<number>;
  /** Deletes finished messages (sent, failed, spam) created before `before`; returns how many. */
  purge(before: number): Promise<number>;
};

/** A message's state: spam, or its job's. Every other message has a job (written with it);
 *  contact jobs never expire, and are cancelled only once the message is gone. */
function stateOf(status: ContactMessageTable["status"], job: JobState | null): MessageState {
  if (status === "spam") return "spam";
  if (job === null || job === "expired" || job === "cancelled") return "failed";
  return job;
}

/** Messages joined with their delivery job: the base of every read (the console's filters too). */
export const selectMessages = (q: Queries) =>
  q
    .selectFrom("contact_message as m")
    .leftJoin("mail_outbox as o", (j) => j.onRef("o.recordId", "=", "m.id").on("o.kind", "=", CONTACT_NOTICE))
    .selectAll("m")
    .select([
      "o.id as jobId",
      "o.state as jobState",
      "o.totalAttempts",
      "o.lastError",
      "o.sentAt",
      "o.nextAttemptAt",
      "o.updatedAt as jobUpdatedAt",
    ]);
type MessagesQuery = ReturnType<typeof selectMessages>;

/** The messages `stateOf` calls retrying or failed, as a condition on `selectMessages`. */
export const whereFailing = (q: MessagesQuery) =>
  q
    .where("m.status", "<>", "spam")
    .where((eb) =>
      eb.or([eb("o.state", "is", null), eb("o.state", "in", ["retrying", "failed", "expired", "cancelled"])]),
    );

type Row = Selectable<ContactMessageTable> & {
  jobId: string | null;
  jobState: JobState | null;
  totalAttempts: number | null;
  lastError: string | null;
  sentAt: number | null;
  nextAttemptAt: number | null;
  jobUpdatedAt: number | null;
};

/** A row of `selectMessages` as the inbox shows it. */
export const toMessage = (r: Row): StoredMessage => ({
  id: r.id,
  createdAt: r.createdAt,
  updatedAt: Math.max(r.updatedAt, r.jobUpdatedAt ?? 0),
  name: r.name,
  email: r.email,
  phone: r.phone,
  message: r.message,
  clientHash: r.clientHash,
  state: stateOf(r.status, r.jobState),
  attempts: r.totalAttempts ?? 0,
  lastError: r.lastError,
  sentAt: r.sentAt,
  nextAttemptAt: r.nextAttemptAt,
  handledAt: r.handledAt,
  handledBy: r.handledBy,
});

export function createContactRepository(db: Db, outbox: Outbox): ContactRepository {
  const k = db.kysely;

  async function get(id: string): Promise<StoredMessage | null> {
    const row = await selectMessages(k).where("m.id", "=", id).executeTakeFirst();
    return row ? toMessage(row) : null;
  }

  /** Deletes the messages and their jobs, in the caller's transaction. */
  async function remove(trx: Queries, ids: string[]): Promise<number> {
    await outbox.deleteForRecords(trx, CONTACT_NOTICE, ids);
    let n = 0;
    for (let i = 0; i < ids.length; i += 500) {
      const result = await trx
        .deleteFrom("contact_message")
        .where("id", "in", ids.slice(i, i + 500))
        .executeTakeFirst();
      n += Number(result.numDeletedRows);
    }
    return n;
  }

  return {
    async insert(m) {
      return writeTransaction(db, async (trx) => {
        const inserted = await trx
          .insertInto("contact_message")
          .values({
            id: m.id,
            createdAt: m.createdAt,
            updatedAt: m.createdAt,
            name: m.name,
            email: m.email,
            phone: m.phone,
            message: m.message,
            clientHash: m.clientHash,
            status: m.state === "spam" ? "spam" : "received",
            idempotencyKey: m.idempotencyKey ?? null,
          })
          // Only the key's conflict: a clash of ids still fails (and writes nothing).
          .onConflict((oc) => oc.column("idempotencyKey").doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
        if (m.state !== "spam") {
          await outbox.enqueue(trx, {
            kind: CONTACT_NOTICE,
            recordId: m.id,
            messageId: contactMessageId(m.id),
            at: m.createdAt,
            state: m.state,
          });
        }
        return true;
      });
    },

    async byKey(key) {
      const row = await selectMessages(k).where("m.idempotencyKey", "=", key).executeTakeFirst();
      return row ? toMessage(row) : null;
    },

    async list({ state, limit = 1000 } = {}) {
      const rows = await selectMessages(k)
        .$if(state === "spam", (q) => q.where("m.status", "=", "spam"))
        .$if(state !== undefined && state !== "spam", (q) =>
          q.where("m.status", "<>", "spam").where("o.state", "=", state as JobState),
        )
        .orderBy("m.createdAt", "desc")
        .orderBy("m.id")
        .limit(limit)
        .execute();
      return rows.map(toMessage);
    },

    get,

    async exportAll() {
      return (await selectMessages(k).orderBy("m.createdAt").orderBy("m.id").execute()).map(toMessage);
    },

    async countByState() {
      const counts = zeroCounts(MESSAGE_STATES);
      const rows = await k
        .selectFrom("contact_message as m")
        .leftJoin("mail_outbox as o", (j) =>
          j.onRef("o.recordId", "=", "m.id").on("o.kind", "=", CONTACT_NOTICE),
        )
        .select(["m.status", "o.state", (eb) => eb.fn.countAll<number>().as("n")])
        .groupBy(["m.status", "o.state"])
        .execute();
      for (const r of rows) counts[stateOf(r.status, r.state)] += Number(r.n);
      return counts;
    },

    async retry(id, now) {
      const message = await get(id);
      if (!message) return false;
      if (message.state !== "spam") {
        const [job] = await outbox.list({ kind: CONTACT_NOTICE, recordId: id, limit: 1 });
        return job ? outbox.retry(job.id, now) : false;
      }
      // A real person caught by the spam checks: the operator has it delivered after all.
      return writeTransaction(db, async (trx) => {
        const changed = await trx
          .updateTable("contact_message")
          .set({ status: "received", updatedAt: now })
          .where("id", "=", id)
          .where("status", "=", "spam")
          .executeTakeFirst();
        if (changed.numUpdatedRows !== 1n) return false;
        await outbox.enqueue(trx, {
          kind: CONTACT_NOTICE,
          recordId: id,
          messageId: contactMessageId(id),
          at: now,
          state: "queued",
        });
        return true;
      });
    },

    retryFailed: (now) => outbox.retryFailed(now, { kind: CONTACT_NOTICE }),

    async erase(by) {
      return writeTransaction(db, async (trx) => {
        const rows = await trx
          .selectFrom("contact_message")
          .select("id")
          .$if("id" in by, (q) => q.where("id", "=", (by as { id: string }).id))
          .$if("email" in by, (q) =>
            q.where((eb) =>
              eb(eb.fn("lower", ["email"]), "=", eb.fn("lower", [eb.val((by as { email: string }).email)])),
            ),
          )
          .execute();
        return remove(
          trx,
          rows.map((r) => r.id),
        );
      });
    },

    async purge(before) {
      return writeTransaction(db, async (trx) => {
        const rows = await selectMessages(trx)
          .where("m.createdAt", "<", before)
          .where((eb) => eb.or([eb("m.status", "=", "spam"), eb("o.state", "in", FINAL_STATES)]))
          .execute();
        return remove(
          trx,
          rows.map((r) => r.id),
        );
      });
    },
  };
}
