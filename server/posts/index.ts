// The blog's posts service: the posts are kept in the database (./repository.ts); on the first
// start the Markdown files of app/content/blog/ are imported; visitors' pages read the published
// posts from memory through the port (app/lib/ports/posts.ts), which every instance keeps current
// by watching the posts' version (server/version-watch.ts: a change anywhere shows here within a tick).
//   const posts = await createPostsService({ db, logger });
//   posts.port.published() → { version, posts }; posts.onChange(() => …drop kept pages…)
import type { PostFields, PostsPort, PublishedPosts } from "#app/lib/ports/posts.ts";
import type { MediaEntry } from "#app/lib/media.server.ts";
import { uploadedInText } from "#app/lib/picture-upload.ts";
import type { Db } from "../db/index.ts";
import { consoleLogger, describeError, type Logger } from "../log.ts";
import { oneAtATime } from "../one-at-a-time.ts";
import { readPostFolder, seedFolder } from "./files.ts";
import { writeAudit } from "../audit.ts";
import { createPostEditor, TRASH_TIMER, type PostDependents } from "./editor.ts";
import { createPostRepository, postsVersion, type PostRepository } from "./repository.ts";
import { createVersionWatch, type VersionWatch } from "../version-watch.ts";
import { nextPublishAt } from "./schedule.ts";

export type PostsSettings = {
  /** The instance's one poll of the database's versions (server/services.ts); without, the
   *  service polls its own every `watchMs` (default 250 ms). */
  watch?: VersionWatch;
  watchMs?: number;
  logger?: Logger;
  now?: () => number;
  /** The posts imported on the first start (default app/content/blog/). */
  seedDir?: string;
  /** How often the posts 30 days in the trash are looked for and deleted for good (default an
   *  hour; every instance looks, one at a time through the version row's lock). */
  purgeMs?: number;
};

export type PostsService = {
  /** What the app's pages read (postsContext). */
  port: PostsPort;
  /** The published posts by id (the comments take comments on these only). */
  directory: { get(id: number): { title: string } | undefined };
  /** Calls `listener` after the published posts changed, here or on another instance. Returns a
   *  function that stops it. */
  onChange(listener: () => void): () => void;
  /** Reads the posts again now (after a change made here, so that this instance shows it at once). */
  refresh(): Promise<void>;
  store: PostRepository;
  /** Stops polling (before the database closes). */
  close(): Promise<void>;
};

export async function createPostsService(
  config: PostsSettings & {
    db: Db;
    /** The entries of those uploaded pictures (server/pictures/) that are ready: the published
     *  posts' pictures go to the pages with the posts (none without). */
    pictures?: (names: readonly string[]) => Promise<Record<string, MediaEntry>>;
    /** What goes with a post the trash's timer deletes for good (its comments). */
    dependents: PostDependents;
  },
): Promise<PostsService> {
  const now = config.now ?? Date.now;
  const log = config.logger ?? consoleLogger;
  const store = createPostRepository(config.db);

  if (!(await store.seeded())) {
    const dir = config.seedDir ?? seedFolder();
    const { posts, problems } = readPostFolder(dir);
    if (problems.length > 0)
      throw new Error(`The blog's first posts (${dir}) cannot be imported:\n  ${problems.join("\n  ")}`);
    const imported = await store.seed(posts, now());
    log({ msg: imported ? "posts.seeded" : "posts.seeded-elsewhere", posts: posts.length, from: dir });
  }

  let shown: PublishedPosts = { version: 0, posts: [], removed: new Set() };
  /** The port's version: moves whenever the published posts change, by an edit (the database's
   *  version moved) or because a scheduled time came (it did not). */
  let shownVersion = 0;
  let scheduled: NodeJS.Timeout | null = null;
  let closed = false;
  let shownKey = "";
  let byId = new Map<number, PostFields>();
  /** The database's version the posts were last read at. */
  let read = -1;
  const listeners = new Set<() => void>();

  async function load() {
    // One time for both reads: a post due between them would be neither shown nor scheduled.
    const t = now();
    const { version, posts, removed } = await store.snapshot(t);
    read = version;
    await schedule(t);
    // Their three pictures, and those written into their articles.
    const named = [
      ...posts.flatMap((p) => [p.thumb, p.image, p.inlineImage]).filter((n) => n.startsWith("u/")),
      ...posts.reduce((names, p) => uploadedInText(p.body, names), new Set<string>()),
    ];
    const pictures = named.length > 0 && config.pictures ? await config.pictures(named) : {};
    const key = JSON.stringify([posts, removed, Object.keys(pictures).sort()]);
    if (key === shownKey) return;
    shown = {
      version: ++shownVersion,
      posts: Object.freeze(posts),
      removed: new Set(removed),
      pictures: Object.freeze(pictures),
    };
    shownKey = key;
    byId = new Map(posts.map((p) => [p.id, p]));
    for (const listener of listeners) {
      try {
        listener();
      } catch (error) {
        log({ level: "error", msg: "posts.listener-failed", reason: describeError(error) });
      }
    }
  }

  /** A timer for the next scheduled post: at its time the posts are read again (at most an hour
   *  ahead, then looked at again: a timer cannot wait longer than 24.8 days). */
  async function schedule(t: number) {
    const at = await nextPublishAt(config.db, t);
    if (scheduled) clearTimeout(scheduled);
    scheduled = null;
    if (at === null || closed) return;
    const wait = Math.min(at - now(), 3_600_000);
    scheduled = setTimeout(() => void due(), Math.max(0, wait) + 1);
    scheduled.unref();
  }
  let dueNow = false;

  // The posts are read again when their version moved, or when a scheduled post's time came.
  const poll = oneAtATime(async () => {
    try {
      const force = dueNow;
      dueNow = false;
      if (force || (await store.version()) !== read) await load();
    } catch (error) {
      log({ level: "warn", msg: "posts.watch-failed", reason: describeError(error) });
    }
  });
  const due = () => {
    dueNow = true;
    return poll();
  };

  await load();
  const own = config.watch
    ? null
    : createVersionWatch({ db: config.db, watchMs: config.watchMs, logger: log });
  const stopWatching = (config.watch ?? own!).add(postsVersion, (version) => {
    if (version !== read) void poll();
  });

  // Posts TRASH_DAYS in the trash are deleted for good (audited as the trash timer's), then read
  // again here; the other instances see the version move.
  const editor = createPostEditor(config.db, config.dependents);
  const purge = oneAtATime(async () => {
    try {
      const t = now();
      const removed = await editor.purgeTrash(t, async (trx, gone) => {
        for (const p of gone) await writeAudit(trx, t, TRASH_TIMER, "post.deleted", String(p.id), p.title);
      });
      if (removed.length === 0) return;
      log({ msg: "posts.trash-purged", by: TRASH_TIMER, posts: removed.map((p) => p.id) });
      await poll();
    } catch (error) {
      log({ level: "warn", msg: "posts.trash-purge-failed", reason: describeError(error) });
    }
  });
  // Once at start too: an instance restarted more often than the interval still purges.
  void purge();
  const purger = setInterval(() => void purge(), config.purgeMs ?? 3_600_000);
  purger.unref();

  return {
    port: { published: () => shown },
    directory: {
      get(id) {
        const post = byId.get(id);
        return post && { title: post.title };
      },
    },
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    refresh: poll,
    store,
    async close() {
      closed = true;
      stopWatching();
      await own?.close();
      clearInterval(purger);
      if (scheduled) clearTimeout(scheduled);
      listeners.clear();
      await Promise.all([poll.settled(), purge.settled()]);
    },
  };
}
