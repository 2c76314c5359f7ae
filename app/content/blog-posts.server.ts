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
import { ownPicture } from "../config/post-rules.ts";
import type { PictureData } from "../lib/media.ts";
import { pictureHtml, videoHtml } from "../lib/post-html.ts";
import { videoFromUrl } from "../lib/video-embed.ts";
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

/** The uploaded pictures there are, by name (`u/…`): the renderer draws only those. */
export type ArticlePictures = (name: string) => PictureData | undefined;

/** An image token with what it shows resolved before rendering (renderMarkdown). */
type PictureToken = Tokens.Image & { picture?: PictureData };

/** The video a paragraph is, when it is a YouTube or Vimeo link alone (a bare address, `<…>`,
 *  or `[title](…)`); its title the link's text, or the site's name when it is the address. */
function paragraphVideo(tokens: readonly Token[], inline: (tokens: Token[]) => string) {
  const [link, ...rest] = tokens.filter((t) => !(t.type === "text" && !t.raw.trim()));
  if (rest.length > 0 || link?.type !== "link") return null;
  const text = plainText(inline((link as Tokens.Link).tokens));
  const video = videoFromUrl(link.href, "");
  if (!video || video.provider === "custom") return null;
  const named =
    text && text !== link.href ? text : `A video on ${video.provider === "youtube" ? "YouTube" : "Vimeo"}`;
  return { ...video, title: named };
}

/**
 * Posts are written in the console by staff, and read by everyone: their Markdown is the issues'
 * (docs/decisions/019). Raw HTML is shown as text, and a link to anything but the web, e-mail or
 * this site (`javascript:`, `data:` …) is its text alone. A picture written into the body is
 * drawn only when it is one of our own uploads (`/media/u/…`, ready): with its AVIF and WebP
 * sizes, its size and its alt; any other (another site, `data:`, a path elsewhere, an upload
 * that is not there) is its description alone, never loaded, so nothing is fetched from anyone
 * else (the posts' checks refuse such a picture when it is saved: app/config/post-rules.ts). A
 * YouTube or Vimeo link alone on its line is a video: a plain link here, which the post page
 * draws as the site's click-to-load player (app/lib/post-html.ts).
 */
const markdown = new Marked({
  gfm: true,
  renderer: {
    paragraph({ tokens }) {
      const video = paragraphVideo(tokens, (inner) => this.parser.parseInline(inner));
      return video ? videoHtml(video) : `<p>${this.parser.parseInline(tokens)}</p>\n`;
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
      const { picture, text } = token as PictureToken;
      return picture ? pictureHtml(picture, text) : escapeHtml(text);
    },
  },
});

/**
 * A post as pages show it: its body rendered, split where the mid-title starts (the in-body
 * picture goes there). Posts are checked when they are written (app/config/post-file.ts: the
 * seed, `npm run posts -- import`, the console); nesting marked cannot render (it overflows its
 * stack) is refused here again, so that no page ever tries.
 */
export function renderPost(
  post: PostFields,
  where = `post ${post.id}`,
  pictures?: ArticlePictures,
): BlogSource {
  const { body, ...meta } = post;
  const html = renderMarkdown(body, meta.midTitle, pictures);
  if (typeof html === "string") throw new Error(`${where}: the body: ${html}`);
  const text = plainText(`${html.beforeMid} ${html.fromMid}`);
  return { ...meta, body, html, text, words: text.split(" ").length };
}

/**
 * Markdown by the posts' rules (a post's body, a newsletter issue on its page), split where the
 * heading `midTitle` starts (none: all of it before); or, for nesting marked cannot render (it
 * overflows its stack), the problem, so that no page ever tries. `pictures`: the uploaded
 * pictures it may draw (none: every picture is its description).
 */
export function renderMarkdown(
  body: string,
  midTitle = "",
  pictures?: ArticlePictures,
): BlogSource["html"] | string {
  const tooDeep = markdownDepthProblem(body);
  if (tooDeep) return tooDeep;
  const tokens = markdown.lexer(body);
  markdown.walkTokens(tokens, (t) => {
    if (t.type !== "image") return;
    const name = ownPicture(t.href);
    const picture = name ? pictures?.(name) : undefined;
    if (picture) (t as PictureToken).picture = picture;
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

/** Every post, newest first (ties: lower id first). Throws, naming the file, on any invalid post. */
export function loadPosts(dir = contentDir()): BlogSource[] {
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

let seed: BlogSource[] | undefined;

/** The seed's posts, newest first (read when first asked). */
export function blogSources(): readonly BlogSource[] {
  return (seed ??= loadPosts());
}
