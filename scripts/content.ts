// Operator commands for the site's content other than the posts (app/config/content-types.ts):
// export every type as a JSON file, import files (from another server's export, or edited by
// hand) into this server's database.
//   node scripts/content.ts <command> [options]      (npm run content -- <command> [options])
// Environment: DATA_DIR (SQLite folder, default ./data), DATABASE_URL (PostgreSQL).
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { contentTypes } from "#app/config/content-types.ts";
import { checkItems } from "../server/content/index.ts";
import { createContentRepository, type ContentInput } from "../server/content/repository.ts";
import type { ContentState } from "../server/content/tables.ts";
import { runCommand, table, UsageError, withDatabase, type DatabaseEnv, type Io } from "./cli.ts";

/** A type's file is at most this long (the FAQ's is about 10 KB). */
export const MAX_CONTENT_FILE_BYTES = 2 * 1024 * 1024;

const USAGE = `Site content — kept in the server's database (each type imported from app/content/ on the
first start): ${contentTypes.map((t) => t.name).join(", ")}. The blog's posts: npm run posts.

Usage: node scripts/content.ts <command> [options]

Commands:
  list          Every type: its items, published and drafts
  export DIR    One file per type, DIR/{type}.json: its items in their order, each with its
                state ({ "state": "published", "fields": { … } }). DIR is made if missing and
                must hold no .json files yet.
  import DIR    Reads every DIR/*.json, checks them all first (every problem is listed with the
                file, the item and the field, and nothing is written if one is bad), then makes
                each type's items those of its file, in its order: items not in the file are
                removed, the others added or changed (a new revision). Types without a file
                stay. A running server shows the change within a second.
  help          This text

Limits: ${(MAX_CONTENT_FILE_BYTES / 1024 / 1024).toLocaleString("en")} MB a file.

Environment:
  DATA_DIR      folder of the SQLite database (default ./data)
  DATABASE_URL  PostgreSQL connection URL (used instead of DATA_DIR when set)
`;

const COMMANDS = ["list", "export", "import"];
const STATES: readonly ContentState[] = ["published", "draft"];

type ContentFile = { state: ContentState; fields: unknown };

/** Every DIR/*.json read and checked: the items by type, or the problems (file, item, field). */
export function readContentFolder(dir: string): { types: Map<string, ContentInput[]>; problems: string[] } {
  const problems: string[] = [];
  const types = new Map<string, ContentInput[]>();
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".json")) : [];
  if (!existsSync(dir)) problems.push(`${dir}: no such folder`);
  else if (files.length === 0) problems.push(`${dir}: no .json files`);
  for (const file of files.sort()) {
    const name = file.slice(0, -".json".length);
    const type = contentTypes.find((t) => t.name === name);
    if (!type) {
      problems.push(`${file}: not a content type (${contentTypes.map((t) => `${t.name}.json`).join(", ")})`);
      continue;
    }
    const where = path.join(dir, file);
    if (statSync(where).size > MAX_CONTENT_FILE_BYTES) {
      problems.push(`${file}: longer than ${MAX_CONTENT_FILE_BYTES / 1024 / 1024} MB`);
      continue;
    }
    let entries: unknown;
    try {
      entries = JSON.parse(readFileSync(where, "utf8"));
    } catch (error) {
      problems.push(`${file}: not JSON (${(error as Error).message})`);
      continue;
    }
    if (!Array.isArray(entries)) {
      problems.push(`${file}: a list of items ([{ "state": …, "fields": { … } }]) expected`);
      continue;
    }
    const states: ContentState[] = [];
    const fields: unknown[] = [];
    for (const [i, entry] of entries.entries()) {
      const { state, fields: f } = (entry ?? {}) as Partial<ContentFile>;
      if (!STATES.includes(state as ContentState))
        problems.push(`${file}: item ${i + 1}: "state" must be "published" or "draft"`);
      states.push(state as ContentState);
      fields.push(f);
    }
    const checked = checkItems(type, fields);
    problems.push(...checked.problems.map((p) => `${file}: ${p}`));
    types.set(
      type.name,
      checked.items.map((item, i) => ({ ...item, state: states[i] })),
    );
  }
  return { types, problems };
}

/** Runs one command; resolves with the exit code (0 ok, 1 failed, 2 usage error). */
export function main(argv: string[], env: DatabaseEnv, io: Io): Promise<number> {
  return runCommand("content", io, () => run(argv, env, io));
}

async function run(argv: string[], env: DatabaseEnv, io: Io): Promise<void> {
  const [command = "help", ...args] = argv;
  const out = (text: string) => io.stdout(`${text}\n`);
  if (command === "help" || command === "--help") return out(USAGE);
  if (!COMMANDS.includes(command)) throw new UsageError(`Unknown command: ${command}`);
  const dir = args[0];
  if (command !== "list" && !dir) throw new UsageError(`Give the folder: content ${command} DIR`);
  if (args.length > (command === "list" ? 0 : 1))
    throw new UsageError(`Too many arguments: ${args.join(" ")}`);

  // The files are checked before the database is opened: a bad folder changes nothing.
  const files = command === "import" ? readContentFolder(dir!) : null;
  if (files && files.problems.length > 0)
    throw new Error(
      `Nothing was imported: ${files.problems.length} problem(s)\n  ${files.problems.join("\n  ")}`,
    );
  if (command === "export" && existsSync(dir!) && readdirSync(dir!).some((f) => f.endsWith(".json")))
    throw new Error(`${dir} already holds .json files: export into an empty folder`);

  await withDatabase(env, async (db) => {
    const store = createContentRepository(db);
    switch (command) {
      case "list": {
        const rows: string[][] = [];
        for (const type of contentTypes) {
          const items = await store.all(type.name);
          const drafts = items.filter((i) => i.state === "draft").length;
          rows.push([type.name, String(items.length - drafts), String(drafts)]);
        }
        return out(table(["Type", "Published", "Drafts"], rows));
      }
      case "export": {
        mkdirSync(dir!, { recursive: true });
        const counts: string[] = [];
        for (const type of contentTypes) {
          const items = await store.all(type.name);
          const entries: ContentFile[] = items.map((i) => ({ state: i.state, fields: i.payload }));
          writeFileSync(path.join(dir!, `${type.name}.json`), `${JSON.stringify(entries, null, 2)}\n`);
          counts.push(`${type.name} ${items.length}`);
        }
        return out(`Exported to ${dir}: ${counts.join(", ")}.`);
      }
      case "import": {
        const now = Date.now();
        const lines: string[] = [];
        for (const [type, items] of files!.types) {
          const r = await store.importType(type, items, "import", now);
          lines.push(
            `${type}: ${r.added} new, ${r.changed} changed, ${r.removed} removed, ${r.unchanged} unchanged`,
          );
        }
        return out(`Imported from ${dir}:\n  ${lines.join("\n  ")}`);
      }
    }
  });
}

if (import.meta.main) {
  process.exitCode = await main(process.argv.slice(2), process.env, {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
  });
}
