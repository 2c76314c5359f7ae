// The posts as the console writes them: the list (state filters with counts, search, 50 a
// page), a new post, a save based on a revision, publish (now or at a time) and unpublish. Every
// change is one transaction that takes the version row first (lockVersion: one writer at a time,
// on every instance), writes the post, keeps a revision (./revisions.ts) and moves the version, so
// that every instance reads the posts again. A save based on an older revision than the stored one
// is refused with the stored post: nothing is ever silently overwritten. The fields are checked
// before they get here (app/config/post-rules.ts).
import { sql, type SqlBool } from "kysely";
import type { PostFields } from "#app/lib/ports/posts.ts";
import { writeTransaction, type Db, type Queries } from "../db/index.ts";
import { lockVersion, storedOf, type StoredPost } from "./repository.ts";
import { keepRevision, revisionsOf, type PostRevision } from "./revisions.ts";
import type { PostRevisionAction } from "./tables.ts";

/** A post's fields as the editor sends them: all but its number, which the post gets when made. */
export type PostInput = Omit<PostFields, "id">;

/** How the console lists a post: a draft, published but due later, or shown to visitors. */
export const POST_LIST_STATES = ["draft", "scheduled", "published"] as const;
export type PostListState = (typeof POST_LIST_STATES)[number];

export const POSTS_PAGE_SIZE = 50;

export type PostListItem = Omit<StoredPost, "body"> & { listState: PostListState };

export type PostList = {
  items: PostListItem[];
  /** How many posts match the search in each state, and in all. */
  counts: Record<PostListState | "all", number>;
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

export type PostEditor = {
  /** `now`: what counts as scheduled (a publish time after it). Trashed posts are not listed. */
  list(query: { state?: PostListState; q?: string; page?: number; now: number }): Promise<PostList>;
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
};

type Row = Parameters<typeof storedOf>[0];
type Query = ReturnType<typeof listed>;

const listed = (q: Queries) => q.selectFrom("blog_post").where("trashedAt", "is", null);

function filtered(q: Query, state: PostListState | "all", now: number): Query {
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

const listState = (p: { state: string; publishAt: number | null }, now: number): PostListState =>
  p.state === "draft" ? "draft" : p.publishAt !== null && p.publishAt > now ? "scheduled" : "published";

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

export function createPostEditor(db: Db): PostEditor {
  const k = db.kysely;

  async function count(q: Query): Promise<number> {
    const row = await q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    return Number(row.n);
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
  function change(
    now: number,
    by: string,
    fn: (
      trx: Queries,
    ) => Promise<{ row: Row; action: PostRevisionAction } | { row: Row; action: null } | EditRefusal>,
  ): Promise<EditResult> {
    return writeTransaction(db, async (trx) => {
      await lockVersion(trx, now);
      const outcome = await fn(trx);
      if ("ok" in outcome) return outcome;
      const post = storedOf(outcome.row);
      if (outcome.action === null) return { ok: true, post, changed: false };
      await keepRevision(trx, post, outcome.action, by, now);
      await trx
        .updateTable("blog_post_version")
        .set((eb) => ({ version: eb("version", "+", 1), updatedAt: now }))
        .where("id", "=", 1)
        .execute();
      return { ok: true, post, changed: true };
    });
  }

  const row = (trx: Queries, id: number) =>
    trx
      .selectFrom("blog_post")
      .selectAll()
      .where("id", "=", id)
      .where("trashedAt", "is", null)
      .executeTakeFirst();

  /** Writes `set` on the post and returns the row as it became (its revision moved by one). */
  async function update(trx: Queries, id: number, set: Partial<Row>, by: string, now: number): Promise<Row> {
    await trx
      .updateTable("blog_post")
      .set((eb) => ({ ...set, updatedAt: now, updatedBy: by, revision: eb("revision", "+", 1) }))
      .where("id", "=", id)
      .execute();
    return (await row(trx, id))!;
  }

  return {
    async list({ state, q = "", page = 1, now }) {
      const matching = search(listed(k), q.trim());
      const all = ["all", ...POST_LIST_STATES] as const;
      const totals = await Promise.all(all.map((s) => count(filtered(matching, s, now))));
      const counts = Object.fromEntries(all.map((s, i) => [s, totals[i]!])) as PostList["counts"];
      const shown = state ?? "all";
      const pages = Math.max(1, Math.ceil(counts[shown] / POSTS_PAGE_SIZE));
      const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
      const rows = await filtered(matching, shown, now)
        .selectAll()
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
        const highest = await trx
          .selectFrom("blog_post")
          .select((eb) => eb.fn.max("id").as("id"))
          .executeTakeFirst();
        const id = Number(highest?.id ?? 0) + 1;
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
  };
}
