// The staff console's members, passkeys, invitations, sessions and audit log on the data layer.
// Secrets (invitation links, session cookies) are stored only as SHA-256 hashes: a copy of the
// database signs nobody in.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import { normalizeEmail } from "#app/lib/form-rules.ts";
import { writeTransaction, type Db, type Queries } from "../db/index.ts";
import { writeAudit, type StaffAuditTable } from "../audit.ts";
import type {
  StaffMemberTable,
  StaffPasskeyTable,
  StaffRole,
  StaffSessionTable,
  SignInRefusal,
} from "./tables.ts";

export type Member = Selectable<StaffMemberTable>;
export type Passkey = Selectable<StaffPasskeyTable>;
export type Session = Selectable<StaffSessionTable>;
export type AuditEntry = Selectable<StaffAuditTable>;

/** An invitation's link works this long. */
export const INVITATION_MS = 24 * 3_600_000;
/** A session ends after this long without a request… */
export const IDLE_MS = 12 * 3_600_000;
/** …and this long after sign-in, whatever happens. */
export const ABSOLUTE_MS = 7 * 86_400_000;
/** A WebAuthn ceremony must finish within this. */
export const CHALLENGE_MS = 5 * 60_000;
/** The audit log is kept this long (docs/staff-console.md). */
export const AUDIT_DAYS = 365;
/** Refused anonymous sign-in attempts are counted this long (docs/staff-console.md). */
export const REFUSALS_DAYS = 30;
const HOUR = 3_600_000;
/** lastSeenAt is written at most this often (a request per click must not mean a write each). */
const TOUCH_MS = 60_000;

const secret = () => randomBytes(32).toString("base64url");
export const hashSecret = (value: string) => createHash("sha256").update(value).digest("hex");

export type InvitationCheck =
  { ok: true; invitationId: string; member: Member } | { ok: false; reason: "invalid" | "used" | "expired" };

export type NewPasskey = {
  id: string;
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
};

/** How the console's invitations are e-mailed: a link whose secret the e-mail can render again at
 *  send time (signed from the invitation's id), and the outbox to queue it in. */
export type InvitationMail = {
  tokenFor(invitationId: string, expiresAt: number): string;
  queue(trx: Queries, invitationId: string, now: number): Promise<unknown>;
};

/** A registration whose credential id is stored already (another member's passkey, or theirs). */
export class PasskeyTakenError extends Error {
  constructor() {
    super("credential id taken");
    this.name = "PasskeyTakenError";
  }
}

export function createStaffRepository(db: Db) {
  const q = () => db.kysely;

  async function activeMember(id: string): Promise<Member | undefined> {
    return q()
      .selectFrom("staff_member")
      .selectAll()
      .where("id", "=", id)
      .where("removedAt", "is", null)
      .executeTakeFirst();
  }

  return {
    activeMember,

    async memberByEmail(email: string): Promise<Member | undefined> {
      return q()
        .selectFrom("staff_member")
        .selectAll()
        .where("email", "=", normalizeEmail(email))
        .executeTakeFirst();
    },

    /** Active members first (owners, then by name), then removed ones. */
    async members(): Promise<(Member & { passkeys: number; lastSignIn: number | null })[]> {
      const rows = await q()
        .selectFrom("staff_member as m")
        .leftJoin("staff_passkey as p", "p.memberId", "m.id")
        .selectAll("m")
        .select((eb) => [
          eb.fn.count<number>("p.id").as("passkeys"),
          eb.fn.max("p.lastUsedAt").as("lastSignIn"),
        ])
        .groupBy("m.id")
        .execute();
      return rows
        .map((r) => ({
          ...r,
          passkeys: Number(r.passkeys),
          lastSignIn: r.lastSignIn === null ? null : Number(r.lastSignIn),
        }))
        .sort(
          (a, b) =>
            Number(a.removedAt !== null) - Number(b.removedAt !== null) ||
            Number(a.role !== "owner") - Number(b.role !== "owner") ||
            a.name.localeCompare(b.name),
        );
    },

    /**
     * Invites `email` (a new member, or one who lost a device, or one removed before): any older
     * unused invitation of theirs stops working. Returns the link's secret (shown once).
     */
    async invite(
      /** `role` unset: a new member is staff, an existing one keeps theirs (a lost device). */
      input: { email: string; name: string; role?: StaffRole; by: string },
      now: number,
      /** From the console: the invitation is e-mailed (the shell prints a random secret instead). */
      mail?: InvitationMail,
    ): Promise<{ member: Member; token: string; expiresAt: number }> {
      const email = normalizeEmail(input.email);
      const invitationId = randomUUID();
      const expiresAt = now + INVITATION_MS;
      const token = mail ? mail.tokenFor(invitationId, expiresAt) : secret();
      const member = await writeTransaction(db, async (trx) => {
        const existing = await trx
          .selectFrom("staff_member")
          .selectAll()
          .where("email", "=", email)
          .executeTakeFirst();
        let id = existing?.id;
        if (!existing) {
          id = randomUUID();
          await trx
            .insertInto("staff_member")
            .values({
              id,
              email,
              name: input.name,
              role: input.role ?? "staff",
              webauthnUserId: secret(),
              createdAt: now,
              invitedBy: input.by,
              removedAt: null,
            })
            .execute();
        } else {
          await trx
            .updateTable("staff_member")
            .set({ name: input.name || existing.name, role: input.role ?? existing.role, removedAt: null })
            .where("id", "=", existing.id)
            .execute();
        }
        await trx
          .deleteFrom("staff_invitation")
          .where("memberId", "=", id!)
          .where("usedAt", "is", null)
          .execute();
        await trx
          .insertInto("staff_invitation")
          .values({
            id: invitationId,
            memberId: id!,
            tokenHash: hashSecret(token),
            createdAt: now,
            expiresAt,
            usedAt: null,
            createdBy: input.by,
          })
          .execute();
        if (mail) await mail.queue(trx, invitationId, now);
        await writeAudit(trx, now, input.by, "invited", email, input.role ?? existing?.role ?? "staff");
        return await trx
          .selectFrom("staff_member")
          .selectAll()
          .where("id", "=", id!)
          .executeTakeFirstOrThrow();
      });
      return { member, token, expiresAt };
    },

    async checkInvitation(token: string, now: number): Promise<InvitationCheck> {
      const row = await q()
        .selectFrom("staff_invitation as i")
        .innerJoin("staff_member as m", "m.id", "i.memberId")
        .select(["i.id as invitationId", "i.expiresAt", "i.usedAt", "m.removedAt"])
        .where("i.tokenHash", "=", hashSecret(token))
        .executeTakeFirst();
      if (!row || row.removedAt !== null) return { ok: false, reason: "invalid" };
      if (row.usedAt !== null) return { ok: false, reason: "used" };
      if (Number(row.expiresAt) <= now) return { ok: false, reason: "expired" };
      const invitation = await q()
        .selectFrom("staff_invitation")
        .select("memberId")
        .where("id", "=", row.invitationId)
        .executeTakeFirstOrThrow();
      const member = await activeMember(invitation.memberId);
      return member ? { ok: true, invitationId: row.invitationId, member } : { ok: false, reason: "invalid" };
    },

    async addChallenge(
      challenge: string,
      purpose: "register" | "sign-in",
      subject: string | null,
      now: number,
    ) {
      // Unanswered ones go at once: anyone may ask for sign-in options, so the table must not grow.
      await q().deleteFrom("staff_challenge").where("expiresAt", "<=", now).execute();
      await q()
        .insertInto("staff_challenge")
        .values({ id: challenge, purpose, subject, expiresAt: now + CHALLENGE_MS })
        .execute();
    },

    /** The challenge, once: taking it deletes it. Null when unknown, expired or for another use. */
    async takeChallenge(challenge: string, purpose: "register" | "sign-in", now: number) {
      const row = await q()
        .deleteFrom("staff_challenge")
        .where("id", "=", challenge)
        .returningAll()
        .executeTakeFirst();
      if (!row || row.purpose !== purpose || Number(row.expiresAt) <= now) return null;
      return row;
    },

    /**
     * Stores a new passkey; with `invitationId`, uses up the invitation in the same transaction
     * (false when it was used meanwhile: nothing is stored). A credential id stored already (any
     * member's) throws PasskeyTakenError, and nothing changes: the invitation stays usable.
     */
    async addPasskey(memberId: string, passkey: NewPasskey, invitationId: string | null, now: number) {
      return writeTransaction(db, async (trx): Promise<boolean> => {
        if (invitationId) {
          const used = await trx
            .updateTable("staff_invitation")
            .set({ usedAt: now })
            .where("id", "=", invitationId)
            .where("usedAt", "is", null)
            .executeTakeFirst();
          if (Number(used.numUpdatedRows) !== 1) return false;
        }
        // ON CONFLICT DO NOTHING on both databases: on PostgreSQL a registration racing for the
        // same id waits for the other and then inserts nothing, rather than failing the
        // transaction with a unique violation.
        const inserted = await trx
          .insertInto("staff_passkey")
          .values({
            id: passkey.id,
            memberId,
            publicKey: passkey.publicKey,
            counter: passkey.counter,
            transports: JSON.stringify(passkey.transports),
            deviceType: passkey.deviceType,
            backedUp: passkey.backedUp ? 1 : 0,
            createdAt: now,
            lastUsedAt: now,
          })
          .onConflict((oc) => oc.column("id").doNothing())
          .executeTakeFirst();
        // Thrown inside the transaction, so that the invitation's use above is rolled back.
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) throw new PasskeyTakenError();
        return true;
      });
    },

    async passkeysOf(memberId: string): Promise<Passkey[]> {
      return q()
        .selectFrom("staff_passkey")
        .selectAll()
        .where("memberId", "=", memberId)
        .orderBy("createdAt")
        .execute();
    },

    /** A passkey and its member, if the member is active. */
    async passkey(id: string): Promise<{ passkey: Passkey; member: Member } | undefined> {
      const passkey = await q()
        .selectFrom("staff_passkey")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst();
      const member = passkey && (await activeMember(passkey.memberId));
      return passkey && member ? { passkey, member } : undefined;
    },

    async usedPasskey(id: string, counter: number, now: number) {
      await q().updateTable("staff_passkey").set({ counter, lastUsedAt: now }).where("id", "=", id).execute();
    },

    /** Signs a member in: returns the cookie's secret. */
    async startSession(memberId: string, device: string, now: number): Promise<string> {
      const token = secret();
      await q()
        .insertInto("staff_session")
        .values({
          id: hashSecret(token),
          memberId,
          createdAt: now,
          lastSeenAt: now,
          expiresAt: now + ABSOLUTE_MS,
          device,
        })
        .execute();
      return token;
    },

    /** The signed-in member of a cookie's secret, or undefined (unknown, idle, expired, removed). */
    async session(token: string, now: number): Promise<{ session: Session; member: Member } | undefined> {
      const session = await q()
        .selectFrom("staff_session")
        .selectAll()
        .where("id", "=", hashSecret(token))
        .executeTakeFirst();
      if (!session) return undefined;
      if (Number(session.expiresAt) <= now || Number(session.lastSeenAt) + IDLE_MS <= now) {
        await q().deleteFrom("staff_session").where("id", "=", session.id).execute();
        return undefined;
      }
      const member = await activeMember(session.memberId);
      if (!member) return undefined;
      if (now - Number(session.lastSeenAt) >= TOUCH_MS) {
        await q()
          .updateTable("staff_session")
          .set({ lastSeenAt: now })
          .where("id", "=", session.id)
          .execute();
      }
      return { session: { ...session, lastSeenAt: now }, member };
    },

    async sessionsOf(memberId: string): Promise<Session[]> {
      return q()
        .selectFrom("staff_session")
        .selectAll()
        .where("memberId", "=", memberId)
        .orderBy("lastSeenAt", "desc")
        .execute();
    },

    /** Ends one session by its stored id (the hash); with `memberId`, only if it is theirs. */
    /** Deletes one of the member's passkeys, never their last (they would be locked out). */
    async removePasskey(memberId: string, passkeyId: string): Promise<"removed" | "last" | "unknown"> {
      return writeTransaction(db, async (trx) => {
        const theirs = await trx
          .selectFrom("staff_passkey")
          .select("id")
          .where("memberId", "=", memberId)
          .execute();
        if (!theirs.some((p) => p.id === passkeyId)) return "unknown";
        if (theirs.length === 1) return "last";
        await trx
          .deleteFrom("staff_passkey")
          .where("id", "=", passkeyId)
          .where("memberId", "=", memberId)
          .execute();
        return "removed";
      });
    },

    async endSession(id: string, memberId?: string) {
      let query = q().deleteFrom("staff_session").where("id", "=", id);
      if (memberId) query = query.where("memberId", "=", memberId);
      return Number((await query.executeTakeFirst()).numDeletedRows) > 0;
    },

    /** Removes a member: their sessions end at once; passkeys and open invitations go. */
    async remove(email: string, by: string, now: number): Promise<Member | undefined> {
      return writeTransaction(db, async (trx) => {
        const member = await trx
          .selectFrom("staff_member")
          .selectAll()
          .where("email", "=", normalizeEmail(email))
          .where("removedAt", "is", null)
          .executeTakeFirst();
        if (!member) return undefined;
        await trx.updateTable("staff_member").set({ removedAt: now }).where("id", "=", member.id).execute();
        await trx.deleteFrom("staff_session").where("memberId", "=", member.id).execute();
        await trx.deleteFrom("staff_passkey").where("memberId", "=", member.id).execute();
        await trx.deleteFrom("staff_invitation").where("memberId", "=", member.id).execute();
        await writeAudit(trx, now, by, "removed", member.email);
        return { ...member, removedAt: now };
      });
    },

    /** An entry at a time of the caller's (the operator's shell, a test's past). */
    async audit({ at, actor, action, subject, detail }: Omit<AuditEntry, "id">) {
      await writeAudit(q(), at, actor, action, subject, detail);
    },

    /** Counts a refused anonymous sign-in attempt: one row per clock hour, reason and client
     *  (a keyed hash), so that a flood adds to a count rather than rows. */
    async refuseSignIn(reason: SignInRefusal, client: string, now: number) {
      await q()
        .insertInto("staff_sign_in_refusal")
        .values({ hourStart: now - (now % HOUR), reason, client, count: 1, lastAt: now })
        .onConflict((oc) =>
          oc.columns(["hourStart", "reason", "client"]).doUpdateSet((eb) => ({
            count: eb("staff_sign_in_refusal.count", "+", 1),
            lastAt: now,
          })),
        )
        .execute();
    },

    /** The refused anonymous attempts of the clock hours from `since`'s on: how many, from how
     *  many clients, per reason (most first). */
    async signInRefusals(since: number) {
      const rows = await q()
        .selectFrom("staff_sign_in_refusal")
        .select(["reason", "client", "count"])
        .where("hourStart", ">=", since - (since % HOUR))
        .execute();
      const reasons = new Map<SignInRefusal, number>();
      for (const r of rows) reasons.set(r.reason, (reasons.get(r.reason) ?? 0) + Number(r.count));
      return {
        total: rows.reduce((n, r) => n + Number(r.count), 0),
        clients: new Set(rows.map((r) => r.client)).size,
        reasons: [...reasons]
          .map(([reason, count]) => ({ reason, count }))
          .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
      };
    },

    /** Newest first. */
    async auditLog(limit = 200): Promise<AuditEntry[]> {
      return q()
        .selectFrom("staff_audit")
        .selectAll()
        .orderBy("at", "desc")
        .orderBy("id")
        .limit(limit)
        .execute();
    },

    /** Retention: ended sessions, stale challenges and invitations, audit entries past a year,
     *  refused sign-in counts past 30 days. */
    async prune(now: number) {
      await q().deleteFrom("staff_challenge").where("expiresAt", "<=", now).execute();
      await q()
        .deleteFrom("staff_session")
        .where((eb) => eb.or([eb("expiresAt", "<=", now), eb("lastSeenAt", "<=", now - IDLE_MS)]))
        .execute();
      await q()
        .deleteFrom("staff_invitation")
        .where("expiresAt", "<=", now - 30 * 86_400_000)
        .execute();
      await q()
        .deleteFrom("staff_audit")
        .where("at", "<=", now - AUDIT_DAYS * 86_400_000)
        .execute();
      await q()
        .deleteFrom("staff_sign_in_refusal")
        .where("hourStart", "<=", now - REFUSALS_DAYS * 86_400_000)
        .execute();
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
