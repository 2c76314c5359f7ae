// Operator command: restores a backup (server/backup/) into an empty DATA_DIR (SQLite) or an
// empty database (DATABASE_URL, through pg_restore). It refuses, with one line and nothing
// written, a target that holds data, a file whose sha256 is not its manifest's, a SQLite file
// that fails its integrity check, and a backup from a newer version of the site; it refuses to
// keep a copy whose rows per table are not the manifest's (the target left as it was), and prints
// them once they are. Start the server on it then: its migrations bring an older backup up to
// date.
//   node scripts/restore.ts FILE      (npm run restore -- /backups/techspark-….sqlite)
// Environment: DATA_DIR (SQLite folder, default ./data), DATABASE_URL (PostgreSQL).
import { parseArgs } from "node:util";
import { restoreBackup, RestoreRefused } from "../server/backup/restore.ts";
import { runCommand, table, UsageError, type DatabaseEnv, type Io } from "./cli.ts";

const USAGE = `Restore — puts a backup back into an empty database (docs/deploy.md, "Backups").

Usage: node scripts/restore.ts FILE

FILE is a backup (techspark-<time>.sqlite or .pgdump) with its manifest beside it (FILE.json).
Before writing anything it checks that the target is empty, that the file's sha256 is the
manifest's, that SQLite's integrity check passes and that the backup is not from a newer version
of the site. It keeps the copy only when every table has the manifest's rows (else the target
is left as it was), and prints them.

Environment:
  DATA_DIR      the SQLite database's folder to restore into (default ./data; must hold none)
  DATABASE_URL  an empty PostgreSQL database to restore into instead (needs pg_restore:
                PG_RESTORE or PATH)
`;

export type RestoreEnv = DatabaseEnv & { PG_RESTORE?: string; PG_DUMP?: string; PATH?: string };

/** Runs the command; resolves with the exit code (0 ok, 1 refused or failed, 2 usage error). */
export function main(argv: string[], env: RestoreEnv, io: Io): Promise<number> {
  return runCommand("restore", io, () => run(argv, env, io));
}

async function run(argv: string[], env: RestoreEnv, io: Io): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { help: { type: "boolean" } },
  });
  const out = (text: string) => io.stdout(`${text}\n`);
  if (values.help || positionals[0] === "help") return out(USAGE);
  if (positionals.length !== 1) throw new UsageError("Name one backup file: restore FILE");
  const file = positionals[0]!;
  const dataDir = env.DATA_DIR || "./data";
  const started = Date.now();
  let restored;
  try {
    restored = await restoreBackup(file, {
      dataDir,
      databaseUrl: env.DATABASE_URL || undefined,
      env: { ...process.env, ...env },
    });
  } catch (error) {
    if (error instanceof RestoreRefused) throw new Error(`Refused, ${error.outcome}: ${error.message}`);
    throw error;
  }
  const { manifest, counts } = restored;
  out(
    `Restored ${file} (taken ${manifest.createdAt}, ${manifest.migrations.length} migrations) into ` +
      `${env.DATABASE_URL ? "the database of DATABASE_URL" : dataDir} in ${Date.now() - started} ms; ` +
      `sha256 and integrity checked.\n`,
  );
  out(
    table(
      ["table", "rows"],
      Object.entries(counts).map(([name, n]) => [name, String(n)]),
    ),
  );
  out("\nEvery table has the manifest's rows. Start the server on it: its migrations bring it up to date.");
}

if (import.meta.main) {
  process.exitCode = await main(process.argv.slice(2), process.env, {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
  });
}
