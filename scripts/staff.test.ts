// @vitest-environment node
// `npm run staff` as the operator runs it (a real `node scripts/staff.ts` process): the
// invitation link it prints is accepted by the repository (as the console's /admin/invite page
// asks it), a newer one voids it, and the member list, removal, sessions and audit log read what
// the repository wrote.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { site } from "#app/config/site.ts";
import { deferrals, freshDb, sqliteDatabase } from "../server/db/testing/databases.ts";
import { createStaffRepository, INVITATION_MS } from "../server/staff/repository.ts";

const CLI = join(import.meta.dirname, "staff.ts");
// The command's SQL is the staff repository's, whose suites run on both databases: the
// command's own behaviour (a Node process each, about a second) is the same on either.
const databases = [sqliteDatabase];
const defer = deferrals();
const ORIGIN = "https://staff.example.test";

/** "YYYY-MM-DD HH:MM" (UTC), as the command prints times. */
const minute = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ");

for (const database of databases) {
  // Each command is a Node process of its own (about a second on a busy machine).
  describe(`npm run staff on ${database.name}`, { timeout: 60_000 }, () => {
    async function start() {
      const { db, location, cleanup } = await freshDb(database);
      defer(cleanup);
      const store = createStaffRepository(db);
      /** `node scripts/staff.ts …args` with only the environment given here (no SITE_ORIGIN unless set). */
      const cli = (args: string[], env: Record<string, string> = {}) =>
        promisify(execFile)(process.execPath, [CLI, ...args], {
          env: {
            PATH: process.env.PATH ?? "",
            DATA_DIR: location.dataDir,
            DATABASE_URL: location.databaseUrl ?? "",
            ...env,
          },
        }).then(
          ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
          (e: { code: number; stdout: string; stderr: string }) => ({
            code: e.code,
            stdout: e.stdout,
            stderr: e.stderr,
          }),
        );
      /** The secret after `#` in the link an `invite` printed. */
      const tokenIn = (stdout: string, origin = ORIGIN) => {
        const escaped = origin.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
        const m = new RegExp(`^ {2}${escaped}/admin/invite#([A-Za-z0-9_-]+)$`, "m").exec(stdout);
        if (!m) throw new Error(`no invitation link in:\n${stdout}`);
        return m[1]!;
      };
      const invitations = () =>
        db.kysely.selectFrom("staff_invitation").select(["memberId", "expiresAt", "usedAt"]).execute();
      return { db, store, cli, tokenIn, invitations };
    }

    it("invite prints a single-use link (43-character secret after #) that the console accepts", async () => {
      const { db, store, cli, tokenIn, invitations } = await start();
      const before = Date.now();
      const result = await cli(["invite", "  Ada@Example.com ", "--name", "Ada Lovelace"], {
        SITE_ORIGIN: `${ORIGIN}/`,
      });
      expect(result).toMatchObject({ code: 0, stderr: "" });
      const token = tokenIn(result.stdout);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(result.stdout).toMatch(/^Invitation for Ada Lovelace <ada@example\.com>, staff:/);
      // What the operator needs to know to hand it over.
      expect(result.stdout).toContain("24 hours");
      expect(result.stdout).toContain("and once");
      expect(result.stdout).toContain("device that will hold the passkey");
      expect(result.stdout).toContain("A new invitation replaces an older unused one");
      expect(result.stdout).toContain("lost their device");

      const check = await store.checkInvitation(token, Date.now());
      expect(check).toMatchObject({
        ok: true,
        member: { email: "ada@example.com", name: "Ada Lovelace", role: "staff", invitedBy: "shell" },
      });
      // The printed expiry is the stored one: 24 hours after the command ran.
      const [stored] = await invitations();
      const expiresAt = Number(stored!.expiresAt);
      expect(expiresAt).toBeGreaterThanOrEqual(before + INVITATION_MS);
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + INVITATION_MS);
      expect(result.stdout).toContain(`Valid until ${minute(expiresAt)} UTC`);
      expect(await store.checkInvitation(token, expiresAt)).toEqual({ ok: false, reason: "expired" });
      // The link's secret is in no column: only its SHA-256 hash is kept.
      const tables = ["staff_invitation", "staff_member", "staff_audit"] as const;
      const rows = await Promise.all(tables.map((t) => db.kysely.selectFrom(t).selectAll().execute()));
      expect(JSON.stringify(rows)).not.toContain(token);
    });

    it("a second invite voids the first link; --owner sets the role; the name and origin have defaults", async () => {
      const { store, cli, tokenIn, invitations } = await start();
      const first = await cli(["invite", "bob@example.com"]);
      expect(first.code).toBe(0);
      const firstToken = tokenIn(first.stdout, site.url); // no SITE_ORIGIN: the site's address
      expect(await store.checkInvitation(firstToken, Date.now())).toMatchObject({
        ok: true,
        member: { name: "bob", role: "staff" },
      });

      const second = await cli(["invite", "BOB@example.com", "--owner"], { SITE_ORIGIN: ORIGIN });
      expect(second).toMatchObject({ code: 0, stderr: "" });
      expect(second.stdout).toMatch(/^Invitation for bob <bob@example\.com>, owner:/);
      expect(second.stdout).toContain("Their role changed from staff to owner.");
      const secondToken = tokenIn(second.stdout);
      expect(secondToken).not.toBe(firstToken);
      expect(await store.checkInvitation(firstToken, Date.now())).toEqual({ ok: false, reason: "invalid" });
      const check = await store.checkInvitation(secondToken, Date.now());
      expect(check).toMatchObject({ ok: true, member: { email: "bob@example.com", role: "owner" } });
      // One member, one open invitation.
      expect((await store.members()).map((m) => [m.email, m.role])).toEqual([["bob@example.com", "owner"]]);
      expect(await invitations()).toHaveLength(1);

      // A lost device: inviting again without a role keeps the owner an owner; --staff changes it.
      const third = await cli(["invite", "bob@example.com"]);
      expect(third.stdout).toMatch(/^Invitation for bob <bob@example\.com>, owner:/);
      expect((await store.members()).map((m) => m.role)).toEqual(["owner"]);
      const fourth = await cli(["invite", "bob@example.com", "--staff"]);
      expect(fourth.stdout).toContain("Their role changed from owner to staff.");
      expect((await store.members()).map((m) => m.role)).toEqual(["staff"]);
      expect((await cli(["invite", "bob@example.com", "--staff", "--owner"])).code).toBe(2);
    });

    it("refuses a bad e-mail address or name with exit code 1 and a message, storing nothing", async () => {
      const { store, cli } = await start();
      const emails = ["not-an-email", "ada@", "@example.com", "two words@example.com"];
      const [unnamed, badOrigin, ...refused] = await Promise.all([
        cli(["invite", "ada@example.com", "--name", " "]),
        cli(["invite", "ada@example.com"], { SITE_ORIGIN: "not a url" }),
        ...emails.map((email) => cli(["invite", email])),
      ]);
      emails.forEach((email, i) => {
        const result = refused[i]!;
        expect({ email, code: result.code }).toEqual({ email, code: 1 });
        expect(result.stderr).toContain("staff: This is not a valid e-mail address.");
        expect(result.stdout).toBe("");
      });
      expect(unnamed!.code).toBe(1);
      expect(unnamed!.stderr).toContain("The name is empty.");
      expect(badOrigin!.code).toBe(1);
      expect(badOrigin!.stderr).toContain("SITE_ORIGIN");
      expect(await store.members()).toEqual([]);
      expect(await store.auditLog()).toEqual([]);
    });

    it("lists members, shows sessions, removes (the link and sessions stop working) and keeps the audit log", async () => {
      const { store, cli, tokenIn } = await start();
      const ada = tokenIn(
        (
          await cli(["invite", "ada@example.com", "--owner", "--name", "Ada Lovelace"], {
            SITE_ORIGIN: ORIGIN,
          })
        ).stdout,
      );
      const bob = tokenIn((await cli(["invite", "bob@example.com"], { SITE_ORIGIN: ORIGIN })).stdout);
      // Ada registers a passkey with her link and is signed in (what the console does).
      const check = await store.checkInvitation(ada, Date.now());
      if (!check.ok) throw new Error(check.reason);
      const signedIn = Date.now() - 3_600_000;
      const passkey = {
        id: "cred-1",
        publicKey: "pk",
        counter: 0,
        transports: ["internal"],
        deviceType: "multiDevice",
        backedUp: true,
      };
      expect(await store.addPasskey(check.member.id, passkey, check.invitationId, signedIn)).toBe(true);
      const session = await store.startSession(check.member.id, "Chrome on Android", signedIn);

      // Reading commands, at once (each is a process of its own).
      const [list, sessions, bobSessions, nobody] = await Promise.all([
        cli(["list"]),
        cli(["sessions", "ADA@example.com"]),
        cli(["sessions", "bob@example.com"]),
        cli(["sessions", "nobody@example.com"]),
      ]);
      expect(list).toMatchObject({ code: 0, stderr: "" });
      const lines = list.stdout.trimEnd().split("\n");
      expect(lines[0]).toMatch(/^Name\s+E-mail\s+Role\s+Passkeys\s+Last sign-in \(UTC\)\s+State$/);
      expect(lines[2]).toMatch(
        new RegExp(`^Ada Lovelace\\s+ada@example\\.com\\s+owner\\s+1\\s+${minute(signedIn)}\\s+active$`),
      );
      expect(lines[3]).toMatch(/^bob\s+bob@example\.com\s+staff\s+0\s+no passkey yet$/);
      expect(lines).toHaveLength(4);

      expect(sessions.code).toBe(0);
      expect(sessions.stdout).toMatch(/^Device\s+Started \(UTC\)\s+Last seen \(UTC\)\s+Ends \(UTC\)\n/);
      expect(sessions.stdout).toContain(`Chrome on Android  ${minute(signedIn)}`);
      expect(bobSessions.stdout).toBe("bob@example.com is not signed in anywhere.\n");
      expect(nobody).toMatchObject({ code: 1 });
      expect(nobody.stderr).toContain("No member has the address nobody@example.com.");

      const removed = await cli(["remove", "ada@example.com"]);
      expect(removed).toMatchObject({ code: 0, stderr: "" });
      expect(removed.stdout).toMatch(
        /^Removed Ada Lovelace <ada@example\.com>: 1 session ended, 1 passkey deleted/,
      );
      expect(await store.session(session, Date.now())).toBeUndefined();
      expect(await store.passkey("cred-1")).toBeUndefined();

      expect((await cli(["remove", "Bob@Example.com"])).code).toBe(0);
      expect(await store.checkInvitation(bob, Date.now())).toMatchObject({ ok: false });
      const [again, afterList, adaSessions, audit, one] = await Promise.all([
        cli(["remove", "bob@example.com"]),
        cli(["list"]),
        cli(["sessions", "ada@example.com"]),
        cli(["audit"]),
        cli(["audit", "--limit", "1"]),
      ]);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain("No active member has the address bob@example.com.");

      const after = afterList.stdout;
      // Their passkeys are gone, and with them the last sign-in (the audit log keeps it).
      expect(after).toMatch(/ada@example\.com\s+owner\s+0\s+removed \d{4}-\d\d-\d\d \d\d:\d\d/);
      expect(after).toMatch(/bob@example\.com\s+staff\s+0\s+removed \d{4}-\d\d-\d\d \d\d:\d\d/);
      expect(adaSessions.stdout).toMatch(/^ada@example\.com was removed on /);

      expect(audit).toMatchObject({ code: 0, stderr: "" });
      const rows = audit.stdout.trimEnd().split("\n");
      expect(rows[0]).toMatch(/^Time \(UTC\)\s+Actor\s+Action\s+Subject\s+Detail$/);
      expect(rows.slice(2).map((r) => r.replace(/^\S+ \S+\s+/, "").split(/\s{2,}/))).toEqual([
        ["shell", "removed", "bob@example.com"],
        ["shell", "removed", "ada@example.com"],
        ["shell", "invited", "bob@example.com", "staff"],
        ["shell", "invited", "ada@example.com", "owner"],
      ]);
      const newest = one.stdout.trimEnd().split("\n");
      expect(newest).toHaveLength(3);
      expect(newest[2]).toBe(rows[2]);
    });

    it("help lists the commands; a wrong command line exits 2 with a pointer to help", async () => {
      const { cli } = await start();
      const [help, bare] = await Promise.all([cli(["help"]), cli([])]);
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(/^Staff console/);
      for (const command of [
        "invite <email>",
        "--owner",
        "--name",
        "list",
        "remove <email>",
        "sessions <email>",
        "audit [--limit N]",
        "DATA_DIR",
        "DATABASE_URL",
        "SITE_ORIGIN",
      ])
        expect(help.stdout).toContain(command);
      expect(bare).toEqual(help);
      const wrong = [
        ["frobnicate"],
        ["invite"],
        ["remove"],
        ["sessions"],
        ["invite", "a@example.com", "--limit", "3"],
        ["audit", "--limit", "0"],
        ["list", "--colour"],
      ].map(async (args) => ({ args, result: await cli(args) }));
      for (const { args, result } of await Promise.all(wrong)) {
        expect({ args, code: result.code }).toEqual({ args, code: 2 });
        expect(result.stderr).toContain("Run `node scripts/staff.ts help`");
      }
    });
  });
}
