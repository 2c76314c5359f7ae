// A blog post as a Markdown file: front matter (the fields, app/content/schemas.ts) between `---`
// lines, a blank line, then the body (app/content/blog/README.md). One definition of the format
// and of what a post must have, for everything that reads or writes posts: the seed in
// app/content/blog/, `npm run posts -- import | export` (server/posts/), and the loader that
// renders posts (app/content/blog-posts.server.ts). Plain code, no file system.
import matter from "gray-matter";
import { postProblems } from "./post-rules.ts";
import { blogFrontmatterSchema, type BlogFrontmatter, type PostFields } from "../content/schemas.ts";

/** A post is shown to visitors once published; a draft only in the console. */
export const POST_STATES = ["draft", "published"] as const;
export type PostState = (typeof POST_STATES)[number];

/** The longest post file read (about 20 times the longest article): a bigger one is refused
 *  before it is parsed. */
export const MAX_POST_FILE_CHARS = 200_000;

export type ParsedPostFile =
  { ok: true; post: PostFields; state: PostState } | { ok: false; problems: string[] };

// How each field is written, in the order the files have them: `quoted` values are free text
// ("…", escaped as JSON, which YAML reads the same); the others are names and numbers, written
// bare when YAML reads them back as the same string.
const FIELDS = {
  id: "bare",
  slug: "bare",
  title: "quoted",
  date: "bare",
  author: "bare",
  category: "bare",
  tags: "list",
  excerpt: "quoted",
  midTitle: "quoted",
  quote: "quoted",
  thumb: "bare",
  image: "bare",
  inlineImage: "bare",
  imageAlt: "quoted",
} as const satisfies Record<keyof BlogFrontmatter, "bare" | "quoted" | "list">;

// The rules a post's fields and body must meet are the console's too (./post-rules.ts); the
// renderer (app/content/blog-posts.server.ts) reads these two from here.
export { isMidTitle, plainText } from "./post-rules.ts";

// gray-matter would run front matter marked `---js` as JavaScript (eval): only YAML is read here.
const refuse = () => {
  throw new Error("only YAML front matter is read");
};
const MATTER_OPTIONS = {
  language: "yaml",
  engines: { js: refuse, javascript: refuse, coffee: refuse, coffeescript: refuse, cson: refuse },
};

/**
 * Reads a post file: its fields (the schema, and the author a member of the team), its body
 * (what every post shows), and, given the file's name, that it is the slug's. `state: draft` in
 * the front matter makes a draft; without it the post is published. Every problem is listed, each
 * starting with the field it concerns ("title: …", "body: …", "file name: …").
 */
export function parsePostFile(text: string, fileName?: string): ParsedPostFile {
  if (text.length > MAX_POST_FILE_CHARS) {
    return {
      ok: false,
      problems: [
        `file: ${text.length.toLocaleString("en")} characters; a post may have at most ${MAX_POST_FILE_CHARS.toLocaleString("en")}`,
      ],
    };
  }
  const source = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  if (!/^---\n[^]*?\n---(\n|$)/.test(source)) {
    return {
      ok: false,
      problems: ["front matter: the file must start with a line `---`, the fields, then a line `---`"],
    };
  }
  let data: unknown;
  let content: string;
  try {
    // With options, gray-matter keeps no copy of the text (its cache would grow with every post).
    ({ data, content } = matter(source, MATTER_OPTIONS));
  } catch (error) {
    const reason = (error as { reason?: unknown; message?: unknown }).reason ?? (error as Error).message;
    return { ok: false, problems: [`front matter: not valid YAML (${String(reason)})`] };
  }
  const problems: string[] = [];
  const { state = "published", ...fields } = (data ?? {}) as Record<string, unknown>;
  if (!POST_STATES.includes(state as PostState))
    problems.push(`state: must be ${POST_STATES.join(" or ")} (or left out: published)`);
  // YAML reads 2024-02-30 as 1 March: a day is kept only as it was written.
  const frontMatter = source.slice(0, source.indexOf("\n---", 3));
  const writtenDate = /^date:[ \t]*["']?([^"'\s#]*)/m.exec(frontMatter)?.[1];
  if (fields.date instanceof Date && writtenDate !== fields.date.toISOString().slice(0, 10))
    fields.date = writtenDate;
  const parsed = blogFrontmatterSchema.safeParse(fields);
  // The blank line after the front matter and the end of the file are the format's, not the body's.
  const body = content.replace(/^(?:[ \t]*\n)+/, "").replace(/\s+$/, "");
  const found = postProblems({ ...fields, body }).map((p) => `${p.field}: ${p.message}`);
  // The file's own rule goes with the fields, before the body's.
  const slug = typeof fields.slug === "string" ? fields.slug : undefined;
  const name = fileName?.split(/[/\\]/).pop();
  if (slug !== undefined && name !== undefined && name !== `${slug}.md`) {
    const bodyAt = found.findIndex((p) => p.startsWith("body: "));
    found.splice(bodyAt < 0 ? found.length : bodyAt, 0, `file name: must be the slug, ${slug}.md`);
  }
  problems.push(...found);
  if (problems.length > 0 || !parsed.success) return { ok: false, problems };
  return { ok: true, post: { ...parsed.data, body }, state: state as PostState };
}

/** A value YAML reads back as this very string when written bare. */
const isBare = (value: string) =>
  /^[A-Za-z](?:[\w .'-]*[\w.'-])?$/.test(value) && !/^(true|false|null)$/i.test(value);

/** A double-quoted YAML string: JSON's escapes, and the characters YAML must not see raw. */
const quoted = (value: string) =>
  JSON.stringify(value).replace(
    /[\u007f-\u009f\ufeff\ufffe\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );

function yamlValue(key: keyof BlogFrontmatter, value: unknown): string {
  const style = FIELDS[key];
  if (style === "list") return `[${(value as string[]).map((v) => (isBare(v) ? v : quoted(v))).join(", ")}]`;
  if (typeof value === "number") return String(value);
  const text = String(value);
  if (style === "quoted") return quoted(text);
  if (key === "date" && /^\d{4}-\d\d-\d\d$/.test(text)) return text;
  return isBare(text) ? text : quoted(text);
}

/** The post as a file, as the files of app/content/blog/ are written (parsePostFile reads it back
 *  as the same post). A draft says so (`state: draft`, the last field); a published post does not. */
export function postFileText(post: PostFields, state: PostState = "published"): string {
  const lines = (Object.keys(FIELDS) as (keyof BlogFrontmatter)[]).map(
    (key) => `${key}: ${yamlValue(key, post[key])}`,
  );
  if (state !== "published") lines.push(`state: ${state}`);
  return `---\n${lines.join("\n")}\n---\n\n${post.body}\n`;
}
