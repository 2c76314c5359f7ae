// @vitest-environment node
// `npm run posts` as the operator uses it: the export of a fresh site is app/content/blog/ byte
// for byte, an export imported into an empty database exports the same bytes again, and a bad
// folder is refused whole, naming the file and the field.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { Db } from "../server/db/index.ts";
import { createPictureService } from "../server/pictures/index.ts";
import { createPictureRepository } from "../server/pictures/repository.ts";
import { deferrals, freshDb, sqliteDatabase } from "../server/db/testing/databases.ts";
import { createPostsService } from "../server/posts/index.ts";
import { seedFolder } from "../server/posts/files.ts";
import { createPostRepository } from "../server/posts/repository.ts";
import { main } from "./posts.ts";
import { commandRunner } from "./testing/command.ts";
import { removeCommentsOfPosts } from "../server/comments/posts-removed.ts";

// The command's SQL is the posts repository's, whose suite runs on both databases.
const defer = deferrals();
const SEED = seedFolder();

/** The folder's post files by name. */
const filesOf = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith(".md") && f !== "README.md")
      .sort()
      .map((f) => [f, readFileSync(path.join(dir, f), "utf8")]),
  );

function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "posts-cli-"));
  defer(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A database as a server leaves it (`seeded`: after its first start), and the command on it. */
async function start({ seeded = true } = {}) {
  const { db, location, cleanup } = await freshDb(sqliteDatabase);
  defer(cleanup);
  if (seeded)
    await (await createPostsService({ dependents: removeCommentsOfPosts, db, logger: () => {} })).close();
  const cli = commandRunner(main, { DATA_DIR: location.dataDir });
  return { db, store: createPostRepository(db), cli };
}

/** What the server's converter does with the pending pictures (server/pictures/). */
async function convertAll(db: Db) {
  const service = createPictureService({ db, session: async () => null, startConverter: false });
  await service.convertPending();
  await service.close();
}

describe("npm run posts", () => {
  it("exports a fresh site as the files of app/content/blog, byte for byte", async () => {
    const { cli } = await start();
    const out = path.join(tempDir(), "export");
    const result = await cli("export", out);
    expect(result).toMatchObject({ code: 0, stdout: `Exported 16 post(s) to ${out}.\n` });
    const exported = filesOf(out);
    expect(Object.keys(exported)).toHaveLength(16);
    expect(exported).toEqual(filesOf(SEED));
  });

  it("gives the same bytes again after an export is imported into an empty database, drafts too", async () => {
    const live = await start();
    const three = (await live.store.get(3))!;
    await live.store.importPosts([{ ...three, state: "draft" }], "test", Date.now());
    const first = path.join(tempDir(), "first");
    expect((await live.cli("export", first)).code).toBe(0);
    expect(filesOf(first)[`${three.slug}.md`]).toContain("\nstate: draft\n---\n");

    const empty = await start({ seeded: false });
    expect((await empty.cli("list")).stdout).toMatch(/^No posts yet/);
    const imported = await empty.cli("import", first);
    expect(imported).toMatchObject({
      code: 0,
      stdout: `Imported 16 post(s) from ${first}: 16 new, 0 changed, 0 unchanged.\n`,
    });
    expect((await empty.store.get(3))?.state).toBe("draft");
    const second = path.join(tempDir(), "second");
    expect((await empty.cli("export", second)).code).toBe(0);
    expect(filesOf(second)).toEqual(filesOf(first));
    // Imported again: nothing changes.
    expect((await empty.cli("import", second)).stdout).toContain("0 new, 0 changed, 16 unchanged");
  });

  it("lists every post: id, state, date, slug and title", async () => {
    const { store, cli } = await start();
    await store.importPosts([{ ...(await store.get(2))!, state: "draft" }], "test", Date.now());
    const { code, stdout } = await cli("list");
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^Id\s+State\s+Date\s+Slug\s+Title$/);
    expect(lines).toHaveLength(18);
    expect(lines[2]).toMatch(
      /^1\s+published\s+2023-12-19\s+ndpa-2023-what-it-means-for-your-business\s+NDPA 2023/,
    );
    expect(lines[3]).toMatch(/^2\s+draft\s+2023-12-12\s+building-a-fitness-app/);
  });

  it("refuses a folder with a bad file whole, naming every file and field, and changes nothing", async () => {
    const { store, cli } = await start();
    const dir = tempDir();
    const files = filesOf(SEED);
    const one = "ndpa-2023-what-it-means-for-your-business.md";
    writeFileSync(
      path.join(dir, one),
      files[one]!.replace(/^title: .*$/m, 'title: "Changed, yet never imported"'),
    );
    writeFileSync(
      path.join(dir, "bad.md"),
      files[one]!.replace(/^slug: .*$/m, "slug: bad").replace("category: national", "category: politics"),
    );
    writeFileSync(path.join(dir, "copy.md"), files[one]!.replace(/^slug: .*$/m, "slug: copy"));
    writeFileSync(path.join(dir, "worse.md"), "No front matter at all.\n");
    const before = await store.all();

    const result = await cli("import", dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("posts: Nothing was imported: 3 problem(s)");
    expect(result.stderr).toContain("bad.md: category: ");
    expect(result.stderr).toContain(`${one}: id: 1 is also the id of copy.md`);
    expect(result.stderr).toContain("worse.md: front matter: ");
    expect(await store.all()).toEqual(before);
    expect(await store.version()).toBe(1);
  });

  it("refuses a slug another post keeps, writing nothing", async () => {
    const { store, cli } = await start();
    const dir = tempDir();
    const file = filesOf(SEED)["ndpa-2023-what-it-means-for-your-business.md"]!;
    writeFileSync(
      path.join(dir, "ndpa-2023-what-it-means-for-your-business.md"),
      file.replace("id: 1\n", "id: 40\n"),
    );
    const result = await cli("import", dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'slug "ndpa-2023-what-it-means-for-your-business" (post 40): post 1 has it',
    );
    expect(await store.get(40)).toBeUndefined();
  });

  it("takes the uploaded pictures the posts name along: exported beside them, imported as uploads, the same files again", async () => {
    const live = await start();
    const photo = await sharp({
      create: { width: 1400, height: 900, channels: 3, background: { r: 200, g: 90, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    const name = `u/${createHash("sha256").update(photo).digest("hex").slice(0, 16)}`;
    await createPictureRepository(live.db).add(
      { name, sourceType: "jpeg", original: photo, sourceWidth: 1400, sourceHeight: 900, uploadedBy: "t" },
      Date.now(),
    );
    await convertAll(live.db);
    await live.store.importPosts([{ ...(await live.store.get(3))!, image: name }], "test", Date.now());
    const first = path.join(tempDir(), "first");
    expect((await live.cli("export", first)).stdout).toBe(
      `Exported 16 post(s) to ${first}, and 1 uploaded picture(s) to ${path.join(first, "pictures")}.\n`,
    );
    const file = path.join(first, "pictures", `${name.slice(2)}.webp`);
    expect((await sharp(file).metadata()).format).toBe("webp");

    // Into an empty database: the picture under its name, pending until the server converts it.
    const empty = await start({ seeded: false });
    expect((await empty.cli("import", first)).stdout).toContain("; 1 uploaded picture(s) added, shown once");
    const pictures = createPictureRepository(empty.db);
    expect(await pictures.state(name)).toBe("pending");
    await convertAll(empty.db);
    expect(await pictures.state(name)).toBe("ready");
    expect((await empty.store.get(3))?.image).toBe(name);
    const second = path.join(tempDir(), "second");
    expect((await empty.cli("export", second)).code).toBe(0);
    expect(filesOf(second)).toEqual(filesOf(first));
    expect(readdirSync(path.join(second, "pictures"))).toEqual([`${name.slice(2)}.webp`]);
  });

  it("refuses an import whose uploaded picture is missing, or is no picture, writing nothing", async () => {
    const { store, cli } = await start();
    const dir = tempDir();
    const file = filesOf(SEED)["ndpa-2023-what-it-means-for-your-business.md"]!;
    writeFileSync(
      path.join(dir, "ndpa-2023-what-it-means-for-your-business.md"),
      file
        .replace(/^image: .*$/m, "image: u/0123456789abcdef")
        .replace(/^thumb: .*$/m, "thumb: u/fedcba9876543210"),
    );
    mkdirSync(path.join(dir, "pictures"));
    writeFileSync(path.join(dir, "pictures", "fedcba9876543210.webp"), "<!doctype html><title>x</title>");
    const before = await store.all();
    const result = await cli("import", dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Nothing was imported: 2 problem(s)");
    expect(result.stderr).toContain(`${path.join("pictures", "0123456789abcdef.webp")}: missing`);
    expect(result.stderr).toContain(`${path.join("pictures", "fedcba9876543210.webp")}: `);
    expect(await store.all()).toEqual(before);
  });

  it("refuses to export into a folder that holds post files, and explains its usage", async () => {
    const { cli } = await start();
    const dir = tempDir();
    mkdirSync(path.join(dir, "old"));
    writeFileSync(path.join(dir, "old", "stale.md"), "---\n---\n");
    expect(await cli("export", path.join(dir, "old"))).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("already holds 1 post file(s): export into an empty folder"),
    });
    expect((await cli("export")).code).toBe(2);
    expect((await cli("publish", "1")).code).toBe(2);
    expect((await cli("import", path.join(dir, "missing"))).stderr).toContain("No folder");
    expect((await cli("help")).stdout).toContain("export DIR");
  });
});
