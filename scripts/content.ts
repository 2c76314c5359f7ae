// Operator commands for the whole site's content (app/content-types/): the items of every
// type, the blog's posts and the uploaded pictures either names. Export them into a folder;
// import a folder (from another server's export, or edited by hand) into this server's database.
//   node scripts/content.ts <command> [options]      (npm run content -- <command> [options])
// Environment: DATA_DIR (SQLite folder, default ./data), DATABASE_URL (PostgreSQL), PICTURES_DIR.
import {
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { contentTypes } from "#app/content-types/index.ts";
import { postType } from "#app/content-types/posts.ts";
import { checkItems } from "../server/content/index.ts";
import { createContentRepository, type ContentInput } from "../server/content/repository.ts";
import type { ContentState } from "../server/content/tables.ts";
import { addPictures, exportPictures, readPictures } from "../server/pictures/files.ts";
import { renamedAuthors } from "../server/posts/authors.ts";
import { declaredCascades } from "../server/content/cascades.ts";
import { readPostFolder, writePostFolder } from "../server/posts/files.ts";
import { folderProblem, openFolderFile } from "../server/import-folder.ts";
import { createPostRepository, type ImportedPost } from "../server/posts/repository.ts";
import { runCommand, table, UsageError, withDatabase, type DatabaseEnv, type Io } from "./cli.ts";

/** A type's file is at most this long (the FAQ's is about 10 KB). */
export const MAX_CONTENT_FILE_BYTES = 2 * 1024 * 1024;

const POSTS = postType.folder;

const USAGE = `Site content — kept in the server's database (each type imported from app/content/ on the
first start): ${postType.name}, ${contentTypes.map((t) => t.name).join(", ")}.

Usage: node scripts/content.ts <command> [options]

Commands:
  list          Every type: its items, published and drafts
  export DIR    The whole site's content: one file per type, DIR/{type}.json, its items in
                their order, each with its state ({ "state": "published", "fields": { … } });
                the blog's posts as Markdown, DIR/${POSTS}/{slug}.md (as \`npm run posts -- export\`:
                the trash left out); and the pictures uploaded in the console that any of them
                names, DIR/pictures/{hash}.webp. DIR is made if missing and must hold no export.
  import DIR    Reads every DIR/*.json and DIR/${POSTS}/*.md, checks them all first, and the
                uploaded pictures they name (every problem is listed with the file, the item
                and the field, and nothing is written if one is bad), then makes each type's
                items those of its file, in its order: items not in the file are removed, the
                others added or changed (a new revision). The posts are added, or replace those
                with the same id; posts not in DIR/${POSTS}/ stay. Types without a file stay.
                Into a database no server has started on yet, this is the site: app/content/ is
                not added. A running server shows the change within a second. Only what is
                inside DIR is read: a file or folder in it that is a symbolic link is a problem.
  help          This text

Limits: ${(MAX_CONTENT_FILE_BYTES / 1024 / 1024).toLocaleString("en")} MB a file.

Environment:
  DATA_DIR      folder of the SQLite database (default ./data)
  DATABASE_URL  PostgreSQL connection URL (used instead of DATA_DIR when set)
  PICTURES_DIR  folder of the uploaded pictures' files, when the server keeps them there
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
  else if (files.length === 0 && !existsSync(path.join(dir, POSTS)))
    problems.push(`${dir}: no .json files and no ${POSTS}/ folder`);
  for (const file of files.sort()) {
    const name = file.slice(0, -".json".length);
    const type = contentTypes.find((t) => t.name === name);
    if (!type) {
      problems.push(
        `${file}: not a content type (${contentTypes.map((t) => `${t.name}.json`).join(", ")}, and ${POSTS}/ for the posts)`,
      );
      continue;
    }
    // A link is refused unread, wherever it points (server/posts/files.ts folderProblem).
    const outside = folderProblem(dir, file);
    if (outside) {
      problems.push(outside);
      continue;
    }
    const text = readJsonFile(path.join(dir, file));
    if (typeof text !== "string") {
      problems.push(`${file}: ${text.problem}`);
      continue;
    }
    let entries: unknown;
    try {
      entries = JSON.parse(text);
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

/** A JSON file of the folder (checked by folderProblem), read unless it is no regular file or is
 *  too long. */
function readJsonFile(file: string): string | { problem: string } {
  let fd: number;
  try {
    fd = openFolderFile(file);
  } catch (error) {
    return { problem: `could not be read (${(error as { code?: string }).code ?? "error"})` };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { problem: "not a file" };
    if (stat.size > MAX_CONTENT_FILE_BYTES)
      return { problem: `longer than ${MAX_CONTENT_FILE_BYTES / 1024 / 1024} MB` };
    return readFileSync(fd, "utf8");
  } finally {
    closeSync(fd);
  }
}

/** Runs one command; resolves with the exit code (0 ok, 1 failed, 2 usage error). */
export function main(argv: string[], env: DatabaseEnv & { PICTURES_DIR?: string }, io: Io): Promise<number> {
  return runCommand("content", io, () => run(argv, env, io));
}

/** The folder's items and posts read and checked (nothing written): the posts' file problems are
 *  named with their folder. */
function readSiteFolder(dir: string): {
  types: Map<string, ContentInput[]>;
  posts: ImportedPost[];
  problems: string[];
} {
  const { types, problems } = readContentFolder(dir);
  const postsDir = path.join(dir, POSTS);
  // A posts/ that is a link is refused unread, wherever it points.
  const outside = folderProblem(dir, POSTS);
  if (outside) return { types, posts: [], problems: [...problems, outside] };
  if (!existsSync(postsDir)) return { types, posts: [], problems };
  const read = readPostFolder(postsDir);
  return { types, posts: read.posts, problems: [...problems, ...read.problems.map((p) => `${POSTS}/${p}`)] };
}

/** An export already in `dir`: its .json files, or its posts' folder. */
const holdsExport = (dir: string) =>
  existsSync(dir) && readdirSync(dir).some((f) => f.endsWith(".json") || f === POSTS || f === "pictures");

const nothingImported = (problems: readonly string[]) =>
  new Error(`Nothing was imported: ${problems.length} problem(s)\n  ${problems.join("\n  ")}`);

async function run(argv: string[], env: DatabaseEnv & { PICTURES_DIR?: string }, io: Io): Promise<void> {
  const [command = "help", ...args] = argv;
  const out = (text: string) => io.stdout(`${text}\n`);
  if (command === "help" || command === "--help") return out(USAGE);
  if (!COMMANDS.includes(command)) throw new UsageError(`Unknown command: ${command}`);
  const dir = args[0];
  if (command !== "list" && !dir) throw new UsageError(`Give the folder: content ${command} DIR`);
  if (args.length > (command === "list" ? 0 : 1))
    throw new UsageError(`Too many arguments: ${args.join(" ")}`);

  // The files are checked before the database is opened: a bad folder changes nothing.
  const files = command === "import" ? readSiteFolder(dir!) : null;
  if (files && files.problems.length > 0) throw nothingImported(files.problems);
  if (command === "export" && holdsExport(dir!))
    throw new Error(
      `${dir} already holds an export (.json files, ${POSTS}/ or pictures/): export into an empty folder`,
    );

  await withDatabase(env, async (db) => {
    // A member renamed by the import is renamed on their posts, in the same transaction.
    const store = createContentRepository(db, {
      cascade: declaredCascades(contentTypes, { "post-authors": renamedAuthors(db) }),
    });
    const posts = createPostRepository(db);
    switch (command) {
      case "list": {
        const rows: string[][] = [];
        const all = await posts.all();
        const kept = all.filter((p) => p.trashedAt === null);
        const postDrafts = kept.filter((p) => p.state === "draft").length;
        rows.push([postType.name, String(kept.length - postDrafts), String(postDrafts)]);
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
        const named: unknown[] = [];
        const kept = (await posts.all()).filter((p) => p.trashedAt === null);
        writePostFolder(path.join(dir!, POSTS), kept);
        named.push(kept);
        counts.push(`${postType.name} ${kept.length}`);
        for (const type of contentTypes) {
          const items = await store.all(type.name);
          const entries: ContentFile[] = items.map((i) => ({ state: i.state, fields: i.payload }));
          writeFileSync(path.join(dir!, `${type.name}.json`), `${JSON.stringify(entries, null, 2)}\n`);
          named.push(entries);
          counts.push(`${type.name} ${items.length}`);
        }
        const pictures = await exportPictures(db, dir!, named, env.PICTURES_DIR);
        return out(
          `Exported to ${dir}: ${counts.join(", ")}${pictures ? `; ${pictures} uploaded picture(s) in ${path.join(dir!, "pictures")}` : ""}.`,
        );
      }
      case "import": {
        const { types, posts: imported } = files!;
        // The uploaded pictures any post or item names: here already, or in DIR/pictures/.
        const pictures = await readPictures(db, dir!, [imported, ...types.values()]);
        if (pictures.problems.length > 0) throw nothingImported(pictures.problems);
        const now = Date.now();
        await addPictures(db, pictures.add, now);
        const lines: string[] = [];
        if (existsSync(path.join(dir!, POSTS))) {
          const r = await posts.importPosts(imported, "import", now);
          lines.push(`${postType.name}: ${r.added} new, ${r.changed} changed, ${r.unchanged} unchanged`);
        }
        for (const [type, items] of types) {
          const r = await store.importType(type, items, "import", now);
          lines.push(
            `${type}: ${r.added} new, ${r.changed} changed, ${r.removed} removed, ${r.unchanged} unchanged`,
          );
        }
        if (pictures.add.length > 0)
          lines.push(
            `${pictures.add.length} uploaded picture(s) added, shown once the server has converted them`,
          );
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
