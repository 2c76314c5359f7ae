// The site's content items in the database (./tables.ts): what visitors see of every content
// type, each type's seed on the first start, and `npm run content -- import`'s replacement of a
// type's items. Every change moves the one version row in the same transaction; each server
// instance polls it (./index.ts). Payloads are checked by their type's schema before they get
// here (./index.ts, app/config/content-types.ts); this file keeps them as JSON.
import { writeTransaction, type Db, type Queries } from "../db/index.ts";
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
  /** The types imported at least once (from then on the database is their source). */
  seededTypes(): Promise<Set<string>>;
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

const VERSION_ROW = 1;

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

export function createContentRepository(db: Db): ContentRepository {
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
        const row = { type, key: item.key, position, state, payload, revision: 1 };
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
