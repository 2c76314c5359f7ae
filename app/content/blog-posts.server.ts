// A post as pages show it (`renderPost`: the body checked and rendered to HTML), and the seed:
// the Markdown files in app/content/blog/, which the server imports into the database on its
// first start (server/posts/), and which the build's page registry lists as the pages of a fresh
// site (app/config/pages.ts, for the prerender list and the tests). A broken seed post stops the
// build, naming the file and the field. Server-only, and plain Node too (react-router.config.ts →
// app/config/pages.ts), hence fs rather than import.meta.glob. How pages show the posts (labels,
// links, lists) is app/lib/blog.server.ts.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Marked, type Token, type Tokens } from "marked";
import { markdownDepthProblem } from "../config/markdown-depth.ts";
import { isMidTitle, parsePostFile, plainText } from "../config/post-file.ts";
import type { BlogFrontmatter, PostFields } from "./schemas.ts";

export type BlogSource = BlogFrontmatter & {
  /** The body as written (Markdown). */
  body: string;
  /** The body as HTML, split where the mid-title heading starts (the in-body picture goes there). */
  html: { beforeMid: string; fromMid: string };
  /** The body as plain text, for the keyword search and the feed. */
  text: string;
  words: number;
};

/** The posts' folder: beside this module in the sources, or from the project root once bundled. */
function contentDir(): string {
  const candidates = [path.join(import.meta.dirname ?? ".", "blog"), path.resolve("app/content/blog")];
  const found = candidates.find((dir) => existsSync(dir));
  if (!found) throw new Error(`Blog posts not found (looked in ${candidates.join(", ")})`);
  return found;
}

const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Where a post's link may lead: the web, an e-mail address, or a page of this site. */
const linkable = (url: string) => /^(https?:\/\/|mailto:|\/(?![/\\]))/i.test(url);

/** What the pages add to the posts' Markdown (app/lib/article.server.ts, `articleExtras`): a
 *  picture written into the body drawn (undefined: it is its description), and a paragraph that
 *  is one link alone drawn as something else (a video; undefined: a paragraph with its link). */
export type ArticleExtras = {
  picture?: (src: string, alt: string) => string | undefined;
  linkAlone?: (href: string, text: string) => string | undefined;
};

/** A token drawn by the extras before rendering (renderMarkdown). */
type Drawn = { drawn?: string };

/**
 * Posts are written in the console by staff, and read by everyone: their Markdown is the issues'
 * (docs/decisions/019). Raw HTML is shown as text, and a link to anything but the web, e-mail or
 * this site (`javascript:`, `data:` …) is its text alone. A picture written into the body is
 * its description, never loaded, unless the page's extras draw it (our own uploads, with their
 * sizes: app/lib/article.server.ts); so nothing is fetched from anyone else (the posts' checks
 * refuse any other picture when it is saved: app/config/post-rules.ts). A paragraph that is one
 * link alone may be drawn by the extras too (a YouTube or Vimeo video).
 */
const markdown = new Marked({
  gfm: true,
  renderer: {
    paragraph(token) {
      return (token as Drawn).drawn ?? `<p>${this.parser.parseInline(token.tokens)}</p>\n`;
    },
    // Headings get an id, so a section can be linked to.
    heading({ tokens, depth }) {
      const text = this.parser.parseInline(tokens);
      return `<h${depth} id="${slugify(plainText(text))}">${text}</h${depth}>\n`;
    },
    html: ({ text }) => escapeHtml(text),
    link({ href, title, tokens }) {
      const text = this.parser.parseInline(tokens);
      if (!linkable(href)) return text;
      return `<a href="${escapeHtml(href)}"${title ? ` title="${escapeHtml(title)}"` : ""}>${text}</a>`;
    },
    image(token) {
      return (token as Drawn).drawn ?? escapeHtml(token.text);
    },
  },
});

/**
 * A post as pages show it: its body rendered, split where the mid-title starts (the in-body
 * picture goes there). Posts are checked when they are written (app/config/post-file.ts: the
 * seed, `npm run posts -- import`, the console); nesting marked cannot render (it overflows its
 * stack) is refused here again, so that no page ever tries.
 */
export function renderPost(post: PostFields, where = `post ${post.id}`, extras?: ArticleExtras): BlogSource {
  const { body, ...meta } = post;
  const html = renderMarkdown(body, meta.midTitle, extras);
  if (typeof html === "string") throw new Error(`${where}: the body: ${html}`);
  const text = plainText(`${html.beforeMid} ${html.fromMid}`);
  return { ...meta, body, html, text, words: text.split(" ").length };
}

/**
 * Markdown by the posts' rules (a post's body, a newsletter issue on its page), split where the
 * heading `midTitle` starts (none: all of it before); or, for nesting marked cannot render (it
 * overflows its stack), the problem, so that no page ever tries. `extras`: what the page draws
 * of its pictures and lone links (none: pictures are their descriptions, links links).
 */
export function renderMarkdown(
  body: string,
  midTitle = "",
  extras: ArticleExtras = {},
): BlogSource["html"] | string {
  const tooDeep = markdownDepthProblem(body);
  if (tooDeep) return tooDeep;
  const tokens = markdown.lexer(body);
  markdown.walkTokens(tokens, (t) => {
    if (t.type === "image") (t as Drawn).drawn = extras.picture?.(t.href, t.text);
    if (t.type !== "paragraph" || !extras.linkAlone) return;
    // One link alone (a bare address, `<…>` or `[text](…)`), white space around it aside.
    const [link, ...rest] = (t as Tokens.Paragraph).tokens.filter(
      (inner) => !(inner.type === "text" && !inner.raw.trim()),
    );
    if (link?.type === "link" && rest.length === 0)
      (t as Drawn).drawn = extras.linkAlone(link.href, plainText(markdown.parseInline(link.text) as string));
  });
  const mid = midTitle ? tokens.findIndex((t) => isMidTitle(t, midTitle)) : -1;
  const part = (slice: Token[]) => markdown.parser(Object.assign(slice, { links: tokens.links }));
  return mid < 0
    ? { beforeMid: part(tokens), fromMid: "" }
    : { beforeMid: part(tokens.slice(0, mid)), fromMid: part(tokens.slice(mid)) };
}

function loadPost(dir: string, file: string): BlogSource {
  const read = parsePostFile(readFileSync(path.join(dir, file), "utf8"), file);
  if (!read.ok) throw new Error(`${file}:\n  ${read.problems.join("\n  ")}`);
  return renderPost(read.post, file);
}

/** Every post, newest first (ties: the higher id, written last, first). Throws, naming the file,
 *  on any invalid post. */
export function loadPosts(dir = contentDir()): BlogSource[] {
  const posts = readdirSync(dir)
    .filter((f) => f.endsWith(".md") && f !== "README.md")
    .map((f) => loadPost(dir, f))
    .sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
  const seen = new Map<number, string>();
  for (const post of posts) {
    if (seen.has(post.id))
      throw new Error(`Blog posts ${seen.get(post.id)} and ${post.slug} share the id ${post.id}`);
    seen.set(post.id, post.slug);
  }
  return posts;
}

let seed: BlogSource[] | undefined;

/** The seed's posts, newest first (read when first asked). */
export function blogSources(): readonly BlogSource[] {
  return (seed ??= loadPosts());
}
