// Operator commands for the newsletter's subscribers (see docs/newsletter.md).
//   node scripts/newsletter.ts <command> [options]      (npm run newsletter -- <command> [options])
// Environment: DATA_DIR (SQLite folder and the secret, default ./data), DATABASE_URL (PostgreSQL),
// SECRET (as the server has it; else DATA_DIR/secret).
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { createOutbox } from "../server/mail/outbox.ts";
import { bouncedCsv, mailchimpTime, subscribersCsv } from "../server/newsletter/export.ts";
import { normalizeEmail } from "#app/lib/form-rules.ts";
import { createNewsletterRepository, type NewsletterRepository } from "../server/newsletter/repository.ts";
import { createStaffRepository } from "../server/staff/repository.ts";
import { SUBSCRIBER_STATES, type SubscriberState } from "../server/newsletter/tables.ts";
import { loadSecret } from "../server/secret.ts";
import { fields, runCommand, table, UsageError, withDatabase, type Io } from "./cli.ts";

const USAGE = `Newsletter — the people who signed up on the website (double opt-in).

Usage: node scripts/newsletter.ts <command> [options]

Commands:
  list [--state STATE] [--limit N]   Subscribers, latest change first (default limit 50)
  count                              Subscribers per state
  show <email>                       One person's record: state, consent (when, where, the
                                     words they saw), confirmation, unsubscription
  export [--out FILE] [--bounced]    Confirmed subscribers as CSV (Mailchimp and Brevo import
                                     it): e-mail, opt-in and confirmation times (UTC), source;
                                     --bounced: the bounced ones instead, with when (CLEAN_TIME)
                                     and the mail server's reply
  erase <email>                      Delete the person's record for good; a keyed hash of the
                                     address stays on the suppression list so no import adds
                                     them back (data-protection requests)
  unsuppress <email>                 Lift an erasure: only when the person wrote to you from
                                     that address asking to come back (they then sign up and
                                     confirm from their inbox). Written to the audit log
  prune                              Delete unconfirmed sign-ups older than 30 days; people
                                     unsubscribed for 30 days, or bounced for 90, leave only the
                                     suppression hash (the server also does this every day)
  help                               This text

States: ${SUBSCRIBER_STATES.join(", ")}

Environment:
  DATA_DIR      folder of the SQLite database and the secret (default ./data)
  DATABASE_URL  PostgreSQL connection URL (used instead of DATA_DIR when set)
  SECRET        the server's secret, when it is set in the environment rather than DATA_DIR/secret
`;

export type Env = { DATA_DIR?: string; DATABASE_URL?: string; SECRET?: string };

const iso = (ms: number | null) => (ms === null ? "" : new Date(ms).toISOString());
/** Runs one command; resolves with the exit code (0 ok, 1 failed, 2 usage error). */
export function main(argv: string[], env: Env, io: Io): Promise<number> {
  return runCommand("newsletter", io, (safe) => run(argv, env, safe));
}

async function run(argv: string[], env: Env, io: Io): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      state: { type: "string" },
      limit: { type: "string" },
      out: { type: "string" },
      bounced: { type: "boolean" },
    },
  });
  const [command = "help", arg] = positionals;
  const out = (text: string) => io.stdout(`${text}\n`);
  if (command === "help" || command === "--help") return out(USAGE);
  if (!["list", "count", "show", "export", "erase", "unsuppress", "prune"].includes(command)) {
    throw new UsageError(`Unknown command: ${command}`);
  }

  await withDatabase(env, async (db, dataDir) => {
    const store = createNewsletterRepository(db, createOutbox(db), loadSecret(env.SECRET, dataDir));
    // The console's audit log, without the address (as the console's own erasures are).
    const audit = (action: string) =>
      createStaffRepository(db).audit({
        at: Date.now(),
        actor: "shell",
        action,
        subject: null,
        detail: null,
      });
    await command_(store, audit, command, arg, values, out, io);
  });
}

async function command_(
  store: NewsletterRepository,
  audit: (action: string) => Promise<void>,
  command: string,
  arg: string | undefined,
  values: { state?: string; limit?: string; out?: string; bounced?: boolean },
  out: (text: string) => void,
  io: Io,
) {
  switch (command) {
    case "list": {
      const state = values.state as SubscriberState | undefined;
      if (state && !SUBSCRIBER_STATES.includes(state)) {
        throw new UsageError(`--state must be one of: ${SUBSCRIBER_STATES.join(", ")}`);
      }
      const limit = values.limit === undefined ? 50 : Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1)
        throw new UsageError("--limit must be a whole number (1 or more).");
      const rows = await store.list({ state, limit });
      if (rows.length === 0) return out("No subscribers.");
      out(
        table(
          ["E-mail", "State", "Signed up (UTC)", "Confirmed (UTC)", "Source"],
          rows.map((s) => [
            s.email,
            s.state,
            mailchimpTime(s.consentAt),
            mailchimpTime(s.confirmedAt),
            s.consentSource,
          ]),
        ),
      );
      return;
    }
    case "count": {
      const counts = await store.countByState();
      out(SUBSCRIBER_STATES.map((s) => `${s.padEnd(13)} ${counts[s]}`).join("\n"));
      return;
    }
    case "show": {
      if (!arg) throw new UsageError("Give an e-mail address.");
      const s = await store.findByEmail(arg);
      const suppression = await store.suppression(arg);
      if (!s) {
        out(
          suppression === "erased"
            ? `${arg} is not on the list; its keyed hash is on the suppression list (erased: sign-ups are ignored).`
            : suppression === "unsubscribed" || suppression === "bounced"
              ? `${arg} is not on the list; its keyed hash is on the suppression list (${suppression}).`
              : `${arg} is not on the list.`,
        );
        return;
      }
      const rows: [string, string][] = [
        ["E-mail", s.email],
        ["State", s.state],
        ["Signed up", iso(s.consentAt)],
        ["From", s.consentSource],
        ["Words seen", s.consentWording],
        ["Client", `${s.consentClient} (keyed hash of the address, not the address)`],
        ["Confirmed", iso(s.confirmedAt) || "not yet"],
        ["Unsubscribed", iso(s.unsubscribedAt) || "no"],
        ...(s.bouncedAt === null
          ? []
          : ([
              ["Bounced", iso(s.bouncedAt)],
              ["Server said", s.bounceReason ?? ""],
            ] as [string, string][])),
        ...(s.undeliveredIssues > 0
          ? ([["Undelivered", `${s.undeliveredIssues} issue(s) in a row`]] as [string, string][])
          : []),
        ["First seen", iso(s.createdAt)],
      ];
      if (s.requestAt !== null) {
        // Signed up again after unsubscribing; it counts only once they confirm it.
        rows.push(
          ["Asked back", `${iso(s.requestAt)} (not confirmed: the opt-out stands)`],
          ["From", s.requestSource ?? ""],
          ["Words seen", s.requestWording ?? ""],
          ["Client", `${s.requestClient ?? ""} (keyed hash)`],
        );
      }
      if (suppression) rows.push(["Suppressed", `${suppression} (keyed hash of the address)`]);
      out(fields(rows, 13));
      return;
    }
    case "export": {
      const csv = values.bounced
        ? bouncedCsv(await store.bounced())
        : subscribersCsv(await store.subscribed());
      if (values.out) {
        writeFileSync(values.out, csv, { mode: 0o600 });
        const what = values.bounced ? "bounced subscribers" : "subscribers";
        io.stderr(`Wrote ${csv.split("\r\n").length - 2} ${what} to ${values.out}.\n`);
      } else io.stdout(csv);
      return;
    }
    case "erase": {
      if (!arg) throw new UsageError("Give the e-mail address to erase.");
      const found = await store.erase(arg, Date.now());
      out(
        found
          ? `Erased ${arg}: the record and its e-mails are deleted; a keyed hash stays on the suppression list.`
          : `${arg} was not on the list; a keyed hash is now on the suppression list so it is never added.`,
      );
      return;
    }
    case "unsuppress": {
      if (!arg) throw new UsageError("Give the e-mail address whose erasure to lift.");
      const outcome = await store.unsuppress(arg);
      if (outcome === "lifted") {
        await audit("subscriber.unsuppressed");
        out(
          `Lifted the erasure of ${normalizeEmail(arg)}: a sign-up from that address is now handled like anyone's (they confirm from their inbox).`,
        );
      } else if (outcome === "unsubscribed") {
        out(
          `${normalizeEmail(arg)} unsubscribed (it was not erased): nothing to lift. They can sign up and confirm from their inbox; nobody else can end their opt-out.`,
        );
      } else out(`${normalizeEmail(arg)} is not on the suppression list: nothing to lift.`);
      return;
    }
    case "prune": {
      const removed = await store.prune(Date.now());
      out(
        `Deleted ${removed.pending} unconfirmed sign-up(s) older than 30 days, ${removed.unsubscribed} record(s) unsubscribed for 30 days (their opt-out stays as a keyed hash), ${removed.bounced} bounced for 90 days (a keyed hash stays).`,
      );
      return;
    }
  }
}

if (import.meta.main) {
  process.exitCode = await main(process.argv.slice(2), process.env, {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
  });
}
