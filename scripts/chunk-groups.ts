// The chunk groups of vite.config.ts name files and packages; a pattern that names a file since
// renamed or deleted would simply match nothing, and the chunk it shaped would change without a
// word (the blog group named `lib/comment-form` long after the file was gone). Here each entry
// is a path that must exist: a stale one stops the build and the dev server, naming it.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A path's `/` as either separator, as rolldown's module ids have them. */
const pattern = (p: string) => escape(p).replaceAll("/", "[\\\\/]");

/** The files under `dir`, relative to it, with `/` separators. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).map((f) => f.split(path.sep).join("/"));
}

/**
 * Modules of the app whose path under `app/` starts with one of `members` (`lib/paginate.`:
 * that file, whatever its extension; `components/blog/`: the folder), except those that start
 * with one of `except`. Every member and exception must name at least one file of `files`.
 */
export function appModules(
  files: readonly string[],
  members: readonly string[],
  except: readonly string[] = [],
) {
  for (const entry of [...members, ...except]) {
    if (!files.some((f) => f.startsWith(entry)))
      throw new Error(
        `vite.config.ts: the chunk group entry "app/${entry}" matches no file (renamed or deleted?)`,
      );
  }
  const alternatives = members.map((m) => {
    const left = except.filter((e) => e.startsWith(m)).map((e) => pattern(e.slice(m.length)));
    return pattern(m) + (left.length ? `(?!${left.join("|")})` : "");
  });
  return new RegExp(`[\\\\/]app[\\\\/](${alternatives.join("|")})`);
}

/** Modules of the installed packages `names`, each of which must be in `nodeModules`. */
export function packageModules(nodeModules: string, names: readonly string[]) {
  for (const name of names) {
    if (!existsSync(path.join(nodeModules, name, "package.json")))
      throw new Error(`vite.config.ts: the chunk group names the package "${name}", which is not installed`);
  }
  return new RegExp(`node_modules[\\\\/](${names.map(escape).join("|")})[\\\\/]`);
}
