// The site's content service: every content type (app/content-types/) kept in the database
// (./repository.ts), each seeded from its module on the first start; visitors' pages read the
// published items from memory through the port (app/lib/ports/content.ts), which every instance
// keeps current by watching the content's version (server/version-watch.ts: a change anywhere
// shows here within a tick).
//   const content = await createContentService({ db, types });
//   content.port.published() → { version, items }; content.onChange(() => …drop kept pages…)
import type { ContentPort, PublishedContent } from "#app/lib/ports/content.ts";
import type { ContentType } from "#app/content-types/define.ts";
import type { MediaEntry } from "#app/lib/media.server.ts";
import { uploadedNames } from "#app/lib/picture-upload.ts";
import type { Db } from "../db/index.ts";
import { consoleLogger, describeError, type Logger } from "../log.ts";
import { oneAtATime } from "../one-at-a-time.ts";
import { createVersionWatch, type VersionWatch } from "../version-watch.ts";
import { declaredCascades, type CascadeHooks } from "./cascades.ts";
import {
  contentVersion,
  createContentRepository,
  type ContentInput,
  type ContentRepository,
} from "./repository.ts";

export type ContentService = {
  /** What the app's pages read (contentContext). */
  port: ContentPort;
  /** Calls `listener` after the published content changed, here or on another instance. */
  onChange(listener: () => void): () => void;
  /** Reads the content again now (after a change made here, so that this instance shows it at once). */
  refresh(): Promise<void>;
  store: ContentRepository;
  /** Stops polling (before the database closes). */
  close(): Promise<void>;
};

/** A type's items checked by its schema, as the store takes them, and that no key is given twice;
 *  the problems, one line each, name the item and the field. */
export function checkItems(
  type: ContentType<unknown>,
  items: readonly unknown[],
): { items: ContentInput[]; problems: string[] } {
  const problems: string[] = [];
  const checked: ContentInput[] = [];
  for (const [i, raw] of items.entries()) {
    const parsed = type.item.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push(
          `${type.name}[${i}]${issue.path.map((p) => `.${String(p)}`).join("")}: ${issue.message}`,
        );
      continue;
    }
    checked.push({ key: type.key(parsed.data), payload: parsed.data });
  }
  // A type of one item (the agency's details) is always on the site: never none, never two.
  if (type.single && items.length !== 1)
    problems.push(`${type.name}: exactly one item, not ${items.length} (it is always on the site)`);
  const keys = new Set<string>();
  for (const { key } of checked) {
    if (keys.has(key)) problems.push(`${type.name} "${key}": given twice`);
    keys.add(key);
  }
  return { items: checked, problems };
}

export async function createContentService(config: {
  db: Db;
  types: readonly ContentType<unknown>[];
  /** The instance's one poll of the database's versions (server/services.ts); without, the
   *  service polls its own every `watchMs` (default 250 ms). */
  watch?: VersionWatch;
  watchMs?: number;
  /** The hooks of the cascades the types declare, run in an item's change's transaction
   *  (server/services.ts: a member's rename on their posts); without, nothing cascades. */
  cascades?: CascadeHooks;
  logger?: Logger;
  now?: () => number;
  /** The entries of those uploaded pictures (server/pictures/) that are ready: the published
   *  items' pictures (a project's, a member's portrait) go to the pages with the items. */
  pictures?: (names: readonly string[]) => Promise<Record<string, MediaEntry>>;
}): Promise<ContentService> {
  const now = config.now ?? Date.now;
  const log = config.logger ?? consoleLogger;
  const store = createContentRepository(config.db, {
    cascade: config.cascades && declaredCascades(config.types, config.cascades),
  });
  const byName = new Map(config.types.map((t) => [t.name, t]));

  // Each type not yet in the database starts from its module (checked: a broken seed stops here).
  const seeded = await store.seededTypes();
  for (const type of config.types) {
    if (seeded.has(type.name)) continue;
    const { items, problems } = checkItems(type, type.seed);
    if (problems.length > 0)
      throw new Error(`The ${type.name} content cannot be imported:\n  ${problems.join("\n  ")}`);
    const imported = await store.seed(type.name, items, now());
    log({
      msg: imported ? "content.seeded" : "content.seeded-elsewhere",
      type: type.name,
      items: items.length,
    });
  }

  let shown: PublishedContent = { version: 0, items: new Map() };
  let shownKey = "";
  let read = -1;
  /** When an item published for later is due (null: none): read again then. */
  let due: number | null = null;
  const listeners = new Set<() => void>();

  async function load() {
    const at = now();
    const { version, items } = await store.snapshot(at);
    read = version;
    due = await store.nextDue(at);
    const grouped = new Map<string, unknown[]>(config.types.map((t) => [t.name, []]));
    for (const item of items) {
      const type = byName.get(item.type);
      if (!type) continue; // a type this version does not know (written by a newer one)
      const parsed = type.item.safeParse(item.payload);
      if (!parsed.success) {
        // Written by another version, or by hand: left out and said, the rest is shown.
        log({ level: "error", msg: "content.item-invalid", type: item.type, key: item.key });
        continue;
      }
      grouped.get(item.type)!.push(Object.freeze(parsed.data));
    }
    // The uploaded pictures the items name ("u/…", wherever in their fields).
    const named = uploadedNames([...grouped.values()]);
    const pictures = named.size > 0 && config.pictures ? await config.pictures([...named]) : {};
    const key = JSON.stringify([[...grouped], Object.keys(pictures).sort()]);
    if (key === shownKey) return;
    shownKey = key;
    shown = { version: shown.version + 1, items: grouped, pictures: Object.freeze(pictures) };
    for (const listener of listeners) {
      try {
        listener();
      } catch (error) {
        log({ level: "error", msg: "content.listener-failed", reason: describeError(error) });
      }
    }
  }

  // The items are read again when their version moved, or when an item published for later is due.
  const isDue = () => due !== null && now() >= due;
  const poll = oneAtATime(async () => {
    try {
      if ((await store.version()) !== read || isDue()) await load();
    } catch (error) {
      log({ level: "warn", msg: "content.watch-failed", reason: describeError(error) });
    }
  });

  await load();
  const own = config.watch
    ? null
    : createVersionWatch({ db: config.db, watchMs: config.watchMs, logger: log });
  const stopWatching = (config.watch ?? own!).add(contentVersion, (version) => {
    if (version !== read || isDue()) void poll();
  });

  return {
    port: { published: () => shown },
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    refresh: poll,
    store,
    async close() {
      stopWatching();
      await own?.close();
      listeners.clear();
      await poll.settled();
    },
  };
}
