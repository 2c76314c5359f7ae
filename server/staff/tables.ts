// The staff console's people and how they sign in (migration 0004): members, their passkeys, the
// single-use invitations that register a passkey, signed-in sessions and the short-lived WebAuthn
// challenges. The audit log, made by the same migration, is declared with its writer
// (server/audit.ts). docs/staff-console.md says what is kept and for how long.

export const STAFF_ROLES = ["owner", "staff"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export type StaffMemberTable = {
  id: string;
  /** Trimmed and lower-cased; the member's sign-in name on their passkey. */
  email: string;
  name: string;
  role: StaffRole;
  /** The WebAuthn user handle (base64url of 32 random bytes): never the e-mail address. */
  webauthnUserId: string;
  createdAt: number;
  /** Who invited them first: a member's e-mail or 'shell'. */
  invitedBy: string;
  /** Set when an owner removed them: their sessions, passkeys and invitations are gone. */
  removedAt: number | null;
};

export type StaffPasskeyTable = {
  /** The credential id (base64url). */
  id: string;
  memberId: string;
  /** The COSE public key (base64url). */
  publicKey: string;
  counter: number;
  /** JSON array of the authenticator's transports ("internal", "hybrid"…). */
  transports: string;
  /** "singleDevice" or "multiDevice" (synced, as most phone passkeys are). */
  deviceType: string;
  backedUp: number;
  createdAt: number;
  lastUsedAt: number | null;
};

export type StaffInvitationTable = {
  id: string;
  memberId: string;
  /** SHA-256 of the link's secret (the link itself is never stored). */
  tokenHash: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
  createdBy: string;
};

export type StaffSessionTable = {
  /** SHA-256 of the cookie's secret. */
  id: string;
  memberId: string;
  createdAt: number;
  /** The idle timeout counts from here (updated at most once a minute). */
  lastSeenAt: number;
  /** The absolute end: seven days after sign-in. */
  expiresAt: number;
  /** "Chrome on Android" and the like, for the member's list of sessions (never the address). */
  device: string;
};

export type StaffChallengeTable = {
  /** The challenge itself (base64url), unique. */
  id: string;
  purpose: "register" | "sign-in";
  /** For registration: the invitation (or member, adding a passkey) it belongs to. */
  subject: string | null;
  expiresAt: number;
};

/** Why an anonymous sign-in attempt was refused (one naming a member's passkey is audited). */
export type SignInRefusal = "unknown-passkey" | "challenge" | "rate-limit";

/** Refused anonymous sign-in attempts, counted per clock hour, reason and client (migration 0009). */
export type StaffSignInRefusalTable = {
  hourStart: number;
  reason: SignInRefusal;
  /** Keyed hash of the client's address (server/forms/hash.ts), never the address. */
  client: string;
  count: number;
  lastAt: number;
};

// These tables join the database's type by declaration merging: server/db imports nothing built on it.
declare module "../db/schema.ts" {
  interface Database {
    staff_member: StaffMemberTable;
    staff_passkey: StaffPasskeyTable;
    staff_invitation: StaffInvitationTable;
    staff_session: StaffSessionTable;
    staff_challenge: StaffChallengeTable;
    staff_sign_in_refusal: StaffSignInRefusalTable;
  }
}
