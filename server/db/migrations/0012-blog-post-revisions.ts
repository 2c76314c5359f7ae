// The posts' revisions (issue 28): every change to a post (written in the console, published,
// unpublished, imported) keeps one row with the post's fields as they became, who made it and
// when, so that the console can list them, show what changed between two, and restore one.
// `revision` is the post's own counter (blog_post.revision) at that change. The posts already
// kept get their present state as their first row here.
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

type Row = Record<string, unknown>;

/** The fields of a post row (snake_case: migrations run without the CamelCasePlugin) as the
 *  revisions keep them: PostFields, tags as an array again. */
const fieldsOf = (r: Row) =>
  JSON.stringify({
    id: Number(r.id),
    slug: r.slug,
    title: r.title,
    date: r.date,
    author: r.author,
    category: r.category,
    tags: JSON.parse(String(r.tags)) as unknown,
    excerpt: r.excerpt,
    midTitle: r.mid_title,
    quote: r.quote,
    thumb: r.thumb,
    image: r.image,
    inlineImage: r.inline_image,
    imageAlt: r.image_alt,
    body: r.body,
  });

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("blog_post_revision")
      .addColumn("post_id", "integer", (c) => c.notNull())
      .addColumn("revision", "integer", (c) => c.notNull())
      // created, saved, published, scheduled, unpublished, imported, seed
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("publish_at", "bigint")
      /** PostFields as JSON (app/lib/ports/posts.ts). */
      .addColumn("fields", "text", (c) => c.notNull())
      .addColumn("by", "text", (c) => c.notNull())
      .addColumn("at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("blog_post_revision_pk", ["post_id", "revision"])
      .execute();
    const k = db as Kysely<Record<string, Row>>;
    const posts = await k.selectFrom("blog_post").selectAll().execute();
    for (const r of posts) {
      await k
        .insertInto("blog_post_revision")
        .values({
          post_id: r.id,
          revision: r.revision,
          action: r.updated_by === "seed" ? "seed" : "imported",
          state: r.state,
          publish_at: r.publish_at,
          fields: fieldsOf(r),
          by: r.updated_by,
          at: r.updated_at,
        })
        .execute();
    }
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("blog_post_revision").execute();
  },
};
