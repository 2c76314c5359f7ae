// Operator command: takes one backup of the site's database now (server/backup/, docs/deploy.md
// "Backups"), while the server runs or not, and prints its file and sha256.
//   node scripts/backup.ts [--to DIR]      (npm run backup; npm run backup -- --to /mnt/backups)
// Environment: BACKUP_DIR (where, unless --to), DATA_DIR (SQLite folder, default ./data),
// DATABASE_URL (PostgreSQL: pg_dump, from PG_DUMP or PATH).
import { parseArgs } from "node:util";
import { createBackup } from "../server/backup/create.ts";
import { runCommand, table, UsageError, withDatabase, type DatabaseEnv, type Io } from "./cli.ts";

const USAGE = `Backup — takes one backup of the site's database now (docs/deploy.md, "Backups").

Usage: node scripts/backup.ts [--to DIR]

  --to DIR   the folder to write it to (default: BACKUP_DIR)

Writes techspark-<time>.sqlite (or .pgdump) and its manifest (.json: sha256, size, migration
level, rows per table), then prints the file and its sha256. Restore it with
\`npm run restore -- FILE\`.

Environment:
  BACKUP_DIR    the folder of the backups, unless --to says another
  DATA_DIR      folder of the SQLite database (default ./data)
  DATABASE_URL  PostgreSQL connection URL (used instead of DATA_DIR when set; needs pg_dump:
                PG_DUMP or PATH)
`;

export type BackupEnv = DatabaseEnv & { BACKUP_DIR?: string; PG_DUMP?: string; PATH?: string };

/** Runs the command; resolves with the exit code (0 ok, 1 failed, 2 usage error). */
export function main(argv: string[], env: BackupEnv, io: Io): Promise<number> {
  return runCommand("backup", io, () => run(argv, env, io));
}

async function run(argv: string[], env: BackupEnv, io: Io): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { to: { type: "string" }, help: { type: "boolean" } },
  });
  const out = (text: string) => io.stdout(`${text}\n`);
  if (values.help || positionals[0] === "help") return out(USAGE);
  if (positionals.length > 0) throw new UsageError(`Unexpected argument: ${positionals.join(" ")}`);
  const dir = values.to || env.BACKUP_DIR;
  if (!dir) throw new UsageError("Where to? Set BACKUP_DIR or pass --to DIR");
  // Another process's write restarts SQLite's online backup: copy in one step (readers do not
  // hold the server's writes up in WAL mode).
  const backup = await withDatabase(env, (db) =>
    createBackup(db, { dir, pagesPerStep: 0x7fffffff, env: { ...process.env, ...env } }),
  );
  out(`${backup.path}\nsha256 ${backup.sha256}`);
  out(
    `${backup.bytes.toLocaleString("en")} bytes in ${backup.ms} ms, ${backup.migrations.length} migrations applied\n`,
  );
  out(
    table(
      ["table", "rows"],
      Object.entries(backup.tables).map(([name, n]) => [name, String(n)]),
    ),
  );
}

if (import.meta.main) {
  process.exitCode = await main(process.argv.slice(2), process.env, {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
  });
}
