// Operator commands for the contact inbox and the mail outbox (see docs/contact-inbox.md).
//   node scripts/inbox.ts <command> [options]      (npm run inbox -- <command> [options])
// Environment: DATA_DIR (SQLite folder, default ./data) or DATABASE_URL (PostgreSQL).
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { openInbox, type Inbox } from "../server/contact/index.ts";
import { messagesCsv } from "../server/contact/export.ts";
import type { Job, Outbox } from "../server/mail/outbox.ts";
import { JOB_STATES, type JobState } from "../server/mail/tables.ts";
import { MAIL_KINDS } from "../server/mail-kinds.ts";
import {
  MESSAGE_STATES,
  type ContactRepository,
  type MessageState,
  type StoredMessage,
} from "../server/contact/repository.ts";
import { clip, fields, runCommand, table, terminalText, UsageError, type Io } from "./cli.ts";

const USAGE = `Contact inbox — messages sent through the website's contact form.

Usage: node scripts/inbox.ts <command> [options]

Commands:
  list [--state STATE] [--limit N]     Messages, newest first (default limit 50)
  show <id>                            One message in full (an id or a unique prefix of one)
  export --format json|csv [--out F]   Every message, oldest first (to stdout, or file F)
  retry <id> | --failed                Deliver again now (one message, or every failed one)
  erase --id <id> | --email <address>  Delete messages for good (data-subject requests)
  purge [--days N]                     Delete sent, failed and spam messages older than
                                       N days (default 90); undelivered ones are kept
  help                                 This text

Mail outbox — every e-mail the site sends (contact notices and the other kinds):
  outbox list [--kind K] [--state S] [--limit N]   Jobs, newest first (default limit 50)
  outbox show <job id>                 One job in full: kind, record, state, attempts, error
  outbox retry <job id> | --failed [--kind K]      Send again now (never a sent one)
  outbox purge [--days N]              Delete sent, failed, expired and cancelled jobs last
                                       changed more than N days ago (default 90); contact
                                       notices go with their messages (purge, erase),
                                       newsletter issues' e-mails with their subscribers

Message states: ${MESSAGE_STATES.join(", ")}
Job states: ${JOB_STATES.join(", ")}
Kinds: ${MAIL_KINDS.map((k) => k.name).join(", ")}

Environment:
  DATA_DIR      folder of the SQLite database contact.sqlite (default ./data)
  DATABASE_URL  PostgreSQL connection URL (used instead of DATA_DIR when set)
`;

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

function formatTime(ms: number | null): string {
  if (ms === null) return "";
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

function days(value: string | undefined): number {
  const n = value === undefined ? 90 : Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError("--days must be a whole number of days (1 or more).");
  return n;
}

function limitOf(value: string | undefined): number {
  const limit = value ? Number(value) : 50;
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError("--limit must be a positive number.");
  return limit;
}

function jobStatus(j: Job): string {
  if (j.state === "sent") return `sent ${formatTime(j.sentAt)}`;
  if (j.state === "sending" && j.leaseUntil !== null) return `held until ${formatTime(j.leaseUntil)}`;
  if (j.nextAttemptAt !== null && (j.state === "retrying" || j.state === "queued")) {
    return `next try ${formatTime(j.nextAttemptAt)}`;
  }
  return "";
}

async function resolveJob(outbox: Outbox, given: string | undefined): Promise<Job> {
  if (!given) throw new UsageError("Give a job id (see `outbox list`).");
  const exact = await outbox.get(given);
  if (exact) return exact;
  const prefix = given.toLowerCase();
  const matches = (await outbox.list({ limit: Number.MAX_SAFE_INTEGER })).filter((j) =>
    j.id.startsWith(prefix),
  );
  if (matches.length === 1) return matches[0]!;
  throw new Error(
    matches.length === 0
      ? `No job with id ${given}.`
      : `${matches.length} jobs start with ${given}; give more of the id.`,
  );
}

async function outboxCommand(
  outbox: Outbox,
  [sub, id]: string[],
  values: { kind?: string; state?: string; limit?: string; failed?: boolean; days?: string },
  out: (text: string) => void,
): Promise<void> {
  const kind = values.kind;
  if (kind !== undefined && !MAIL_KINDS.some((k) => k.name === kind)) {
    throw new UsageError(`Unknown kind "${kind}". Kinds: ${MAIL_KINDS.map((k) => k.name).join(", ")}.`);
  }
  switch (sub) {
    case "list": {
      const state = values.state as JobState | undefined;
      if (state && !JOB_STATES.includes(state)) {
        throw new UsageError(`Unknown state "${state}". Job states: ${JOB_STATES.join(", ")}.`);
      }
      const jobs = await outbox.list({ kind, state, limit: limitOf(values.limit) });
      const counts = await outbox.countByState({ kind });
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      out(
        jobs.length === 0
          ? "No jobs."
          : table(
              ["JOB", "KIND", "RECORD", `QUEUED (${timeZone})`, "STATE", "TRIES", "DELIVERY"],
              jobs.map((j) => [
                j.id.slice(0, 8),
                j.kind,
                j.recordId.slice(0, 8),
                formatTime(j.enqueuedAt),
                j.state,
                String(j.attempts),
                jobStatus(j),
              ]),
            ),
      );
      const summary = JOB_STATES.filter((s) => counts[s] > 0).map((s) => `${counts[s]} ${s}`);
      out(
        `\n${total} job${total === 1 ? "" : "s"}${kind ? ` of ${kind}` : ""} in total${summary.length ? `: ${summary.join(", ")}` : ""}.`,
      );
      if (jobs.length < (state ? counts[state] : total))
        out(`Showing the newest ${jobs.length}; use --limit to see more.`);
      return;
    }
    case "show": {
      const j = await resolveJob(outbox, id);
      const rows: [string, string][] = [
        ["Job", j.id],
        ["Kind", j.kind],
        ["Record", j.recordId],
        ["Message-ID", `<${j.messageId}@…> (the domain of MAIL_FROM)`],
        ["State", [j.state, jobStatus(j)].filter(Boolean).join(", ")],
        ["Priority", String(j.priority)],
        ["Queued", `${formatTime(j.enqueuedAt)} (${timeZone})`],
        ["Attempts", `${j.attempts} since queued, ${j.totalAttempts} in all`],
        ...(j.lastError ? [["Last error", j.lastError] as [string, string]] : []),
      ];
      out(fields(rows, 11));
      return;
    }
    case "retry": {
      const now = Date.now();
      const hint = "The running server sends it within a few seconds (when SMTP_URL is set).";
      if (values.failed) {
        const n = await outbox.retryFailed(now, { kind });
        out(n === 0 ? "No failed jobs." : `Queued ${n} failed job${n === 1 ? "" : "s"} again. ${hint}`);
        return;
      }
      const j = await resolveJob(outbox, id);
      if (!(await outbox.retry(j.id, now))) {
        throw new Error(
          j.state === "sent"
            ? `Job ${j.id} was already sent; sending it again would e-mail twice.`
            : `Job ${j.id} is ${j.state}; it cannot be queued again right now.`,
        );
      }
      out(`Queued job ${j.id} (${j.kind}) again. ${hint}`);
      return;
    }
    case "purge": {
      const n = days(values.days);
      const keep = MAIL_KINDS.filter((k) => k.jobLivesWithRecord).map((k) => k.name);
      const removed = await outbox.purge(Date.now() - n * 86_400_000, { keep });
      out(`Purged ${removed} finished job${removed === 1 ? "" : "s"} older than ${n} days.`);
      return;
    }
    default:
      throw new UsageError("outbox needs list, show <id>, retry <id> | --failed, or purge.");
  }
}

function status(m: StoredMessage): string {
  if (m.state === "sent") return `sent ${formatTime(m.sentAt)}`;
  if (m.nextAttemptAt !== null && (m.state === "retrying" || m.state === "queued")) {
    return `next try ${formatTime(m.nextAttemptAt)}`;
  }
  return "";
}

async function resolveId(store: ContactRepository, given: string | undefined): Promise<StoredMessage> {
  if (!given) throw new UsageError("Give a message id (see `list`).");
  const exact = await store.get(given);
  if (exact) return exact;
  const prefix = given.toLowerCase();
  const matches = (await store.exportAll()).filter((m) => m.id.startsWith(prefix));
  if (matches.length === 1) return matches[0]!;
  throw new Error(
    matches.length === 0
      ? `No message with id ${given}.`
      : `${matches.length} messages start with ${given}; give more of the id.`,
  );
}

function toJson(messages: StoredMessage[]): string {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return `${JSON.stringify(
    messages.map((m) => ({
      id: m.id,
      received: iso(m.createdAt),
      state: m.state,
      attempts: m.attempts,
      sent: iso(m.sentAt),
      nextAttempt: iso(m.nextAttemptAt),
      name: m.name,
      email: m.email,
      phone: m.phone,
      message: m.message,
      lastError: m.lastError,
    })),
    null,
    2,
  )}\n`;
}

export type Env = { DATA_DIR?: string; DATABASE_URL?: string };

/** Runs one command; resolves with the exit code (0 ok, 1 failed, 2 usage error). */
export function main(argv: string[], env: Env, io: Io): Promise<number> {
  return runCommand("inbox", io, (safe) => run(argv, env, safe));
}

async function run(argv: string[], env: Env, io: Io): Promise<void> {
  const out = (text: string) => io.stdout(`${text}\n`);
  const [command = "help", ...rest] = argv;
  if (command === "help" || command === "--help" || command === "-h") return io.stdout(USAGE);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      state: { type: "string" },
      limit: { type: "string" },
      format: { type: "string" },
      out: { type: "string" },
      failed: { type: "boolean" },
      id: { type: "string" },
      email: { type: "string" },
      days: { type: "string" },
      kind: { type: "string" },
    },
  });
  const known = ["list", "show", "export", "retry", "erase", "purge", "outbox"];
  if (!known.includes(command)) throw new UsageError(`Unknown command "${command}".`);

  const databaseUrl = env.DATABASE_URL || undefined;
  const dataDir = env.DATA_DIR || "./data";
  let inbox: Inbox;
  try {
    inbox = await openInbox({ dataDir, databaseUrl, mustExist: true });
  } catch (error) {
    throw new Error(
      databaseUrl
        ? `Cannot open the PostgreSQL database: ${(error as Error).message}`
        : `No inbox database in ${dataDir}/ (set DATA_DIR to the server's data folder).`,
    );
  }
  const store = inbox.store;
  try {
    if (command === "outbox") return await outboxCommand(inbox.outbox, positionals, values, out);
    switch (command) {
      case "list": {
        const state = values.state as MessageState | undefined;
        if (state && !MESSAGE_STATES.includes(state)) {
          throw new UsageError(`Unknown state "${state}". States: ${MESSAGE_STATES.join(", ")}.`);
        }
        const messages = await store.list({ state, limit: limitOf(values.limit) });
        const counts = await store.countByState();
        const total = Object.values(counts).reduce((a, b) => a + b, 0);
        out(
          messages.length === 0
            ? "No messages."
            : table(
                ["ID", `RECEIVED (${timeZone})`, "STATE", "TRIES", "NAME", "E-MAIL", "DELIVERY"],
                messages.map((m) => [
                  m.id.slice(0, 8),
                  formatTime(m.createdAt),
                  m.state,
                  String(m.attempts),
                  clip(m.name, 24),
                  clip(m.email, 32),
                  status(m),
                ]),
              ),
        );
        const summary = MESSAGE_STATES.filter((s) => counts[s] > 0).map((s) => `${counts[s]} ${s}`);
        out(
          `\n${total} message${total === 1 ? "" : "s"} in total${summary.length ? `: ${summary.join(", ")}` : ""}.`,
        );
        if (messages.length < (state ? counts[state] : total)) {
          out(`Showing the newest ${messages.length}; use --limit to see more.`);
        }
        return;
      }
      case "show": {
        const m = await resolveId(store, positionals[0]);
        const rows: [string, string][] = [
          ["ID", m.id],
          ["Received", `${formatTime(m.createdAt)} (${timeZone})`],
          ["State", [m.state, status(m)].filter(Boolean).join(", ")],
          ["Attempts", String(m.attempts)],
          ...(m.lastError ? [["Last error", m.lastError] as [string, string]] : []),
          ["Name", m.name],
          ["E-mail", m.email],
          ["Phone", m.phone],
          ["Client", `${m.clientHash} (hashed address)`],
        ];
        out(fields(rows, 11));
        // The message keeps its lines; nothing else of it reaches the terminal as it is.
        out(`\nMessage:\n${terminalText(m.message, "several")}`);
        return;
      }
      case "export": {
        const format = values.format;
        if (format !== "json" && format !== "csv")
          throw new UsageError("export needs --format json or --format csv.");
        const messages = await store.exportAll();
        const text = format === "json" ? toJson(messages) : messagesCsv(messages);
        if (values.out) {
          writeFileSync(values.out, text, { mode: 0o600 });
          io.stderr(`Wrote ${messages.length} messages to ${values.out} (personal data: keep it safe).\n`);
        } else {
          io.stdout(text);
        }
        return;
      }
      case "retry": {
        const now = Date.now();
        const hint = "The running server delivers them within a few seconds (when SMTP_URL is set).";
        if (values.failed) {
          const n = await store.retryFailed(now);
          out(
            n === 0
              ? "No failed messages."
              : `Queued ${n} failed message${n === 1 ? "" : "s"} for delivery. ${hint}`,
          );
          return;
        }
        const m = await resolveId(store, positionals[0]);
        if (!(await store.retry(m.id, now))) {
          throw new Error(
            m.state === "sent"
              ? `Message ${m.id} was already sent.`
              : `Message ${m.id} is ${m.state}; it cannot be queued again right now.`,
          );
        }
        out(`Queued ${m.id} for delivery. ${hint}`);
        return;
      }
      case "erase": {
        if (!values.id === !values.email) throw new UsageError("erase needs --id <id> or --email <address>.");
        if (values.id) {
          const m = await resolveId(store, values.id);
          await store.erase({ id: m.id });
          out(`Erased message ${m.id}.`);
        } else {
          const n = await store.erase({ email: values.email! });
          out(`Erased ${n} message${n === 1 ? "" : "s"} from ${values.email}.`);
        }
        return;
      }
      case "purge": {
        const n = days(values.days);
        const removed = await store.purge(Date.now() - n * 86_400_000);
        out(
          `Purged ${removed} sent, failed or spam message${removed === 1 ? "" : "s"} older than ${n} days.`,
        );
        return;
      }
    }
  } finally {
    await inbox.close();
  }
}

if (import.meta.main) {
  process.exitCode = await main(process.argv.slice(2), process.env, {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  });
}
