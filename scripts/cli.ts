// What the operator commands (scripts/inbox.ts, newsletter.ts, comments.ts, traffic.ts) share:
// their streams, the error that means "wrong usage" (exit 2, with a pointer to `help`), the exit
// codes, opening the server's database, plain-text tables, and the one way visitors' text reaches
// the operator's terminal (terminalText): never as a control character the terminal would act on.
import { openDatabase, type Db } from "../server/db/index.ts";

export type Io = { stdout(text: string): void; stderr(text: string): void };

/** A mistake in the command line: reported with a pointer to `help`, exit code 2. */
export class UsageError extends Error {}

/** What a terminal must never be sent from a visitor's text (issue 45): the control characters
 *  (C0, DEL, C1: escape sequences that clear the screen, set the window's title or move the
 *  cursor, bells, carriage returns that overwrite a line) and the bidirectional marks, embeddings,
 *  overrides and isolates (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069: text shown in
 *  another order than stored), and the line and paragraph separators. */
const UNSAFE_ON_ONE_LINE = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]/gu;
/** The same in text of several lines, but for its line breaks ("\n", and "\r" just before one)
 *  and tabs. */
const UNSAFE_ON_LINES =
  /\r(?!\n)|(?![\t\n\r])[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]/gu;

/**
 * Text for the terminal: every character above shown as its escape, visible and harmless
 * ("\u001b", "\u202e": JSON's and JavaScript's notation, so that JSON stays JSON and means the
 * same). `lines`: "one" (a name, an e-mail, a table's cell: line breaks and tabs escaped too, so
 * that nobody's text makes a line of its own) or "several" (a message's or a comment's body, a
 * command's whole output: its line breaks and tabs kept). A backslash stays itself: "\u001b"
 * typed as text reads the same as an escaped ESC, and is as harmless. Escaping twice changes
 * nothing.
 */
export function terminalText(value: string, lines: "one" | "several" = "one"): string {
  return value.replace(
    lines === "one" ? UNSAFE_ON_ONE_LINE : UNSAFE_ON_LINES,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** `io` whose every write goes through terminalText (several lines): whatever a command prints,
 *  a stored visitor's text in it reaches the terminal escaped. */
export function terminalIo(io: Io): Io {
  return {
    stdout: (text) => io.stdout(terminalText(text, "several")),
    stderr: (text) => io.stderr(terminalText(text, "several")),
  };
}

/**
 * Runs a command's `run` and resolves with its exit code: 0 done, 1 failed (the message on
 * stderr), 2 usage error (unknown command or option, missing argument). `run` is given `io`
 * through terminalIo: a command that prints with it prints nothing a terminal would act on.
 */
export async function runCommand(name: string, io: Io, run: (io: Io) => Promise<void>): Promise<number> {
  const safe = terminalIo(io);
  try {
    await run(safe);
    return 0;
  } catch (error) {
    const usage =
      error instanceof UsageError || String((error as { code?: unknown }).code).startsWith("ERR_PARSE_ARGS");
    safe.stderr(`${name}: ${(error as Error).message}\n`);
    if (usage) safe.stderr(`Run \`node scripts/${name}.ts help\` for the commands.\n`);
    return usage ? 2 : 1;
  }
}

/** The environment every command reads. */
export type DatabaseEnv = { DATA_DIR?: string; DATABASE_URL?: string };

/** Opens the server's database (never creates one), runs `fn` with it, and closes it. */
export async function withDatabase<T>(
  env: DatabaseEnv,
  fn: (db: Db, dataDir: string) => Promise<T>,
): Promise<T> {
  const dataDir = env.DATA_DIR || "./data";
  let db: Db;
  try {
    db = await openDatabase({ dataDir, databaseUrl: env.DATABASE_URL || undefined, mustExist: true });
  } catch (error) {
    throw new Error(
      env.DATABASE_URL
        ? `Cannot open the database: ${(error as Error).message}`
        : `No database in ${dataDir}/ (set DATA_DIR to the server's data folder).`,
    );
  }
  try {
    return await fn(db, dataDir);
  } finally {
    await db.close();
  }
}

/** A value on one line (its escapes shown: terminalText), cut to `width` characters. */
export function clip(value: string, width: number): string {
  const flat = terminalText(value.replace(/\s+/g, " ").trim());
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
}

/** Rows as a plain-text table with a header and a rule; each cell on one line (terminalText). */
export function table(headers: string[], cells: string[][]): string {
  const rows = cells.map((row) => row.map((cell) => terminalText(cell)));
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(headers), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

/** "Name    value" lines, the names padded to `width`, each value on its line (terminalText). */
export function fields(rows: [name: string, value: string][], width: number): string {
  return rows.map(([name, value]) => `${name.padEnd(width)} ${terminalText(value)}`.trimEnd()).join("\n");
}
