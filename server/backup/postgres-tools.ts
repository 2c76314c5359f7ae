// PostgreSQL's own tools for its backups: `pg_dump --format=custom` and `pg_restore`. Found from
// PG_DUMP / PG_RESTORE (their paths), else beside each other, else on PATH; missing, the error
// says what to install and that the database host's own backups are the other way.
import { execFile } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export type PostgresTool = "pg_dump" | "pg_restore";

const ENV: Record<PostgresTool, string> = { pg_dump: "PG_DUMP", pg_restore: "PG_RESTORE" };

const executable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The path of `tool`, or an error naming what is missing and what to do instead. */
export function findTool(tool: PostgresTool, env: NodeJS.ProcessEnv = process.env): string {
  const other = ENV[tool === "pg_dump" ? "pg_restore" : "pg_dump"];
  const candidates = [
    env[ENV[tool]],
    env[other] ? join(dirname(env[other]), tool) : undefined,
    ...(env.PATH ?? "").split(delimiter).map((dir) => (dir ? join(dir, tool) : undefined)),
  ];
  const found = candidates.find((path): path is string => !!path && executable(path));
  if (found) return found;
  throw new Error(
    `${tool} not found (set ${ENV[tool]} to its path, or install PostgreSQL's client tools of the ` +
      `server's major version, e.g. the postgresql-client package); or rely on the database host's own backups`,
  );
}

/** The `--dbname` argument for a connection URL, its password moved to the tool's environment
 *  (PGPASSWORD): a command line is visible to every user of the machine (`ps`). */
export function connection(url: string): { arg: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return {
    arg: `--dbname=${parsed.href}`,
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  };
}

/** Runs a tool; a failure's message is the tool's last line on stderr (no connection URL). */
export async function runTool(path: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  try {
    await run(path, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? "").trim();
    const last = stderr.split("\n").at(-1) || (error as Error).message;
    throw new Error(`${path.split("/").at(-1)} failed: ${last.replace(/postgres(ql)?:\/\/\S+/g, "<url>")}`);
  }
}
