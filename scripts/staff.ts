// Operator commands for the staff console's people: invitations, members, sessions, audit log.
//   node scripts/staff.ts <command> [options]      (npm run staff -- <command> [options])
// Environment: DATA_DIR (SQLite folder, default ./data), DATABASE_URL (PostgreSQL), SITE_ORIGIN
// (the site's public origin, for the invitation link; else the one in app/config/site.ts).
import { parseArgs } from "node:util";
import { z } from "zod";
import { site } from "#app/config/site.ts";
import { normalizeEmail } from "#app/lib/form-rules.ts";
import { isSingleLine } from "#app/lib/text-rules.ts";
import {
  createStaffRepository,
  IDLE_MS,
  INVITATION_MS,
  type Member,
  type StaffRepository,
} from "../server/staff/repository.ts";
import { clip, runCommand, table, UsageError, withDatabase, type Io } from "./cli.ts";

const USAGE = `Staff console — the people who sign in at /admin with a passkey (no passwords).

Usage: node scripts/staff.ts <command> [options]

Commands:
  invite <email> [--owner | --staff] [--name "Full Name"]
                             Print a single-use link that registers a passkey (valid for
                             ${INVITATION_MS / 3_600_000} hours). A new member, one who lost a device, or one
                             removed before; a new link voids their older unused one.
                             --owner / --staff: the role (default: staff for a new member;
                             an existing one keeps theirs);
                             --name: shown in the console (default: the part before @)
  list                       Members: role, passkeys, last sign-in, removed or not
  remove <email>             Remove a member: their sessions end at once, their passkeys
                             and unused invitations are deleted (invite again to undo)
  sessions <email>           A member's signed-in sessions: device, started, last seen
  audit [--limit N]          The audit log, newest first (default limit 50)
  help                       This text

Environment:
  DATA_DIR      folder of the SQLite database (default ./data)
  DATABASE_URL  PostgreSQL connection URL (used instead of DATA_DIR when set)
  SITE_ORIGIN   the site's public origin for the link (default ${site.url})
`;

export type Env = { DATA_DIR?: string; DATABASE_URL?: string; SITE_ORIGIN?: string };

const COMMANDS = ["invite", "list", "remove", "sessions", "audit"];
/** The options each command takes (anything else is a usage error). */
const OPTIONS: Record<string, string[]> = { invite: ["owner", "staff", "name"], audit: ["limit"] };

/** What `invite` accepts: an address and a name as the website's forms check them. */
const EMAIL = z
  .string()
  .trim()
  .max(254, "The e-mail address is too long.")
  .pipe(z.email("This is not a valid e-mail address."));
const NAME = z
  .string()
  .trim()
  .min(1, "The name is empty.")
  .max(100, "The name is too long (100 characters at most).")
  .refine(isSingleLine, "The name must be one line of visible characters.");

/** The value, or an error (exit code 1) that says what is wrong with it. */
function check<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new Error(`${parsed.error.issues.map((i) => i.message).join(" ")} (${what}: ${String(value)})`);
  return parsed.data;
}

/** "YYYY-MM-DD HH:MM" (UTC). */
const minute = (ms: number | null) =>
  ms === null ? "" : new Date(Number(ms)).toISOString().slice(0, 16).replace("T", " ");
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Runs one command; resolves with the exit code (0 ok, 1 failed, 2 usage error). */
export function main(argv: string[], env: Env, io: Io): Promise<number> {
  return runCommand("staff", io, () => run(argv, env, io));
}

type Values = { owner?: boolean; staff?: boolean; name?: string; limit?: string };

async function run(argv: string[], env: Env, io: Io): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      owner: { type: "boolean" },
      staff: { type: "boolean" },
      name: { type: "string" },
      limit: { type: "string" },
    },
  });
  const [command = "help", ...args] = positionals;
  const out = (text: string) => io.stdout(`${text}\n`);
  if (command === "help" || command === "--help") return out(USAGE);
  if (!COMMANDS.includes(command)) throw new UsageError(`Unknown command: ${command}`);
  for (const option of Object.keys(values)) {
    if (!(OPTIONS[command] ?? []).includes(option))
      throw new UsageError(`${command} takes no --${option} option.`);
  }
  const origin = command === "invite" ? originOf(env.SITE_ORIGIN) : "";

  await withDatabase(env, async (db) => {
    const store = createStaffRepository(db);
    await command_(store, command, args, values, origin, out);
  });
}

/** Where the site is: SITE_ORIGIN as the server has it, else the site's configured address. */
function originOf(given: string | undefined): string {
  const value = given || site.url;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`SITE_ORIGIN is not a URL: ${value}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new Error(`SITE_ORIGIN must be an https:// address: ${value}`);
  return url.origin;
}

const stateOf = (m: Member & { passkeys: number }) =>
  m.removedAt !== null ? `removed ${minute(m.removedAt)}` : m.passkeys === 0 ? "no passkey yet" : "active";

async function command_(
  store: StaffRepository,
  command: string,
  args: string[],
  values: Values,
  origin: string,
  out: (text: string) => void,
) {
  const emailArgument = (what: string) => {
    const [email, ...more] = args;
    if (!email) throw new UsageError(`Give the e-mail address of the member to ${what}.`);
    if (more.length > 0) throw new UsageError(`One e-mail address at a time (got ${args.join(" ")}).`);
    return email;
  };

  switch (command) {
    case "invite": {
      const email = normalizeEmail(check(EMAIL, emailArgument("invite"), "e-mail"));
      const existing = await store.memberByEmail(email);
      const name = check(NAME, values.name ?? existing?.name ?? email.split("@")[0], "name");
      // Unset: a new member is staff; an existing one keeps their role (a lost device).
      if (values.owner && values.staff) throw new UsageError("Give --owner or --staff, not both.");
      const role = values.owner ? "owner" : values.staff ? "staff" : undefined;
      const { member, token, expiresAt } = await store.invite({ email, name, role, by: "shell" }, Date.now());
      const hours = INVITATION_MS / 3_600_000;
      const lines = [
        `Invitation for ${member.name} <${member.email}>, ${member.role}:`,
        "",
        `  ${origin}/admin/invite#${token}`,
        "",
        `Valid until ${minute(expiresAt)} UTC (${hours} hours), and once: it registers one passkey.`,
        "Send it to them privately. They open it on the device that will hold the passkey (their",
        "phone or computer), which then signs them in at /admin without a password.",
        "A new invitation replaces an older unused one: if this link is lost or expires, run",
        "`invite` again. That is also how a member who lost their device gets a new passkey; if",
        "the lost device may be in someone else's hands, run `remove` first (that ends their",
        "sessions and deletes their passkeys), then `invite`.",
      ];
      if (existing && existing.removedAt === null && existing.role !== member.role)
        lines.push("", `Their role changed from ${existing.role} to ${member.role}.`);
      if (existing?.removedAt != null)
        lines.push("", `They had been removed on ${minute(existing.removedAt)} UTC.`);
      out(lines.join("\n"));
      return;
    }
    case "list": {
      const members = await store.members();
      if (members.length === 0) return out("No staff members. Invite one with `invite <email> --owner`.");
      out(
        table(
          ["Name", "E-mail", "Role", "Passkeys", "Last sign-in (UTC)", "State"],
          members.map((m) => [
            clip(m.name, 32),
            m.email,
            m.role,
            String(m.passkeys),
            minute(m.lastSignIn),
            stateOf(m),
          ]),
        ),
      );
      return;
    }
    case "remove": {
      const email = emailArgument("remove");
      const now = Date.now();
      const found = await store.memberByEmail(email);
      const sessions = found ? live(await store.sessionsOf(found.id), now).length : 0;
      const passkeys = found ? (await store.passkeysOf(found.id)).length : 0;
      const removed = await store.remove(email, "shell", now);
      if (!removed) throw new Error(`No active member has the address ${normalizeEmail(email)}.`);
      out(
        `Removed ${removed.name} <${removed.email}>: ${plural(sessions, "session")} ended, ` +
          `${plural(passkeys, "passkey")} deleted, unused invitations void.\n` +
          "They can no longer sign in; `invite` them again to undo this.",
      );
      return;
    }
    case "sessions": {
      const email = emailArgument("show the sessions of");
      const member = await store.memberByEmail(email);
      if (!member) throw new Error(`No member has the address ${normalizeEmail(email)}.`);
      if (member.removedAt !== null)
        return out(`${member.email} was removed on ${minute(member.removedAt)} UTC: no sessions.`);
      const now = Date.now();
      const sessions = live(await store.sessionsOf(member.id), now);
      if (sessions.length === 0) return out(`${member.email} is not signed in anywhere.`);
      out(
        table(
          ["Device", "Started (UTC)", "Last seen (UTC)", "Ends (UTC)"],
          sessions.map((s) => [
            clip(s.device, 40),
            minute(s.createdAt),
            minute(s.lastSeenAt),
            minute(Math.min(Number(s.expiresAt), Number(s.lastSeenAt) + IDLE_MS)),
          ]),
        ),
      );
      return;
    }
    case "audit": {
      const limit = values.limit === undefined ? 50 : Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1)
        throw new UsageError("--limit must be a whole number (1 or more).");
      const entries = await store.auditLog(limit);
      if (entries.length === 0) return out("The audit log is empty.");
      out(
        table(
          ["Time (UTC)", "Actor", "Action", "Subject", "Detail"],
          entries.map((e) => [
            minute(e.at),
            e.actor,
            e.action,
            clip(e.subject ?? "", 40),
            clip(e.detail ?? "", 40),
          ]),
        ),
      );
      return;
    }
  }
}

/** The sessions that still sign their member in at `now` (ended ones wait for the daily prune). */
function live<S extends { expiresAt: number; lastSeenAt: number }>(sessions: S[], now: number): S[] {
  return sessions.filter((s) => Number(s.expiresAt) > now && Number(s.lastSeenAt) + IDLE_MS > now);
}

if (import.meta.main) {
  process.exitCode = await main(process.argv.slice(2), process.env, {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
  });
}
