// The posts as the console writes them: the list (state filters with counts, search, 50 a
// page, the trash), a new post, a save based on a revision, publish (now or at a time),
// unpublish, an earlier revision saved again, the trash (in, out as a draft, deleted for good by
// an owner or after TRASH_DAYS by the timer). Every change is one transaction that takes the
// version row first (lockVersion: one writer at a time, on every instance), writes the post, keeps
// a revision (./revisions.ts) and moves the version, so that every instance reads the posts again.
// A save based on an older revision than the stored one is refused with the stored post: nothing
// is ever silently overwritten. The fields are checked before they get here
// (app/config/post-rules.ts). A post deleted for good leaves a tombstone (migration 0014): its
// addresses answer 410 and its number is never given again.
import { sql, type SqlBool } from "kysely";
import type { PostFields } from "#app/lib/ports/posts.ts";
import { POSTS_PAGE_SIZE } from "#app/lib/ports/posts-console.ts";
import { writeTransaction, type Db, type Queries } from "../db/index.ts";
import { lockVersion, storedOf, type StoredPost } from "./repository.ts";
import { keepRevision, revisionOf, revisionsOf, type PostRevision } from "./revisions.ts";
import type { PostRevisionAction } from "./tables.ts";

/** What goes with posts deleted for good (their comments and the e-mails about them:
 *  server/comments/posts-removed.ts), in the deleting transaction, before the posts' rows: a
 *  hook the composition root fills (server/services.ts), so that posts import no other feature. */
export type PostDependents = (trx: Queries, postIds: readonly number[]) => Promise<void>;

/** A post's fields as the editor sends them: all but its number, which the post gets when made. */
export type PostInput = Omit<PostFields, "id">;

/** How the console lists a post: a draft, published but due later, or shown to visitors. */
export const POST_LIST_STATES = ["draft", "scheduled", "published"] as const;
export type PostListState = (typeof POST_LIST_STATES)[number];

/** How long a post stays in the trash before the timer deletes it for good. */
export const TRASH_DAYS = 30;
const DAY_MS = 86_400_000;
/** Who deletes a post that was TRASH_DAYS in the trash (the audit log's and tombstone's actor). */
export const TRASH_TIMER = "trash timer";
/** Ids in one statement (SQLite binds at most 32,766 values). */
const CHUNK = 500;

export type PostListItem = Omit<StoredPost, "body"> & { listState: PostListState | "trash" };

export type PostList = {
  items: PostListItem[];
  /** How many posts match the search in each state, in all (not in the trash), and in the trash. */
  counts: Record<PostListState | "all" | "trash", number>;
  page: number;
  pages: number;
};

/** A change that could not be made: no such post; the slug is another post's; or (a save) the
 *  post changed since the revision the editor started from (`current`: the post as stored now). */
export type EditRefusal =
  | { ok: false; reason: "unknown" }
  | { ok: false; reason: "slug-taken"; message: string }
  | { ok: false; reason: "conflict"; current: StoredPost };

export type EditResult = { ok: true; post: StoredPost; changed: boolean } | EditRefusal;

/** Posts deleted for good: what they were (their content is gone from the database). */
type Removed = { id: number; slug: string; title: string }[];

export type PostEditor = {
  /** `now`: what counts as scheduled (a publish time after it). Trashed posts are listed under
   *  "trash" only (the most recently trashed first). */
  list(query: { state?: PostListState | "trash"; q?: string; page?: number; now: number }): Promise<PostList>;
  /** A draft, numbered after the highest post (its address /blog-single-sidebar/{id}). */
  create(fields: PostInput, by: string, now: number): Promise<EditResult>;
  /** Changes the post's fields, only when `baseRevision` is still its revision; the same fields
   *  again change nothing (`changed: false`). The state is left as it is. */
  save(id: number, fields: PostInput, baseRevision: number, by: string, now: number): Promise<EditResult>;
  /** Shows it to visitors from `at` (after `now`: scheduled), or at once. */
  publish(id: number, by: string, now: number, at?: number | null): Promise<EditResult>;
  /** Back to a draft: visitors no longer see it. */
  unpublish(id: number, by: string, now: number): Promise<EditResult>;
  revisions(id: number): Promise<PostRevision[]>;
  revision(id: number, revision: number): Promise<PostRevision | undefined>;
  /** Saves revision `revision`'s fields again as a new revision (action "reverted"), only when
   *  `baseRevision` is still the post's revision (else the conflict); the state is left as it is.
   *  `check`: the fields' rules now (a picture removed since…): a message refuses them. */
  restoreRevision(
    id: number,
    revision: number,
    baseRevision: number,
    by: string,
    now: number,
    check?: (fields: PostInput) => string | null,
  ): Promise<
    EditResult | { ok: false; reason: "no-revision" } | { ok: false; reason: "invalid"; message: string }
  >;
  /** To the trash: visitors get 410 at its addresses; restorable for TRASH_DAYS. */
  trash(id: number, by: string, now: number): Promise<EditResult>;
  /** Out of the trash, as a draft (`unknown`: not in the trash). */
  restore(id: number, by: string, now: number): Promise<EditResult>;
  /** Deletes a post in the trash for good, with its revisions and comments (a tombstone stays);
   *  empty when it was not in the trash. Owners only: the caller checks. */
  deleteForGood(id: number, by: string, now: number): Promise<Removed>;
  /** Every post in the trash, deleted for good. Owners only: the caller checks. */
  emptyTrash(by: string, now: number): Promise<Removed>;
  /** A member of the team renamed (./authors.ts): every post that names them by their old name
   *  (drafts, scheduled and trashed ones too) names them by the new, each with a revision, in one
   *  transaction, `within` the member's own when given (an editor open on one of them is told it
   *  changed). The posts' numbers. */
  renameAuthor(from: string, to: string, by: string, now: number, within?: Queries): Promise<number[]>;
  /** The timer's: the posts in the trash for TRASH_DAYS or more at `now`, deleted for good;
   *  `record` writes what went in the same transaction (the audit log). */
  purgeTrash(now: number, record?: (trx: Queries, removed: Removed) => Promise<void>): Promise<Removed>;
};

type Row = Parameters<typeof storedOf>[0];
type Query = ReturnType<typeof posts>;

const posts = (q: Queries) => q.selectFrom("blog_post");

function filtered(q: Query, state: PostListState | "all" | "trash", now: number): Query {
  if (state === "trash") return q.where("trashedAt", "is not", null);
  q = q.where("trashedAt", "is", null);
  if (state === "draft") return q.where("state", "=", "draft");
  if (state === "scheduled") return q.where("state", "=", "published").where("publishAt", ">", now);
  if (state === "published")
    return q
      .where("state", "=", "published")
      .where((eb) => eb.or([eb("publishAt", "is", null), eb("publishAt", "<=", now)]));
  return q;
}

/** Posts with `text` in the title, slug or excerpt, whatever the letter case (as the enquiries). */
function search(q: Query, text: string): Query {
  if (!text) return q;
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return q.where((eb) =>
    eb.or(
      (["title", "slug", "excerpt"] as const).map(
        (column) => sql<SqlBool>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`,
      ),
    ),
  );
}

const listState = (
  p: { state: string; publishAt: number | null; trashedAt: number | null },
  now: number,
): PostListState | "trash" =>
  p.trashedAt !== null
    ? "trash"
    : p.state === "draft"
      ? "draft"
      : p.publishAt !== null && p.publishAt > now
        ? "scheduled"
        : "published";

const columnsOf = (fields: PostInput) => ({
  slug: fields.slug,
  title: fields.title,
  date: fields.date,
  author: fields.author,
  category: fields.category,
  tags: JSON.stringify(fields.tags),
  excerpt: fields.excerpt,
  midTitle: fields.midTitle,
  quote: fields.quote,
  thumb: fields.thumb,
  image: fields.image,
  inlineImage: fields.inlineImage,
  imageAlt: fields.imageAlt,
  body: fields.body,
});

const sameFields = (row: Row, columns: ReturnType<typeof columnsOf>) =>
  Object.entries(columns).every(([key, value]) => row[key as keyof Row] === value);

/** `dependents`: what goes with a post deleted for good; the editors that never delete one for
 *  good (an author's rename, a benchmark) may leave it out, and a deletion without it is refused. */
export function createPostEditor(db: Db, dependents?: PostDependents): PostEditor {
  const k = db.kysely;

  async function count(q: Query): Promise<number> {
    const row = await q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** One transaction that may change posts: the version row first (one writer at a time, on
   *  every instance), then `fn`; the version moves when `fn` says something changed. */
  function versioned<T>(now: number, fn: (trx: Queries) => Promise<{ value: T; moved: boolean }>) {
    return writeTransaction(db, (trx) => withVersion(trx, now, fn));
  }

  /** `versioned`'s work within a transaction already open (another feature's write). */
  async function withVersion<T>(
    trx: Queries,
    now: number,
    fn: (trx: Queries) => Promise<{ value: T; moved: boolean }>,
  ) {
    await lockVersion(trx, now);
    const { value, moved } = await fn(trx);
    if (moved)
      await trx
        .updateTable("blog_post_version")
        .set((eb) => ({ version: eb("version", "+", 1), updatedAt: now }))
        .where("id", "=", 1)
        .execute();
    return value;
  }

  /** The slug's refusal when another post than `id` keeps it. */
  async function slugTaken(trx: Queries, slug: string, id: number | null) {
    const other = await trx
      .selectFrom("blog_post")
      .select(["id", "title"])
      .where("slug", "=", slug)
      .$if(id !== null, (q) => q.where("id", "!=", id!))
      .executeTakeFirst();
    if (!other) return null;
    return {
      ok: false,
      reason: "slug-taken",
      message: `The address "${slug}" is already post ${Number(other.id)}'s ("${other.title}"): choose another.`,
    } as const;
  }

  /** One change: the version row first (one writer at a time), then `fn`, which returns the new
   *  row and what it was (or a refusal); then its revision, and the version moves. */
  function change<R extends { ok: false } = EditRefusal>(
    now: number,
    by: string,
    fn: (trx: Queries) => Promise<{ row: Row; action: PostRevisionAction | null } | NoInfer<R>>,
  ): Promise<{ ok: true; post: StoredPost; changed: boolean } | R> {
    return versioned<{ ok: true; post: StoredPost; changed: boolean } | R>(now, async (trx) => {
      const outcome = await fn(trx);
      if ("ok" in outcome) return { value: outcome, moved: false };
      const post = storedOf(outcome.row);
      if (outcome.action === null)
        return { value: { ok: true, post, changed: false } as const, moved: false };
      await keepRevision(trx, post, outcome.action, by, now);
      return { value: { ok: true, post, changed: true } as const, moved: true };
    });
  }

  /** The post, unless it is in the trash (`trashed`: only if it is). */
  const row = (trx: Queries, id: number, trashed = false) =>
    trx
      .selectFrom("blog_post")
      .selectAll()
      .where("id", "=", id)
      .where("trashedAt", trashed ? "is not" : "is", null)
      .executeTakeFirst();

  /** Deletes these posts (with their revisions, their comments and the comments' e-mails to the
   *  agency), leaving each a tombstone; in the caller's transaction, which moves the version. */
  async function removeForGood(trx: Queries, rows: Row[], by: string, now: number): Promise<Removed> {
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK);
      const ids = chunk.map((r) => Number(r.id));
      if (!dependents) throw new Error("a post deleted for good needs its dependents' hook (PostDependents)");
      await dependents(trx, ids);
      await trx.deleteFrom("blog_post_revision").where("postId", "in", ids).execute();
      await trx.deleteFrom("blog_post").where("id", "in", ids).execute();
      await trx
        .insertInto("blog_post_tombstone")
        .values(
          chunk.map((r) => ({
            id: Number(r.id),
            slug: r.slug,
            trashedAt: Number(r.trashedAt ?? now),
            deletedAt: now,
            deletedBy: by,
          })),
        )
        .execute();
    }
    return rows.map((r) => ({ id: Number(r.id), slug: r.slug, title: r.title }));
  }

  /** Deletes for good the posts in the trash that `where` picks. */
  function removeTrashed(
    by: string,
    now: number,
    where: (q: Query) => Query,
    record?: (trx: Queries, removed: Removed) => Promise<void>,
  ): Promise<Removed> {
    return versioned(now, async (trx) => {
      const rows = await where(posts(trx).where("trashedAt", "is not", null))
        .selectAll()
        .orderBy("id")
        .execute();
      const removed = await removeForGood(trx, rows, by, now);
      if (removed.length > 0) await record?.(trx, removed);
      return { value: removed, moved: removed.length > 0 };
    });
  }

  /** Writes `set` on the post and returns the row as it became (its revision moved by one). */
  async function update(trx: Queries, id: number, set: Partial<Row>, by: string, now: number): Promise<Row> {
    await trx
      .updateTable("blog_post")
      .set((eb) => ({ ...set, updatedAt: now, updatedBy: by, revision: eb("revision", "+", 1) }))
      .where("id", "=", id)
      .execute();
    return (await trx.selectFrom("blog_post").selectAll().where("id", "=", id).executeTakeFirst())!;
  }

  return {
    async list({ state, q = "", page = 1, now }) {
      const matching = search(posts(k), q.trim());
      const all = ["all", ...POST_LIST_STATES, "trash"] as const;
      const totals = await Promise.all(all.map((s) => count(filtered(matching, s, now))));
      const counts = Object.fromEntries(all.map((s, i) => [s, totals[i]!])) as PostList["counts"];
      const shown = state ?? "all";
      const pages = Math.max(1, Math.ceil(counts[shown] / POSTS_PAGE_SIZE));
      const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
      const rows = await filtered(matching, shown, now)
        .selectAll()
        .$if(shown === "trash", (q) => q.orderBy("trashedAt", "desc"))
        .orderBy("date", "desc")
        .orderBy("id", "desc")
        .limit(POSTS_PAGE_SIZE)
        .offset((current - 1) * POSTS_PAGE_SIZE)
        .execute();
      const items = rows.map((r) => {
        const { body: _, ...post } = storedOf(r);
        return { ...post, listState: listState(post, now) };
      });
      return { items, counts, page: current, pages };
    },

    create(fields, by, now) {
      return change(now, by, async (trx) => {
        const taken = await slugTaken(trx, fields.slug, null);
        if (taken) return taken;
        // After the highest post there is or was: a number deleted for good is never given again.
        const highest = await Promise.all(
          (["blog_post", "blog_post_tombstone"] as const).map((table) =>
            trx
              .selectFrom(table)
              .select((eb) => eb.fn.max("id").as("id"))
              .executeTakeFirst(),
          ),
        );
        const id = Math.max(0, ...highest.map((h) => Number(h?.id ?? 0))) + 1;
        await trx
          .insertInto("blog_post")
          .values({
            id,
            ...columnsOf(fields),
            state: "draft",
            publishAt: null,
            trashedAt: null,
            createdAt: now,
            updatedAt: now,
            updatedBy: by,
            revision: 1,
          })
          .execute();
        return { row: (await row(trx, id))!, action: "created" };
      });
    },

    save(id, fields, baseRevision, by, now) {
      return change(now, by, async (trx) => {
        const stored = await row(trx, id);
        if (!stored) return { ok: false, reason: "unknown" };
        if (Number(stored.revision) !== baseRevision)
          return { ok: false, reason: "conflict", current: storedOf(stored) };
        const columns = columnsOf(fields);
        if (sameFields(stored, columns)) return { row: stored, action: null };
        const taken = await slugTaken(trx, fields.slug, id);
        if (taken) return taken;
        return { row: await update(trx, id, columns, by, now), action: "saved" };
      });
    },

    publish(id, by, now, at = null) {
      const publishAt = at !== null && at > now ? at : null;
      return change(now, by, async (trx) => {
        const stored = await row(trx, id);
        if (!stored) return { ok: false, reason: "unknown" };
        const kept = stored.publishAt === null ? null : Number(stored.publishAt);
        // Shown already, and asked to be shown now: nothing to change (a time past counts as now).
        const shownNow = kept === null || kept <= now;
        if (stored.state === "published" && (publishAt === null ? shownNow : kept === publishAt))
          return { row: stored, action: null };
        const next = await update(trx, id, { state: "published", publishAt }, by, now);
        return { row: next, action: publishAt === null ? "published" : "scheduled" };
      });
    },

    renameAuthor(from, to, by, now, within) {
      const rename = async (trx: Queries) => {
        if (from === to) return { value: [], moved: false };
        const ids = (await posts(trx).select("id").where("author", "=", from).orderBy("id").execute()).map(
          (r) => Number(r.id),
        );
        for (const id of ids) {
          const renamed = await update(trx, id, { author: to }, by, now);
          await keepRevision(trx, storedOf(renamed), "saved", by, now);
        }
        return { value: ids, moved: ids.length > 0 };
      };
      return within ? withVersion(within, now, rename) : versioned(now, rename);
    },

    unpublish(id, by, now) {
      return change(now, by, async (trx) => {
        const stored = await row(trx, id);
        if (!stored) return { ok: false, reason: "unknown" };
        if (stored.state === "draft") return { row: stored, action: null };
        return {
          row: await update(trx, id, { state: "draft", publishAt: null }, by, now),
          action: "unpublished",
        };
      });
    },

    revisions: (id) => revisionsOf(k, id),

    revision: (id, revision) => revisionOf(k, id, revision),

    restoreRevision(id, revision, baseRevision, by, now, check) {
      return change<
        EditRefusal | { ok: false; reason: "no-revision" } | { ok: false; reason: "invalid"; message: string }
      >(now, by, async (trx) => {
        const stored = await row(trx, id);
        if (!stored) return { ok: false, reason: "unknown" };
        if (Number(stored.revision) !== baseRevision)
          return { ok: false, reason: "conflict", current: storedOf(stored) };
        const kept = await revisionOf(trx, id, revision);
        if (!kept) return { ok: false, reason: "no-revision" };
        const { id: _, ...fields } = kept.fields;
        const problem = check?.(fields) ?? null;
        if (problem !== null) return { ok: false, reason: "invalid", message: problem };
        const columns = columnsOf(fields);
        if (sameFields(stored, columns)) return { row: stored, action: null };
        const taken = await slugTaken(trx, fields.slug, id);
        if (taken) return taken;
        return { row: await update(trx, id, columns, by, now), action: "reverted" };
      });
    },

    trash(id, by, now) {
      return change(now, by, async (trx) => {
        const stored = await row(trx, id);
        if (!stored) {
          // Already there: nothing to change (a second press, another tab).
          const trashed = await row(trx, id, true);
          return trashed ? { row: trashed, action: null } : { ok: false, reason: "unknown" };
        }
        // A draft in the trash: restored, it is a draft (and a schedule is forgotten).
        const set = { trashedAt: now, state: "draft", publishAt: null } as const;
        return { row: await update(trx, id, set, by, now), action: "trashed" };
      });
    },

    restore(id, by, now) {
      return change(now, by, async (trx) => {
        const trashed = await row(trx, id, true);
        if (!trashed) {
          const stored = await row(trx, id);
          return stored ? { row: stored, action: null } : { ok: false, reason: "unknown" };
        }
        // Its slug is still its own: a post in the trash keeps it (slugTaken reads them too).
        return { row: await update(trx, id, { trashedAt: null }, by, now), action: "restored" };
      });
    },

    deleteForGood: (id, by, now) => removeTrashed(by, now, (q) => q.where("id", "=", id)),

    emptyTrash: (by, now) => removeTrashed(by, now, (q) => q),

    purgeTrash: (now, record) =>
      removeTrashed(TRASH_TIMER, now, (q) => q.where("trashedAt", "<=", now - TRASH_DAYS * DAY_MS), record),
  };
}
