// @vitest-environment node
// The staff console's repository on SQLite and on PostgreSQL: invitations (single use, 24 hours,
// voided by a newer one), WebAuthn challenges (single use, one purpose, five minutes), passkeys
// registered with an invitation (once), sessions (12 hours idle, 7 days at most, over at once
// when the member is removed, stored only as a hash), retention, and the member list's order.
// Time is the `now` argument: nothing here waits.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { deferrals, freshDb, testDatabases } from "../db/testing/databases.ts";
import {
  ABSOLUTE_MS,
  AUDIT_DAYS,
  CHALLENGE_MS,
  createStaffRepository,
  IDLE_MS,
  INVITATION_MS,
  type NewPasskey,
  PasskeyTakenError,
  REFUSALS_DAYS,
} from "./repository.ts";

const databases = await testDatabases("Staff repository");
const defer = deferrals();
const HOUR = 3_600_000;
const DAY = 86_400_000;
/** A fixed starting time: every step of a test is an offset from it. */
const T = Date.UTC(2026, 0, 5, 9, 0, 0);
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

let credentials = 0;
const passkey = (fields: Partial<NewPasskey> = {}): NewPasskey => ({
  id: `credential-${++credentials}`,
  publicKey: "pQECAyYgASFYIK",
  counter: 0,
  transports: ["internal", "hybrid"],
  deviceType: "multiDevice",
  backedUp: true,
  ...fields,
});

for (const database of databases) {
  describe(`Staff repository on ${database.name}`, () => {
    async function start() {
      const { db, cleanup } = await freshDb(database);
      defer(cleanup);
      const store = createStaffRepository(db);
      const invite = (
        email: string,
        role: "owner" | "staff" = "staff",
        at = T,
        name = email.split("@")[0]!,
      ) => store.invite({ email, name, role, by: "shell" }, at);
      /** A member with a passkey registered through their invitation, as the console does it. */
      const enrolled = async (email: string, role: "owner" | "staff" = "staff", at = T) => {
        const { token, member } = await invite(email, role, at);
        const check = await store.checkInvitation(token, at);
        if (!check.ok) throw new Error(`invitation refused: ${check.reason}`);
        expect(await store.addPasskey(member.id, passkey(), check.invitationId, at)).toBe(true);
        return member;
      };
      const rows = {
        sessions: () => db.kysely.selectFrom("staff_session").selectAll().execute(),
        challenges: () =>
          db.kysely.selectFrom("staff_challenge").select("id").orderBy("id").execute().then(ids),
        invitations: () => db.kysely.selectFrom("staff_invitation").selectAll().execute(),
        passkeys: () => db.kysely.selectFrom("staff_passkey").selectAll().execute(),
        audit: () => db.kysely.selectFrom("staff_audit").selectAll().execute(),
      };
      return { db, store, invite, enrolled, rows };
    }
    const ids = (list: { id: string }[]) => list.map((r) => r.id);

    describe("invitations", () => {
      it("are valid for 24 hours for the invited member, and single use", async () => {
        const { store, invite, rows } = await start();
        const { token, member, expiresAt } = await invite("  Ada@Example.COM ", "owner", T, "Ada Lovelace");
        expect(token).toMatch(TOKEN);
        expect(expiresAt).toBe(T + INVITATION_MS);
        expect(member).toMatchObject({
          email: "ada@example.com",
          name: "Ada Lovelace",
          role: "owner",
          invitedBy: "shell",
          removedAt: null,
        });
        // The WebAuthn user handle is random, never the address.
        expect(member.webauthnUserId).toMatch(TOKEN);

        const check = await store.checkInvitation(token, T + INVITATION_MS - 1);
        expect(check).toMatchObject({ ok: true, member: { id: member.id, role: "owner" } });
        expect(await store.checkInvitation(token, T + INVITATION_MS)).toEqual({
          ok: false,
          reason: "expired",
        });
        expect(await store.checkInvitation(token, T + 3 * DAY)).toEqual({ ok: false, reason: "expired" });
        expect(await store.checkInvitation("x".repeat(43), T)).toEqual({ ok: false, reason: "invalid" });
        expect(await store.checkInvitation("", T)).toEqual({ ok: false, reason: "invalid" });

        // Only the link's SHA-256 is stored.
        const [stored] = await rows.invitations();
        expect(stored!.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
        expect(JSON.stringify(await rows.invitations())).not.toContain(token);

        if (!check.ok) throw new Error("unreachable");
        expect(await store.addPasskey(member.id, passkey(), check.invitationId, T + HOUR)).toBe(true);
        expect(await store.checkInvitation(token, T + HOUR)).toEqual({ ok: false, reason: "used" });
        expect(await store.auditLog()).toMatchObject([
          { at: T, actor: "shell", action: "invited", subject: "ada@example.com", detail: "owner" },
        ]);
      });

      it("a newer invitation voids the older unused one, and may change the role", async () => {
        const { store, invite, rows } = await start();
        const first = await invite("bob@example.com", "staff", T, "Bob Okafor");
        const second = await invite("BOB@example.com", "owner", T + HOUR, "");
        expect(second.token).not.toBe(first.token);
        expect(second.member.id).toBe(first.member.id);
        expect(await store.checkInvitation(first.token, T + HOUR)).toEqual({ ok: false, reason: "invalid" });
        expect(await store.checkInvitation(second.token, T + HOUR)).toMatchObject({
          ok: true,
          // An empty name keeps the one they had.
          member: { role: "owner", name: "Bob Okafor" },
        });
        expect(await rows.invitations()).toHaveLength(1);
        expect((await store.members()).map((m) => m.email)).toEqual(["bob@example.com"]);
      });

      it("a used invitation stays used when a new one is made (a second device, a lost one)", async () => {
        const { store, invite } = await start();
        const first = await invite("ada@example.com");
        const check = await store.checkInvitation(first.token, T);
        if (!check.ok) throw new Error(check.reason);
        await store.addPasskey(first.member.id, passkey(), check.invitationId, T);
        const second = await invite("ada@example.com", "staff", T + DAY);
        expect(await store.checkInvitation(first.token, T + DAY)).toEqual({ ok: false, reason: "used" });
        expect(await store.checkInvitation(second.token, T + DAY)).toMatchObject({ ok: true });
      });

      it("stop working when the member is removed", async () => {
        const { store, invite } = await start();
        const { token } = await invite("ada@example.com");
        expect(await store.remove("ada@example.com", "shell", T + 1)).toMatchObject({ removedAt: T + 1 });
        expect(await store.checkInvitation(token, T + 2)).toMatchObject({ ok: false });
        // Invited again: a new link works, the old one still does not.
        const again = await invite("ada@example.com", "staff", T + 3);
        expect(await store.checkInvitation(token, T + 4)).toMatchObject({ ok: false });
        expect(await store.checkInvitation(again.token, T + 4)).toMatchObject({
          ok: true,
          member: { removedAt: null },
        });
      });
    });

    describe("challenges", () => {
      it("are taken once, for their purpose only, within five minutes", async () => {
        const { store, rows } = await start();
        await store.addChallenge("challenge-a", "register", "invitation-1", T);
        expect(await store.takeChallenge("challenge-a", "register", T + CHALLENGE_MS - 1)).toEqual({
          id: "challenge-a",
          purpose: "register",
          subject: "invitation-1",
          expiresAt: T + CHALLENGE_MS,
        });
        expect(await store.takeChallenge("challenge-a", "register", T + 1)).toBeNull();

        await store.addChallenge("challenge-b", "register", "invitation-1", T);
        expect(await store.takeChallenge("challenge-b", "sign-in", T + 1)).toBeNull();
        await store.addChallenge("challenge-c", "sign-in", null, T);
        expect(await store.takeChallenge("challenge-c", "register", T + 1)).toBeNull();

        await store.addChallenge("challenge-d", "sign-in", null, T);
        expect(await store.takeChallenge("challenge-d", "sign-in", T + CHALLENGE_MS)).toBeNull();
        expect(await store.takeChallenge("unknown", "sign-in", T)).toBeNull();

        await store.addChallenge("challenge-e", "sign-in", null, T);
        expect(await store.takeChallenge("challenge-e", "sign-in", T + 1)).toMatchObject({ subject: null });
        // Whatever the outcome, a taken challenge is gone: it can never be answered twice.
        expect(await rows.challenges()).toEqual([]);

        // Unanswered challenges do not pile up: a new one clears the expired ones.
        await store.addChallenge("stale-1", "sign-in", null, T);
        await store.addChallenge("stale-2", "sign-in", null, T + 1000);
        await store.addChallenge("fresh", "sign-in", null, T + CHALLENGE_MS);
        expect((await rows.challenges()).sort()).toEqual(["fresh", "stale-2"]);
      });

      it("the same challenge cannot be stored twice", async () => {
        const { store } = await start();
        await store.addChallenge("challenge-a", "sign-in", null, T);
        await expect(store.addChallenge("challenge-a", "sign-in", null, T)).rejects.toThrow();
      });
    });

    describe("passkeys", () => {
      it("registered with an invitation use it up: a second registration stores nothing", async () => {
        const { store, invite, rows } = await start();
        const { token, member } = await invite("ada@example.com");
        const check = await store.checkInvitation(token, T);
        if (!check.ok) throw new Error(check.reason);
        const first = passkey({ id: "cred-first", counter: 3, transports: ["internal"] });
        expect(await store.addPasskey(member.id, first, check.invitationId, T + 10)).toBe(true);
        expect(
          await store.addPasskey(member.id, passkey({ id: "cred-second" }), check.invitationId, T + 20),
        ).toBe(false);
        expect(ids(await rows.passkeys())).toEqual(["cred-first"]);
        expect(await store.passkey("cred-second")).toBeUndefined();
        const [invitation] = await rows.invitations();
        expect(Number(invitation!.usedAt)).toBe(T + 10);

        const found = await store.passkey("cred-first");
        expect(found?.member.id).toBe(member.id);
        expect(found?.passkey).toMatchObject({
          memberId: member.id,
          publicKey: first.publicKey,
          transports: JSON.stringify(["internal"]),
          deviceType: "multiDevice",
          backedUp: 1,
          createdAt: T + 10,
          lastUsedAt: T + 10,
        });
        expect(Number(found!.passkey.counter)).toBe(3);
        await store.usedPasskey("cred-first", 4, T + HOUR);
        expect(await store.passkeysOf(member.id)).toMatchObject([{ id: "cred-first", lastUsedAt: T + HOUR }]);
        expect(Number((await store.passkeysOf(member.id))[0]!.counter)).toBe(4);
      });

      it("two registrations racing for one invitation: exactly one is stored", async () => {
        const { store, invite, rows } = await start();
        const { token, member } = await invite("ada@example.com");
        const check = await store.checkInvitation(token, T);
        if (!check.ok) throw new Error(check.reason);
        const results = await Promise.all(
          ["cred-a", "cred-b", "cred-c"].map((id) =>
            store.addPasskey(member.id, passkey({ id }), check.invitationId, T + 1),
          ),
        );
        expect(results.filter(Boolean)).toHaveLength(1);
        expect(await rows.passkeys()).toHaveLength(1);
      });

      it("a credential id stored already (another member's) is refused, and the invitation stays usable", async () => {
        const { store, enrolled, invite, rows } = await start();
        const ada = await enrolled("ada@example.com");
        const [adas] = await rows.passkeys();
        const { token, member: bola } = await invite("bola@example.com");
        const check = await store.checkInvitation(token, T);
        if (!check.ok) throw new Error(check.reason);
        await expect(
          store.addPasskey(bola.id, passkey({ id: adas!.id }), check.invitationId, T + 1),
        ).rejects.toBeInstanceOf(PasskeyTakenError);
        await expect(store.addPasskey(ada.id, passkey({ id: adas!.id }), null, T + 1)).rejects.toThrow(
          PasskeyTakenError,
        );
        expect(await store.passkey(adas!.id)).toMatchObject({ member: { id: ada.id } });
        expect(await rows.passkeys()).toHaveLength(1);
        expect(await store.checkInvitation(token, T + 2)).toMatchObject({ ok: true });

        // Two registrations of one new id at once: one is stored, the other refused the same way.
        const racing = await Promise.allSettled(
          [ada.id, bola.id].map((id) => store.addPasskey(id, passkey({ id: "cred-race" }), null, T + 3)),
        );
        expect(racing.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
        expect(racing.find((r) => r.status === "rejected")).toMatchObject({
          reason: expect.any(PasskeyTakenError),
        });
      });

      it("without an invitation (a signed-in member adding one) need none; a removed member's are deleted", async () => {
        const { store, enrolled } = await start();
        const member = await enrolled("ada@example.com");
        expect(await store.addPasskey(member.id, passkey({ id: "cred-extra" }), null, T + 1)).toBe(true);
        expect(await store.passkeysOf(member.id)).toHaveLength(2);
        expect(await store.passkey("cred-extra")).toBeDefined();
        await store.remove("ada@example.com", "shell", T + 2);
        expect(await store.passkey("cred-extra")).toBeUndefined();
        expect(await store.passkeysOf(member.id)).toEqual([]);
      });
    });

    describe("removing a passkey (a lost device)", () => {
      it("removes one of the member's own, never their last, never someone else's", async () => {
        const { store, enrolled } = await start();
        const ada = await enrolled("ada@example.com");
        const bola = await enrolled("bola@example.com");
        const [adaFirst] = await store.passkeysOf(ada.id);
        const [bolaOnly] = await store.passkeysOf(bola.id);
        expect(await store.removePasskey(ada.id, adaFirst!.id)).toBe("last");
        expect(await store.addPasskey(ada.id, passkey({ id: "cred-laptop" }), null, T + 1)).toBe(true);
        expect(await store.removePasskey(ada.id, bolaOnly!.id)).toBe("unknown");
        expect(await store.passkey(bolaOnly!.id)).toBeDefined();
        expect(await store.removePasskey(ada.id, adaFirst!.id)).toBe("removed");
        expect(await store.passkey(adaFirst!.id)).toBeUndefined();
        expect((await store.passkeysOf(ada.id)).map((p) => p.id)).toEqual(["cred-laptop"]);
        expect(await store.removePasskey(ada.id, adaFirst!.id)).toBe("unknown");
        expect(await store.removePasskey(ada.id, "cred-laptop")).toBe("last");
      });
    });

    describe("sessions", () => {
      it("start with a 43-character secret of which only the SHA-256 is stored", async () => {
        const { store, enrolled, rows } = await start();
        const member = await enrolled("ada@example.com");
        const token = await store.startSession(member.id, "Safari on iPhone", T);
        expect(token).toMatch(TOKEN);
        expect(await store.startSession(member.id, "Firefox on Linux", T)).not.toBe(token);

        const found = await store.session(token, T + 1);
        expect(found?.member).toMatchObject({ id: member.id, email: "ada@example.com" });
        expect(found?.session).toMatchObject({
          device: "Safari on iPhone",
          createdAt: T,
          expiresAt: T + ABSOLUTE_MS,
        });

        const stored = await rows.sessions();
        expect(stored).toHaveLength(2);
        const hash = createHash("sha256").update(token).digest("hex");
        expect(ids(stored)).toContain(hash);
        expect(found?.session.id).toBe(hash);
        for (const row of stored)
          for (const value of Object.values(row)) expect(String(value)).not.toContain(token);
        // The hash is no secret: presented as a cookie it signs nobody in.
        expect(await store.session(hash, T + 1)).toBeUndefined();
        expect(await store.session("", T + 1)).toBeUndefined();
      });

      it("end after 12 hours without a request", async () => {
        const { store, enrolled, rows } = await start();
        const member = await enrolled("ada@example.com");
        const idle = await store.startSession(member.id, "Chrome on Android", T);
        const active = await store.startSession(member.id, "Chrome on Windows", T);
        expect(await store.session(idle, T + IDLE_MS - 1)).toBeDefined();
        // A request moved `active`'s idle clock on; `idle`'s was moved by the check above.
        expect(await store.session(active, T + 2 * HOUR)).toBeDefined();
        expect(await store.session(active, T + 2 * HOUR + IDLE_MS - 1)).toBeDefined();
        expect(await store.session(active, T + 2 * HOUR + IDLE_MS - 1 + IDLE_MS)).toBeUndefined();
        expect(await store.session(idle, T + IDLE_MS - 1 + IDLE_MS)).toBeUndefined();
        // An ended session is deleted when it is presented.
        expect(await rows.sessions()).toEqual([]);

        const fresh = await store.startSession(member.id, "Chrome on Android", T);
        expect(await store.session(fresh, T + IDLE_MS)).toBeUndefined();
        expect(await store.session(fresh, T + 1)).toBeUndefined();
      });

      it("end 7 days after sign-in even when used every hour", async () => {
        const { store, enrolled } = await start();
        const member = await enrolled("ada@example.com");
        const token = await store.startSession(member.id, "Chrome on Android", T);
        for (let at = T + HOUR; at < T + ABSOLUTE_MS; at += HOUR) {
          const found = await store.session(token, at);
          if (!found) throw new Error(`ended early, ${(at - T) / HOUR} hours after sign-in`);
        }
        expect(await store.session(token, T + ABSOLUTE_MS - 1)).toBeDefined();
        expect(await store.session(token, T + ABSOLUTE_MS)).toBeUndefined();
        expect(await store.session(token, T + ABSOLUTE_MS - 1)).toBeUndefined();
        expect(await store.sessionsOf(member.id)).toEqual([]);
      });

      it("record the last request at most once a minute", async () => {
        const { store, enrolled } = await start();
        const member = await enrolled("ada@example.com");
        const token = await store.startSession(member.id, "Chrome on Android", T);
        expect((await store.session(token, T + 30_000))?.session.lastSeenAt).toBe(T + 30_000);
        expect(await store.sessionsOf(member.id)).toMatchObject([{ lastSeenAt: T }]);
        await store.session(token, T + 2 * HOUR);
        expect(await store.sessionsOf(member.id)).toMatchObject([{ lastSeenAt: T + 2 * HOUR }]);
      });

      it("end at once when the member is removed, and stay ended if they are invited again", async () => {
        const { db, store, enrolled, invite, rows } = await start();
        const ada = await enrolled("ada@example.com", "owner");
        const bob = await enrolled("bob@example.com");
        const adaPhone = await store.startSession(ada.id, "Safari on iPhone", T);
        const adaLaptop = await store.startSession(ada.id, "Firefox on Linux", T);
        const bobs = await store.startSession(bob.id, "Chrome on Android", T);
        expect(await store.session(adaPhone, T + 1)).toBeDefined();

        const removed = await store.remove("ADA@example.com", "bob@example.com", T + 2);
        expect(removed).toMatchObject({ id: ada.id, removedAt: T + 2 });
        expect(await store.session(adaPhone, T + 3)).toBeUndefined();
        expect(await store.session(adaLaptop, T + 3)).toBeUndefined();
        expect(await store.sessionsOf(ada.id)).toEqual([]);
        expect(await store.activeMember(ada.id)).toBeUndefined();
        expect(await store.memberByEmail("ada@example.com")).toMatchObject({ removedAt: T + 2 });
        expect(await store.remove("ada@example.com", "shell", T + 4)).toBeUndefined();
        // Bob is untouched.
        expect(await store.session(bobs, T + 3)).toMatchObject({ member: { id: bob.id } });
        expect((await rows.passkeys()).map((p) => p.memberId)).toEqual([bob.id]);
        expect(await store.auditLog()).toMatchObject([
          { at: T + 2, actor: "bob@example.com", action: "removed", subject: "ada@example.com" },
          { action: "invited" },
          { action: "invited" },
        ]);

        await invite("ada@example.com", "staff", T + 5);
        expect(await store.session(adaPhone, T + 6)).toBeUndefined();

        // Even a session row left behind signs no removed member in.
        await db.kysely
          .updateTable("staff_member")
          .set({ removedAt: T + 7 })
          .where("id", "=", bob.id)
          .execute();
        expect(await store.session(bobs, T + 8)).toBeUndefined();
      });

      it("are listed per member, most recently used first, and end one at a time", async () => {
        const { store, enrolled } = await start();
        const ada = await enrolled("ada@example.com");
        const bob = await enrolled("bob@example.com");
        const phone = await store.startSession(ada.id, "Safari on iPhone", T);
        const laptop = await store.startSession(ada.id, "Firefox on Linux", T + HOUR);
        await store.startSession(bob.id, "Chrome on Android", T);
        expect((await store.sessionsOf(ada.id)).map((s) => s.device)).toEqual([
          "Firefox on Linux",
          "Safari on iPhone",
        ]);
        const phoneId = (await store.session(phone, T + 2 * HOUR))!.session.id;
        // Another member cannot end it; its member can.
        expect(await store.endSession(phoneId, bob.id)).toBe(false);
        expect(await store.endSession(phoneId, ada.id)).toBe(true);
        expect(await store.session(phone, T + 2 * HOUR)).toBeUndefined();
        expect(await store.session(laptop, T + 2 * HOUR)).toBeDefined();
        expect(await store.sessionsOf(bob.id)).toHaveLength(1);
      });
    });

    it("refused anonymous sign-ins are counted apart from the audit log: per hour, reason and client", async () => {
      const { store, rows, db } = await start();
      // A flood from one client: one row per hour and reason, however many attempts.
      for (let i = 0; i < 30; i++) await store.refuseSignIn("unknown-passkey", "client-a", T + i * 60_000);
      await store.refuseSignIn("rate-limit", "client-a", T + 31 * 60_000);
      await store.refuseSignIn("unknown-passkey", "client-b", T + 40 * 60_000);
      await store.refuseSignIn("challenge", "client-b", T + 2 * HOUR);
      const stored = await db.kysely.selectFrom("staff_sign_in_refusal").selectAll().execute();
      expect(stored).toHaveLength(4);
      expect(JSON.stringify(stored)).not.toMatch(/\d+\.\d+\.\d+\.\d+/);
      expect(await rows.audit()).toEqual([]);

      expect(await store.signInRefusals(T)).toEqual({
        total: 33,
        clients: 2,
        reasons: [
          { reason: "unknown-passkey", count: 31 },
          { reason: "challenge", count: 1 },
          { reason: "rate-limit", count: 1 },
        ],
      });
      // From a later hour on: only that hour's.
      expect(await store.signInRefusals(T + 2 * HOUR + 5)).toEqual({
        total: 1,
        clients: 1,
        reasons: [{ reason: "challenge", count: 1 }],
      });
      expect(await store.signInRefusals(T + 3 * HOUR)).toEqual({ total: 0, clients: 0, reasons: [] });

      // Kept 30 days.
      await store.prune(T + REFUSALS_DAYS * DAY + HOUR);
      expect(await store.signInRefusals(T)).toMatchObject({ total: 1, reasons: [{ reason: "challenge" }] });
      await store.prune(T + REFUSALS_DAYS * DAY + 2 * HOUR);
      expect(await store.signInRefusals(T)).toMatchObject({ total: 0 });
    });

    it("prune deletes ended sessions, expired challenges, old invitations and audit entries", async () => {
      const { store, enrolled, invite, rows } = await start();
      const member = await enrolled("ada@example.com", "owner", T - 40 * DAY);
      const now = T;
      const live = await store.startSession(member.id, "live", now - HOUR);
      await store.startSession(member.id, "idle", now - IDLE_MS);
      // Used every few hours, but signed in more than 7 days ago.
      const old = await store.startSession(member.id, "too old", now - ABSOLUTE_MS);
      for (let at = now - ABSOLUTE_MS + 6 * HOUR; at < now; at += 6 * HOUR) await store.session(old, at);
      await store.addChallenge("stale", "sign-in", null, now - CHALLENGE_MS);
      await store.addChallenge("fresh", "sign-in", null, now - 1);
      await store.audit({
        at: now - AUDIT_DAYS * DAY,
        actor: "shell",
        action: "ancient",
        subject: null,
        detail: null,
      });
      await store.audit({ at: now - DAY, actor: "shell", action: "recent", subject: null, detail: null });
      const open = await invite("bob@example.com", "staff", now - HOUR);
      expect((await rows.sessions()).map((s) => s.device).sort()).toEqual(["idle", "live", "too old"]);

      await store.prune(now);
      expect((await rows.sessions()).map((s) => s.device)).toEqual(["live"]);
      expect(await store.session(live, now)).toBeDefined();
      expect(await rows.challenges()).toEqual(["fresh"]);
      // Ada's invitation, used 40 days ago, is gone; Bob's open one is kept.
      expect(await rows.invitations()).toMatchObject([{ memberId: open.member.id }]);
      expect(await store.checkInvitation(open.token, now)).toMatchObject({ ok: true });
      const actions = (await rows.audit()).map((a) => a.action).sort();
      expect(actions).toEqual(["invited", "invited", "recent"]);
    });

    it("members: active owners first, then staff, by name; removed ones last, with passkeys and last sign-in", async () => {
      const { store, invite, enrolled } = await start();
      await invite("zed@example.com", "staff", T, "Zed");
      await invite("yara@example.com", "owner", T, "Yara");
      const bola = await enrolled("bola@example.com", "owner", T);
      await store.addPasskey(bola.id, passkey(), null, T + DAY);
      await invite("ada@example.com", "staff", T, "Ada");
      await invite("aaron@example.com", "owner", T, "Aaron");
      await store.remove("aaron@example.com", "shell", T + 1);

      const members = await store.members();
      expect(members.map((m) => [m.name, m.role, m.removedAt === null])).toEqual([
        ["bola", "owner", true],
        ["Yara", "owner", true],
        ["Ada", "staff", true],
        ["Zed", "staff", true],
        ["Aaron", "owner", false],
      ]);
      expect(members[0]).toMatchObject({ email: "bola@example.com", passkeys: 2, lastSignIn: T + DAY });
      expect(members[1]).toMatchObject({ passkeys: 0, lastSignIn: null });
      expect(typeof members[0]!.passkeys).toBe("number");
    });
  });
}
