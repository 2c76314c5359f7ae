// Operator commands for the blog's posts: list them, export them as Markdown files, import files
// (from another server's export, or written by hand) into this server's database.
//   node scripts/posts.ts <command> [options]      (npm run posts -- <command> [options])
// Environment: DATA_DIR (SQLite folder, default ./data), DATABASE_URL (PostgreSQL).
import path from "node:path";
import { MAX_POST_FILE_CHARS } from "#app/config/post-file.ts";
import { MAX_POST_FILES, readPostFolder, writePostFolder } from "../server/posts/files.ts";
import { addPictures, exportPictures, readPictures } from "../server/pictures/files.ts";
import { createPostRepository } from "../server/posts/repository.ts";
import { clip, runCommand, table, UsageError, withDatabase, type DatabaseEnv, type Io } from "./cli.ts";

const USAGE = `Blog posts — kept in the server's database (imported from app/content/blog/ on the first start).

Usage: node scripts/posts.ts <command> [options]

Commands:
  list          Every post, newest first: id, state, date, slug, title
  export DIR    One Markdown file per post, DIR/{slug}.md, in the format of app/content/blog/
                (README.md there); a draft's file says \`state: draft\`. DIR is made if missing
                and must hold no .md files yet. Posts in the trash are left out. The pictures
                uploaded in the console that the posts name go to DIR/pictures/{hash}.webp.
  import DIR    Reads every DIR/*.md (but README.md), checks them all first (every problem is
                listed, and nothing is written if one file is bad), then adds the posts, or
                replaces those with the same id, in one transaction. Posts not in DIR stay.
                The uploaded pictures they name come from DIR/pictures/ unless this database
                has them (checked as uploads are); the server converts them, and shows such a
                post once its pictures are ready. A running server shows the change within a
                second. Into a database no server has started on yet, these are the first
                posts: app/content/blog/ is not added. Only what is inside DIR is read: a file
                or folder in it that is a symbolic link is a problem.
  help          This text

Limits: ${MAX_POST_FILES.toLocaleString("en")} files a folder, ${MAX_POST_FILE_CHARS.toLocaleString("en")} characters a file.

Environment:
  DATA_DIR      folder of the SQLite database (default ./data)
  DATABASE_URL  PostgreSQL connection URL (used instead of DATA_DIR when set)
  PICTURES_DIR  folder of the uploaded pictures' files, when the server keeps them there
`;

const COMMANDS = ["list", "export", "import"];

/** Runs one command; resolves with the exit code (0 ok, 1 failed, 2 usage error). */
export function main(argv: string[], env: DatabaseEnv & { PICTURES_DIR?: string }, io: Io): Promise<number> {
  return runCommand("posts", io, () => run(argv, env, io));
}

async function run(argv: string[], env: DatabaseEnv & { PICTURES_DIR?: string }, io: Io): Promise<void> {
  const [command = "help", ...args] = argv;
  const out = (text: string) => io.stdout(`${text}\n`);
  if (command === "help" || command === "--help") return out(USAGE);
  if (!COMMANDS.includes(command)) throw new UsageError(`Unknown command: ${command}`);
  const dir = args[0];
  if (command !== "list" && !dir) throw new UsageError(`Give the folder: posts ${command} DIR`);
  if (args.length > (command === "list" ? 0 : 1))
    throw new UsageError(`Too many arguments: ${args.join(" ")}`);

  // The files are checked before the database is opened: a bad folder changes nothing.
  const files = command === "import" ? readPostFolder(dir!) : null;
  if (files && files.problems.length > 0)
    throw new Error(
      `Nothing was imported: ${files.problems.length} problem(s)\n  ${files.problems.join("\n  ")}`,
    );

  await withDatabase(env, async (db) => {
    const store = createPostRepository(db);
    switch (command) {
      case "list": {
        const posts = await store.all();
        if (posts.length === 0)
          return out("No posts yet (a server imports app/content/blog/ when it first starts).");
        const stateOf = (p: (typeof posts)[number]) =>
          p.trashedAt !== null ? `${p.state} (trash)` : p.state;
        out(
          table(
            ["Id", "State", "Date", "Slug", "Title"],
            posts.map((p) => [String(p.id), stateOf(p), p.date, p.slug, clip(p.title, 60)]),
          ),
        );
        return;
      }
      case "export": {
        const posts = (await store.all()).filter((p) => p.trashedAt === null);
        writePostFolder(dir!, posts);
        const pictures = await exportPictures(db, dir!, posts, env.PICTURES_DIR);
        return out(
          `Exported ${posts.length} post(s) to ${dir}${pictures ? `, and ${pictures} uploaded picture(s) to ${path.join(dir!, "pictures")}` : ""}.`,
        );
      }
      case "import": {
        const pictures = await readPictures(db, dir!, files!.posts);
        if (pictures.problems.length > 0)
          throw new Error(
            `Nothing was imported: ${pictures.problems.length} problem(s)\n  ${pictures.problems.join("\n  ")}`,
          );
        const now = Date.now();
        await addPictures(db, pictures.add, now);
        const result = await store.importPosts(files!.posts, "import", now);
        return out(
          `Imported ${files!.posts.length} post(s) from ${dir}: ${result.added} new, ${result.changed} changed, ${result.unchanged} unchanged${pictures.add.length ? `; ${pictures.add.length} uploaded picture(s) added, shown once the server has converted them` : ""}.`,
        );
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
