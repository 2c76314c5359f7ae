// What the operator commands (scripts/inbox.ts, newsletter.ts, comments.ts) share: their streams,
// the error that means "wrong usage" (exit 2, with a pointer to `help`), the exit codes, opening
// the server's database, and plain-text tables.
import { openDatabase, type Db } from "../server/db/index.ts";

export type Io = { stdout(text: string): void; stderr(text: string): void };

/** A mistake in the command line: reported with a pointer to `help`, exit code 2. */
export class UsageError extends Error {}

/**
 * Runs a command's `run` and resolves with its exit code: 0 done, 1 failed (the message on
 * stderr), 2 usage error (unknown command or option, missing argument).
 */
export async function runCommand(name: string, io: Io, run: () => Promise<void>): Promise<number> {
  try {
    await run();
    return 0;
  } catch (error) {
    const usage =
      error instanceof UsageError || String((error as { code?: unknown }).code).startsWith("ERR_PARSE_ARGS");
    io.stderr(`${name}: ${(error as Error).message}\n`);
    if (usage) io.stderr(`Run \`node scripts/${name}.ts help\` for the commands.\n`);
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

/** A value on one line, cut to `width` characters. */
export function clip(value: string, width: number): string {
  const flat = value.replace(/\s+/g, " ").trim();
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
}

/** Rows as a plain-text table with a header and a rule. */
export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(headers), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}
