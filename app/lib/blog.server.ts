// The blog as its pages show it, on the server: the published posts (kept by the server in the
// database, read through postsContext), rendered (app/content/blog-posts.server.ts), with their
// labels, authors and links; summaries for lists; the filters; the sidebar's counts. Built once
// per version of the published posts (`blogOf`), so a change shows on the next request.
// Server-only: the route loaders hand pages exactly the data they show, so neither the Markdown
// parser nor the posts reach the browser bundle.
import type { RouterContextProvider } from "react-router";
import { blogFilterPath, postPath } from "../config/blog.ts";
import { renderPost, type BlogSource } from "../content/blog-posts.server.ts";
import { articleExtras } from "./article.server.ts";
import { articlePictures } from "../config/post-rules.ts";
import { log } from "./log.server.ts";
import { pictureData, pictureKnown, rememberPictures } from "./media.server.ts";
import { postsContext, type PostFields } from "./ports/posts.ts";
import { blogCategories, blogTags, type BlogCategory, type BlogTag } from "../content/schemas.ts";
import { teamType } from "#app/content-types/team/type.ts";
import type { TeamMember } from "#app/content-types/team/schema.ts";
import { memberPath } from "../config/team.ts";
import { contentContext } from "./ports/content.ts";
import { formatDay, formatMonth, words } from "./format.ts";

/** Who wrote a post, as its pages show them (authorOf). */
export type BlogAuthor = {
  name: string;
  profession?: string;
  /** The first paragraph of their biography. */
  bio?: string;
  portrait?: string;
  /** Their page, while the team pages show them. */
  href?: string;
};

export type BlogPost = Omit<BlogSource, "author"> & {
  /** The canonical address (the layout with the sidebar). */
  href: string;
  /** "19 December 2023" */
  dateLabel: string;
  /** "2023-12": the archive month. */
  month: string;
  author: BlogAuthor;
  readingMinutes: number;
};

/** What a list, the sidebar or a post's neighbours show of a post. */
export type PostSummary = Pick<
  BlogPost,
  "id" | "title" | "href" | "date" | "dateLabel" | "category" | "thumb" | "excerpt" | "readingMinutes"
> & { author: string; authorPortrait?: string };

export type BlogFilter = { q?: string; category?: string; tag?: string; archive?: string };

/**
 * A post's author: the member of that name among these (every published member, those who left
 * too). A member the team pages show is linked to their page; one who left (hidden) keeps their
 * name, role, note and portrait without the link, their page being gone; a name no published
 * member has (deleted, or made a draft) is shown as the name alone: the post stays on the blog.
 */
export function authorOf(name: string, members: readonly TeamMember[]): BlogAuthor {
  const member = members.find((m) => m.name === name);
  if (!member) return { name };
  const shown = !member.hidden && pictureKnown(member.portrait);
  return {
    name: member.name,
    profession: member.profession,
    bio: member.bio[0]!,
    ...(pictureKnown(member.portrait) ? { portrait: member.portrait } : {}),
    ...(shown ? { href: memberPath(member.id) } : {}),
  };
}

function toPost(source: BlogSource, members: readonly TeamMember[]): BlogPost {
  return {
    ...source,
    href: postPath(source.id),
    dateLabel: formatDay(source.date),
    month: source.date.slice(0, 7),
    author: authorOf(source.author, members),
    readingMinutes: Math.max(1, Math.round(source.words / 200)),
  };
}

export function summary(post: BlogPost): PostSummary {
  const { id, title, href, date, dateLabel, category, thumb, excerpt, readingMinutes } = post;
  const author = post.author.name;
  return {
    id,
    title,
    href,
    date,
    dateLabel,
    category,
    thumb,
    excerpt,
    readingMinutes,
    author,
    ...(post.author.portrait ? { authorPortrait: post.author.portrait } : {}),
  };
}

/** The first two words of a title, the spec's label for previous/next links. */
export function shortTitle(title: string | undefined): string {
  const words = (title ?? "").trim().split(/\s+/).filter(Boolean);
  return words.length ? words.slice(0, 2).join(" ") : "No Title";
}

// ---------------------------------------------------------------------------------------------
// Filters: keyword, category, tag and archive month, all optional, all combined.

/** The spelling of the spec's name that matches `value` (any case), if there is one. */
const known = <T extends string>(names: readonly T[], value: string) =>
  names.find((n) => n.toLowerCase() === value.trim().toLowerCase());

/** The filter in the query string, normalised: known names in their own spelling, keyword trimmed. */
export function filterFromQuery(params: URLSearchParams): BlogFilter {
  const get = (key: string) => params.get(key)?.trim().slice(0, 100) || undefined;
  const category = get("category");
  const tag = get("tag");
  const filter: BlogFilter = {
    q: get("q"),
    category: category && (known(blogCategories, category) ?? category),
    tag: tag && (known(blogTags, tag) ?? tag),
    archive: get("archive"),
  };
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v)) as BlogFilter;
}

export function isFiltered(filter: BlogFilter): boolean {
  return Boolean(filter.q || filter.category || filter.tag || filter.archive);
}

/** The filter in words, for the page heading: "Category: health · Tagged “Education”". */
export function describeFilter(filter: BlogFilter): string {
  return [
    filter.q && `Results for “${filter.q}”`,
    filter.category && `Category: ${filter.category}`,
    filter.tag && `Tagged “${filter.tag}”`,
    filter.archive &&
      `Archive: ${/^\d{4}-\d{2}$/.test(filter.archive) ? formatMonth(filter.archive) : filter.archive}`,
  ]
    .filter(Boolean)
    .join(" · ");
}

/** The query string of a filter and page (page 1 is left out: it is the list's own address). */
export function filterQuery(filter: BlogFilter, page = 1): string {
  const params = new URLSearchParams();
  for (const key of ["q", "category", "tag", "archive"] as const)
    if (filter[key]) params.set(key, filter[key]);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "";
}

// ---------------------------------------------------------------------------------------------
// The sidebar: every count is the real number of posts.

const filterHref = (filter: BlogFilter) => `${blogFilterPath}${filterQuery(filter)}`;

export type BlogSidebar = {
  recent: PostSummary[];
  categories: Array<{ name: BlogCategory; count: number; href: string }>;
  gallery: Array<{ id: number; title: string; thumb: string; href: string }>;
  archives: Array<{ month: string; label: string; count: number; href: string }>;
  tags: Array<{ name: BlogTag; count: number; href: string }>;
};

// ---------------------------------------------------------------------------------------------
// The blog: the published posts, newest first, and everything the pages read of them.

export type Blog = ReturnType<typeof createBlog>;

/** The blog of these posts (rendered, newest first). */
export function createBlog(posts: readonly BlogPost[]) {
  const byId = new Map(posts.map((p) => [p.id, p]));
  const searchIndex = new Map(
    posts.map((p) => [
      p.id,
      words([p.title, p.excerpt, p.category, p.tags.join(" "), p.author.name, p.text].join(" ")),
    ]),
  );
  const latestPosts = (count: number) => posts.slice(0, count).map(summary);
  const countBy = (key: (p: BlogPost) => string | readonly string[]) => {
    const counts = new Map<string, number>();
    for (const p of posts) for (const k of [key(p)].flat()) counts.set(k, (counts.get(k) ?? 0) + 1);
    return counts;
  };
  let sidebar: BlogSidebar | undefined;

  return {
    allPosts: (): readonly BlogPost[] => posts,
    getPost: (id: number): BlogPost | undefined => byId.get(id),
    /** The newest posts (for the sidebar and teasers). */
    latestPosts,
    /** The posts before and after this one in the list (newest first), wrapping around at the ends. */
    neighbours(id: number): { previous: PostSummary; next: PostSummary } {
      const i = posts.findIndex((p) => p.id === id);
      const at = (k: number) => summary(posts[(k + posts.length) % posts.length]!);
      return { previous: at(i - 1), next: at(i + 1) };
    },
    /** Posts that match every part of the filter; a keyword matches word beginnings ("secur" → security). */
    filterPosts(filter: BlogFilter): BlogPost[] {
      const terms = filter.q ? words(filter.q) : [];
      return posts.filter(
        (p) =>
          (!filter.category || p.category === filter.category) &&
          (!filter.tag || (p.tags as string[]).includes(filter.tag)) &&
          (!filter.archive || p.month === filter.archive) &&
          terms.every((t) => searchIndex.get(p.id)!.some((w) => w.startsWith(t))),
      );
    },
    sidebar(): BlogSidebar {
      if (sidebar) return sidebar;
      const categories = countBy((p) => p.category);
      const tags = countBy((p) => p.tags);
      const months = countBy((p) => p.month);
      return (sidebar = {
        recent: latestPosts(3),
        categories: blogCategories
          .filter((name) => categories.has(name))
          .map((name) => ({ name, count: categories.get(name)!, href: filterHref({ category: name }) })),
        gallery: posts.slice(0, 6).map((p) => ({ id: p.id, title: p.title, thumb: p.thumb, href: p.href })),
        archives: [...months]
          .sort(([a], [b]) => b.localeCompare(a))
          .map(([month, count]) => ({
            month,
            label: formatMonth(month),
            count,
            href: filterHref({ archive: month }),
          })),
        tags: blogTags
          .filter((name) => tags.has(name))
          .map((name) => ({ name, count: tags.get(name)!, href: filterHref({ tag: name }) })),
      });
    },
  };
}

/** What an article draws: the uploaded pictures this process knows (rememberPictures), videos. */
const extras = articleExtras((name) => (pictureKnown(name) ? pictureData(name) : undefined));

// Rendered posts are kept by their fields: a new version re-renders only the posts that changed.
const rendered = new Map<number, { key: string; source: BlogSource | null }>();
let current: { version: string; blog: Blog } | undefined;

function render(fields: PostFields): BlogSource | null {
  // Its pictures that are not there (yet) are part of the key: once they are, it is drawn.
  const missing = [fields.thumb, fields.image, fields.inlineImage].filter((name) => !pictureKnown(name));
  // The article's own pictures that are not there are their descriptions until they are.
  const inArticle = articlePictures(fields.body).flatMap(({ name }) =>
    name && !pictureKnown(name) ? [name] : [],
  );
  const key = JSON.stringify([fields, missing, inArticle]);
  const kept = rendered.get(fields.id);
  if (kept?.key === key) return kept.source;
  let source: BlogSource | null;
  try {
    // Every picture it names must be there (an uploaded one, ready): else every list would fail.
    if (missing.length > 0) throw new Error(`no picture ${missing.join(", ")}`);
    source = renderPost(fields, undefined, extras);
  } catch (error) {
    // Posts are checked when they are saved or imported; one that still cannot be shown (a
    // picture it names is not in this database) is logged, and the rest of the blog is served.
    log({ level: "error", msg: "post.not-shown", id: fields.id, error: String(error) });
    source = null;
  }
  rendered.set(fields.id, { key, source });
  return source;
}

/** The blog of these posts, rendered now, their authors among these members (a preview: the
 *  console's members; the tests' blog of the seed). */
export function blogFrom(posts: readonly PostFields[], members: readonly TeamMember[] = teamType.seed): Blog {
  return createBlog(posts.map((p) => toPost(renderPost(p, undefined, extras), members)));
}

/** Whether post `id` was taken off the blog on purpose (in the trash, or deleted for good): its
 *  addresses answer 410 Gone rather than 404. */
export function postRemoved(context: Readonly<RouterContextProvider>, id: number | undefined): boolean {
  return id !== undefined && context.get(postsContext).published().removed.has(id);
}

/** The blog visitors see now: the server's published posts (postsContext), their authors the
 *  published members (contentContext), built once per version of either. */
export function blogOf(context: Readonly<RouterContextProvider>): Blog {
  const { version: postsVersion, posts, pictures } = context.get(postsContext).published();
  const content = context.get(contentContext).published();
  const version = `${postsVersion}/${content.version}`;
  if (current?.version !== version) {
    // The uploaded pictures the posts name, before any of them is drawn.
    rememberPictures(pictures);
    const members = (content.items.get(teamType.name) ?? []) as readonly TeamMember[];
    const sources = posts.map(render).filter((p) => p !== null);
    current = { version, blog: createBlog(sources.map((source) => toPost(source, members))) };
    // Only the posts published now are kept rendered.
    const ids = new Set(posts.map((p) => p.id));
    for (const id of rendered.keys()) if (!ids.has(id)) rendered.delete(id);
  }
  return current.blog;
}
