// The uploaded pictures that posts and content items name, in an export's folder (`npm run posts
// -- export | import`, scripts/posts.ts; `npm run content`, scripts/content.ts): DIR/pictures/<hash>.webp, the largest WebP the site made of each
// (its original is not kept). An import adds each under its name (`u/<hash>`, as the posts name
// it) unless this database has it, as an upload would be added: pending, converted by the
// server's converter into the same sizes. The posts are shown once their pictures are ready
// (server/posts/repository.ts `pictureReady`), the items' pictures once converted.
import { closeSync, existsSync, fstatSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PICTURE_MAX_BYTES, uploadedNames } from "#app/lib/picture-upload.ts";
import type { Db } from "../db/index.ts";
import { folderProblem, openFolderFile } from "../import-folder.ts";
import { inspect } from "./convert.ts";
import { createPictureRepository, type NewPicture } from "./repository.ts";

const FOLDER = "pictures";

const fileOf = (dir: string, name: string) => path.join(dir, FOLDER, `${name.slice(2)}.webp`);

/** Writes the uploaded pictures named anywhere in `named` (posts, items: `uploadedNames`) into
 *  `dir/pictures/`; how many. Throws when one is not ready (a post or an item would be exported
 *  without its picture). `picturesDir`: PICTURES_DIR. */
export async function exportPictures(
  db: Db,
  dir: string,
  named: unknown,
  picturesDir?: string,
): Promise<number> {
  const names = [...uploadedNames(named)].sort();
  if (names.length === 0) return 0;
  const store = createPictureRepository(db, { dir: picturesDir });
  const entries = await store.entries(names);
  mkdirSync(path.join(dir, FOLDER), { recursive: true });
  for (const name of names) {
    const entry = entries[name];
    const file = entry && (await store.file(name, entry.widths.at(-1)!, "webp"));
    if (!file)
      throw new Error(`The picture ${name} a post or an item names is not ready: nothing more was exported.`);
    writeFileSync(fileOf(dir, name), file.data, { flag: "wx" });
  }
  return names.length;
}

/**
 * The uploaded pictures named anywhere in what is to be imported (posts, items), checked as an upload is (the type from the
 * bytes, the size, the pixels): those this database lacks, to add; or every problem (a picture
 * neither here nor in the folder, a file that is no picture). Nothing is written.
 */
export async function readPictures(
  db: Db,
  dir: string,
  named: unknown,
): Promise<{ add: NewPicture[]; problems: string[] }> {
  const store = createPictureRepository(db);
  const add: NewPicture[] = [];
  const problems: string[] = [];
  for (const name of [...uploadedNames(named)].sort()) {
    if ((await store.state(name)) !== undefined) continue;
    const file = fileOf(dir, name);
    const where = path.join(FOLDER, path.basename(file));
    // A link (the picture, or pictures/ itself) is refused unread, wherever it points.
    const outside = folderProblem(dir, where);
    if (outside) {
      problems.push(outside);
      continue;
    }
    if (!existsSync(file)) {
      problems.push(`${where}: missing (the picture ${name} is named, and this database does not have it)`);
      continue;
    }
    // Opened before it is inspected, without following a link put in its place since; the bytes
    // kept are read from what was opened.
    let fd: number;
    try {
      fd = openFolderFile(file);
    } catch (error) {
      problems.push(`${where}: could not be read (${(error as { code?: string }).code ?? "error"})`);
      continue;
    }
    try {
      const stat = fstatSync(fd);
      if (!stat.isFile()) {
        problems.push(`${where}: not a file`);
        continue;
      }
      if (stat.size > PICTURE_MAX_BYTES) {
        problems.push(`${where}: larger than an upload may be (${PICTURE_MAX_BYTES / 1024 / 1024} MB)`);
        continue;
      }
      const checked = await inspect(file);
      if (!checked.ok) {
        problems.push(`${where}: ${checked.message}`);
        continue;
      }
      add.push({
        name,
        sourceType: checked.type,
        original: readFileSync(fd),
        sourceWidth: checked.width,
        sourceHeight: checked.height,
        uploadedBy: "import",
      });
    } finally {
      closeSync(fd);
    }
  }
  return { add, problems };
}

/** Adds the pictures read by `readPictures` (pending: the server converts them). */
export async function addPictures(db: Db, pictures: readonly NewPicture[], now: number): Promise<void> {
  const store = createPictureRepository(db);
  for (const picture of pictures) await store.add(picture, now);
}
