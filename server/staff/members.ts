// The staff members, as the console's owners and each member see them: who is (or was) staff,
// invitations and removal, a member's own passkeys and sessions, the audit log and the refused
// sign-in attempts.
import type { StaffPort } from "#app/lib/ports/staff.ts";
import { validateInvite } from "#app/lib/staff-invite-schema.ts";
import type { MailService } from "../mail/index.ts";
import type { LinkSigner } from "../mail/links.ts";
import type { Audit } from "../audit.ts";
import { invitationToken, STAFF_INVITATION } from "./mail.ts";
import { normalizeEmail } from "#app/lib/form-rules.ts";
import { IDLE_MS, REFUSALS_DAYS, type StaffRepository } from "./repository.ts";

type MembersPort = Pick<
  StaffPort,
  "members" | "invite" | "remove" | "auditLog" | "signInRefusals" | "account" | "endSession" | "removePasskey"
>;

export function createMembers(config: {
  store: StaffRepository;
  mail: MailService;
  links: LinkSigner;
  now: () => number;
  audit: Audit;
}): MembersPort {
  const { store, now, audit } = config;
  return {
    async members() {
      return (await store.members()).map((m) => ({
        email: m.email,
        name: m.name,
        role: m.role,
        passkeys: m.passkeys,
        lastSignIn: m.lastSignIn,
        invitedBy: m.invitedBy,
        removed: m.removedAt !== null,
      }));
    },
    async invite(by, input) {
      const checked = validateInvite(input);
      if (!checked.success) return { ok: false, errors: checked.errors };
      const { email, name, role } = checked.data;
      const links = config.links;
      // Recorded in the audit log by the repository, in the invitation's own transaction.
      await store.invite({ email, name, role, by: by.email }, now(), {
        tokenFor: (id, expiresAt) => invitationToken(links, id, expiresAt),
        queue: (trx, id, at) =>
          config.mail.outbox.enqueue(trx, { kind: STAFF_INVITATION, recordId: id, at, priority: 2 }),
      });
      config.mail.worker.poke();
      return { ok: true, email: normalizeEmail(email) };
    },
    async remove(by, email) {
      if (normalizeEmail(email) === by.email) return "self";
      return (await store.remove(email, by.email, now())) ? "removed" : "unknown";
    },
    async auditLog(limit) {
      return (await store.auditLog(limit)).map((e) => ({ ...e, at: Number(e.at) }));
    },
    async signInRefusals() {
      const t = now();
      // By the clock hour: the current one and the 23 before it.
      const [day, month] = await Promise.all([
        store.signInRefusals(t - 23 * 3_600_000),
        store.signInRefusals(t - REFUSALS_DAYS * 86_400_000),
      ]);
      return { day, month };
    },
    async account(session) {
      const [passkeys, sessions] = await Promise.all([
        store.passkeysOf(session.member.id),
        store.sessionsOf(session.member.id),
      ]);
      const t = now();
      return {
        passkeys: passkeys.map((p) => ({
          id: p.id,
          short: p.id.slice(0, 8),
          createdAt: Number(p.createdAt),
          lastUsedAt: p.lastUsedAt === null ? null : Number(p.lastUsedAt),
          synced: p.deviceType === "multiDevice",
        })),
        sessions: sessions
          .filter((x) => Number(x.expiresAt) > t && Number(x.lastSeenAt) + IDLE_MS > t)
          .map((x) => ({
            id: x.id,
            device: x.device,
            createdAt: Number(x.createdAt),
            lastSeenAt: Number(x.lastSeenAt),
            current: x.id === session.sessionId,
          })),
      };
    },
    async removePasskey(session, passkeyId) {
      const outcome = await store.removePasskey(session.member.id, passkeyId);
      if (outcome === "removed") await audit(session.member.email, "passkey.removed", passkeyId.slice(0, 8));
      return outcome;
    },
    async endSession(session, sessionId) {
      const ended = await store.endSession(sessionId, session.member.id);
      if (ended) await audit(session.member.email, "session.ended");
      return ended;
    },
  };
}
