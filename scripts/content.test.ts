// @vitest-environment node
// `npm run content` as the operator uses it: the export of a fresh site is the seed of every
// type (app/content/) and the blog's posts, an export imported into an empty database exports
// the same bytes again (the uploaded pictures the items and posts name too), an edited file
// changes the site, and a bad folder is refused whole, naming the file, the item and the field,
// with nothing written.
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { faqType } from "#app/content-types/faq/type.ts";
import { postType } from "#app/content-types/posts.ts";
import { teamType } from "#app/content-types/team/type.ts";
import type { Db } from "../server/db/index.ts";
import { deferrals, freshDb, sqliteDatabase } from "../server/db/testing/databases.ts";
import { createContentService } from "../server/content/index.ts";
import { createContentRepository } from "../server/content/repository.ts";
import { createPictureService } from "../server/pictures/index.ts";
import { createPictureRepository } from "../server/pictures/repository.ts";
import { seedFolder } from "../server/posts/files.ts";
import { createPostsService } from "../server/posts/index.ts";
import { createPostRepository } from "../server/posts/repository.ts";
import { contentTypes } from "#app/content-types/index.ts";
import { main } from "./content.ts";
import { commandRunner } from "./testing/command.ts";
import { removeCommentsOfPosts } from "../server/comments/posts-removed.ts";

// The command's SQL is the content repository's, whose suite runs on both databases.
const defer = deferrals();

function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "content-cli-"));
  defer(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A server's first start on `db`: the posts and the content seeded. */
async function serve(db: Db) {
  await (await createPostsService({ dependents: removeCommentsOfPosts, db, logger: () => {} })).close();
  await (await createContentService({ db, types: contentTypes, logger: () => {} })).close();
}

/** A database as a server leaves it (`seeded`: after its first start), and the command on it. */
async function start({ seeded = true } = {}) {
  const { db, location, cleanup } = await freshDb(sqliteDatabase);
  defer(cleanup);
  if (seeded) await serve(db);
  const cli = commandRunner(main, { DATA_DIR: location.dataDir });
  return { db, store: createContentRepository(db), posts: createPostRepository(db), cli };
}

const read = (dir: string, type = "faq") => readFileSync(path.join(dir, `${type}.json`), "utf8");

/** Every file of an export, by its path in it (a picture as its size: converted again, a lossy
 *  picture is not the same bytes). */
function filesOf(dir: string, sub = ""): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
    const name = path.join(sub, entry.name);
    if (entry.isDirectory()) Object.assign(files, filesOf(dir, name));
    else {
      const bytes = readFileSync(path.join(dir, name));
      // A WebP's VP8 frame: its width and height, 14 bits each, after the frame's start code.
      const at = bytes.indexOf(Buffer.from([0x9d, 0x01, 0x2a]));
      files[name] = name.endsWith(".webp")
        ? `WebP ${bytes.readUInt16LE(at + 3) & 0x3fff}×${bytes.readUInt16LE(at + 5) & 0x3fff}`
        : bytes.toString();
    }
  }
  return files;
}

/** What the server's converter does with the pending pictures (server/pictures/). */
async function convertAll(db: Db) {
  const service = createPictureService({ db, session: async () => null, startConverter: false });
  await service.convertPending();
  await service.close();
}

/** A picture uploaded (as the editor's upload stores it) and converted: its name. */
async function uploaded(db: Db, width: number, height: number, r: number) {
  const photo = await sharp({ create: { width, height, channels: 3, background: { r, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer();
  const name = `u/${createHash("sha256").update(photo).digest("hex").slice(0, 16)}`;
  await createPictureRepository(db).add(
    { name, sourceType: "jpeg", original: photo, sourceWidth: width, sourceHeight: height, uploadedBy: "t" },
    Date.now(),
  );
  await convertAll(db);
  return name;
}

describe("npm run content", () => {
  it("exports a fresh site as the seed of every type, in order, and the blog's posts as app/content/blog's files", async () => {
    const { cli } = await start();
    const out = path.join(tempDir(), "export");
    const seed = filesOf(seedFolder());
    delete seed["README.md"];
    const posts = Object.keys(seed).length;
    expect(posts).toBeGreaterThan(10);
    expect(await cli("export", out)).toMatchObject({
      code: 0,
      stdout: `Exported to ${out}: posts ${posts}, ${contentTypes.map((t) => `${t.name} ${t.seed.length}`).join(", ")}.\n`,
    });
    for (const type of contentTypes) {
      const entries = JSON.parse(read(out, type.name)) as { state: string; fields: unknown }[];
      expect(entries.map((e) => e.state)).toEqual(type.seed.map(() => "published"));
      expect(entries.map((e) => e.fields)).toEqual(type.seed);
    }
    expect(filesOf(path.join(out, postType.folder))).toEqual(seed);
    // Not over an earlier export, nor over a folder of posts alone.
    expect(await cli("export", out)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("already holds an export"),
    });
    const posted = tempDir();
    mkdirSync(path.join(posted, postType.folder));
    expect((await cli("export", posted)).stderr).toContain("already holds an export");
    // The list names the posts first, with the other types.
    const list = (await cli("list")).stdout.split("\n");
    expect(list[2]).toMatch(new RegExp(`^posts\\s+${posts}\\s+0$`));
    expect(list).toHaveLength(contentTypes.length + 4);
  });

  it("carries the whole site to an empty database: the items, the posts and the uploaded pictures they name, the same files again", async () => {
    const live = await start();
    // A member's uploaded portrait (4:5) and a post's uploaded picture, both converted.
    const portrait = await uploaded(live.db, 400, 500, 120);
    const banner = await uploaded(live.db, 640, 400, 200);
    const [member] = await live.store.all(teamType.name);
    await live.store.importType(
      teamType.name,
      (await live.store.all(teamType.name)).map((i) => ({
        key: i.key,
        state: i.state,
        payload: i.key === member!.key ? { ...(i.payload as object), portrait } : i.payload,
      })),
      "test",
      Date.now(),
    );
    const three = (await live.posts.get(3))!;
    await live.posts.importPosts([{ ...three, image: banner, state: "draft" }], "test", Date.now());
    const first = path.join(tempDir(), "first");
    expect((await live.cli("export", first)).stdout).toContain(
      `; 2 uploaded picture(s) in ${path.join(first, "pictures")}.`,
    );
    const exported = filesOf(first);
    expect(Object.entries(exported).filter(([f]) => f.startsWith("pictures"))).toEqual(
      [
        [portrait, "WebP 400×500"],
        [banner, "WebP 640×400"],
      ]
        .map(([n, size]) => [path.join("pictures", `${n!.slice(2)}.webp`), size])
        .sort(),
    );

    // Into a database no server has started on: this is the site, the seed is not added.
    const empty = await start({ seeded: false });
    const result = await empty.cli("import", first);
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain(
      `posts: ${Object.keys(exported).filter((f) => f.endsWith(".md")).length} new`,
    );
    expect(result.stdout).toContain("2 uploaded picture(s) added, shown once the server has converted them");
    const pictures = createPictureRepository(empty.db);
    expect(await pictures.state(portrait)).toBe("pending");
    await convertAll(empty.db);
    await serve(empty.db);
    expect(await pictures.state(portrait)).toBe("ready");
    expect(
      ((await empty.store.get(teamType.name, member!.key))!.payload as { portrait: string }).portrait,
    ).toBe(portrait);
    expect(await empty.posts.get(3)).toMatchObject({ image: banner, state: "draft" });
    const second = path.join(tempDir(), "second");
    expect((await empty.cli("export", second)).code).toBe(0);
    expect(filesOf(second)).toEqual(exported);
  });

  it("renames a member renamed by an import on every post that names them, in the same change", async () => {
    const live = await start();
    const dir = tempDir();
    const member = teamType.seed[0]!;
    const theirs = (await live.posts.all()).filter((p) => p.author === member.name).map((p) => p.id);
    expect(theirs.length).toBeGreaterThan(0);
    writeFileSync(
      path.join(dir, "team.json"),
      JSON.stringify(
        teamType.seed.map((fields, i) => ({
          state: "published",
          fields: i === 0 ? { ...fields, name: "Chinedu Okafor-Bello" } : fields,
        })),
      ),
    );
    expect(await live.cli("import", dir)).toMatchObject({ code: 0 });
    const now = await live.posts.all();
    expect(now.filter((p) => p.author === "Chinedu Okafor-Bello").map((p) => p.id)).toEqual(theirs);
    expect(now.filter((p) => p.author === member.name)).toEqual([]);
    const audit = await live.db.kysely.selectFrom("staff_audit").select(["actor", "action"]).execute();
    expect(audit).toEqual([{ actor: "import", action: "post.author-renamed" }]);
  });

  it("refuses an item whose uploaded picture is neither in the database nor in the folder, writing nothing", async () => {
    const live = await start();
    const dir = tempDir();
    const entries = teamType.seed.map((fields, i) => ({
      state: "published",
      fields: i === 0 ? { ...fields, portrait: "u/0123456789abcdef" } : fields,
    }));
    writeFileSync(path.join(dir, "team.json"), JSON.stringify(entries));
    const before = await live.store.version();
    const result = await live.cli("import", dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Nothing was imported: 1 problem(s)");
    expect(result.stderr).toContain(
      `${path.join("pictures", "0123456789abcdef.webp")}: missing (the picture u/0123456789abcdef is named`,
    );
    expect(await live.store.version()).toBe(before);
  });

  it("gives the same bytes again after an export, edited, is imported into an empty database", async () => {
    const live = await start();
    const first = path.join(tempDir(), "first");
    await live.cli("export", first);
    const entries = JSON.parse(read(first)) as { state: string; fields: { question: string } }[];
    entries[0]!.fields.question = "How long has TechSpark been in business, exactly?";
    entries[1]!.state = "draft";
    entries.pop();
    writeFileSync(path.join(first, "faq.json"), JSON.stringify(entries));

    const empty = await start({ seeded: false });
    const result = await empty.cli("import", first);
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain(`faq: ${entries.length} new, 0 changed, 0 removed, 0 unchanged`);
    // A server started on it now keeps what was imported: the seed is not added.
    await (await createContentService({ db: empty.db, types: contentTypes, logger: () => {} })).close();
    const items = await empty.store.all("faq");
    expect(items).toHaveLength(entries.length);
    expect(items[0]!.payload).toMatchObject({
      question: "How long has TechSpark been in business, exactly?",
    });
    expect(items[1]!.state).toBe("draft");

    const second = path.join(tempDir(), "second");
    await empty.cli("export", second);
    expect(read(second)).toBe(`${JSON.stringify(entries, null, 2)}\n`);

    // Into the live site: its changes, and its removed question.
    const into = await live.cli("import", first);
    expect(into.stdout).toContain("faq: 0 new, 2 changed, 1 removed");
  });

  it("refuses a bad folder whole, naming the file, the item and the field; nothing is written", async () => {
    const { cli, store } = await start();
    const before = await store.version();
    const dir = tempDir();
    const entries = faqType.seed.map((fields) => ({ state: "published", fields }));
    writeFileSync(
      path.join(dir, "faq.json"),
      JSON.stringify([
        { state: "published", fields: { ...faqType.seed[0], question: "No question mark" } },
        { state: "maybe", fields: faqType.seed[1] },
        ...entries.slice(2),
        entries[2],
      ]),
    );
    writeFileSync(path.join(dir, "jobs.json"), "[]");
    const result = await cli("import", dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("faq.json: faq[0].question: ");
    expect(result.stderr).toContain('faq.json: item 2: "state" must be "published" or "draft"');
    expect(result.stderr).toContain(`faq.json: faq "${faqType.seed[2]!.id}": given twice`);
    expect(result.stderr).toContain(
      `jobs.json: not a content type (${contentTypes.map((t) => `${t.name}.json`).join(", ")}, and posts/ for the posts)`,
    );
    expect(await store.version()).toBe(before);

    writeFileSync(path.join(dir, "faq.json"), "{ not json");
    rmSync(path.join(dir, "jobs.json"));
    expect((await cli("import", dir)).stderr).toContain("faq.json: not JSON");
    expect(await store.version()).toBe(before);
  });
});
