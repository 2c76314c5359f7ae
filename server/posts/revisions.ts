// A post's revisions (table blog_post_revision, migration 0012): every change keeps one, written
// in the transaction that makes the change, with the fields as they became, who and when. The
// console lists them, shows what changed between two (./compare.ts) and saves one again
// (editor.ts: restoreRevision). A post deleted for good loses its revisions with it.
import type { Selectable } from "kysely";
import type { Queries } from "../db/index.ts";
import type { PostFields } from "#app/lib/ports/posts.ts";
import type { PostState } from "#app/config/post-file.ts";
import type { BlogPostRevisionTable, PostRevisionAction } from "./tables.ts";

export type PostRevision = Omit<BlogPostRevisionTable, "fields"> & { fields: PostFields };

/** Keeps the post as it is after a change (`revision`: its counter after it). */
export async function keepRevision(
  trx: Queries,
  post: PostFields & { state: PostState; publishAt: number | null; revision: number },
  action: PostRevisionAction,
  by: string,
  at: number,
): Promise<void> {
  const { state, publishAt, revision, ...rest } = post;
  const fields: PostFields = {
    id: rest.id,
    slug: rest.slug,
    title: rest.title,
    date: rest.date,
    author: rest.author,
    category: rest.category,
    tags: rest.tags,
    excerpt: rest.excerpt,
    midTitle: rest.midTitle,
    quote: rest.quote,
    thumb: rest.thumb,
    image: rest.image,
    inlineImage: rest.inlineImage,
    imageAlt: rest.imageAlt,
    body: rest.body,
  };
  await trx
    .insertInto("blog_post_revision")
    .values({
      postId: fields.id,
      revision,
      action,
      state,
      publishAt,
      fields: JSON.stringify(fields),
      by,
      at,
    })
    .execute();
}

type RevisionRow = Selectable<BlogPostRevisionTable>;

const rowsOf = (q: Queries, postId: number) =>
  q.selectFrom("blog_post_revision").selectAll().where("postId", "=", postId);

const revisionFrom = (r: RevisionRow): PostRevision => ({
  ...r,
  postId: Number(r.postId),
  revision: Number(r.revision),
  publishAt: r.publishAt === null ? null : Number(r.publishAt),
  at: Number(r.at),
  fields: JSON.parse(r.fields) as PostFields,
});

/** A post's revisions, the newest first. */
export async function revisionsOf(q: Queries, postId: number): Promise<PostRevision[]> {
  const rows = await rowsOf(q, postId).orderBy("revision", "desc").execute();
  return rows.map(revisionFrom);
}

/** One revision of a post, if it has it. */
export async function revisionOf(
  q: Queries,
  postId: number,
  revision: number,
): Promise<PostRevision | undefined> {
  if (!Number.isSafeInteger(revision)) return undefined;
  const row = await rowsOf(q, postId).where("revision", "=", revision).executeTakeFirst();
  return row && revisionFrom(row);
}
