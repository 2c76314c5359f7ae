// The blog's posts: Markdown files in app/content/blog/, read, checked and turned into HTML
// once, when this module loads (at build time and when the server starts). Server-only: the
// route loaders hand pages exactly the data they show, so neither the Markdown parser nor the
// posts reach the browser bundle. Plain Node too (react-router.config.ts → app/config/pages.ts
// lists the posts to prerender), hence fs rather than import.meta.glob.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { Marked, type Token, type Tokens, type TokensList } from "marked";
import { blogFilterPath, postPath } from "../config/blog.ts";
import {
  blogCategories,
  blogFrontmatterSchema,
  blogTags,
  type BlogCategory,
  type BlogFrontmatter,
  type BlogTag,
} from "../content/schemas.ts";
import { team } from "../content/team.ts";

export type BlogAuthor = { name: string; profession: string; bio: string; portrait: string; href: string };

export type BlogPost = Omit<BlogFrontmatter, "author"> & {
  /** The canonical address (the layout with the sidebar). */
  href: string;
  /** "19 December 2023" */
  dateLabel: string;
  /** "2023-12": the archive month. */
  month: string;
  author: BlogAuthor;
  /** The body as HTML, split where the mid-title heading starts (the in-body picture goes there). */
  html: { beforeMid: string; fromMid: string };
  /** The body as plain text, for the keyword search and the feed. */
  text: string;
  words: number;
  readingMinutes: number;
};

/** What a list, the sidebar or a post's neighbours show of a post. */
export type PostSummary = Pick<
  BlogPost,
  "id" | "title" | "href" | "date" | "dateLabel" | "category" | "thumb" | "excerpt" | "readingMinutes"
> & { author: string; authorPortrait: string };

export type BlogFilter = { q?: string; category?: string; tag?: string; archive?: string };

// ---------------------------------------------------------------------------------------------
// Loading

/** The posts' folder: beside this module in the sources, or from the project root once bundled. */
function contentDir(): string {
  const candidates = [
    path.join(import.meta.dirname ?? ".", "../content/blog"),
    path.resolve("app/content/blog"),
  ];
  const found = candidates.find((dir) => existsSync(dir));
  if (!found) throw new Error(`Blog posts not found (looked in ${candidates.join(", ")})`);
  return found;
}

const decodeEntities = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

export const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const markdown = new Marked({
  gfm: true,
  renderer: {
    // Headings get an id, so a section can be linked to.
    heading({ tokens, depth }) {
      const text = this.parser.parseInline(tokens);
      return `<h${depth} id="${slugify(decodeEntities(text.replace(/<[^>]+>/g, "")))}">${text}</h${depth}>\n`;
    },
  },
});

const plain = (html: string) =>
  decodeEntities(html.replace(/<[^>]+>/g, " "))
    .replace(/\s+/g, " ")
    .trim();

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "2023-12-19" → "19 December 2023" (fixed here, so server and browser never disagree). */
export function formatDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return `${d} ${MONTHS[m! - 1]} ${y}`;
}

/** "2023-08" → "August 2023" */
export function formatMonth(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return `${MONTHS[m! - 1] ?? month} ${y}`;
}

function authorOf(name: string, file: string): BlogAuthor {
  const member = team.find((m) => m.name === name);
  if (!member) throw new Error(`${file}: author "${name}" is not in app/content/team.ts`);
  return {
    name: member.name,
    profession: member.profession,
    bio: member.bio[0]!,
    portrait: member.portrait,
    href: member.href,
  };
}

/** Checks that the body has what every post shows (the spec), and splits it at the mid-title. */
function renderBody(tokens: TokensList, meta: BlogFrontmatter, file: string) {
  const problem = (what: string) => new Error(`${file}: the body needs ${what}`);
  const isMid = (t: Token) =>
    t.type === "heading" && (t as Tokens.Heading).depth === 2 && t.text === meta.midTitle;
  const mid = tokens.findIndex(isMid);
  if (mid < 0) throw problem(`the mid-title as a heading: "## ${meta.midTitle}"`);
  const quoteFound = tokens.some(
    (t) => t.type === "blockquote" && plain(markdown.parse(t.text) as string) === meta.quote,
  );
  if (!quoteFound) throw problem(`the quote as a block quote: "> ${meta.quote}"`);
  if (!tokens.some((t) => t.type === "list")) throw problem("a bullet list");
  if (tokens.filter((t) => t.type === "paragraph").length < 3) throw problem("at least three paragraphs");
  if (tokens.some((t) => t.type === "heading" && (t as Tokens.Heading).depth === 1)) {
    throw new Error(`${file}: use ## headings in the body (the title is the page's only h1)`);
  }
  const part = (slice: Token[]) => markdown.parser(Object.assign(slice, { links: tokens.links }));
  return { beforeMid: part(tokens.slice(0, mid)), fromMid: part(tokens.slice(mid)) };
}

function loadPost(dir: string, file: string): BlogPost {
  const source = readFileSync(path.join(dir, file), "utf8");
  const { data, content } = matter(source);
  const parsed = blogFrontmatterSchema.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "(frontmatter)"}: ${i.message}`);
    throw new Error(`${file}: invalid frontmatter\n  ${issues.join("\n  ")}`);
  }
  const meta = parsed.data;
  if (`${meta.slug}.md` !== file)
    throw new Error(`${file}: the file name must be the slug (${meta.slug}.md)`);
  const tokens = markdown.lexer(content);
  const html = renderBody(tokens, meta, file);
  const text = plain(`${html.beforeMid} ${html.fromMid}`);
  const words = text.split(" ").length;
  return {
    ...meta,
    href: postPath(meta.id),
    dateLabel: formatDay(meta.date),
    month: meta.date.slice(0, 7),
    author: authorOf(meta.author, file),
    html,
    text,
    words,
    readingMinutes: Math.max(1, Math.round(words / 200)),
  };
}

/** Every post, newest first (ties: lower id first). Throws, naming the file, on any invalid post. */
export function loadPosts(dir = contentDir()): BlogPost[] {
  const posts = readdirSync(dir)
    .filter((f) => f.endsWith(".md") && f !== "README.md")
    .map((f) => loadPost(dir, f))
    .sort((a, b) => b.date.localeCompare(a.date) || a.id - b.id);
  const seen = new Map<number, string>();
  for (const post of posts) {
    if (seen.has(post.id))
      throw new Error(`Blog posts ${seen.get(post.id)} and ${post.slug} share the id ${post.id}`);
    seen.set(post.id, post.slug);
  }
  return posts;
}

const posts = loadPosts();
const byId = new Map(posts.map((p) => [p.id, p]));

// ---------------------------------------------------------------------------------------------
// Reading

export function allPosts(): readonly BlogPost[] {
  return posts;
}

export function getPost(id: number): BlogPost | undefined {
  return byId.get(id);
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
    authorPortrait: post.author.portrait,
  };
}

/** The newest posts (for the sidebar and teasers). */
export function latestPosts(count: number): PostSummary[] {
  return posts.slice(0, count).map(summary);
}

/** The posts before and after this one in the list (newest first), wrapping around at the ends. */
export function neighbours(id: number): { previous: PostSummary; next: PostSummary } {
  const i = posts.findIndex((p) => p.id === id);
  const at = (k: number) => summary(posts[(k + posts.length) % posts.length]!);
  return { previous: at(i - 1), next: at(i + 1) };
}

/** The first two words of a title, the spec's label for previous/next links. */
export function shortTitle(title: string | undefined): string {
  const words = (title ?? "").trim().split(/\s+/).filter(Boolean);
  return words.length ? words.slice(0, 2).join(" ") : "No Title";
}

// ---------------------------------------------------------------------------------------------
// Filters: keyword, category, tag and archive month, all optional, all combined.

const words = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

const searchIndex = new Map(
  posts.map((p) => [
    p.id,
    words([p.title, p.excerpt, p.category, p.tags.join(" "), p.author.name, p.text].join(" ")),
  ]),
);

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

/** Posts that match every part of the filter; a keyword matches word beginnings ("secur" → security). */
export function filterPosts(filter: BlogFilter): BlogPost[] {
  const terms = filter.q ? words(filter.q) : [];
  return posts.filter(
    (p) =>
      (!filter.category || p.category === filter.category) &&
      (!filter.tag || (p.tags as string[]).includes(filter.tag)) &&
      (!filter.archive || p.month === filter.archive) &&
      terms.every((t) => searchIndex.get(p.id)!.some((w) => w.startsWith(t))),
  );
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

const countBy = (key: (p: BlogPost) => string | readonly string[]) => {
  const counts = new Map<string, number>();
  for (const p of posts) for (const k of [key(p)].flat()) counts.set(k, (counts.get(k) ?? 0) + 1);
  return counts;
};

const sidebar: BlogSidebar = (() => {
  const categories = countBy((p) => p.category);
  const tags = countBy((p) => p.tags);
  const months = countBy((p) => p.month);
  return {
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
  };
})();

export function blogSidebar(): BlogSidebar {
  return sidebar;
}
