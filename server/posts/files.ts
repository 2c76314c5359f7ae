// A folder of post files (app/config/post-file.ts): the seed (app/content/blog/), and what
// `npm run posts -- export | import` write and read.
import {
  closeSync,
  existsSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MAX_POST_FILE_CHARS, parsePostFile, postFileText, type PostState } from "#app/config/post-file.ts";
import type { PostFields } from "#app/lib/ports/posts.ts";
import type { ImportedPost } from "./repository.ts";
import { folderProblem, openFolderFile } from "../import-folder.ts";

/** Files read from one folder at most. */
export const MAX_POST_FILES = 5_000;

/** The posts a fresh site starts with: app/content/blog/ beside the server's sources (also in the
 *  Docker image, which copies it), else under the working directory. */
export function seedFolder(): string {
  const candidates = [
    fileURLToPath(new URL("../../app/content/blog", import.meta.url)),
    path.resolve("app/content/blog"),
  ];
  const found = candidates.find((dir) => existsSync(dir));
  if (!found) throw new Error(`The blog's posts were not found (looked in ${candidates.join(", ")})`);
  return found;
}

/** The folder's post files (`*.md` but README.md) by name. */
function postFileNames(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.name.endsWith(".md") && e.name !== "README.md")
    .map((e) => e.name)
    .sort();
}

/**
 * Reads and checks every post file of a folder: the posts, or every problem found, each naming
 * its file and field (nothing is kept of a folder with one bad file). Two files with one id are a
 * problem too (two with one slug cannot be: the file is named after it). Throws when the folder
 * cannot be read.
 */
export function readPostFolder(dir: string): { posts: ImportedPost[]; problems: string[] } {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new Error(`No folder ${dir}`);
  const names = postFileNames(dir);
  if (names.length === 0) return { posts: [], problems: [`${dir}: no post files (*.md)`] };
  if (names.length > MAX_POST_FILES)
    return {
      posts: [],
      problems: [`${dir}: ${names.length} post files; at most ${MAX_POST_FILES} are read at once`],
    };
  const posts: ImportedPost[] = [];
  const problems: string[] = [];
  const byId = new Map<number, string>();
  for (const name of names) {
    const file = path.join(dir, name);
    // A link is refused unread, wherever it points (folderProblem above).
    const outside = folderProblem(dir, name);
    if (outside) {
      problems.push(outside);
      continue;
    }
    if (!lstatSync(file).isFile()) {
      problems.push(`${name}: not a file`);
      continue;
    }
    let text: string;
    let fd: number;
    try {
      fd = openFolderFile(file);
    } catch (error) {
      problems.push(`${name}: could not be read (${(error as { code?: string }).code ?? "error"})`);
      continue;
    }
    try {
      const stat = fstatSync(fd);
      if (!stat.isFile()) {
        problems.push(`${name}: not a file`);
        continue;
      }
      // A character is at most 4 bytes: anything bigger is refused without being read.
      if (stat.size > MAX_POST_FILE_CHARS * 4) {
        problems.push(
          `${name}: file: ${stat.size} bytes; a post may have at most ${MAX_POST_FILE_CHARS} characters`,
        );
        continue;
      }
      text = readFileSync(fd, "utf8");
    } finally {
      closeSync(fd);
    }
    const parsed = parsePostFile(text, name);
    if (!parsed.ok) {
      problems.push(...parsed.problems.map((p) => `${name}: ${p}`));
      continue;
    }
    const { post, state } = parsed;
    const sameId = byId.get(post.id);
    if (sameId) problems.push(`${name}: id: ${post.id} is also the id of ${sameId}`);
    byId.set(post.id, name);
    posts.push({ ...post, state });
  }
  return { posts, problems };
}

/** Writes one `{slug}.md` per post into `dir` (made if missing). Refuses a folder that already
 *  holds post files: an old file left beside the new ones would come back on the next import. */
export function writePostFolder(dir: string, posts: readonly (PostFields & { state: PostState })[]): void {
  mkdirSync(dir, { recursive: true });
  const there = postFileNames(dir);
  if (there.length > 0)
    throw new Error(`${dir} already holds ${there.length} post file(s): export into an empty folder`);
  for (const { state, ...post } of posts)
    writeFileSync(path.join(dir, `${post.slug}.md`), postFileText(post, state), { flag: "wx" });
}
