// The newsletter on the data layer: subscribers, their consent, the suppression list, and the
// confirmation e-mails (jobs in the one mail outbox, written in the same transaction).
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import { writeTransaction, type Db, type Queries } from "../db/index.ts";
import type { Outbox } from "../mail/outbox.ts";
import { NEWSLETTER_CONFIRM } from "./mail.ts";
import { SUBSCRIBER_STATES, type NewsletterSubscriberTable, type SubscriberState } from "./tables.ts";
import { issueDeliveriesOf, NEWSLETTER_ISSUE } from "./issues.ts";

export type Subscriber = Selectable<NewsletterSubscriberTable>;

export type Consent = {
  /** Page and form, e.g. "/blog-standard#footer". */
  source: string;
  /** The words the visitor saw beside the form. */
  wording: string;
  /** Keyed hash of the client's address. */
  client: string;
};

/** What a sign-up did (never shown to the visitor: every sign-up gets the same answer). */
export type SignUpOutcome =
  | "confirmation-queued" // new, or again after unsubscribing, or pending and the last mail is old
  | "confirmation-throttled" // pending, and a confirmation went out less than an hour ago
  | "already-subscribed";

export type ConfirmOutcome = "confirmed" | "already-confirmed" | "used" | "unknown";

export type NewsletterRepository = {
  signUp(email: string, consent: Consent, now: number): Promise<SignUpOutcome>;
  /** Uses the confirmation link's nonce (single use). */
  confirm(id: string, nonce: string, now: number): Promise<ConfirmOutcome>;
  /** Queues a new confirmation e-mail for a pending subscriber (from an expired link page);
   *  false when there is none to send (confirmed, gone, or one went out within the hour). */
  resendConfirmation(id: string, now: number): Promise<boolean>;
  /** Unsubscribes at once; false when the subscriber does not exist (erased). */
  unsubscribe(id: string, now: number): Promise<boolean>;
  get(id: string): Promise<Subscriber | null>;
  findByEmail(email: string): Promise<Subscriber | null>;
  /** Newest first. */
  list(options?: { state?: SubscriberState; limit?: number }): Promise<Subscriber[]>;
  countByState(): Promise<Record<SubscriberState, number>>;
  /** Every confirmed subscriber, oldest confirmation first. */
  subscribed(): Promise<Subscriber[]>;
  /** Deletes the person's record and confirmation e-mails, and keeps a keyed hash of the address
   *  on the suppression list; true when there was a record. */
  erase(email: string, now: number): Promise<boolean>;
  /** Whether the address is on the suppression list (an import must skip it). */
  isSuppressed(email: string): Promise<boolean>;
  /** Retention: unconfirmed sign-ups older than `pendingDays` are deleted; people unsubscribed for
   *  longer than `unsubscribedDays` leave only a suppression hash. Returns what it removed. */
  prune(now: number, policy?: RetentionPolicy): Promise<{ pending: number; unsubscribed: number }>;
};

export type RetentionPolicy = { pendingDays: number; unsubscribedDays: number };
export const RETENTION: RetentionPolicy = { pendingDays: 30, unsubscribedDays: 30 };

/** At most one confirmation e-mail per address per hour. */
export const CONFIRM_THROTTLE_MS = 3_600_000;

const DAY = 86_400_000;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function emptySubscriberCounts(): Record<SubscriberState, number> {
  return Object.fromEntries(SUBSCRIBER_STATES.map((s) => [s, 0])) as Record<SubscriberState, number>;
}

export function createNewsletterRepository(db: Db, outbox: Outbox, secret: string): NewsletterRepository {
  const k = db.kysely;
  const emailHash = (email: string) =>
    createHmac("sha256", secret)
      .update(`newsletter-email:${normalizeEmail(email)}`)
      .digest("hex");
  const newNonce = () => randomBytes(12).toString("hex");

  const queueConfirmation = (trx: Queries, id: string, now: number) =>
    outbox.enqueue(trx, { kind: NEWSLETTER_CONFIRM, recordId: id, at: now, priority: 1 });

  async function suppress(trx: Queries, email: string, reason: "erased" | "unsubscribed", now: number) {
    await trx
      .insertInto("newsletter_suppression")
      .values({ emailHash: emailHash(email), reason, createdAt: now })
      .onConflict((oc) => oc.column("emailHash").doUpdateSet({ reason, createdAt: now }))
      .execute();
  }

  async function removeSubscribers(trx: Queries, ids: string[]) {
    if (ids.length === 0) return;
    await outbox.deleteForRecords(trx, NEWSLETTER_CONFIRM, ids);
    await outbox.deleteForRecords(trx, NEWSLETTER_ISSUE, await issueDeliveriesOf(trx, ids));
    await trx.deleteFrom("newsletter_subscriber").where("id", "in", ids).execute();
  }

  return {
    signUp(rawEmail, consent, now) {
      const email = normalizeEmail(rawEmail);
      const consentFields = {
        consentAt: now,
        consentSource: consent.source,
        consentWording: consent.wording,
        consentClient: consent.client,
        updatedAt: now,
      };
      return writeTransaction(db, async (trx) => {
        const existing = await trx
          .selectFrom("newsletter_subscriber")
          .selectAll()
          .where("email", "=", email)
          .executeTakeFirst();
        if (!existing) {
          const id = randomUUID();
          const inserted = await trx
            .insertInto("newsletter_subscriber")
            .values({
              id,
              email,
              state: "pending",
              createdAt: now,
              ...consentFields,
              confirmedAt: null,
              unsubscribedAt: null,
              confirmNonce: newNonce(),
              confirmSentAt: now,
            })
            .onConflict((oc) => oc.column("email").doNothing())
            .executeTakeFirst();
          // The same address sent twice at once: the other request queued the e-mail.
          if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return "confirmation-throttled";
          await queueConfirmation(trx, id, now);
          return "confirmation-queued";
        }
        if (existing.state === "subscribed") return "already-subscribed";
        const recent = existing.confirmSentAt !== null && now - existing.confirmSentAt < CONFIRM_THROTTLE_MS;
        // Pending or unsubscribed: this sign-up is the consent on record; it counts once confirmed.
        await trx
          .updateTable("newsletter_subscriber")
          .set({
            ...consentFields,
            state: "pending",
            unsubscribedAt: null,
            confirmNonce: existing.confirmNonce ?? newNonce(),
            ...(recent ? {} : { confirmSentAt: now }),
          })
          .where("id", "=", existing.id)
          .execute();
        if (recent) return "confirmation-throttled";
        await queueConfirmation(trx, existing.id, now);
        return "confirmation-queued";
      });
    },

    confirm(id, nonce, now) {
      return writeTransaction(db, async (trx) => {
        const s = await trx
          .selectFrom("newsletter_subscriber")
          .selectAll()
          .where("id", "=", id)
          .executeTakeFirst();
        if (!s) return "unknown";
        if (s.confirmNonce === null || s.confirmNonce !== nonce) {
          return s.state === "subscribed" ? "already-confirmed" : "used";
        }
        await trx
          .updateTable("newsletter_subscriber")
          .set({ state: "subscribed", confirmedAt: now, confirmNonce: null, updatedAt: now })
          .where("id", "=", id)
          .execute();
        // Asked for it again, in person: no longer suppressed.
        await trx.deleteFrom("newsletter_suppression").where("emailHash", "=", emailHash(s.email)).execute();
        return "confirmed";
      });
    },

    resendConfirmation(id, now) {
      return writeTransaction(db, async (trx) => {
        const s = await trx
          .selectFrom("newsletter_subscriber")
          .selectAll()
          .where("id", "=", id)
          .executeTakeFirst();
        if (!s || s.state !== "pending") return false;
        if (s.confirmSentAt !== null && now - s.confirmSentAt < CONFIRM_THROTTLE_MS) return false;
        await trx
          .updateTable("newsletter_subscriber")
          .set({ confirmSentAt: now, confirmNonce: s.confirmNonce ?? newNonce(), updatedAt: now })
          .where("id", "=", id)
          .execute();
        await queueConfirmation(trx, id, now);
        return true;
      });
    },

    async unsubscribe(id, now) {
      const s = await k
        .selectFrom("newsletter_subscriber")
        .select(["state"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!s) return false;
      if (s.state === "unsubscribed") return true;
      await writeTransaction(db, async (trx) => {
        await trx
          .updateTable("newsletter_subscriber")
          .set({ state: "unsubscribed", unsubscribedAt: now, confirmNonce: null, updatedAt: now })
          .where("id", "=", id)
          .execute();
        // A confirmation e-mail not yet sent is not sent.
        await outbox.deleteForRecords(trx, NEWSLETTER_CONFIRM, [id]);
      });
      return true;
    },

    async get(id) {
      return (
        (await k.selectFrom("newsletter_subscriber").selectAll().where("id", "=", id).executeTakeFirst()) ??
        null
      );
    },

    async findByEmail(email) {
      return (
        (await k
          .selectFrom("newsletter_subscriber")
          .selectAll()
          .where("email", "=", normalizeEmail(email))
          .executeTakeFirst()) ?? null
      );
    },

    list(options = {}) {
      let q = k.selectFrom("newsletter_subscriber").selectAll();
      if (options.state) q = q.where("state", "=", options.state);
      return q
        .orderBy("updatedAt", "desc")
        .orderBy("id")
        .limit(options.limit ?? 1000)
        .execute();
    },

    async countByState() {
      const rows = await k
        .selectFrom("newsletter_subscriber")
        .select(["state", (eb) => eb.fn.countAll<number>().as("n")])
        .groupBy("state")
        .execute();
      const counts = emptySubscriberCounts();
      for (const r of rows) counts[r.state] = Number(r.n);
      return counts;
    },

    subscribed() {
      return k
        .selectFrom("newsletter_subscriber")
        .selectAll()
        .where("state", "=", "subscribed")
        .orderBy("confirmedAt")
        .orderBy("id")
        .execute();
    },

    erase(email, now) {
      return writeTransaction(db, async (trx) => {
        const s = await trx
          .selectFrom("newsletter_subscriber")
          .select(["id"])
          .where("email", "=", normalizeEmail(email))
          .executeTakeFirst();
        await removeSubscribers(trx, s ? [s.id] : []);
        await suppress(trx, email, "erased", now);
        return s !== undefined;
      });
    },

    async isSuppressed(email) {
      const row = await k
        .selectFrom("newsletter_suppression")
        .select("emailHash")
        .where("emailHash", "=", emailHash(email))
        .executeTakeFirst();
      return row !== undefined;
    },

    prune(now, policy = RETENTION) {
      return writeTransaction(db, async (trx) => {
        const pending = await trx
          .selectFrom("newsletter_subscriber")
          .select("id")
          .where("state", "=", "pending")
          .where("consentAt", "<", now - policy.pendingDays * DAY)
          .execute();
        const gone = await trx
          .selectFrom("newsletter_subscriber")
          .select(["id", "email"])
          .where("state", "=", "unsubscribed")
          .where("unsubscribedAt", "<", now - policy.unsubscribedDays * DAY)
          .execute();
        for (const s of gone) await suppress(trx, s.email, "unsubscribed", now);
        await removeSubscribers(
          trx,
          [...pending, ...gone].map((s) => s.id),
        );
        return { pending: pending.length, unsubscribed: gone.length };
      });
    },
  };
}
