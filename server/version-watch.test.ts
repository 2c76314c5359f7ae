// @vitest-environment node
// The instances' one poll (./version-watch.ts) on both databases: every reader is told its
// version each tick, from ONE query however many read (the posts' and the content's); a change
// shows at the next tick; a stopped reader is told no more; a failed read is logged, and the
// ticks go on.
import { describe, expect, it } from "vitest";
import type { Db } from "./db/index.ts";
import { deferrals, freshDb, testDatabases } from "./db/testing/databases.ts";
import { memoryLog } from "./testing/log.ts";
import { contentVersion } from "./content/repository.ts";
import { postsVersion } from "./posts/repository.ts";
import { createVersionWatch, type VersionSource } from "./version-watch.ts";

const databases = await testDatabases("Version watch");
const defer = deferrals();

/** `db` with its queries counted. */
function counted(db: Db) {
  const seen = { queries: 0 };
  const kysely = db.kysely.withPlugin({
    transformQuery: (args) => (seen.queries++, args.node),
    transformResult: async (args) => args.result,
  });
  return { db: { ...db, kysely }, seen };
}

for (const database of databases) {
  describe(`on ${database.name}`, () => {
    it("tells the posts and the content their versions from one query a tick, and a change at the next", async () => {
      const fresh = await freshDb(database);
      defer(fresh.cleanup);
      const { db, seen } = counted(fresh.db);
      const watch = createVersionWatch({ db, watchMs: 60_000 });
      defer(() => watch.close());
      const told: { posts: number[]; content: number[] } = { posts: [], content: [] };
      watch.add(postsVersion, (v) => told.posts.push(v));
      const stop = watch.add(contentVersion, (v) => told.content.push(v));

      await watch.tick();
      // No row yet (a database no server has started on): 0.
      expect(told).toEqual({ posts: [0], content: [0] });
      expect(seen.queries).toBe(1);

      const now = Date.now();
      await fresh.db.kysely
        .insertInto("content_version")
        .values({ id: 1, version: 7, createdAt: now, updatedAt: now })
        .execute();
      await fresh.db.kysely
        .insertInto("blog_post_version")
        .values({ id: 1, version: 3, createdAt: now, updatedAt: now })
        .execute();
      await watch.tick();
      expect(told).toEqual({ posts: [0, 3], content: [0, 7] });
      expect(seen.queries).toBe(2);

      stop();
      await watch.tick();
      expect(told).toEqual({ posts: [0, 3, 3], content: [0, 7] });
    });

    it("logs a read that fails, and goes on ticking", async () => {
      const { db, cleanup } = await freshDb(database);
      defer(cleanup);
      const log = memoryLog();
      const watch = createVersionWatch({ db, watchMs: 60_000, logger: log.logger });
      defer(() => watch.close());
      const missing = ((eb) =>
        (eb as unknown as Parameters<VersionSource>[0])
          .selectFrom("no_such_table" as "content_version")
          .select("version")) as VersionSource;
      const stop = watch.add(missing, () => {});
      await watch.tick();
      expect(log.entries).toEqual([expect.objectContaining({ level: "warn", msg: "watch.failed" })]);
      stop();
      const told: number[] = [];
      watch.add(postsVersion, (v) => told.push(v));
      await watch.tick();
      expect(told).toEqual([0]);
    });
  });
}
