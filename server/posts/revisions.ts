// A post's revisions (table blog_post_revision, migration 0012): every change keeps one, written
// in the transaction that makes the change, with the fields as they became, who and when. The
// console lists them, and later shows what changed between two and restores one.
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

/** A post's revisions, the newest first. */
export async function revisionsOf(q: Queries, postId: number): Promise<PostRevision[]> {
  const rows = await q
    .selectFrom("blog_post_revision")
    .selectAll()
    .where("postId", "=", postId)
    .orderBy("revision", "desc")
    .execute();
  return rows.map((r) => ({
    ...r,
    postId: Number(r.postId),
    revision: Number(r.revision),
    publishAt: r.publishAt === null ? null : Number(r.publishAt),
    at: Number(r.at),
    fields: JSON.parse(r.fields) as PostFields,
  }));
}
