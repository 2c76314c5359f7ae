// The site's content items in the database (./tables.ts): what visitors see of every content
// type, each type's seed on the first start, and `npm run content -- import`'s replacement of a
// type's items. Every change moves the one version row in the same transaction; each server
// instance polls it (./index.ts). Payloads are checked by their type's schema before they get
// here (./index.ts, app/content-types/); this file keeps them as JSON.
import { writeTransaction, type Db, type Queries } from "../db/index.ts";
import type { VersionSource } from "../version-watch.ts";
import type { ContentItemTable, ContentRevisionAction, ContentState } from "./tables.ts";

/** An item as written: its key, its fields, and (for an import) its state. */
export type ContentInput = { key: string; payload: unknown; state?: ContentState };

/** An item as kept. */
export type StoredItem = {
  type: string;
  key: string;
  position: number;
  state: ContentState;
  publishAt: number | null;
  payload: unknown;
  revision: number;
  updatedAt: number;
  updatedBy: string;
};

/** A revision as kept: the item's fields and state after a change. */
export type StoredRevision = {
  revision: number;
  action: ContentRevisionAction;
  state: ContentState;
  payload: unknown;
  at: number;
  by: string;
};

/** A console change to one item: its fields, and (publish, unpublish) its state and time. */
export type ItemChange = { payload: unknown; state: ContentState; publishAt: number | null };

export type SaveResult =
  | { ok: true; item: StoredItem; changed: boolean }
  /** Changed by someone else since `revision` (the item as it now is), gone, or (a new item)
   *  its key is another item's. */
  | { ok: false; reason: "conflict"; current: StoredItem }
  | { ok: false; reason: "unknown" | "taken" };

export type ContentImportResult = { added: number; changed: number; removed: number; unchanged: number };

/** Items that cannot be kept as they are (one key twice): nothing was written. */
export class ContentImportError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`The content was not imported:\n  ${problems.join("\n  ")}`);
    this.problems = problems;
  }
}

export type ContentRepository = {
  /** Moves with every change; 0 before anything was imported. */
  version(): Promise<number>;
  /** The published items due at `now` (no publish time, or passed) of every type, each type's in
   *  its order, with the version they are of (read again until both agree). */
  snapshot(now: number): Promise<{ version: number; items: StoredItem[] }>;
  /** Every item of a type, drafts too, in its order. */
  all(type: string): Promise<StoredItem[]>;
  /** One item, drafts too. */
  get(type: string, key: string): Promise<StoredItem | undefined>;
  /** The earliest publish time after `now` of an item published for later (null: none). */
  nextDue(now: number): Promise<number | null>;
  /** A new item, last on its type's list. */
  create(type: string, key: string, change: ItemChange, by: string, now: number): Promise<SaveResult>;
  /** An item's change, if it is still at `revision` (else nothing is written: 'conflict'). */
  save(
    type: string,
    key: string,
    change: ItemChange,
    revision: number,
    by: string,
    now: number,
  ): Promise<SaveResult>;
  /** Puts an item at `position` (0 first) on its type's list, the others moving up or down. */
  move(type: string, key: string, position: number, now: number): Promise<boolean>;
  /** Puts a type's items in this order of keys, in one change (an item not named, made meanwhile,
   *  goes after them in its place); false when nothing moved. */
  order(type: string, keys: readonly string[], now: number): Promise<boolean>;
  /** Deletes an item: its revisions are kept (the last one being its fields as they were), or
   *  with `erase` deleted too (personal data someone asked to be erased: nothing of it is left). */
  remove(type: string, key: string, by: string, now: number, erase?: boolean): Promise<boolean>;
  /** An item's revisions, newest first. */
  revisions(type: string, key: string): Promise<StoredRevision[]>;
  /** Every key the type has had: its items' and its deleted items' (not an erased one's). */
  keys(type: string): Promise<Set<string>>;
  /** The types imported at least once (from then on the database is their source). */
  seededTypes(): Promise<Set<string>>;
  /** An uploaded picture became ready: if an item names it (imported before it was converted),
   *  the version moves, so that every instance reads the content, and the picture, again. */
  pictureReady(name: string, now: number): Promise<boolean>;
  /** A type's first import (by 'seed'), unless it was imported already, here or by another
   *  instance at the same time: true when this call imported it. */
  seed(type: string, items: readonly ContentInput[], now: number): Promise<boolean>;
  /** A type's items become these, in this order, in one transaction: new keys added, the others
   *  changed where they differ (a new revision), keys not given removed (their revisions kept).
   *  Refuses one key twice (ContentImportError, nothing written). */
  importType(
    type: string,
    items: readonly ContentInput[],
    by: string,
    now: number,
  ): Promise<ContentImportResult>;
};

/** What else changes with an item, in the same transaction (a member renamed: the posts that
 *  name them, server/posts/authors.ts): told of every item changed by a save or an import, its
 *  payload before and after. */
export type ContentCascade = (
  trx: Queries,
  change: { type: string; key: string; before: unknown; after: unknown; by: string; now: number },
) => Promise<void>;

const VERSION_ROW = 1;

/** The content's version as the instances' one poll reads it (server/version-watch.ts). */
export const contentVersion: VersionSource = (eb) =>
  eb.selectFrom("content_version").select("version").where("id", "=", VERSION_ROW);

/** The version row, written if missing, else updated to itself: on PostgreSQL its row lock makes
 *  a write started meanwhile elsewhere wait for this one (SQLite's BEGIN IMMEDIATE does that for
 *  the whole file). */
async function lockVersion(trx: Queries, now: number) {
  await trx
    .insertInto("content_version")
    .values({ id: VERSION_ROW, version: 0, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.column("id").doUpdateSet((eb) => ({ version: eb.ref("content_version.version") })))
    .execute();
}

async function moveVersion(trx: Queries, now: number) {
  await trx
    .updateTable("content_version")
    .set((eb) => ({ version: eb("version", "+", 1), updatedAt: now }))
    .where("id", "=", VERSION_ROW)
    .execute();
}

const storedOf = (row: ContentItemTable): StoredItem => ({
  type: row.type,
  key: row.key,
  position: Number(row.position),
  state: row.state,
  publishAt: row.publishAt === null ? null : Number(row.publishAt),
  payload: JSON.parse(row.payload) as unknown,
  revision: Number(row.revision),
  updatedAt: Number(row.updatedAt),
  updatedBy: row.updatedBy,
});

async function keepRevision(
  trx: Queries,
  row: Pick<ContentItemTable, "type" | "key" | "revision" | "state" | "position" | "payload">,
  action: ContentRevisionAction,
  by: string,
  now: number,
) {
  await trx
    .insertInto("content_revision")
    .values({ ...row, action, savedAt: now, savedBy: by })
    .execute();
}

function duplicates(items: readonly ContentInput[]): string[] {
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const { key } of items) {
    if (seen.has(key)) problems.push(`"${key}": given twice`);
    seen.add(key);
  }
  return problems;
}

export function createContentRepository(
  db: Db,
  options: { cascade?: ContentCascade } = {},
): ContentRepository {
  const cascade = options.cascade ?? (async () => {});
  const k = db.kysely;

  const version = async () => {
    const row = await k
      .selectFrom("content_version")
      .select("version")
      .where("id", "=", VERSION_ROW)
      .executeTakeFirst();
    return row ? Number(row.version) : 0;
  };

  const published = async (now: number) => {
    const rows = await k
      .selectFrom("content_item")
      .selectAll()
      .where("state", "=", "published")
      .where((eb) => eb.or([eb("publishAt", "is", null), eb("publishAt", "<=", now)]))
      .orderBy("type")
      .orderBy("position")
      .orderBy("key")
      .execute();
    return rows.map(storedOf);
  };

  /** Writes the type's items as given; `action` names the revisions it makes. */
  async function write(
    trx: Queries,
    type: string,
    items: readonly ContentInput[],
    action: ContentRevisionAction,
    by: string,
    now: number,
  ): Promise<ContentImportResult> {
    const kept = new Map(
      (await trx.selectFrom("content_item").selectAll().where("type", "=", type).execute()).map((r) => [
        r.key,
        r,
      ]),
    );
    const result: ContentImportResult = { added: 0, changed: 0, removed: 0, unchanged: 0 };
    for (const [position, item] of items.entries()) {
      const payload = JSON.stringify(item.payload);
      const state = item.state ?? "published";
      const old = kept.get(item.key);
      kept.delete(item.key);
      if (!old) {
        // A key removed before (by an import or in the console) goes on from its last revision.
        const before = await trx
          .selectFrom("content_revision")
          .select((eb) => eb.fn.max("revision").as("last"))
          .where("type", "=", type)
          .where("key", "=", item.key)
          .executeTakeFirst();
        const revision = before?.last === null || before?.last === undefined ? 1 : Number(before.last) + 1;
        const row = { type, key: item.key, position, state, payload, revision };
        await trx
          .insertInto("content_item")
          .values({ ...row, publishAt: null, createdAt: now, updatedAt: now, updatedBy: by })
          .execute();
        await keepRevision(trx, row, action, by, now);
        result.added++;
      } else if (
        old.payload === payload &&
        Number(old.position) === position &&
        old.state === state &&
        old.publishAt === null
      ) {
        result.unchanged++;
      } else {
        const row = { type, key: item.key, position, state, payload, revision: Number(old.revision) + 1 };
        await trx
          .updateTable("content_item")
          .set({ ...row, publishAt: null, updatedAt: now, updatedBy: by })
          .where("type", "=", type)
          .where("key", "=", item.key)
          .execute();
        await keepRevision(trx, row, action, by, now);
        if (old.payload !== payload)
          await cascade(trx, {
            type,
            key: item.key,
            before: JSON.parse(old.payload),
            after: item.payload,
            by,
            now,
          });
        result.changed++;
      }
    }
    if (kept.size > 0) {
      await trx
        .deleteFrom("content_item")
        .where("type", "=", type)
        .where("key", "in", [...kept.keys()])
        .execute();
      result.removed = kept.size;
    }
    if (result.added + result.changed + result.removed > 0) await moveVersion(trx, now);
    return result;
  }

  /** A type's items put in the order `next` gives from their order now, in one transaction that
   *  takes the version row first and moves it: true; null (nothing written) when `next` gives
   *  none (no such item, or the order is already that). */
  function reorder(type: string, now: number, next: (keys: string[]) => string[] | null) {
    return writeTransaction(db, async (trx): Promise<boolean | null> => {
      await lockVersion(trx, now);
      const keys = (
        await trx
          .selectFrom("content_item")
          .select("key")
          .where("type", "=", type)
          .orderBy("position")
          .orderBy("key")
          .execute()
      ).map((r) => r.key);
      const order = next(keys);
      if (order === null) return null;
      for (const [i, each] of order.entries())
        await trx
          .updateTable("content_item")
          .set({ position: i })
          .where("type", "=", type)
          .where("key", "=", each)
          .where("position", "!=", i)
          .execute();
      await moveVersion(trx, now);
      return true;
    });
  }
  return {
    version,

    async snapshot(now) {
      let before = await version();
      for (let tries = 0; ; tries++) {
        const items = await published(now);
        const after = await version();
        // Every change moves the version in its transaction: unmoved, the items are of `before`.
        // Still moving after a few tries: these are newer than `before`, and the next poll (seeing
        // `after`) reads them again.
        if (after === before || tries === 3) return { version: before, items };
        before = after;
      }
    },

    async all(type) {
      const rows = await k
        .selectFrom("content_item")
        .selectAll()
        .where("type", "=", type)
        .orderBy("position")
        .orderBy("key")
        .execute();
      return rows.map(storedOf);
    },

    async get(type, key) {
      const row = await k
        .selectFrom("content_item")
        .selectAll()
        .where("type", "=", type)
        .where("key", "=", key)
        .executeTakeFirst();
      return row ? storedOf(row) : undefined;
    },

    async nextDue(now) {
      const row = await k
        .selectFrom("content_item")
        .select((eb) => eb.fn.min("publishAt").as("due"))
        .where("state", "=", "published")
        .where("publishAt", ">", now)
        .executeTakeFirst();
      return row?.due === null || row?.due === undefined ? null : Number(row.due);
    },

    async create(type, key, change, by, now) {
      return writeTransaction(db, async (trx) => {
        await lockVersion(trx, now);
        const taken = await trx
          .selectFrom("content_item")
          .select("key")
          .where("type", "=", type)
          .where("key", "=", key)
          .executeTakeFirst();
        if (taken) return { ok: false, reason: "taken" } as const;
        const last = await trx
          .selectFrom("content_item")
          .select((eb) => eb.fn.max("position").as("last"))
          .where("type", "=", type)
          .executeTakeFirst();
        const position = last?.last === null || last?.last === undefined ? 0 : Number(last.last) + 1;
        // A key used before (an item deleted) goes on from its last revision: one history.
        const before = await trx
          .selectFrom("content_revision")
          .select((eb) => eb.fn.max("revision").as("last"))
          .where("type", "=", type)
          .where("key", "=", key)
          .executeTakeFirst();
        const row = {
          type,
          key,
          position,
          state: change.state,
          payload: JSON.stringify(change.payload),
          revision: before?.last === null || before?.last === undefined ? 1 : Number(before.last) + 1,
        };
        await trx
          .insertInto("content_item")
          .values({ ...row, publishAt: change.publishAt, createdAt: now, updatedAt: now, updatedBy: by })
          .execute();
        await keepRevision(trx, row, "created", by, now);
        await moveVersion(trx, now);
        const item = await trx
          .selectFrom("content_item")
          .selectAll()
          .where("type", "=", type)
          .where("key", "=", key)
          .executeTakeFirstOrThrow();
        return { ok: true, item: storedOf(item), changed: true } as const;
      });
    },

    async save(type, key, change, revision, by, now) {
      return writeTransaction(db, async (trx) => {
        await lockVersion(trx, now);
        const select = () =>
          trx
            .selectFrom("content_item")
            .selectAll()
            .where("type", "=", type)
            .where("key", "=", key)
            .executeTakeFirst();
        const old = await select();
        if (!old) return { ok: false, reason: "unknown" } as const;
        if (Number(old.revision) !== revision)
          return { ok: false, reason: "conflict", current: storedOf(old) } as const;
        const payload = JSON.stringify(change.payload);
        if (
          old.payload === payload &&
          old.state === change.state &&
          (old.publishAt === null ? null : Number(old.publishAt)) === change.publishAt
        )
          return { ok: true, item: storedOf(old), changed: false } as const;
        const action: ContentRevisionAction =
          old.state === change.state ? "saved" : change.state === "published" ? "published" : "unpublished";
        const row = {
          type,
          key,
          position: Number(old.position),
          state: change.state,
          payload,
          revision: revision + 1,
        };
        await trx
          .updateTable("content_item")
          .set({ ...row, publishAt: change.publishAt, updatedAt: now, updatedBy: by })
          .where("type", "=", type)
          .where("key", "=", key)
          .execute();
        await keepRevision(trx, row, action, by, now);
        if (old.payload !== payload)
          await cascade(trx, { type, key, before: JSON.parse(old.payload), after: change.payload, by, now });
        await moveVersion(trx, now);
        return { ok: true, item: storedOf((await select())!), changed: true } as const;
      });
    },

    move(type, key, position, now) {
      return reorder(type, now, (keys) => {
        const from = keys.indexOf(key);
        if (from === -1) return null;
        const order = keys.filter((k) => k !== key);
        order.splice(Math.max(0, Math.min(position, order.length)), 0, key);
        return order;
      }).then((moved) => moved !== null);
    },

    order(type, wanted, now) {
      return reorder(type, now, (keys) => {
        const named = wanted.filter((k) => keys.includes(k));
        const order = [...new Set(named), ...keys.filter((k) => !named.includes(k))];
        return order.every((k, i) => keys[i] === k) ? null : order;
      }).then((changed) => changed === true);
    },

    async remove(type, key, by, now, erase = false) {
      return writeTransaction(db, async (trx) => {
        await lockVersion(trx, now);
        const old = await trx
          .selectFrom("content_item")
          .selectAll()
          .where("type", "=", type)
          .where("key", "=", key)
          .executeTakeFirst();
        if (!old) return false;
        if (erase)
          await trx.deleteFrom("content_revision").where("type", "=", type).where("key", "=", key).execute();
        else
          await keepRevision(
            trx,
            {
              type,
              key,
              state: old.state,
              payload: old.payload,
              revision: Number(old.revision) + 1,
              position: Number(old.position),
            },
            "deleted",
            by,
            now,
          );
        await trx.deleteFrom("content_item").where("type", "=", type).where("key", "=", key).execute();
        // The ones after it close the gap (positions stay 0..n-1).
        await trx
          .updateTable("content_item")
          .set((eb) => ({ position: eb("position", "-", 1) }))
          .where("type", "=", type)
          .where("position", ">", Number(old.position))
          .execute();
        await moveVersion(trx, now);
        return true;
      });
    },

    async revisions(type, key) {
      const rows = await k
        .selectFrom("content_revision")
        .selectAll()
        .where("type", "=", type)
        .where("key", "=", key)
        .orderBy("revision", "desc")
        .orderBy("savedAt", "desc")
        .execute();
      return rows.map((r) => ({
        revision: Number(r.revision),
        action: r.action,
        state: r.state,
        payload: JSON.parse(r.payload) as unknown,
        at: Number(r.savedAt),
        by: r.savedBy,
      }));
    },

    async keys(type) {
      const [items, revisions] = await Promise.all([
        k.selectFrom("content_item").select("key").where("type", "=", type).execute(),
        k.selectFrom("content_revision").select("key").distinct().where("type", "=", type).execute(),
      ]);
      return new Set([...items, ...revisions].map((r) => r.key));
    },

    pictureReady(name, now) {
      return writeTransaction(db, async (trx) => {
        await lockVersion(trx, now);
        const named = await trx
          .selectFrom("content_item")
          .select("key")
          .where("payload", "like", `%"${name.replace(/[\\%_]/g, "")}"%`)
          .executeTakeFirst();
        if (!named) return false;
        await moveVersion(trx, now);
        return true;
      });
    },

    async seededTypes() {
      const rows = await k.selectFrom("content_type").select("type").execute();
      return new Set(rows.map((r) => r.type));
    },

    async seed(type, items, now) {
      const problems = duplicates(items);
      if (problems.length > 0) throw new ContentImportError(problems);
      return writeTransaction(db, async (trx) => {
        await lockVersion(trx, now);
        const done = await trx
          .selectFrom("content_type")
          .select("type")
          .where("type", "=", type)
          .executeTakeFirst();
        if (done) return false;
        await write(trx, type, items, "seed", "seed", now);
        await trx.insertInto("content_type").values({ type, seededAt: now }).execute();
        return true;
      });
    },

    async importType(type, items, by, now) {
      const problems = duplicates(items);
      if (problems.length > 0) throw new ContentImportError(problems);
      return writeTransaction(db, async (trx) => {
        await lockVersion(trx, now);
        const result = await write(trx, type, items, "imported", by, now);
        await trx
          .insertInto("content_type")
          .values({ type, seededAt: now })
          .onConflict((oc) => oc.column("type").doNothing())
          .execute();
        return result;
      });
    },
  };
}
