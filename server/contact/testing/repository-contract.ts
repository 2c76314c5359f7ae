// The contact inbox on the data layer: the same behaviour on SQLite and PostgreSQL. Delivery
// outcomes are driven through the mail outbox, as the worker does.
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../../db/index.ts";
import type { Location, TestDatabase } from "../../db/testing/databases.ts";
import { createOutbox, type Outbox } from "../../mail/outbox.ts";
import { CONTACT_NOTICE } from "../mail.ts";
import { createContactRepository, type ContactRepository, type NewMessage } from "../repository.ts";

const T0 = Date.UTC(2031, 0, 6, 9, 0, 0);
const DAY = 86_400_000;

export function message(overrides: Partial<NewMessage> = {}): NewMessage {
  return {
    id: randomUUID(),
    createdAt: T0,
    name: "Ada Obi",
    email: "ada@example.com",
    phone: "+234 803 555 0142",
    message: "Hello\nWorld",
    clientHash: "0123456789abcdef",
    state: "queued",
    ...overrides,
  };
}

/** The repository with the outbox calls the worker makes, addressed by message id. */
type Inbox = ContactRepository & {
  outbox: Outbox;
  claim(
    owner: string,
    now: number,
    leaseMs: number,
  ): Promise<{ recordId: string; attempts: number; enqueuedAt: number } | null>;
  markSent(id: string, now: number): Promise<void>;
  markRetry(id: string, owner: string, nextAttemptAt: number, error: string, now: number): Promise<boolean>;
  markFailed(id: string, owner: string, error: string, now: number): Promise<boolean>;
};

function inbox(db: Db): Inbox {
  const outbox = createOutbox(db);
  const repository = createContactRepository(db, outbox);
  const jobOf = async (id: string) => (await outbox.list({ kind: CONTACT_NOTICE, recordId: id }))[0]!.id;
  return {
    ...repository,
    outbox,
    claim: (owner, now, leaseMs) => outbox.claim(owner, now, leaseMs, [CONTACT_NOTICE]),
    markSent: async (id, now) => outbox.markSent(await jobOf(id), now),
    markRetry: async (id, owner, next, error, now) =>
      outbox.markRetry(await jobOf(id), owner, next, error, now),
    markFailed: async (id, owner, error, now) =>
      outbox.markFinal(await jobOf(id), owner, "failed", error, now),
  };
}

export function repositoryContract(database: () => TestDatabase) {
  describe(`contact repository`, () => {
    let opened: Db[] = [];
    let locations: Location[] = [];
    async function fresh() {
      const location = await database().fresh();
      locations.push(location);
      return { location, store: await open(location) };
    }
    async function open(location: Location) {
      const db = await openDatabase(location);
      opened.push(db);
      return inbox(db);
    }
    afterEach(async () => {
      for (const db of opened) await db.close();
      for (const l of locations) await l.cleanup();
      opened = [];
      locations = [];
    });

    it("stores a message with its fields and lists the newest first", async () => {
      const { store } = await fresh();
      const older = message({ createdAt: T0 - 1000 });
      const newer = message({ createdAt: T0, name: "Émeka Ñ 😀", message: "a\nb\tc" });
      await store.insert(older);
      await store.insert(newer);
      expect(await store.get(newer.id)).toEqual({
        ...newer,
        updatedAt: T0,
        attempts: 0,
        lastError: null,
        sentAt: null,
        nextAttemptAt: T0,
        handledAt: null,
        handledBy: null,
      });
      expect((await store.list()).map((m) => m.id)).toEqual([newer.id, older.id]);
      expect((await store.exportAll()).map((m) => m.id)).toEqual([older.id, newer.id]);
      expect(await store.get(randomUUID())).toBeNull();
      expect(await store.get("not-an-id")).toBeNull();
    });

    it("keeps the data and runs no migration twice when reopened", async () => {
      const { location, store } = await fresh();
      const m = message();
      await store.insert(m);
      await opened.pop()!.close();
      const again = await open(location);
      expect((await again.get(m.id))?.name).toBe("Ada Obi");
      expect((await again.countByState()).queued).toBe(1);
    });

    it("writes message and job atomically: a failed insert leaves neither", async () => {
      const { store } = await fresh();
      const m = message();
      await store.insert(m);
      await expect(store.insert({ ...m, name: "Duplicate" })).rejects.toThrow();
      expect(await store.list()).toHaveLength(1);
      expect((await store.get(m.id))?.name).toBe("Ada Obi");
      expect(await store.claim("w", T0, 60_000)).not.toBeNull();
      expect(await store.claim("w", T0, 60_000)).toBeNull();
    });

    it("stores a message once per idempotency key: the same key again writes nothing and queues no e-mail", async () => {
      const { store } = await fresh();
      const key = randomUUID();
      const first = message({ idempotencyKey: key });
      expect(await store.insert(first)).toBe(true);
      // The visitor's resend: a new id (the server makes one per post), the same key.
      expect(await store.insert(message({ idempotencyKey: key, name: "Resent" }))).toBe(false);
      expect((await store.list()).map((m) => [m.id, m.name])).toEqual([[first.id, "Ada Obi"]]);
      expect(await store.outbox.list({ kind: CONTACT_NOTICE })).toHaveLength(1);
      // The message kept under the key, for a resend to compare its text with.
      expect((await store.byKey(key))?.id).toBe(first.id);
      expect(await store.byKey(randomUUID())).toBeNull();
      // A spam post's key counts the same: a second try with it stores nothing either.
      const bot = randomUUID();
      expect(await store.insert(message({ state: "spam", idempotencyKey: bot }))).toBe(true);
      expect(await store.insert(message({ idempotencyKey: bot }))).toBe(false);
      // Other keys, and messages sent without one (older pages), are other messages.
      expect(await store.insert(message({ idempotencyKey: randomUUID() }))).toBe(true);
      expect(await store.insert(message())).toBe(true);
      expect(await store.insert(message())).toBe(true);
      expect(await store.list()).toHaveLength(5);
      expect(await store.outbox.list({ kind: CONTACT_NOTICE })).toHaveLength(4);
    });

    it("takes one of two inserts with one key at once", async () => {
      const { store } = await fresh();
      const key = randomUUID();
      const results = await Promise.all([
        store.insert(message({ idempotencyKey: key })),
        store.insert(message({ idempotencyKey: key })),
      ]);
      expect(results.sort()).toEqual([false, true]);
      expect(await store.list()).toHaveLength(1);
      expect(await store.outbox.list({ kind: CONTACT_NOTICE })).toHaveLength(1);
    });

    it("gives spam no delivery job", async () => {
      const { store } = await fresh();
      const spam = message({ state: "spam" });
      await store.insert(spam);
      expect(await store.claim("w", T0 + DAY, 60_000)).toBeNull();
      expect((await store.get(spam.id))?.nextAttemptAt).toBeNull();
      expect((await store.list({ state: "spam" })).map((m) => m.id)).toEqual([spam.id]);
      // A real person caught by the spam checks can still be delivered by the operator.
      expect(await store.retry(spam.id, T0 + DAY)).toBe(true);
      expect((await store.claim("w", T0 + DAY, 60_000))?.recordId).toBe(spam.id);
    });

    it("leases a job to one worker; another gets it only once the lease expired", async () => {
      const { store } = await fresh();
      const m = message();
      await store.insert(m);
      const a = await store.claim("worker-a", T0, 60_000);
      expect(a).toMatchObject({ attempts: 1, enqueuedAt: T0, recordId: m.id });
      expect(await store.get(m.id)).toMatchObject({ state: "sending", attempts: 1 });
      expect(await store.claim("worker-b", T0 + 59_999, 60_000)).toBeNull();
      // worker-a crashed: after the lease, worker-b takes over.
      const b = await store.claim("worker-b", T0 + 60_000, 60_000);
      expect(b).toMatchObject({ attempts: 2, recordId: m.id });
      expect(await store.get(m.id)).toMatchObject({ state: "sending", attempts: 2 });
      // worker-a wakes up late: its outcome no longer counts.
      expect(await store.markRetry(m.id, "worker-a", T0 + DAY, "late", T0 + 61_000)).toBe(false);
      expect(await store.markFailed(m.id, "worker-a", "late", T0 + 61_000)).toBe(false);
      await store.markSent(m.id, T0 + 62_000);
      expect(await store.get(m.id)).toMatchObject({
        state: "sent",
        sentAt: T0 + 62_000,
        nextAttemptAt: null,
        lastError: null,
      });
      expect(await store.claim("worker-c", T0 + DAY, 60_000)).toBeNull();
    });

    it("schedules a retry and keeps the job until it is due", async () => {
      const { store } = await fresh();
      const m = message();
      await store.insert(m);
      await store.claim("w", T0, 60_000);
      expect(await store.markRetry(m.id, "w", T0 + 60_000, "ECONNECTION: refused", T0 + 10)).toBe(true);
      expect(await store.get(m.id)).toMatchObject({
        state: "retrying",
        lastError: "ECONNECTION: refused",
        nextAttemptAt: T0 + 60_000,
      });
      expect(await store.claim("w", T0 + 59_999, 60_000)).toBeNull();
      expect(await store.claim("w", T0 + 60_000, 60_000)).toMatchObject({ attempts: 2 });
    });

    it("lets the operator retry failed messages (job restarted), but not sent ones", async () => {
      const { store } = await fresh();
      const failed = message();
      const sent = message();
      await store.insert(failed);
      await store.insert(sent);
      const first = await store.claim("w", T0, 60_000);
      const second = await store.claim("w", T0, 60_000);
      await store.markFailed(first!.recordId, "w", "550 no such user", T0);
      await store.markSent(second!.recordId, T0);
      const failedId = first!.recordId;
      const sentId = second!.recordId;
      expect(await store.get(failedId)).toMatchObject({
        state: "failed",
        lastError: "550 no such user",
        nextAttemptAt: null,
      });
      expect(await store.retry(sentId, T0 + DAY)).toBe(false);
      expect(await store.retry(randomUUID(), T0 + DAY)).toBe(false);
      expect(await store.retryFailed(T0 + DAY)).toBe(1);
      expect(await store.get(failedId)).toMatchObject({ state: "queued", nextAttemptAt: T0 + DAY });
      const job = await store.claim("w", T0 + DAY, 60_000);
      expect(job).toMatchObject({ attempts: 1, enqueuedAt: T0 + DAY, recordId: failedId });
      expect(await store.get(failedId)).toMatchObject({ state: "sending", attempts: 2 });
      // A message a worker holds right now is not re-queued under its feet.
      expect(await store.retry(failedId, T0 + DAY + 1)).toBe(false);
    });

    it("erases by id or by e-mail address (any case), jobs included", async () => {
      const { store } = await fresh();
      const a1 = message({ email: "Ada@Example.com" });
      const a2 = message({ email: "ada@example.com", state: "spam" });
      const b = message({ email: "bola@example.com" });
      for (const m of [a1, a2, b]) await store.insert(m);
      expect(await store.erase({ email: "ADA@example.COM" })).toBe(2);
      expect((await store.list()).map((m) => m.id)).toEqual([b.id]);
      expect(await store.erase({ id: b.id })).toBe(1);
      expect(await store.erase({ id: "nope" })).toBe(0);
      expect(await store.list()).toEqual([]);
      expect(await store.claim("w", T0 + DAY, 60_000)).toBeNull();
    });

    it("purges finished messages older than the cutoff, never undelivered ones", async () => {
      const { store } = await fresh();
      const old = (state: NewMessage["state"]) => message({ createdAt: T0 - 100 * DAY, state });
      const oldSent = old("queued");
      const oldSpam = old("spam");
      const oldWaiting = old("waiting-for-transport");
      const recent = message({ createdAt: T0 - DAY, state: "spam" });
      for (const m of [oldSent, oldSpam, oldWaiting, recent]) await store.insert(m);
      const job = await store.claim("w", T0 - 100 * DAY, 60_000);
      expect(job?.recordId).toBe(oldSent.id);
      await store.markSent(oldSent.id, T0 - 100 * DAY);
      expect(await store.purge(T0 - 90 * DAY)).toBe(2);
      expect((await store.list()).map((m) => m.id).sort()).toEqual([oldWaiting.id, recent.id].sort());
    });

    it("marks pending messages waiting for a transport, and queued again when there is one", async () => {
      const { store } = await fresh();
      const m = message();
      await store.insert(m);
      await store.outbox.setTransportAvailable(false, T0 + 1);
      expect(await store.countByState()).toMatchObject({ "waiting-for-transport": 1, queued: 0 });
      await store.outbox.setTransportAvailable(true, T0 + 2);
      expect(await store.get(m.id)).toMatchObject({ state: "queued", updatedAt: T0 + 2 });
    });

    it("never hands the same job to two workers claiming at the same time", async () => {
      const { location, store } = await fresh();
      const other = await open(location); // a second connection / instance
      const ids = new Set<string>();
      for (let i = 0; i < 20; i++) {
        const m = message({ createdAt: T0 + i });
        ids.add(m.id);
        await store.insert(m);
      }
      const claimed: string[] = [];
      const drain = async (s: Inbox, owner: string) => {
        for (let i = 0; i < 50; i++) {
          const job = await s.claim(owner, T0 + 1000, 60_000);
          if (!job) return;
          claimed.push(job.recordId);
        }
      };
      await Promise.all([drain(store, "a"), drain(other, "b"), drain(store, "c"), drain(other, "d")]);
      expect(claimed.length).toBe(20);
      expect(new Set(claimed)).toEqual(ids);
    });
  });
}
