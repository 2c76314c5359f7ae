// The newsletter on the data layer: subscribers, their consent, the suppression list, and the
// confirmation e-mails (jobs in the one mail outbox, written in the same transaction, within caps
// counted in `newsletter_confirm_sent`).
//
// Whoever sends a sign-up may not own the address. So a sign-up never changes what is recorded
// about an address that has a record (its consent, source, state or unsubscription): it can at
// most ask the owner, by e-mail and within the caps, to confirm. Only the owner's confirmation,
// from their inbox, changes the record. An erased address gets nothing at all.
import { randomBytes, randomUUID } from "node:crypto";
import { sql, type Selectable } from "kysely";
import { normalizeEmail } from "#app/lib/form-rules.ts";
import { zeroCounts } from "../db/counts.ts";
import { writeTransaction, type Db, type Queries } from "../db/index.ts";
import type { Outbox } from "../mail/outbox.ts";
import { keyedHash } from "../secret.ts";
import { NEWSLETTER_CONFIRM } from "./mail.ts";
import {
  SUBSCRIBER_STATES,
  type NewsletterSubscriberTable,
  type NewsletterSuppressionTable,
  type SubscriberState,
} from "./tables.ts";
import { issueDeliveriesOf, NEWSLETTER_ISSUE } from "./issues.ts";

export type Subscriber = Selectable<NewsletterSubscriberTable>;
export type SuppressionReason = NewsletterSuppressionTable["reason"];

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
  | "confirmation-queued" // new; pending (the same link again); or unsubscribed and asking back
  | "confirmation-throttled" // a cap on this address (hour, day or week): nothing queued
  | "confirmation-capped" // the cap on all addresses this hour: nothing queued
  | "already-subscribed"
  | "suppressed"; // erased on request: nothing stored, nothing sent

/** What a request for a new link (an expired link's page) did. */
export type ResendOutcome =
  | Extract<SignUpOutcome, "confirmation-queued" | "confirmation-throttled" | "confirmation-capped">
  | "nothing-to-confirm"; // confirmed, gone, or unsubscribed without a request

export type ConfirmOutcome = "confirmed" | "already-confirmed" | "used" | "unknown";

/** How an operator's `unsuppress` went: only an erasure is lifted by hand (an unsubscribed person
 *  comes back by signing up and confirming; nobody else may end their opt-out). */
export type UnsuppressOutcome = "lifted" | "unsubscribed" | "not-suppressed";

export type NewsletterRepository = {
  signUp(email: string, consent: Consent, now: number): Promise<SignUpOutcome>;
  /** Uses the confirmation link's nonce (single use). */
  confirm(id: string, nonce: string, now: number): Promise<ConfirmOutcome>;
  /** Queues the confirmation e-mail again (from an expired link's page), within the same caps. */
  resendConfirmation(id: string, now: number): Promise<ResendOutcome>;
  /** Unsubscribes at once (or declines a request to come back); false when the subscriber does
   *  not exist (erased). */
  unsubscribe(id: string, now: number): Promise<boolean>;
  get(id: string): Promise<Subscriber | null>;
  findByEmail(email: string): Promise<Subscriber | null>;
  /** Newest first. */
  list(options?: { state?: SubscriberState; limit?: number }): Promise<Subscriber[]>;
  countByState(): Promise<Record<SubscriberState, number>>;
  /** Every confirmed subscriber, oldest confirmation first. */
  subscribed(): Promise<Subscriber[]>;
  /** Every bounced subscriber, latest bounce first. */
  bounced(): Promise<Subscriber[]>;
  /** Deletes the person's record and confirmation e-mails, and keeps a keyed hash of the address
   *  on the suppression list; true when there was a record. */
  erase(email: string, now: number): Promise<boolean>;
  /** Whether the address is on the suppression list (an import must skip it). */
  isSuppressed(email: string): Promise<boolean>;
  /** Why the address is on the suppression list, or null. */
  suppression(email: string): Promise<SuppressionReason | null>;
  /** Lifts an erasure (the person wrote from that address asking to come back). */
  unsuppress(email: string): Promise<UnsuppressOutcome>;
  /** Retention: unconfirmed sign-ups older than `pendingDays` are deleted; people unsubscribed
   *  for longer than `unsubscribedDays`, or bounced for longer than `bouncedDays` (and not asking
   *  back for less than `pendingDays`), leave only their suppression hash; the count of
   *  confirmation e-mails forgets what is older than a week. Returns what it removed. */
  prune(
    now: number,
    policy?: RetentionPolicy,
  ): Promise<{ pending: number; unsubscribed: number; bounced: number; sends: number }>;
};

export type RetentionPolicy = { pendingDays: number; unsubscribedDays: number; bouncedDays: number };
export const RETENTION: RetentionPolicy = { pendingDays: 30, unsubscribedDays: 30, bouncedDays: 90 };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/** Confirmation e-mails at most: per address an hour, a day and a week, and to all addresses
 *  together an hour (a burst of sign-ups from many clients must not make the site a mailer).
 *  Past any of them nothing is queued, and the visitor gets the same answer. */
export type ConfirmCaps = { perHour: number; perDay: number; perWeek: number; allPerHour: number };
export const CONFIRM_CAPS: ConfirmCaps = { perHour: 1, perDay: 3, perWeek: 5, allPerHour: 100 };

/** At most one confirmation e-mail per address per hour. */
export const CONFIRM_THROTTLE_MS = HOUR;

const NO_REQUEST = { requestAt: null, requestSource: null, requestWording: null, requestClient: null };

export function createNewsletterRepository(
  db: Db,
  outbox: Outbox,
  secret: string,
  options: { caps?: ConfirmCaps } = {},
): NewsletterRepository {
  const k = db.kysely;
  const caps = options.caps ?? CONFIRM_CAPS;
  const emailHash = (email: string) => keyedHash(secret, `newsletter-email:${normalizeEmail(email)}`, "hex");
  const newNonce = () => randomBytes(12).toString("hex");

  /**
   * Dialect-specific: the caps count rows, then add one. On PostgreSQL (read committed) two
   * sign-ups at once would both see room under a cap, so sign-ups take turns on a lock held until
   * their transaction ends (an advisory lock of its own name). On SQLite the write transaction
   * (BEGIN IMMEDIATE) already makes them take turns.
   */
  async function takeTurn(trx: Queries) {
    if (db.dialect === "postgres") {
      await sql`select pg_advisory_xact_lock(hashtext('newsletter_confirm_sent'))`.execute(trx);
    }
  }

  /** Which cap, if any, a confirmation e-mail to this address would pass now. */
  async function capReached(trx: Queries, hash: string, now: number) {
    const sent = await trx
      .selectFrom("newsletter_confirm_sent")
      .select("sentAt")
      .where("emailHash", "=", hash)
      .where("sentAt", ">", now - WEEK)
      .execute();
    const within = (ms: number) => sent.filter((r) => r.sentAt > now - ms).length;
    if (within(HOUR) >= caps.perHour || within(DAY) >= caps.perDay || sent.length >= caps.perWeek) {
      return "confirmation-throttled" as const;
    }
    const all = await trx
      .selectFrom("newsletter_confirm_sent")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("sentAt", ">", now - HOUR)
      .executeTakeFirstOrThrow();
    return Number(all.n) >= caps.allPerHour ? ("confirmation-capped" as const) : null;
  }

  /** Queues the confirmation e-mail and counts it (call capReached first, in the same turn). */
  async function queueConfirmation(trx: Queries, id: string, hash: string, now: number) {
    await trx.insertInto("newsletter_confirm_sent").values({ emailHash: hash, sentAt: now }).execute();
    await outbox.enqueue(trx, { kind: NEWSLETTER_CONFIRM, recordId: id, at: now, priority: 1 });
  }

  async function suppressionOf(q: Queries, hash: string): Promise<SuppressionReason | null> {
    const row = await q
      .selectFrom("newsletter_suppression")
      .select("reason")
      .where("emailHash", "=", hash)
      .executeTakeFirst();
    return row?.reason ?? null;
  }

  /** An erasure replaces anything; an opt-out replaces only a bounce (it says more: the person
   *  objected), never an erasure nor an older opt-out's date; a bounce replaces nothing. */
  async function suppress(trx: Queries, email: string, reason: SuppressionReason, now: number) {
    await trx
      .insertInto("newsletter_suppression")
      .values({ emailHash: emailHash(email), reason, createdAt: now })
      .onConflict((oc) => {
        const on = oc.column("emailHash");
        if (reason === "erased") return on.doUpdateSet({ reason, createdAt: now });
        if (reason === "unsubscribed")
          return on
            .doUpdateSet({ reason, createdAt: now })
            .where("newsletter_suppression.reason", "=", "bounced");
        return on.doNothing();
      })
      .execute();
  }

  async function removeSubscribers(trx: Queries, ids: string[]) {
    if (ids.length === 0) return;
    await outbox.deleteForRecords(trx, NEWSLETTER_CONFIRM, ids);
    await outbox.deleteForRecords(trx, NEWSLETTER_ISSUE, await issueDeliveriesOf(trx, ids));
    await trx.deleteFrom("newsletter_subscriber").where("id", "in", ids).execute();
  }

  /** Waiting for its owner to confirm: pending, or unsubscribed or bounced with a request to come
   *  back. */
  const awaitsConfirmation = (s: Pick<Subscriber, "state" | "requestAt">) =>
    s.state === "pending" || ((s.state === "unsubscribed" || s.state === "bounced") && s.requestAt !== null);

  return {
    signUp(rawEmail, consent, now) {
      const email = normalizeEmail(rawEmail);
      const hash = emailHash(email);
      return writeTransaction(db, async (trx) => {
        await takeTurn(trx);
        // Erased on request: nothing is stored or sent until an operator lifts it (docs).
        if ((await suppressionOf(trx, hash)) === "erased") return "suppressed";
        const existing = await trx
          .selectFrom("newsletter_subscriber")
          .selectAll()
          .where("email", "=", email)
          .executeTakeFirst();
        if (existing?.state === "subscribed") return "already-subscribed";
        const capped = await capReached(trx, hash, now);
        if (capped) return capped;

        if (!existing) {
          // New (or only an opt-out's hash, which stays until the owner confirms).
          const id = randomUUID();
          const inserted = await trx
            .insertInto("newsletter_subscriber")
            .values({
              id,
              email,
              state: "pending",
              createdAt: now,
              updatedAt: now,
              consentAt: now,
              consentSource: consent.source,
              consentWording: consent.wording,
              consentClient: consent.client,
              confirmedAt: null,
              unsubscribedAt: null,
              confirmNonce: newNonce(),
              confirmSentAt: now,
            })
            .onConflict((oc) => oc.column("email").doNothing())
            .executeTakeFirst();
          // The same address sent twice at once: the other request queued the e-mail.
          if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return "confirmation-throttled";
          await queueConfirmation(trx, id, hash, now);
          return "confirmation-queued";
        }

        // Pending, or already asking to come back: the same link once more; nothing else changes.
        // Unsubscribed or bounced: the opt-out (or the bounce) stays as it is; this request waits
        // apart for its owner, whose confirmation proves the mailbox works again.
        const request = awaitsConfirmation(existing)
          ? { confirmNonce: existing.confirmNonce ?? newNonce() }
          : {
              confirmNonce: newNonce(),
              requestAt: now,
              requestSource: consent.source,
              requestWording: consent.wording,
              requestClient: consent.client,
            };
        await trx
          .updateTable("newsletter_subscriber")
          .set({ ...request, confirmSentAt: now })
          .where("id", "=", existing.id)
          .execute();
        await queueConfirmation(trx, existing.id, hash, now);
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
        if (s.confirmNonce === null || s.confirmNonce !== nonce || !awaitsConfirmation(s)) {
          return s.state === "subscribed" ? "already-confirmed" : "used";
        }
        // Back after unsubscribing or bouncing: their request becomes the consent, and the opt-out
        // ends; a bounce is forgotten (the confirmation came through, so the mailbox works).
        const consent =
          s.state === "unsubscribed" || s.state === "bounced"
            ? {
                consentAt: s.requestAt!,
                consentSource: s.requestSource ?? s.consentSource,
                consentWording: s.requestWording ?? s.consentWording,
                consentClient: s.requestClient ?? s.consentClient,
                unsubscribedAt: null,
              }
            : {};
        await trx
          .updateTable("newsletter_subscriber")
          .set({
            ...consent,
            ...NO_REQUEST,
            state: "subscribed",
            confirmedAt: now,
            confirmNonce: null,
            bouncedAt: null,
            bounceReason: null,
            undeliveredIssues: 0,
            updatedAt: now,
          })
          .where("id", "=", id)
          .execute();
        // Asked for it again, in person: no longer suppressed.
        await trx.deleteFrom("newsletter_suppression").where("emailHash", "=", emailHash(s.email)).execute();
        return "confirmed";
      });
    },

    resendConfirmation(id, now) {
      return writeTransaction(db, async (trx) => {
        await takeTurn(trx);
        const s = await trx
          .selectFrom("newsletter_subscriber")
          .selectAll()
          .where("id", "=", id)
          .executeTakeFirst();
        if (!s || !awaitsConfirmation(s)) return "nothing-to-confirm";
        const hash = emailHash(s.email);
        const capped = await capReached(trx, hash, now);
        if (capped) return capped;
        await trx
          .updateTable("newsletter_subscriber")
          .set({ confirmSentAt: now, confirmNonce: s.confirmNonce ?? newNonce() })
          .where("id", "=", id)
          .execute();
        await queueConfirmation(trx, id, hash, now);
        return "confirmation-queued";
      });
    },

    unsubscribe(id, now) {
      return writeTransaction(db, async (trx) => {
        const s = await trx
          .selectFrom("newsletter_subscriber")
          .select(["email", "state", "requestAt"])
          .where("id", "=", id)
          .executeTakeFirst();
        if (!s) return false;
        if (s.state !== "unsubscribed" || s.requestAt !== null) {
          await trx
            .updateTable("newsletter_subscriber")
            .set({
              ...NO_REQUEST,
              state: "unsubscribed",
              // Declining a request to come back keeps the first opt-out's date.
              ...(s.state === "unsubscribed" ? {} : { unsubscribedAt: now }),
              confirmNonce: null,
              updatedAt: now,
            })
            .where("id", "=", id)
            .execute();
          // A confirmation e-mail not yet sent is not sent.
          await outbox.deleteForRecords(trx, NEWSLETTER_CONFIRM, [id]);
        }
        // The objection is kept as a keyed hash from now on, whatever happens to the record.
        await suppress(trx, s.email, "unsubscribed", now);
        return true;
      });
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
      const counts = zeroCounts(SUBSCRIBER_STATES);
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

    bounced() {
      return k
        .selectFrom("newsletter_subscriber")
        .selectAll()
        .where("state", "=", "bounced")
        .orderBy("bouncedAt", "desc")
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
      return (await suppressionOf(k, emailHash(email))) !== null;
    },

    suppression(email) {
      return suppressionOf(k, emailHash(email));
    },

    async unsuppress(email) {
      const hash = emailHash(email);
      const lifted = await k
        .deleteFrom("newsletter_suppression")
        .where("emailHash", "=", hash)
        .where("reason", "=", "erased")
        .executeTakeFirst();
      if (Number(lifted.numDeletedRows) > 0) return "lifted";
      return (await suppressionOf(k, hash)) === "unsubscribed" ? "unsubscribed" : "not-suppressed";
    },

    prune(now, policy = RETENTION) {
      const unconfirmed = now - policy.pendingDays * DAY;
      return writeTransaction(db, async (trx) => {
        // An unconfirmed sign-up goes; an opt-out's hash never does (prune deletes none).
        const pending = await trx
          .selectFrom("newsletter_subscriber")
          .select("id")
          .where("state", "=", "pending")
          .where("consentAt", "<", unconfirmed)
          .execute();
        // Long unsubscribed: only the hash stays (kept already since they unsubscribed). A request
        // to come back keeps the record until the request is as old as an unconfirmed sign-up.
        const gone = await trx
          .selectFrom("newsletter_subscriber")
          .select(["id", "email"])
          .where("state", "=", "unsubscribed")
          .where("unsubscribedAt", "<", now - policy.unsubscribedDays * DAY)
          .where((eb) => eb.or([eb("requestAt", "is", null), eb("requestAt", "<", unconfirmed)]))
          .execute();
        for (const s of gone) await suppress(trx, s.email, "unsubscribed", now);
        // Long bounced: only a hash stays (reason 'bounced'), so no import mails them again.
        const bounced = await trx
          .selectFrom("newsletter_subscriber")
          .select(["id", "email"])
          .where("state", "=", "bounced")
          .where("bouncedAt", "<", now - policy.bouncedDays * DAY)
          .where((eb) => eb.or([eb("requestAt", "is", null), eb("requestAt", "<", unconfirmed)]))
          .execute();
        for (const s of bounced) await suppress(trx, s.email, "bounced", now);
        await removeSubscribers(
          trx,
          [...pending, ...gone, ...bounced].map((s) => s.id),
        );
        const sends = await trx
          .deleteFrom("newsletter_confirm_sent")
          .where("sentAt", "<=", now - WEEK)
          .executeTakeFirst();
        return {
          pending: pending.length,
          unsubscribed: gone.length,
          bounced: bounced.length,
          sends: Number(sends.numDeletedRows),
        };
      });
    },
  };
}
