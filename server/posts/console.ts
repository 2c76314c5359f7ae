// The staff console's posts: the list, a post in full, a new draft, saves based on the revision
// the writer started from (an older one is refused with the post as stored: nothing overwritten),
// publish (now or at a time) and unpublish, the revisions (compared, one saved again), the trash,
// and a newsletter issue started from a published post (server/posts/editor.ts does the posts'
// work). Every member, staff or owner, writes, publishes and moves posts to the trash; only
// owners delete for good (refused here whatever the page sent). Every change is written to the
// audit log, and this instance reads the posts again at once (the others within their poll).
import type {
  PostEditView,
  PostRevisionView,
  PostsConsolePort,
  PostSummaryView,
} from "#app/lib/ports/posts-console.ts";
import type { IssuesPort } from "#app/lib/ports/issues.ts";
import { postFormValues, validatePost } from "#app/lib/post-form.ts";
import { postPath } from "#app/config/blog.ts";
import type { MediaEntry } from "#app/lib/media.server.ts";
import { uploadedInText } from "#app/lib/picture-upload.ts";
import type { Db } from "../db/index.ts";
import { compareFields } from "./compare.ts";
import { createPostEditor, type PostListItem, type PostDependents } from "./editor.ts";
import { storedOf, type StoredPost } from "./repository.ts";
import type { PostRevision } from "./revisions.ts";
import type { UploadedPictures } from "../pictures/index.ts";
import type { Audit } from "../audit.ts";

const revisionView = (r: PostRevision): PostRevisionView => ({
  revision: r.revision,
  action: r.action,
  by: r.by,
  at: r.at,
  state: r.state,
  publishAt: r.publishAt,
});

const summary = (
  p: PostListItem | (StoredPost & { listState: PostSummaryView["state"] }),
): PostSummaryView => ({
  id: p.id,
  title: p.title,
  slug: p.slug,
  date: p.date,
  author: p.author,
  thumb: p.thumb,
  state: p.listState,
  publishAt: p.publishAt,
  trashedAt: p.trashedAt,
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
  /** Their entries (./pictures.ts: manifestEntries), for an issue carrying a post whole. */
  manifest?: Readonly<Record<string, MediaEntry>>;
  /** The pictures staff uploaded (server/pictures/): the ready ones may be chosen too. */
  uploaded?: UploadedPictures;
  /** Reads the published posts again on this instance (services.posts.refresh). */
  refresh: () => Promise<void>;
  /** The team published now (server/content/): the posts' authors. */
  team: () => readonly { name: string; hidden?: boolean }[];
  /** The newsletter's issues: "send to subscribers" starts a draft there. */
  issues: Pick<IssuesPort, "save" | "createFromPost">;
  /** The site's public origin (SITE_ORIGIN): the issue links to the post there. */
  siteUrl: string;
  /** What goes with a post deleted for good (its comments: server/services.ts wires them). */
  dependents: PostDependents;
}): PostsConsolePort {
  const { now, audit } = config;
  const editor = createPostEditor(config.db, config.dependents);
  const pictures = new Set(config.pictures);
  const manifest = config.manifest ?? {};
  /** Who may be an author: every member published (one who left too: their posts are saved
   *  again); offered: those the team pages show. */
  const authors = () => config.team().map((m) => m.name);
  const offered = () =>
    config
      .team()
      .filter((m) => !m.hidden)
      .map((m) => m.name);

  function view(p: StoredPost, at = now()): PostEditView {
    const {
      state,
      publishAt,
      trashedAt,
      createdAt,
      updatedAt: _u,
      updatedBy: _b,
      revision: _r,
      ...fields
    } = p;
    const listState =
      trashedAt !== null
        ? "trash"
        : state === "draft"
          ? "draft"
          : publishAt !== null && publishAt > at
            ? "scheduled"
            : "published";
    return { ...summary({ ...p, listState }), fields, createdAt };
  }

  /** The post in full, in the trash or not. */
  async function get(id: number): Promise<PostEditView | null> {
    const post = await config.db.kysely
      .selectFrom("blog_post")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    if (!post) return null;
    const shown = view(storedOf(post));
    return { ...shown, pictures: await uploadedOf(shown.fields) };
  }

  /** The entries of the uploaded pictures a post's fields name that are ready (read now): its
   *  three, and those written into its article. */
  async function uploadedOf(fields: { thumb: string; image: string; inlineImage: string; body: string }) {
    const names = [fields.thumb, fields.image, fields.inlineImage, ...uploadedInText(fields.body)];
    return config.uploaded && names.some((n) => n.startsWith("u/")) ? config.uploaded.entries(names) : {};
  }

  /** The form's fields by the rules of a save: the site's pictures and the ready uploaded ones. */
  async function check(input: unknown) {
    const values = postFormValues(input);
    const uploaded = await uploadedOf(values);
    const checked = validatePost(values, {
      pictures: new Set([...pictures, ...Object.keys(uploaded)]),
      authors: authors(),
    });
    return { checked, uploaded };
  }

  return {
    async list({ state, q, page }) {
      const list = await editor.list({ state: state === "all" ? undefined : state, q, page, now: now() });
      const thumbs = list.items.map((p) => p.thumb).filter((name) => name.startsWith("u/"));
      const uploaded = config.uploaded && thumbs.length > 0 ? await config.uploaded.entries(thumbs) : {};
      return { ...list, items: list.items.map(summary), pictures: uploaded };
    },

    get,

    // The uploaded pictures first, the newest first; then the site's own.
    choices: () => ({
      authors: offered(),
      pictures: [...(config.uploaded?.names() ?? []), ...[...pictures].sort()],
    }),

    async draft(input, id) {
      const { checked, uploaded } = await check(input);
      if (!checked.ok) return { ok: false, errors: checked.errors };
      return { ok: true, fields: { id: id ?? 0, ...checked.fields }, pictures: uploaded };
    },

    async save(by, id, input, baseRevision) {
      const { checked } = await check(input);
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

    async revisions(id) {
      const list = await editor.revisions(id);
      return list.length === 0 ? null : list.map(revisionView);
    },

    async compare(id, from, to) {
      const [a, b] = await Promise.all([editor.revision(id, from), editor.revision(id, to)]);
      if (!a || !b) return null;
      return { from: revisionView(a), to: revisionView(b), changes: compareFields(a.fields, b.fields) };
    },

    async restoreRevision(by, id, revision, baseRevision) {
      const t = now();
      // Today's rules: a revision kept before a picture was removed (or a rule tightened) is not
      // saved again as it was; the message names what to change.
      // The uploaded pictures the revision names count when they are still there and ready.
      const kept = await editor.revision(id, revision);
      const uploaded = kept ? Object.keys(await uploadedOf(kept.fields)) : [];
      const check = (fields: object) => {
        const checked = validatePost(postFormValues(fields), {
          pictures: new Set([...pictures, ...uploaded]),
          authors: authors(),
        });
        return checked.ok ? null : Object.values(checked.errors).join(" ");
      };
      const result = await editor.restoreRevision(id, revision, baseRevision, by, t, check);
      if (!result.ok) {
        if (result.reason === "conflict")
          return { ok: false, reason: "conflict", current: view(result.current, t) };
        if (result.reason === "slug-taken") return { ok: false, reason: "invalid", message: result.message };
        return result;
      }
      if (result.changed) {
        await audit(
          by,
          "post.reverted",
          String(id),
          `revision ${revision} saved again as ${result.post.revision}`,
        );
        await config.refresh();
      }
      return { ok: true, changed: result.changed, revision: result.post.revision };
    },

    async trash(by, id) {
      const result = await editor.trash(id, by, now());
      if (!result.ok) return { ok: false, reason: "unknown" };
      if (result.changed) {
        await audit(by, "post.trashed", String(id), result.post.title);
        await config.refresh();
      }
      return { ok: true, changed: result.changed };
    },

    async restore(by, id) {
      const result = await editor.restore(id, by, now());
      if (!result.ok) return { ok: false, reason: "unknown" };
      if (result.changed) {
        await audit(by, "post.restored", String(id), result.post.title);
        await config.refresh();
      }
      return { ok: true, changed: result.changed };
    },

    async deleteForGood(member, id) {
      if (member.role !== "owner") return { ok: false, reason: "forbidden" };
      const [removed] = await editor.deleteForGood(id, member.email, now());
      if (!removed) return { ok: false, reason: "unknown" };
      await audit(member.email, "post.deleted", String(id), removed.title);
      await config.refresh();
      return { ok: true, title: removed.title };
    },

    async emptyTrash(member) {
      if (member.role !== "owner") return { ok: false, reason: "forbidden" };
      const removed = await editor.emptyTrash(member.email, now());
      for (const p of removed) await audit(member.email, "post.deleted", String(p.id), p.title);
      if (removed.length > 0) await config.refresh();
      return { ok: true, removed: removed.length };
    },

    async sendToSubscribers(by, id, mode = "excerpt") {
      const post = await get(id);
      if (!post) return { ok: false, reason: "unknown" };
      if (post.state !== "published") return { ok: false, reason: "not-published" };
      const path = postPath(id, "sidebar");
      if (mode === "whole") {
        // A copy of the post (server/newsletter/issue-post.ts says why a copy): its pictures
        // with their entries, the uploaded ones' from their rows, the site's from the manifest.
        const picture = (name: string) =>
          post.pictures?.[name] ?? (Object.hasOwn(manifest, name) ? manifest[name] : undefined);
        const image = picture(post.fields.image);
        const inline = picture(post.fields.inlineImage);
        if (!image || !inline) return { ok: false, reason: "missing-picture" };
        const saved = await config.issues.createFromPost(by, {
          subject: post.title,
          body: post.fields.body,
          post: {
            id,
            revision: post.revision,
            path,
            author: post.fields.author,
            date: post.fields.date,
            excerpt: post.fields.excerpt,
            midTitle: post.fields.midTitle,
            image: { name: post.fields.image, entry: image, alt: post.fields.imageAlt },
            inlineImage: { name: post.fields.inlineImage, entry: inline },
            pictures: [...uploadedInText(post.fields.body)].flatMap((name) => {
              const entry = picture(name);
              return entry ? [{ name, entry }] : [];
            }),
          },
        });
        if (!saved.ok) throw new Error(`A post's issue was refused: ${JSON.stringify(saved)}`);
        await audit(by, "post.sent-to-subscribers", String(id), `issue ${saved.id} (the whole post)`);
        return { ok: true, issueId: saved.id };
      }
      const link = `${config.siteUrl.replace(/\/$/, "")}${path}`;
      // The excerpt as written: the issue's Markdown shows raw HTML as text, and its plain-text part
      // is the body itself (escaping would show there as backslashes).
      const body = `${post.fields.excerpt}\n\n[Read the article on our blog](${link})\n`;
      const saved = await config.issues.save(by, null, { subject: post.title, body });
      if (!saved.ok) throw new Error(`A post's issue was refused: ${JSON.stringify(saved)}`);
      await audit(by, "post.sent-to-subscribers", String(id), `issue ${saved.id}`);
      return { ok: true, issueId: saved.id };
    },
  };
}
