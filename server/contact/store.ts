// Storage of contact messages and their delivery jobs (a transactional outbox).
// Two implementations with the same behaviour: SQLite (embedded default) and PostgreSQL.
import { mkdirSync } from "node:fs";
import { join } from "node:path";

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
};

export type StoredMessage = Omit<NewMessage, "state"> & {
  state: MessageState;
  updatedAt: number;
  /** Delivery attempts made so far (all time). */
  attempts: number;
  lastError: string | null;
  sentAt: number | null;
  /** When the pending job is due, if there is one. */
  nextAttemptAt: number | null;
};

/** A job leased by one worker until `leaseUntil`. */
export type ClaimedJob = {
  message: StoredMessage;
  /** Attempt number within this job (1 for the first try, reset by an operator retry). */
  attempt: number;
  enqueuedAt: number;
};

export type ContactStore = {
  readonly kind: "sqlite" | "postgres";
  /** Writes the message and (unless spam) its delivery job in one transaction. */
  insert(message: NewMessage): Promise<void>;
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
  /** Marks pending messages 'waiting-for-transport' (no SMTP) or back to 'queued' (SMTP). */
  setTransportAvailable(available: boolean, now: number): Promise<void>;
  /** Atomically leases the next due job whose lease is free or expired. */
  claim(owner: string, now: number, leaseMs: number): Promise<ClaimedJob | null>;
  /** Delivered: the job is removed and the message marked sent. */
  markSent(id: string, now: number): Promise<void>;
  /** Failed attempt: schedules the next one; ignored (false) when `owner` lost the lease. */
  markRetry(id: string, owner: string, nextAttemptAt: number, error: string, now: number): Promise<boolean>;
  /** Gave up: the job is removed and the message marked failed; false when `owner` lost the lease. */
  markFailed(id: string, owner: string, error: string, now: number): Promise<boolean>;
  close(): Promise<void>;
};

export type StoreOptions = {
  dataDir: string;
  databaseUrl?: string;
  /** SQLite: how long a write waits for another writer's lock (ms). */
  busyTimeoutMs?: number;
  /** SQLite: refuse to create a database that does not exist yet (operator CLI). */
  mustExist?: boolean;
};

export const SQLITE_FILE = "contact.sqlite";

/** Opens (and migrates) the store chosen by the configuration. */
export async function openStore(options: StoreOptions): Promise<ContactStore> {
  if (options.databaseUrl) {
    const { openPostgresStore } = await import("./store-postgres.ts");
    return openPostgresStore(options.databaseUrl);
  }
  if (!options.mustExist) mkdirSync(options.dataDir, { recursive: true });
  const { openSqliteStore } = await import("./store-sqlite.ts");
  return openSqliteStore(join(options.dataDir, SQLITE_FILE), {
    busyTimeoutMs: options.busyTimeoutMs ?? 5000,
    mustExist: options.mustExist ?? false,
  });
}

/** States whose job may be (re)queued by an operator. */
export const RETRYABLE_STATES: readonly MessageState[] = [
  "failed",
  "retrying",
  "spam",
  "waiting-for-transport",
  "queued",
];
/** States removed by a retention purge. Undelivered messages are never purged. */
export const FINISHED_STATES: readonly MessageState[] = ["sent", "failed", "spam"];

export function emptyCounts(): Record<MessageState, number> {
  return Object.fromEntries(MESSAGE_STATES.map((s) => [s, 0])) as Record<MessageState, number>;
}

/** Errors are stored for the operator; keep them short. */
export function truncateError(error: string): string {
  return error.length > 500 ? `${error.slice(0, 497)}...` : error;
}
