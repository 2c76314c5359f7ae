// Operator command for the site's traffic, counted without cookies (server/traffic/,
// docs/traffic.md): the same figures as the console's Traffic page, in the shell.
//   node scripts/traffic.ts summary [--days N]      (npm run traffic -- summary --days 7)
// Environment: DATA_DIR (SQLite folder, default ./data), DATABASE_URL (PostgreSQL).
import { parseArgs } from "node:util";
import { dayOf, KEPT_DAYS } from "../server/traffic/index.ts";
import type { TrafficTable } from "#app/lib/ports/traffic.ts";
import { trafficRows } from "../server/traffic/console.ts";
import { summarize, type TrafficSummary } from "../server/traffic/summary.ts";
import { runCommand, table, UsageError, withDatabase, type DatabaseEnv, type Io } from "./cli.ts";

/** Days a summary may span: the daily aggregates' two years (server/traffic/index.ts KEPT_DAYS). */
export const MAX_DAYS = KEPT_DAYS;

const USAGE = `Traffic — the pages visitors saw, counted by the server without cookies (docs/traffic.md).

Usage: node scripts/traffic.ts <command> [options]

Commands:
  summary [--days N]   The last N days to today (default 7, at most ${MAX_DAYS}; Lagos time):
                       views and visitors, a line a day; the pages most seen; where visits came
                       from; the campaigns (UTM tags); the pages missing (404) with the sites
                       that link to them; server errors; the conversions (forms sent), and
                       the visits by entry page and source with the conversions they led to;
                       the devices
  help                 This text

Environment:
  DATA_DIR      folder of the SQLite database (default ./data)
  DATABASE_URL  PostgreSQL connection URL (used instead of DATA_DIR when set)
`;

/** Runs one command; resolves with the exit code (0 ok, 1 failed, 2 usage error). */
export function main(argv: string[], env: DatabaseEnv, io: Io, now = Date.now()): Promise<number> {
  return runCommand("traffic", io, (safe) => run(argv, env, safe, now));
}

async function run(argv: string[], env: DatabaseEnv, io: Io, now: number): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { days: { type: "string" } },
  });
  const [command = "help", ...args] = positionals;
  const out = (text: string) => io.stdout(`${text}\n`);
  if (command === "help" || command === "--help") return out(USAGE);
  if (command !== "summary") throw new UsageError(`Unknown command: ${command}`);
  if (args.length > 0) throw new UsageError(`Too many arguments: ${args.join(" ")}`);
  const days = values.days === undefined ? 7 : Number(values.days);
  if (!Number.isInteger(days) || days < 1 || days > MAX_DAYS)
    throw new UsageError(`--days takes a whole number from 1 to ${MAX_DAYS}, not "${values.days}"`);
  const summary = await withDatabase(env, (db) => summarize(db, days, dayOf, now));
  out(report(summary));
}

/** The summary as plain text: a heading, then the console's tables (server/traffic/console.ts). */
export function report(s: TrafficSummary): string {
  const n = (v: number) => v.toLocaleString("en");
  const part = (title: string, name: TrafficTable) => {
    const [headers, ...rows] = trafficRows(s, name);
    return `${title}\n${rows.length > 0 ? table(headers!, rows) : "(none)"}`;
  };
  return [
    `Traffic ${s.from} to ${s.to} (Lagos time): ${n(s.views)} views, ${n(s.visitors)} visitors` +
      (s.untracked > 0 ? ` (${n(s.untracked)} views of visitors who asked not to be tracked)` : "") +
      `, ${n(s.errors)} server errors.`,
    part("By day", "daily"),
    part("Top pages", "pages"),
    part("Referrers", "referrers"),
    part("Campaigns", "campaigns"),
    part("Missing pages (404)", "not-found"),
    part("Conversions", "conversions"),
    part("Visits by entry page and source", "entries"),
    part("Devices", "devices"),
    part("Web Vitals, 75th percentile (ms; CLS a score)", "vitals"),
    part("Web Vitals a day", "vitals-daily"),
  ].join("\n\n");
}

if (import.meta.main) {
  process.exitCode = await main(process.argv.slice(2), process.env, {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
  });
}
