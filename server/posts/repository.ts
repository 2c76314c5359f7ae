// The blog's posts in the database (./tables.ts): what visitors see, every post for the console and
// `npm run posts`, and the imports (the seed on the first start, `npm run posts -- import`).
// Every change moves the one version row in the same transaction; each server instance polls it
// (./index.ts). The posts' fields are checked before they get here (app/config/post-file.ts).
import type { VersionSource } from "../version-watch.ts";
import { writeTransaction, type Db, type Queries } from "../db/index.ts";
import type { PostState } from "#app/config/post-file.ts";
import type { PostFields } from "#app/lib/ports/posts.ts";
import type { BlogPostTable } from "./tables.ts";
import { keepRevision } from "./revisions.ts";

/** A post as kept: its fields, whether and when visitors see it, and its history so far. */
export type StoredPost = PostFields &
  Pick<
    BlogPostTable,
    "state" | "publishAt" | "trashedAt" | "createdAt" | "updatedAt" | "updatedBy" | "revision"
  >;

/** A post to import: its fields, and its state (published when not given). */
export type ImportedPost = PostFields & { state?: PostState };

export type ImportResult = { added: number; changed: number; unchanged: number; version: number };

/** An import that would break the posts (two posts with one slug…): nothing was written. */
export class PostImportError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`The posts were not imported:\n  ${problems.join("\n  ")}`);
    this.problems = problems;
  }
}

export type PostRepository = {
  /** What visitors see at `now`: published, due (no publish time, or passed), not in the trash;
   *  newest first (date, then the lower id). */
  published(now: number): Promise<PostFields[]>;
  /** The published posts with the version they are of (read again until both agree), and the
   *  numbers of the posts in the trash or deleted for good (their addresses answer 410). */
  snapshot(now: number): Promise<{ version: number; posts: PostFields[]; removed: number[] }>;
  /** Every post, in the trash or not, newest first. */
  all(): Promise<StoredPost[]>;
  get(id: number): Promise<StoredPost | undefined>;
  /** Moves with every change; 0 before the posts were first imported. */
  version(): Promise<number>;
  /** Whether the posts were ever imported (the seed or `npm run posts -- import`): from then on,
   *  the database is the posts' source. */
  seeded(): Promise<boolean>;
  /** The first import (by 'seed'), unless the posts were imported already, here or by another
   *  instance at the same time: true when this call imported them. */
  seed(posts: readonly ImportedPost[], now: number): Promise<boolean>;
  /** Adds the posts, or replaces those with the same id (keeping when they were created), in one
   *  transaction; a post that is the same as kept is left alone. Refuses (PostImportError,
   *  nothing written) two posts with one id or slug, a slug another post keeps, or the number of
   *  a post deleted for good (never given again). */
  importPosts(posts: readonly ImportedPost[], by: string, now: number): Promise<ImportResult>;
  /** An uploaded picture became ready: when a post names it (imported before it was converted),
   *  the version moves, so that every instance reads the posts, and their pictures, again. */
  pictureReady(name: string, now: number): Promise<boolean>;
};

const VERSION_ROW = 1;

/** The posts' version as the instances' one poll reads it (server/version-watch.ts). */
export const postsVersion: VersionSource = (eb) =>
  eb.selectFrom("blog_post_version").select("version").where("id", "=", VERSION_ROW);
/** Ids read in one query (SQLite binds at most 32,766 values). */
const CHUNK = 500;

type Row = BlogPostTable;

/**
 * An import's first statement: the version row, written if missing, else updated to itself. On
 * PostgreSQL its row lock makes an import started meanwhile elsewhere wait for this one to end and
 * then read what it wrote (SQLite's BEGIN IMMEDIATE does that for the whole file).
 */
export async function lockVersion(trx: Queries, now: number): Promise<void> {
  await trx
    .insertInto("blog_post_version")
    .values({ id: VERSION_ROW, version: 0, createdAt: now, updatedAt: now })
    .onConflict((oc) =>
      oc.column("id").doUpdateSet((eb) => ({ version: eb.ref("blog_post_version.version") })),
    )
    .execute();
}

/** The fields of a post, as PostFields has them (app/lib/ports/posts.ts). */
function fieldsOf(row: Row): PostFields {
  return {
    id: Number(row.id),
    slug: row.slug,
    title: row.title,
    date: row.date,
    author: row.author,
    category: row.category,
    tags: JSON.parse(row.tags) as PostFields["tags"],
    excerpt: row.excerpt,
    midTitle: row.midTitle,
    quote: row.quote,
    thumb: row.thumb,
    image: row.image,
    inlineImage: row.inlineImage,
    imageAlt: row.imageAlt,
    body: row.body,
  };
}

/** A post row as the app reads it (times as numbers, tags as an array). */
export const storedOf = (row: Row): StoredPost => ({
  ...fieldsOf(row),
  state: row.state,
  publishAt: row.publishAt === null ? null : Number(row.publishAt),
  trashedAt: row.trashedAt === null ? null : Number(row.trashedAt),
  createdAt: Number(row.createdAt),
  updatedAt: Number(row.updatedAt),
  updatedBy: row.updatedBy,
  revision: Number(row.revision),
});

/** The columns an import writes of a post. */
function columnsOf(post: ImportedPost) {
  const { state = "published", tags, ...fields } = post;
  return { ...fields, tags: JSON.stringify(tags), state, publishAt: null, trashedAt: null };
}

const sameAs = (row: Row, columns: ReturnType<typeof columnsOf>) =>
  Object.entries(columns).every(([key, value]) => {
    const kept = row[key as keyof Row];
    return typeof value === "number" ? Number(kept) === value : kept === value;
  });

/** What in these posts cannot be kept as they are: one id or slug twice, or a slug that stays
 *  with another post (`kept`: every post's slug by id). */
function conflicts(posts: readonly ImportedPost[], kept: ReadonlyMap<number, string>): string[] {
  const problems: string[] = [];
  const ids = new Set<number>();
  const slugs = new Map<string, number>();
  for (const p of posts) {
    if (ids.has(p.id)) problems.push(`id ${p.id}: given twice`);
    ids.add(p.id);
    const other = slugs.get(p.slug);
    if (other !== undefined && other !== p.id)
      problems.push(`slug "${p.slug}": given to posts ${other} and ${p.id}`);
    slugs.set(p.slug, p.id);
  }
  for (const [id, slug] of kept) {
    const taker = slugs.get(slug);
    if (taker !== undefined && taker !== id && !ids.has(id))
      problems.push(`slug "${slug}" (post ${taker}): post ${id} has it`);
  }
  return problems;
}

export function createPostRepository(db: Db): PostRepository {
  const k = db.kysely;

  async function version(q: Queries = k): Promise<number> {
    const row = await q
      .selectFrom("blog_post_version")
      .select("version")
      .where("id", "=", VERSION_ROW)
      .executeTakeFirst();
    return row ? Number(row.version) : 0;
  }

  async function published(now: number): Promise<PostFields[]> {
    const rows = await k
      .selectFrom("blog_post")
      .selectAll()
      .where("state", "=", "published")
      .where((eb) => eb.or([eb("publishAt", "is", null), eb("publishAt", "<=", now)]))
      .where("trashedAt", "is", null)
      // Newest first: by the post's day, and on one day the one written last first (a post
      // published today goes to the top, not below every other post of the day).
      .orderBy("date", "desc")
      .orderBy("id", "desc")
      .execute();
    return rows.map(fieldsOf);
  }

  /** The posts in the trash and those deleted for good (server/posts/editor.ts). */
  async function removed(): Promise<number[]> {
    const rows = await k
      .selectFrom("blog_post")
      .select("id")
      .where("trashedAt", "is not", null)
      .unionAll(k.selectFrom("blog_post_tombstone").select("id"))
      .execute();
    return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  }

  const imported = (by: string) => (by === "seed" ? "seed" : "imported");

  /** Writes the posts (checked first): counts what was added, changed and left alone. */
  async function write(trx: Queries, posts: readonly ImportedPost[], by: string, now: number) {
    const slugs = await trx.selectFrom("blog_post").select(["id", "slug"]).execute();
    const kept = new Map(slugs.map((r) => [Number(r.id), r.slug]));
    const deleted = new Set(
      (await trx.selectFrom("blog_post_tombstone").select("id").execute()).map((r) => Number(r.id)),
    );
    const problems = [
      ...conflicts(posts, kept),
      ...posts.filter((p) => deleted.has(p.id)).map((p) => `id ${p.id}: a post deleted for good had it`),
    ];
    if (problems.length > 0) throw new PostImportError(problems);
    const rows = new Map<number, Row>();
    const ids = posts.map((p) => p.id).filter((id) => kept.has(id));
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = await trx
        .selectFrom("blog_post")
        .selectAll()
        .where("id", "in", ids.slice(i, i + CHUNK))
        .execute();
      for (const row of chunk) rows.set(Number(row.id), row);
    }
    // Posts that take one another's slug: each moving one gives its slug up first (unique).
    for (const p of posts) {
      if (kept.has(p.id) && kept.get(p.id) !== p.slug)
        await trx
          .updateTable("blog_post")
          .set({ slug: `#${p.id}` })
          .where("id", "=", p.id)
          .execute();
    }
    const counts = { added: 0, changed: 0, unchanged: 0 };
    for (const post of posts) {
      const columns = columnsOf(post);
      const row = rows.get(post.id);
      if (!row) {
        await trx
          .insertInto("blog_post")
          .values({ ...columns, createdAt: now, updatedAt: now, updatedBy: by, revision: 1 })
          .execute();
        await keepRevision(trx, { ...post, ...columns, tags: post.tags, revision: 1 }, imported(by), by, now);
        counts.added++;
      } else if (sameAs(row, columns)) {
        counts.unchanged++;
      } else {
        await trx
          .updateTable("blog_post")
          .set((eb) => ({ ...columns, updatedAt: now, updatedBy: by, revision: eb("revision", "+", 1) }))
          .where("id", "=", post.id)
          .execute();
        const revision = Number(row.revision) + 1;
        await keepRevision(trx, { ...post, ...columns, tags: post.tags, revision }, imported(by), by, now);
        counts.changed++;
      }
    }
    return counts;
  }

  return {
    published,

    async snapshot(now) {
      let before = await version();
      for (let tries = 0; ; tries++) {
        const [posts, gone] = await Promise.all([published(now), removed()]);
        const after = await version();
        // Every change moves the version in its transaction: unmoved, the posts are of `before`.
        // Still moving after a few tries: these posts are newer than `before`, and the next poll
        // (seeing `after`) reads them again.
        if (after === before || tries === 3) return { version: before, posts, removed: gone };
        before = after;
      }
    },

    async all() {
      const rows = await k
        .selectFrom("blog_post")
        .selectAll()
        .orderBy("date", "desc")
        .orderBy("id", "desc")
        .execute();
      return rows.map(storedOf);
    },

    async get(id) {
      const row = await k.selectFrom("blog_post").selectAll().where("id", "=", id).executeTakeFirst();
      return row && storedOf(row);
    },

    version: () => version(),

    async seeded() {
      const row = await k
        .selectFrom("blog_post_version")
        .select("id")
        .where("id", "=", VERSION_ROW)
        .executeTakeFirst();
      return row !== undefined;
    },

    seed(posts, now) {
      return writeTransaction(db, async (trx) => {
        // The version row is the marker: the instance that writes it imports, one starting at the
        // same time waits for that (the key is unique) and finds it there.
        const marked = await trx
          .insertInto("blog_post_version")
          .values({ id: VERSION_ROW, version: 1, createdAt: now, updatedAt: now })
          .onConflict((oc) => oc.column("id").doNothing())
          .returning("id")
          .executeTakeFirst();
        if (!marked) return false;
        await write(trx, posts, "seed", now);
        return true;
      });
    },

    importPosts(posts, by, now) {
      return writeTransaction(db, async (trx) => {
        await lockVersion(trx, now);
        const counts = await write(trx, posts, by, now);
        if (counts.added + counts.changed > 0) {
          await trx
            .updateTable("blog_post_version")
            .set((eb) => ({ version: eb("version", "+", 1), updatedAt: now }))
            .where("id", "=", VERSION_ROW)
            .execute();
        }
        return { ...counts, version: await version(trx) };
      });
    },

    pictureReady(name, now) {
      return writeTransaction(db, async (trx) => {
        await lockVersion(trx, now);
        const named = await trx
          .selectFrom("blog_post")
          .select("id")
          .where((eb) =>
            eb.or([
              eb("thumb", "=", name),
              eb("image", "=", name),
              eb("inlineImage", "=", name),
              // Written into the article: `![…](/media/u/…)`.
              eb("body", "like", `%/media/${name}%`),
            ]),
          )
          .limit(1)
          .executeTakeFirst();
        if (!named) return false;
        await trx
          .updateTable("blog_post_version")
          .set((eb) => ({ version: eb("version", "+", 1), updatedAt: now }))
          .where("id", "=", VERSION_ROW)
          .execute();
        return true;
      });
    },
  };
}
