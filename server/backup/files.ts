// A backup on disk: the database's copy (`techspark-2026-11-27T13-05-00Z.sqlite` or `.pgdump`) and
// its manifest beside it (`….sqlite.json`: sha256, size, dialect, migration level, row counts per
// table, when it was taken). The manifest is written last, so a backup without one is unfinished
// and never listed; `npm run restore` checks the copy against it before writing anything.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { sql, type QueryExecutorProvider } from "kysely";
import { z } from "zod";

/** What every backup's name starts with. */
const PREFIX = "techspark-";
const EXTENSIONS = { sqlite: ".sqlite", postgres: ".pgdump" } as const;
const MANIFEST = ".json";
/** A finished backup's manifest: `techspark-<time>[-n].sqlite.json` / `.pgdump.json`. */
const MANIFEST_NAME = /^techspark-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z(-\d+)?\.(sqlite|pgdump)\.json$/;

const manifestSchema = z.object({
  file: z.string().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  bytes: z.number().int().nonnegative(),
  dialect: z.enum(["sqlite", "postgres"]),
  /** Names of the migrations applied (the kysely_migration table): the schema's level. */
  migrations: z.array(z.string()),
  /** Rows per table at the backup's moment. */
  tables: z.record(z.string(), z.number().int().nonnegative()),
  /** When it was taken (ISO 8601, UTC) and how long it took. */
  createdAt: z.iso.datetime(),
  ms: z.number().nonnegative(),
});

export type Manifest = z.output<typeof manifestSchema>;

/** A finished backup found in a folder. */
export type Backup = Manifest & { path: string; manifestPath: string; at: number };

/** The file name of a backup taken at `at`: the time to the second, in UTC, without colons. */
export function backupName(at: number, dialect: Manifest["dialect"], n = 0): string {
  const time = new Date(at)
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replaceAll(":", "-");
  return `${PREFIX}${time}${n > 0 ? `-${n}` : ""}${EXTENSIONS[dialect]}`;
}

/** Where a backup's manifest is. */
export const manifestOf = (path: string) => `${path}${MANIFEST}`;

/** Reads and checks a manifest; throws a one-line reason when it is missing or not one of ours. */
export async function readManifest(path: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch {
    throw new Error(`no manifest ${path} beside the backup: it cannot be checked`);
  }
  const parsed = manifestSchema.safeParse(safeJson(text));
  if (!parsed.success) throw new Error(`${path} is not a backup manifest`);
  return parsed.data;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The finished backups of a folder, newest first (a missing folder has none; a manifest that
 *  cannot be read is passed over: it is not a backup this code made). */
export async function listBackups(dir: string): Promise<Backup[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return [];
    throw error;
  }
  const backups: Backup[] = [];
  for (const name of names.filter((n) => MANIFEST_NAME.test(n))) {
    const manifestPath = join(dir, name);
    const manifest = await readManifest(manifestPath).catch(() => null);
    if (!manifest) continue;
    const path = join(dir, name.slice(0, -MANIFEST.length));
    backups.push({ ...manifest, path, manifestPath, at: Date.parse(manifest.createdAt) });
  }
  return backups.sort((a, b) => b.at - a.at || b.path.localeCompare(a.path));
}

/** The sha256 of a file, read as a stream (hex). */
export async function sha256Of(path: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(path), hash);
  return hash.digest("hex");
}

/** The names of the applied migrations (the schema's level), in order. */
export async function migrationLevel(db: QueryExecutorProvider): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((r) => r.name);
}

/** Rows per table, every table of the database (SQLite's own excepted), by name. */
export async function tableCounts(
  db: QueryExecutorProvider,
  dialect: Manifest["dialect"],
): Promise<Record<string, number>> {
  const { rows: tables } =
    dialect === "sqlite"
      ? await sql<{ name: string }>`select name from sqlite_schema
          where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(
          db,
        );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)}`.execute(
      db,
    );
    counts[name] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

/** Tables whose rows differ from the manifest's, as "table: 12 (manifest 13)"; empty when equal. */
export function countDifferences(manifest: Record<string, number>, found: Record<string, number>): string[] {
  const names = [...new Set([...Object.keys(manifest), ...Object.keys(found)])].sort();
  return names
    .filter((name) => manifest[name] !== found[name])
    .map((name) => `${name}: ${found[name] ?? "missing"} (manifest ${manifest[name] ?? "none"})`);
}
