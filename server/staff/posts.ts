// The staff console's posts: the list, a post in full, a new draft, saves based on the revision
// the writer started from (an older one is refused with the post as stored: nothing overwritten),
// publish (now or at a time) and unpublish (server/posts/editor.ts does the work). Every member,
// staff or owner, writes and publishes; every change is written to the audit log, and this
// instance reads the posts again at once (the others see the version move within their poll).
import type { PostEditView, PostsConsolePort, PostSummaryView } from "#app/lib/ports/posts-console.ts";
import { postFormValues, validatePost } from "#app/lib/post-form.ts";
import { authorNames } from "#app/config/post-rules.ts";
import type { Db } from "../db/index.ts";
import { createPostEditor, type PostListItem } from "../posts/editor.ts";
import { storedOf, type StoredPost } from "../posts/repository.ts";
import type { Audit } from "./audit.ts";

const summary = (
  p: PostListItem | (StoredPost & { listState: PostSummaryView["state"] }),
): PostSummaryView => ({
  id: p.id,
  title: p.title,
  slug: p.slug,
  date: p.date,
  author: p.author,
  state: p.listState,
  publishAt: p.publishAt,
  updatedAt: p.updatedAt,
  updatedBy: p.updatedBy,
  revision: p.revision,
});

export function createPostsConsole(config: {
  db: Db;
  now: () => number;
  audit: Audit;
  /** Every picture there is (the media manifest's names). */
  pictures: readonly string[];
  /** Reads the published posts again on this instance (services.posts.refresh). */
  refresh: () => Promise<void>;
}): PostsConsolePort {
  const { now, audit } = config;
  const editor = createPostEditor(config.db);
  const pictures = new Set(config.pictures);
  const authors = authorNames();

  function view(p: StoredPost, at = now()): PostEditView {
    const {
      state,
      publishAt,
      trashedAt: _t,
      createdAt,
      updatedAt: _u,
      updatedBy: _b,
      revision: _r,
      ...fields
    } = p;
    const listState =
      state === "draft" ? "draft" : publishAt !== null && publishAt > at ? "scheduled" : "published";
    return { ...summary({ ...p, listState }), fields, createdAt };
  }

  return {
    async list({ state, q, page }) {
      const list = await editor.list({ state: state === "all" ? undefined : state, q, page, now: now() });
      return { ...list, items: list.items.map(summary) };
    },

    async get(id) {
      const post = await config.db.kysely
        .selectFrom("blog_post")
        .selectAll()
        .where("id", "=", id)
        .where("trashedAt", "is", null)
        .executeTakeFirst();
      return post ? view(storedOf(post)) : null;
    },

    choices: () => ({ authors, pictures: [...pictures].sort() }),

    async save(by, id, input, baseRevision) {
      const checked = validatePost(postFormValues(input), { pictures });
      if (!checked.ok) return { ok: false, reason: "invalid", errors: checked.errors };
      const t = now();
      const result =
        id === null
          ? await editor.create(checked.fields, by, t)
          : await editor.save(id, checked.fields, baseRevision ?? -1, by, t);
      if (!result.ok) {
        if (result.reason === "slug-taken")
          return { ok: false, reason: "invalid", errors: { slug: result.message } };
        if (result.reason === "conflict")
          return { ok: false, reason: "conflict", current: view(result.current, t) };
        return result;
      }
      if (result.changed) {
        await audit(
          by,
          id === null ? "post.created" : "post.saved",
          String(result.post.id),
          result.post.title,
        );
        await config.refresh();
      }
      return { ok: true, id: result.post.id, changed: result.changed };
    },

    async publish(by, id, at = null) {
      const t = now();
      const result = await editor.publish(id, by, t, at);
      if (!result.ok) return { ok: false, reason: "unknown" };
      if (result.changed) {
        const when = result.post.publishAt;
        await audit(
          by,
          when === null ? "post.published" : "post.scheduled",
          String(id),
          when === null ? result.post.title : new Date(when).toISOString(),
        );
        await config.refresh();
      }
      return { ok: true, changed: result.changed, publishAt: result.post.publishAt };
    },

    async unpublish(by, id) {
      const result = await editor.unpublish(id, by, now());
      if (!result.ok) return { ok: false, reason: "unknown" };
      if (result.changed) {
        await audit(by, "post.unpublished", String(id), result.post.title);
        await config.refresh();
      }
      return { ok: true, changed: result.changed };
    },
  };
}
