// @vitest-environment node
// The posts service as the server opens it: a fresh database shows the 16 posts of
// app/content/blog/, a change made on one instance shows on another within a second, and the
// comments take comments on published posts only.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { memoryLog } from "../testing/log.ts";
import { openDatabase } from "../db/index.ts";
import { deferrals, testDatabases, type Location } from "../db/testing/databases.ts";
import type { Services } from "../services.ts";
import type { Logger } from "../log.ts";
import { openInstance, until } from "../testing/instances.ts";
import { seedFolder } from "./files.ts";
import { createPostsService } from "./index.ts";
import { removeCommentsOfPosts } from "../comments/posts-removed.ts";

const databases = await testDatabases("Posts service");
const defer = deferrals();

const open = (location: Location, logger?: Logger) => openInstance(location, defer, logger);

for (const database of databases) {
  describe(`on ${database.name}`, () => {
    it("shows the 16 posts of app/content/blog on a fresh database, newest first", async () => {
      const location = await database.fresh();
      defer(() => location.cleanup());
      const log = memoryLog();
      const services = await open(location, log.logger);
      const { posts } = services.posts.port.published();
      expect(posts).toHaveLength(16);
      expect(posts[0]).toMatchObject({ id: 1, slug: "ndpa-2023-what-it-means-for-your-business" });
      expect(posts.at(-1)).toMatchObject({ id: 16, slug: "accessible-design-patient-portal" });
      expect(posts[0]!.body).toContain("## A practical order of work");
      expect(services.posts.directory.get(16)).toEqual({
        title: "Accessible Design Is Good Business: Lessons from a Patient Portal",
      });
      expect(services.posts.directory.get(17)).toBeUndefined();
      expect(log.entries).toContainEqual(expect.objectContaining({ msg: "posts.seeded", posts: 16 }));
    });

    it("answers for published posts only, and tells its listeners when what is published changed", async () => {
      const location = await database.fresh();
      defer(() => location.cleanup());
      const { posts } = await open(location);
      const changes: number[] = [];
      posts.onChange(() => changes.push(posts.port.published().version));
      const first = posts.port.published();
      const two = (await posts.store.get(2))!;

      await posts.store.importPosts([{ ...two, state: "draft" }], "test", Date.now());
      await posts.refresh();
      expect(posts.directory.get(2)).toBeUndefined();
      expect(posts.directory.get(1)).toEqual({ title: (await posts.store.get(1))!.title });
      const second = posts.port.published();
      expect(second.posts.map((p) => p.id)).not.toContain(2);
      expect(second.version).not.toBe(first.version);
      expect(changes).toEqual([second.version]);

      // A draft edited: visitors see nothing new, so nothing is dropped.
      await posts.store.importPosts(
        [{ ...two, title: "A draft's better title", state: "draft" }],
        "test",
        Date.now(),
      );
      await posts.refresh();
      expect(posts.port.published()).toBe(second);
      expect(changes).toHaveLength(1);
    });
  });
}

describe.skipIf(databases.length < 2)("two instances on one PostgreSQL", () => {
  it("import the first posts once when they start at the same time", async () => {
    const location = await databases.at(-1)!.fresh();
    defer(() => location.cleanup());
    const logs = [memoryLog(), memoryLog()];
    const [a, b] = await Promise.all(logs.map((l) => open(location, l.logger)));
    expect(a!.posts.port.published().posts).toHaveLength(16);
    expect(b!.posts.port.published()).toEqual(a!.posts.port.published());
    const seeded = logs.flatMap((l) => l.entries).filter((e) => e.msg === "posts.seeded");
    expect(seeded).toHaveLength(1);
    expect(await a!.posts.store.version()).toBe(1);
    expect((await a!.posts.store.all()).every((p) => p.revision === 1 && p.updatedBy === "seed")).toBe(true);
  });

  it("show a change made on one on the other within a second", async () => {
    const location = await databases.at(-1)!.fresh();
    defer(() => location.cleanup());
    const a = await open(location);
    const b = await open(location);
    let told = 0;
    b.posts.onChange(() => told++);
    const one = (await a.posts.store.get(1))!;
    const before = b.posts.port.published().version;

    await a.posts.store.importPosts(
      [{ ...one, title: "NDPA 2023, as edited on the other instance" }],
      "test",
      Date.now(),
    );
    const ms = await until(() => b.posts.port.published().posts[0]!.title.endsWith("on the other instance"));
    expect(ms).toBeLessThan(1000);
    expect(b.posts.port.published().version).not.toBe(before);
    expect(told).toBe(1);

    await a.posts.store.importPosts([{ ...one, state: "draft" }], "test", Date.now());
    expect(await until(() => b.posts.directory.get(1) === undefined)).toBeLessThan(1000);
  });
});

describe("the first posts", () => {
  it("refuse to start from a folder with a bad post, naming the file and the field, importing nothing", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "seed-"));
    defer(() => rmSync(dir, { recursive: true, force: true }));
    const name = "ndpa-2023-what-it-means-for-your-business.md";
    writeFileSync(path.join(dir, name), readFileSync(path.join(seedFolder(), name), "utf8"));
    writeFileSync(
      path.join(dir, "bad.md"),
      readFileSync(path.join(seedFolder(), name), "utf8")
        .replace("id: 1\n", "id: 2\n")
        .replace(/^slug: .*$/m, "slug: bad")
        .replace("category: national", "category: politics"),
    );
    const location = await databases[0]!.fresh();
    defer(() => location.cleanup());
    const db = await openDatabase(location);
    defer(() => db.close());
    const opening = createPostsService({
      dependents: removeCommentsOfPosts,
      db,
      seedDir: dir,
      logger: () => {},
    });
    await expect(opening).rejects.toThrow(/bad\.md: category: /);
    const posts = await createPostsService({ dependents: removeCommentsOfPosts, db, logger: () => {} }).catch(
      () => null,
    );
    // The good file was not imported alone: the real seed (all 16) went in on the next start.
    expect(posts?.port.published().posts).toHaveLength(16);
    await posts?.close();
  });

  it("show a scheduled post on both at its time, not before, with nobody asking", async () => {
    const location = await databases.at(-1)!.fresh();
    defer(() => location.cleanup());
    const a = await open(location);
    const b = await open(location);
    const one = (await a.posts.store.get(1))!;
    // Published, due in 1.5 s: written as the console will (the post and the version at once).
    const at = Date.now() + 1500;
    await a.db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable("blog_post").set({ publishAt: at }).where("id", "=", 1).execute();
      await trx
        .updateTable("blog_post_version")
        .set((eb) => ({ version: eb("version", "+", 1) }))
        .execute();
    });
    const shows = (s: Services) => s.posts.directory.get(1) !== undefined;
    await until(() => !shows(a) && !shows(b));
    expect(Date.now()).toBeLessThan(at);
    await until(() => shows(a) && shows(b));
    const late = Date.now() - at;
    expect(late).toBeGreaterThanOrEqual(0);
    expect(late).toBeLessThan(1000);
    expect(b.posts.port.published().posts[0]!.title).toBe(one.title);
  });
});
