// @vitest-environment node
// `npm run posts -- import` and `npm run content -- import` read the folder they are given and
// nothing else (issue 45, finding 8): a post file, a picture, a JSON file or a sub-folder that is a
// symbolic link is refused, naming the file, before anything is imported, and nothing of what the
// link points at (outside the folder) is read or printed.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { faqType } from "#app/content-types/faq/type.ts";
import { contentTypes } from "#app/content-types/index.ts";
import { deferrals, freshDb, sqliteDatabase } from "../server/db/testing/databases.ts";
import { createContentService } from "../server/content/index.ts";
import { createContentRepository } from "../server/content/repository.ts";
import { createPictureRepository } from "../server/pictures/repository.ts";
import { seedFolder } from "../server/posts/files.ts";
import { createPostsService } from "../server/posts/index.ts";
import { createPostRepository } from "../server/posts/repository.ts";
import { main as content } from "./content.ts";
import { main as posts } from "./posts.ts";
import { commandRunner, type CommandResult } from "./testing/command.ts";
import { removeCommentsOfPosts } from "../server/comments/posts-removed.ts";

const defer = deferrals();
/** What only the files outside the folder hold: never to be seen in what a command prints. */
const OUTSIDE = "OUTSIDE-THE-FOLDER-7f3a";
const POST = "ndpa-2023-what-it-means-for-your-business.md";
const seedPost = () => readFileSync(path.join(seedFolder(), POST), "utf8");
/** An uploaded picture's name, as the posts and items name it. */
const PICTURE = "u/0123456789abcdef";

function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "import-links-"));
  defer(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A seeded database (a server's first start), the two commands on it, and what nothing may
 *  change: the posts, the content's version and the pictures. */
async function start() {
  const { db, location, cleanup } = await freshDb(sqliteDatabase);
  defer(cleanup);
  await (await createPostsService({ dependents: removeCommentsOfPosts, db, logger: () => {} })).close();
  await (await createContentService({ db, types: contentTypes, logger: () => {} })).close();
  const env = { DATA_DIR: location.dataDir };
  const store = createPostRepository(db);
  const items = createContentRepository(db);
  const pictures = createPictureRepository(db);
  const state = async () => ({
    posts: await store.all(),
    content: await items.version(),
    picture: await pictures.state(PICTURE),
  });
  return { posts: commandRunner(posts, env), content: commandRunner(content, env), state };
}

/** A refusal naming `file` as a link, with nothing of the outside printed. */
function expectRefused(result: CommandResult, file: string) {
  expect(result.code).toBe(1);
  expect(result.stdout).toBe("");
  expect(result.stderr).toContain("Nothing was imported");
  expect(result.stderr).toContain(`${file}: a symbolic link`);
  expect(result.stderr + result.stdout).not.toContain(OUTSIDE);
}

/** A post file (the seed's first post) whose title only the outside knows. */
const outsidePost = () => seedPost().replace(/^title: .*$/m, `title: "${OUTSIDE}"`);

/** A real picture (WebP), its metadata carrying the outside's marker. */
const outsidePicture = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .webp()
    .withExif({ IFD0: { ImageDescription: OUTSIDE } })
    .toBuffer();

describe("npm run posts -- import refuses links out of its folder", () => {
  it("a post file that is a link to a file outside", async () => {
    const { posts, state } = await start();
    const outside = tempDir();
    writeFileSync(path.join(outside, "elsewhere.md"), outsidePost());
    const dir = tempDir();
    symlinkSync(path.join(outside, "elsewhere.md"), path.join(dir, POST));
    const before = await state();
    expectRefused(await posts("import", dir), POST);
    expect(await state()).toEqual(before);
  });

  it("a picture that is a link to a file outside, and a pictures/ folder that is a link", async () => {
    const { posts, state } = await start();
    const outside = tempDir();
    writeFileSync(path.join(outside, "0123456789abcdef.webp"), await outsidePicture());
    const dir = tempDir();
    writeFileSync(path.join(dir, POST), seedPost().replace(/^image: .*$/m, `image: ${PICTURE}`));
    mkdirSync(path.join(dir, "pictures"));
    const picture = path.join("pictures", "0123456789abcdef.webp");
    symlinkSync(path.join(outside, "0123456789abcdef.webp"), path.join(dir, picture));
    const before = await state();
    expectRefused(await posts("import", dir), picture);
    expect(await state()).toEqual(before);

    rmSync(path.join(dir, "pictures"), { recursive: true });
    symlinkSync(outside, path.join(dir, "pictures"));
    expectRefused(await posts("import", dir), "pictures");
    expect(await state()).toEqual(before);
  });
});

describe("npm run content -- import refuses links out of its folder", () => {
  it("a JSON file that is a link to a file outside, JSON or not", async () => {
    const { content, state } = await start();
    const outside = tempDir();
    // Not JSON: its first characters were printed in the parser's message.
    writeFileSync(path.join(outside, "text"), `${OUTSIDE} root:x:0:0:root:/root:/bin/bash\n`);
    writeFileSync(
      path.join(outside, "faq.json"),
      JSON.stringify(
        faqType.seed.map((fields, i) => ({
          state: "published",
          fields: i === 0 ? { ...fields, answer: OUTSIDE } : fields,
        })),
      ),
    );
    const dir = tempDir();
    const before = await state();
    for (const target of ["text", "faq.json"]) {
      rmSync(path.join(dir, "faq.json"), { force: true });
      symlinkSync(path.join(outside, target), path.join(dir, "faq.json"));
      expectRefused(await content("import", dir), "faq.json");
      expect(await state()).toEqual(before);
    }
  });

  it("a posts/ folder that is a link to a folder outside, and a post file in it that is a link", async () => {
    const { content, state } = await start();
    const outside = tempDir();
    writeFileSync(path.join(outside, POST), outsidePost());
    const dir = tempDir();
    symlinkSync(outside, path.join(dir, "posts"));
    const before = await state();
    expectRefused(await content("import", dir), "posts");
    expect(await state()).toEqual(before);

    rmSync(path.join(dir, "posts"));
    mkdirSync(path.join(dir, "posts"));
    symlinkSync(path.join(outside, POST), path.join(dir, "posts", POST));
    expectRefused(await content("import", dir), path.join("posts", POST));
    expect(await state()).toEqual(before);
  });

  it("a picture of the export that is a link to a file outside", async () => {
    const { content, state } = await start();
    const outside = tempDir();
    writeFileSync(path.join(outside, "portrait.webp"), await outsidePicture());
    const dir = tempDir();
    mkdirSync(path.join(dir, "posts"));
    writeFileSync(path.join(dir, "posts", POST), seedPost().replace(/^image: .*$/m, `image: ${PICTURE}`));
    mkdirSync(path.join(dir, "pictures"));
    const picture = path.join("pictures", "0123456789abcdef.webp");
    symlinkSync(path.join(outside, "portrait.webp"), path.join(dir, picture));
    const before = await state();
    expectRefused(await content("import", dir), picture);
    expect(await state()).toEqual(before);
  });
});
