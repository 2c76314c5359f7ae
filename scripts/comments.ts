// Operator commands for the blog's comments (moderation, and data-protection requests).
//   node scripts/comments.ts <command> [options]      (npm run comments -- <command> [options])
// Environment: DATA_DIR (SQLite folder and the secret, default ./data), DATABASE_URL (PostgreSQL),
// SECRET (as the server has it; else DATA_DIR/secret).
import { parseArgs } from "node:util";
import { postPath } from "#app/config/blog.ts";
import { createOutbox } from "../server/mail/outbox.ts";
import {
  createCommentRepository,
  REVIEW_DAYS,
  type Comment,
  type CommentRepository,
  type ModerationAction,
} from "../server/comments/repository.ts";
import { COMMENT_STATES, type CommentState } from "../server/comments/tables.ts";
import { loadSecret } from "../server/secret.ts";
import { clip, fields, runCommand, table, terminalText, UsageError, withDatabase, type Io } from "./cli.ts";

const USAGE = `Blog comments — what visitors write under the posts (shown once approved).

Usage: node scripts/comments.ts <command> [options]

Commands:
  list [--state STATE] [--limit N]   Comments, newest first (default limit 50); --pending
                                     is short for --state pending
  list --email EMAIL                 Every comment written with that address, oldest first
                                     (data-protection access requests)
  show <id>                          One comment in full: post, reply-to, writer, state,
                                     moderation, and the whole text
  approve <id>…                      Show the comment(s) on the post
  reject <id>…                       Do not show them (deleted after ${REVIEW_DAYS} days)
  spam <id>…                         File them as spam (deleted after ${REVIEW_DAYS} days)
  erase <email>                      Delete every comment written with that address, and
                                     their moderation e-mails (data-protection requests)
  prune                              Delete rejected and spam comments older than ${REVIEW_DAYS} days
                                     (the server also does this every day)
  count                              Comments per state
  help                               This text

States: ${COMMENT_STATES.join(", ")}

Environment:
  DATA_DIR      folder of the SQLite database and the secret (default ./data)
  DATABASE_URL  PostgreSQL connection URL (used instead of DATA_DIR when set)
  SECRET        the server's secret, when it is set in the environment rather than DATA_DIR/secret
`;

export type Env = { DATA_DIR?: string; DATABASE_URL?: string; SECRET?: string };

const COMMANDS = ["list", "show", "approve", "reject", "spam", "erase", "prune", "count"];

const iso = (ms: number | null) => (ms === null ? "" : new Date(ms).toISOString());
/** "YYYY-MM-DD HH:MM" (UTC). */
const minute = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ");
const stateOf = (c: Comment) => (c.spamReason ? `${c.state} (${c.spamReason})` : c.state);

const DONE: Record<ModerationAction, string> = {
  approve: "Approved: it is shown on the post within a second.",
  reject: `Rejected: it is not shown, and is deleted after ${REVIEW_DAYS} days.`,
  spam: `Marked as spam: it is not shown, and is deleted after ${REVIEW_DAYS} days.`,
};

/** Runs one command; resolves with the exit code (0 ok, 1 failed, 2 usage error). */
export function main(argv: string[], env: Env, io: Io): Promise<number> {
  return runCommand("comments", io, (safe) => run(argv, env, safe));
}

type Values = { pending?: boolean; state?: string; limit?: string; email?: string };

async function run(argv: string[], env: Env, io: Io): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      pending: { type: "boolean" },
      state: { type: "string" },
      limit: { type: "string" },
      email: { type: "string" },
    },
  });
  const [command = "help", ...args] = positionals;
  const out = (text: string) => io.stdout(`${text}\n`);
  if (command === "help" || command === "--help") return out(USAGE);
  if (!COMMANDS.includes(command)) throw new UsageError(`Unknown command: ${command}`);

  await withDatabase(env, async (db, dataDir) => {
    const store = createCommentRepository(db, createOutbox(db), loadSecret(env.SECRET, dataDir));
    await command_(store, command, args, values, out);
  });
}

async function command_(
  store: CommentRepository,
  command: string,
  args: string[],
  values: Values,
  out: (text: string) => void,
) {
  switch (command) {
    case "list": {
      if (values.pending && values.state) throw new UsageError("Give --pending or --state, not both.");
      const state = (values.pending ? "pending" : values.state) as CommentState | undefined;
      if (state && !COMMENT_STATES.includes(state)) {
        throw new UsageError(`--state must be one of: ${COMMENT_STATES.join(", ")}`);
      }
      const limit = values.limit === undefined ? 50 : Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1)
        throw new UsageError("--limit must be a whole number (1 or more).");
      const rows =
        values.email === undefined
          ? await store.list({ state, limit })
          : (await store.byEmail(values.email)).filter((c) => !state || c.state === state);
      if (rows.length === 0) return out("No comments.");
      out(
        table(
          ["Id", "State", "Written (UTC)", "Post", "Name", "E-mail", "Text"],
          rows.map((c) => [
            c.id,
            stateOf(c),
            minute(c.createdAt),
            clip(`${c.postId} ${c.postTitle}`, 32),
            clip(c.name, 24),
            c.email,
            clip(c.body.split("\n").find((l) => l.trim()) ?? "", 40),
          ]),
        ),
      );
      return;
    }
    case "count": {
      const counts = await store.countByState();
      out(COMMENT_STATES.map((s) => `${s.padEnd(9)} ${counts[s]}`).join("\n"));
      return;
    }
    case "show": {
      const [id] = args;
      if (!id) throw new UsageError("Give a comment id (from `list`).");
      const c = await store.get(id);
      if (!c) throw new Error(`No comment with id ${id}.`);
      const rows: [string, string][] = [
        ["Id", c.id],
        ["Post", `${c.postId} ${c.postTitle} (${postPath(c.postId)})`],
        ["Reply to", c.parentId ?? "none (top level)"],
        ["Name", c.name],
        ["E-mail", c.email],
        ["State", c.state],
        ["Spam reason", c.spamReason ?? ""],
        ["Written", iso(c.createdAt)],
        ["Moderated", c.moderatedAt === null ? "not yet" : `${iso(c.moderatedAt)} by ${c.moderatedBy}`],
        ["Client", `${c.client} (keyed hash of the network address, not the address)`],
      ];
      // The text keeps its lines; nothing else of it reaches the terminal as it is.
      out(`${fields(rows, 12)}\n\n${terminalText(c.body, "several")}`);
      return;
    }
    case "approve":
    case "reject":
    case "spam": {
      if (args.length === 0) throw new UsageError("Give one or more comment ids (from `list`).");
      const unknown: string[] = [];
      for (const id of args) {
        const result = await store.moderate(id, command, "shell", Date.now());
        if (result.outcome === "unknown") unknown.push(id);
        else if (result.outcome === "unchanged") out(`${id}: already ${result.comment.state}.`);
        else out(`${id}: ${DONE[command]}`);
      }
      if (unknown.length > 0) throw new Error(`No comment with id ${unknown.join(", ")}.`);
      return;
    }
    case "erase": {
      const [email] = args;
      if (!email) throw new UsageError("Give the e-mail address to erase.");
      const n = await store.erase(email);
      out(
        n === 0
          ? `No comments written with ${email}.`
          : `Erased ${n} comment(s) written with ${email}, and their moderation e-mails.`,
      );
      return;
    }
    case "prune": {
      const n = await store.prune(Date.now());
      out(`Deleted ${n} rejected or spam comment(s) older than ${REVIEW_DAYS} days.`);
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
