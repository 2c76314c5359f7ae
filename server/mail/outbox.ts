// The mail outbox: one table of e-mail jobs for every kind of e-mail, written in the same
// transaction as the record they are about, claimed by one worker at a time with a lease.
import { randomUUID } from "node:crypto";
import type { ExpressionBuilder, Selectable } from "kysely";
import { zeroCounts } from "../db/counts.ts";
import { writeTransaction, type Db, type Queries, type Schema } from "../db/index.ts";
import {
  CLAIMABLE_STATES,
  FINAL_STATES,
  JOB_STATES,
  RETRYABLE_STATES,
  type JobState,
  type MailOutboxTable,
} from "./tables.ts";

export type Job = Selectable<MailOutboxTable>;

export type NewJob = {
  kind: string;
  recordId: string;
  /** Local part of the Message-ID; default `{kind}-{job id}`. Must be unique. */
  messageId?: string;
  /** Due time (default: now). A later time schedules it (e.g. throttled bulk sends). */
  at?: number;
  /** Higher first among due jobs (default 0). */
  priority?: number;
  /** Default: 'queued' when the server has an SMTP transport, else 'waiting-for-transport'. */
  state?: "queued" | "waiting-for-transport";
};

export type JobFilter = { kind?: string; state?: JobState; recordId?: string };

export type Outbox = {
  /** Adds a job; pass the transaction that writes its record, so both or neither are kept. */
  enqueue(trx: Queries, job: NewJob): Promise<Job>;
  get(id: string): Promise<Job | null>;
  /** Newest first. */
  list(filter?: JobFilter & { limit?: number }): Promise<Job[]>;
  /** Jobs per state (every state present, 0 when none). */
  countByState(filter?: { kind?: string }): Promise<Record<JobState, number>>;
  /** Jobs per state and when the longest-waiting job still to send fell due (null: none due), in
   *  one query: what the metrics read at each scrape (server/mail/metrics.ts). */
  backlog(now: number): Promise<{ counts: Record<JobState, number>; oldestDueAt: number | null }>;
  /** Queues a job again now, with a fresh round of attempts; false when it is sent or held. */
  retry(id: string, now: number): Promise<boolean>;
  /** Queues every failed job (of a kind) again; returns how many. */
  retryFailed(now: number, filter?: { kind?: string }): Promise<number>;
  /** Removes the jobs of records being erased (in the caller's transaction). */
  deleteForRecords(trx: Queries, kind: string, recordIds: readonly string[]): Promise<number>;
  /** Deletes final jobs (sent, failed, expired, cancelled) last updated before `before`,
   *  except those of the `keep` kinds (their features remove them with their records). */
  purge(before: number, options?: { keep?: readonly string[] }): Promise<number>;
  /** Pending jobs wait for a transport (false) or are queued again (true). */
  setTransportAvailable(available: boolean, now: number): Promise<void>;
  /** Atomically leases the next due job of one of `kinds` whose lease is free or expired. */
  claim(owner: string, now: number, leaseMs: number, kinds: readonly string[]): Promise<Job | null>;
  /** Up to `limit` due jobs in one statement (the worker's conversations at once), in the order
   *  `claim` takes them one by one. */
  claimMany(
    owner: string,
    now: number,
    leaseMs: number,
    kinds: readonly string[],
    limit: number,
  ): Promise<Job[]>;
  /** Extends `owner`'s lease on a job it is still working on; false when the lease is not theirs. */
  renew(id: string, owner: string, until: number): Promise<boolean>;
  /** Frees now the leases of owners `gone` says are dead (a crashed process of this machine), so
   *  their jobs are due at once instead of when the lease ends; returns how many jobs. */
  releaseLeases(gone: (owner: string) => boolean, now: number): Promise<number>;
  /** About to end the message to the SMTP server (an at-most-once kind: the SMTP server has the
   *  envelope and the message but its end); false when `owner` lost the lease. */
  markInFlight(id: string, owner: string, now: number): Promise<boolean>;
  /** Delivered (recorded whoever holds the lease: the mail is out either way). `alongside` (the
   *  kind's onOutcome) runs in the same transaction, when the job is still there. */
  markSent(id: string, now: number, alongside?: Alongside): Promise<void>;
  /** An attempt that may have delivered it (no answer to the message's end): marks it so, and
   *  schedules the one more attempt it gets; false when `owner` no longer holds the lease. */
  markMaybeDelivered(
    id: string,
    owner: string,
    nextAttemptAt: number,
    error: string,
    now: number,
  ): Promise<boolean>;
  /** Failed attempt: schedules the next one; false when `owner` no longer holds the lease. */
  markRetry(id: string, owner: string, nextAttemptAt: number, error: string, now: number): Promise<boolean>;
  /** Done without sending (failed, expired, cancelled); false when `owner` lost the lease.
   *  `alongside` runs in the same transaction, only when the job was `owner`'s to end. */
  markFinal(
    id: string,
    owner: string,
    state: "failed" | "expired" | "cancelled",
    error: string,
    now: number,
    alongside?: Alongside,
  ): Promise<boolean>;
};

/** A write that must be kept with a job's final state, or not at all (a kind's onOutcome). */
export type Alongside = (trx: Queries) => Promise<void>;

/** Jobs still to send: claimable, or kept until SMTP_URL is set. */
export const PENDING_STATES: readonly JobState[] = [...CLAIMABLE_STATES, "waiting-for-transport"];

/** lastError of an at-most-once job from just before its message's end is written to the SMTP
 *  server until the outcome is recorded. */
export const IN_FLIGHT = "in flight: the server stopped before the outcome was recorded";

/** Errors are stored for the operator; keep them short. */
export function truncateError(error: string): string {
  return error.length > 500 ? `${error.slice(0, 497)}...` : error;
}

type Eb = ExpressionBuilder<Schema, "mail_outbox">;

/** Due, not held by a live lease, and of a kind this worker can send. */
function due(eb: Eb, now: number, kinds: readonly string[]) {
  return eb.and([
    eb("state", "in", CLAIMABLE_STATES),
    eb("nextAttemptAt", "<=", now),
    eb.or([eb("leaseUntil", "is", null), eb("leaseUntil", "<=", now)]),
    eb("kind", "in", kinds),
  ]);
}

export function createOutbox(db: Db, options: { transportAvailable?: boolean } = {}): Outbox {
  const k = db.kysely;
  const defaultState = options.transportAvailable === false ? "waiting-for-transport" : "queued";

  function filtered(filter: JobFilter = {}) {
    return k
      .selectFrom("mail_outbox")
      .$if(filter.kind !== undefined, (q) => q.where("kind", "=", filter.kind!))
      .$if(filter.state !== undefined, (q) => q.where("state", "=", filter.state!))
      .$if(filter.recordId !== undefined, (q) => q.where("recordId", "=", filter.recordId!));
  }

  /** Runs `write` alone, or in one transaction with `alongside`, which runs only when `write`
   *  changed the job. */
  async function keptWith(write: (q: Queries) => Promise<boolean>, alongside?: Alongside): Promise<boolean> {
    if (!alongside) return write(k);
    return writeTransaction(db, async (trx) => {
      const done = await write(trx);
      if (done) await alongside(trx);
      return done;
    });
  }

  /** Ends `owner`'s lease with an outcome; false when the lease is no longer theirs. */
  async function release(
    id: string,
    owner: string,
    outcome: Pick<Job, "state" | "nextAttemptAt" | "lastError" | "updatedAt"> &
      Partial<Pick<Job, "maybeDeliveredAt">>,
    q: Queries = k,
  ): Promise<boolean> {
    const result = await q
      .updateTable("mail_outbox")
      .set({ ...outcome, leaseOwner: null, leaseUntil: null })
      .where("id", "=", id)
      .where("leaseOwner", "=", owner)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  const requeue = (now: number) => ({
    state: "queued" as const,
    enqueuedAt: now,
    nextAttemptAt: now,
    attempts: 0,
    leaseOwner: null,
    leaseUntil: null,
    updatedAt: now,
  });

  return {
    async enqueue(trx, job) {
      const id = randomUUID();
      const now = Date.now();
      const at = job.at ?? now;
      const row: Job = {
        id,
        kind: job.kind,
        recordId: job.recordId,
        messageId: job.messageId ?? `${job.kind}-${id}`,
        state: job.state ?? defaultState,
        priority: job.priority ?? 0,
        createdAt: at,
        updatedAt: at,
        enqueuedAt: at,
        nextAttemptAt: at,
        attempts: 0,
        totalAttempts: 0,
        leaseOwner: null,
        leaseUntil: null,
        lastError: null,
        sentAt: null,
        maybeDeliveredAt: null,
      };
      await trx.insertInto("mail_outbox").values(row).execute();
      return row;
    },

    async get(id) {
      return (await k.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
    },

    async list({ limit = 1000, ...filter } = {}) {
      return filtered(filter).selectAll().orderBy("createdAt", "desc").orderBy("id").limit(limit).execute();
    },

    async countByState(filter = {}) {
      const counts = zeroCounts(JOB_STATES);
      const rows = await filtered(filter)
        .select(["state", (eb) => eb.fn.countAll<number>().as("n")])
        .groupBy("state")
        .execute();
      for (const { state, n } of rows) counts[state] = Number(n);
      return counts;
    },

    async backlog(now) {
      const counts = zeroCounts(JOB_STATES);
      const rows = await k
        .selectFrom("mail_outbox")
        .select([
          "state",
          (eb) => eb.fn.countAll<number>().as("n"),
          (eb) => eb.fn.min("nextAttemptAt").as("due"),
        ])
        .groupBy("state")
        .execute();
      let oldestDueAt: number | null = null;
      for (const { state, n, due } of rows) {
        counts[state] = Number(n);
        const at = due === null ? null : Number(due);
        if (PENDING_STATES.includes(state) && at !== null && at <= now)
          oldestDueAt = Math.min(oldestDueAt ?? at, at);
      }
      return { counts, oldestDueAt };
    },

    async retry(id, now) {
      const result = await k
        .updateTable("mail_outbox")
        .set(requeue(now))
        .where("id", "=", id)
        .where("state", "in", RETRYABLE_STATES)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async retryFailed(now, filter = {}) {
      const result = await k
        .updateTable("mail_outbox")
        .set(requeue(now))
        .where("state", "=", "failed")
        .$if(filter.kind !== undefined, (q) => q.where("kind", "=", filter.kind!))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async deleteForRecords(trx, kind, recordIds) {
      let n = 0;
      for (let i = 0; i < recordIds.length; i += 500) {
        const result = await trx
          .deleteFrom("mail_outbox")
          .where("kind", "=", kind)
          .where("recordId", "in", recordIds.slice(i, i + 500))
          .executeTakeFirst();
        n += Number(result.numDeletedRows);
      }
      return n;
    },

    async purge(before, { keep = [] } = {}) {
      const result = await k
        .deleteFrom("mail_outbox")
        .where("state", "in", FINAL_STATES)
        .where("updatedAt", "<", before)
        .$if(keep.length > 0, (q) => q.where("kind", "not in", keep))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async setTransportAvailable(available, now) {
      const [from, to]: [JobState[], JobState] = available
        ? [["waiting-for-transport"], "queued"]
        : [["queued", "retrying"], "waiting-for-transport"];
      await k
        .updateTable("mail_outbox")
        .set({ state: to, updatedAt: now })
        .where("state", "in", from)
        .execute();
    },

    claim: async (owner, now, leaseMs, kinds) =>
      (await claimJobs(db, owner, now, leaseMs, kinds, 1))[0] ?? null,
    claimMany: (owner, now, leaseMs, kinds, limit) => claimJobs(db, owner, now, leaseMs, kinds, limit),

    async renew(id, owner, until) {
      const result = await k
        .updateTable("mail_outbox")
        .set({ leaseUntil: until })
        .where("id", "=", id)
        .where("leaseOwner", "=", owner)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async releaseLeases(gone, now) {
      const held = await k
        .selectFrom("mail_outbox")
        .select("leaseOwner")
        .distinct()
        .where("leaseOwner", "is not", null)
        .where("leaseUntil", ">", now)
        .execute();
      const owners = held.map((r) => r.leaseOwner!).filter(gone);
      if (owners.length === 0) return 0;
      // The job keeps its state and last error: an at-most-once kind still sees it was in flight.
      const result = await k
        .updateTable("mail_outbox")
        .set({ leaseUntil: now })
        .where("leaseOwner", "in", owners)
        .where("leaseUntil", ">", now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async markInFlight(id, owner, now) {
      const result = await k
        .updateTable("mail_outbox")
        .set({ lastError: IN_FLIGHT, updatedAt: now })
        .where("id", "=", id)
        .where("leaseOwner", "=", owner)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async markSent(id, now, alongside) {
      await keptWith(async (q) => {
        const result = await q
          .updateTable("mail_outbox")
          .set((eb) => ({
            state: "sent",
            sentAt: now,
            lastError: eb.case().when("lastError", "=", IN_FLIGHT).then(null).else(eb.ref("lastError")).end(),
            nextAttemptAt: null,
            leaseOwner: null,
            leaseUntil: null,
            updatedAt: now,
          }))
          .where("id", "=", id)
          .executeTakeFirst();
        return result.numUpdatedRows === 1n;
      }, alongside);
    },

    markMaybeDelivered: (id, owner, nextAttemptAt, error, now) =>
      release(id, owner, {
        state: "retrying",
        nextAttemptAt,
        lastError: truncateError(error),
        updatedAt: now,
        maybeDeliveredAt: now,
      }),

    markRetry: (id, owner, nextAttemptAt, error, now) =>
      release(id, owner, {
        state: "retrying",
        nextAttemptAt,
        lastError: truncateError(error),
        updatedAt: now,
      }),

    markFinal: (id, owner, state, error, now, alongside) =>
      keptWith(
        (q) =>
          release(
            id,
            owner,
            { state, nextAttemptAt: null, lastError: truncateError(error), updatedAt: now },
            q,
          ),
        alongside,
      ),
  };
}

/**
 * Claiming jobs: the one dialect-specific query of the outbox (tested on both databases).
 * One UPDATE picks the next `limit` due jobs (priority, then due time), leases them and counts
 * the attempt.
 * - PostgreSQL: the pick is `FOR UPDATE SKIP LOCKED`, so instances claiming at the same moment
 *   take different jobs instead of waiting for each other.
 * - SQLite: the statement is its own immediate transaction: a write statement takes the
 *   database's write lock before it reads anything (waiting up to busy_timeout for another
 *   process), so two processes never pick the same job. A cheap read first skips the write
 *   lock when nothing is due (the worker polls).
 */
async function claimJobs(
  db: Db,
  owner: string,
  now: number,
  leaseMs: number,
  kinds: readonly string[],
  limit: number,
): Promise<Job[]> {
  if (kinds.length === 0 || limit < 1) return [];
  const { pick, claim } = claimQueries(db, owner, now, leaseMs, kinds, limit);
  if (db.dialect === "sqlite" && !(await pick.executeTakeFirst())) return [];
  const jobs = await claim.execute();
  // RETURNING does not keep the pick's order: sort as it picked.
  return jobs.sort((a, b) => b.priority - a.priority || (a.nextAttemptAt ?? 0) - (b.nextAttemptAt ?? 0));
}

/** The claim's statements (exported for the test that checks which index they use). */
export function claimQueries(
  db: Db,
  owner: string,
  now: number,
  leaseMs: number,
  kinds: readonly string[],
  limit = 1,
) {
  const k = db.kysely;
  const pick = k
    .selectFrom("mail_outbox")
    .select("id")
    .where((w) => due(w, now, kinds))
    .orderBy("priority", "desc")
    .orderBy("nextAttemptAt")
    .limit(limit);
  const claim = k
    .updateTable("mail_outbox")
    .set((eb) => ({
      state: "sending",
      leaseOwner: owner,
      leaseUntil: now + leaseMs,
      attempts: eb("attempts", "+", 1),
      totalAttempts: eb("totalAttempts", "+", 1),
      updatedAt: now,
    }))
    .where("id", "in", db.dialect === "postgres" ? pick.forUpdate().skipLocked() : pick)
    .returningAll();
  return { pick, claim };
}
