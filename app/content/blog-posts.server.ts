// The blog's posts as written: Markdown files in app/content/blog/, read, checked and turned into
// HTML once, when this module loads (at build time and when the server starts). A broken post
// stops the build, naming the file and the field. Server-only, and plain Node too
// (react-router.config.ts → app/config/pages.ts lists the posts to prerender), hence fs rather
// than import.meta.glob. How pages show the posts (labels, links, lists) is app/lib/blog.server.ts.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { Marked, type Token, type Tokens, type TokensList } from "marked";
import { markdownDepthProblem } from "../config/markdown-depth.ts";
import { blogFrontmatterSchema, type BlogFrontmatter } from "./schemas.ts";
import { team } from "./team.ts";

export type BlogSource = BlogFrontmatter & {
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

const decodeEntities = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

const slugify = (s: string) =>
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

function checkAuthor(name: string, file: string): void {
  if (!team.some((m) => m.name === name)) {
    throw new Error(`${file}: author "${name}" is not in app/content/team.ts`);
  }
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

function loadPost(dir: string, file: string): BlogSource {
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
  // Nesting marked cannot render (it overflows its stack) stops the build here, not the page.
  const tooDeep = markdownDepthProblem(content);
  if (tooDeep) throw new Error(`${file}: the body (after the frontmatter): ${tooDeep}`);
  const tokens = markdown.lexer(content);
  const html = renderBody(tokens, meta, file);
  const text = plain(`${html.beforeMid} ${html.fromMid}`);
  checkAuthor(meta.author, file);
  return { ...meta, html, text, words: text.split(" ").length };
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

const posts = loadPosts();

/** Every post, newest first. */
export function blogSources(): readonly BlogSource[] {
  return posts;
}
