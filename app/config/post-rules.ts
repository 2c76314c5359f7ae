// What a post must be, once, for everything that writes one: the Markdown files (the seed,
// `npm run posts -- import`: ./post-file.ts) and the console's editor, in the browser and on the
// server (server/posts/console.ts). Its fields by the schema (app/content/schemas.ts), its author a
// member of the team, its pictures (when the caller knows which there are), and its body: what
// every post shows. Plain code, no file system, no YAML: the console's form runs it too.
import { Marked, type Token, type Tokens } from "marked";
import { markdownDepthProblem } from "./markdown-depth.ts";
import { blogFrontmatterSchema } from "../content/schemas.ts";
import { team } from "#app/content-types/team/seed.ts";

/** Who may be a post's author where the team in the database is not at hand (the Markdown files:
 *  the seed, `npm run posts -- import`): the seed team's names (app/content-types/team/seed.ts). The console
 *  checks against the team published now (server/posts/console.ts). */
export const authorNames = (): string[] => team.map((m) => m.name);

/** One thing wrong with a post: the field it concerns ("title", "tags", "body"…) and what. */
export type PostProblem = { field: string; message: string };

const markdown = new Marked({ gfm: true });

const decodeEntities = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** Rendered HTML as plain text on one line (tags dropped, entities decoded, white space folded). */
export const plainText = (html: string) =>
  decodeEntities(html.replace(/<[^>]+>/g, " "))
    .replace(/\s+/g, " ")
    .trim();

/** The Markdown token of the body's mid-title heading (`## {midTitle}`). */
export const isMidTitle = (token: Token, midTitle: string) =>
  token.type === "heading" && (token as Tokens.Heading).depth === 2 && token.text === midTitle;

/** The pictures a post names, and what each is for (the messages say). */
const PICTURES = {
  thumb: "list picture",
  image: "header picture",
  inlineImage: "picture in the body",
} as const;

/** An uploaded picture as the article names it, `/media/u/<16 hex digits>` (what the editor
 *  inserts): its name, `u/…`; null for any other address. */
export function ownPicture(src: string): string | null {
  const match = /^\/media\/(u\/[0-9a-f]{16})$/.exec(src);
  return match ? match[1]! : null;
}

/** The pictures written into a body (`![what it shows](address)`), in order. */
export function articlePictures(body: string): Array<{ src: string; alt: string; name: string | null }> {
  if (markdownDepthProblem(body)) return [];
  const found: Array<{ src: string; alt: string; name: string | null }> = [];
  markdown.walkTokens(markdown.lexer(body), (t) => {
    if (t.type === "image") found.push({ src: t.href, alt: t.text.trim(), name: ownPicture(t.href) });
  });
  return found;
}

/** What is wrong with the pictures written into the body: only our own uploads are shown (a
 *  picture elsewhere would tell its host who reads the post, and may change or go), each with
 *  what it shows. `pictures`: the names there are, when the caller knows them. */
function articlePictureProblems(body: string, pictures?: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  for (const { src, alt, name } of articlePictures(body)) {
    const shown = src.length > 60 ? `${src.slice(0, 57)}…` : src;
    if (!name)
      problems.push(
        `the picture "${shown}" is not one uploaded here: only pictures uploaded with the editor are shown in the article`,
      );
    else if (pictures && !pictures.has(name))
      problems.push(`there is no picture "${shown}" (in the article): upload it again`);
    if (!alt) problems.push(`say what the picture "${shown}" shows: ![what it shows](${shown})`);
  }
  return problems;
}

/** What the body lacks of what every post shows (the mid-title, the quote, a list, three
 *  paragraphs; `##` headings at most). Nesting marked cannot render is refused before marked reads
 *  it (./markdown-depth.ts). */
function bodyProblems(body: string, midTitle: unknown, quote: unknown): string[] {
  const tooDeep = markdownDepthProblem(body);
  if (tooDeep) return [tooDeep];
  const tokens = markdown.lexer(body);
  const problems: string[] = [];
  const needs = (what: string) => problems.push(`needs ${what}`);
  if (typeof midTitle === "string" && midTitle && !tokens.some((t) => isMidTitle(t, midTitle)))
    needs(`the mid-title as a heading: "## ${midTitle}"`);
  const isQuote = (t: Token) =>
    t.type === "blockquote" && plainText(markdown.parse((t as Tokens.Blockquote).text) as string) === quote;
  if (typeof quote === "string" && quote && !tokens.some(isQuote))
    needs(`the quote as a block quote: "> ${quote}"`);
  if (!tokens.some((t) => t.type === "list")) needs("a bullet list");
  if (tokens.filter((t) => t.type === "paragraph").length < 3) needs("at least three paragraphs");
  if (tokens.some((t) => t.type === "heading" && (t as Tokens.Heading).depth === 1))
    problems.push("use ## headings (the title is the page's only h1)");
  return problems;
}

/**
 * Everything wrong with a post's fields (the front matter's, and `body`), each with its field, in
 * the fields' order: none when it may be kept. `newPost`: it has no number yet (the console gives
 * one when it is first saved). `pictures`: the names of the pictures there are (the media
 * manifest), when the caller knows them; the browser does not load them all. `authors`: who may
 * be its author (the console's: the team published now); without, the seed team's names.
 */
export function postProblems(
  fields: Record<string, unknown>,
  options: { newPost?: boolean; pictures?: ReadonlySet<string>; authors?: readonly string[] } = {},
): PostProblem[] {
  const { body, ...front } = fields;
  const schema = options.newPost ? blogFrontmatterSchema.omit({ id: true }) : blogFrontmatterSchema;
  const parsed = schema.safeParse(front);
  const problems: PostProblem[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      problems.push({ field: issue.path.join(".") || "front matter", message: issue.message });
  }
  // What can be checked of the rest, each field on its own, so that every problem is listed.
  if (typeof front.author === "string" && !(options.authors ?? authorNames()).includes(front.author))
    problems.push({
      field: "author",
      message: options.authors
        ? `"${front.author}" is not a member of the team (Content, Team)`
        : `"${front.author}" is not a member of the team (app/content-types/team/seed.ts)`,
    });
  if (options.pictures) {
    for (const [field, what] of Object.entries(PICTURES)) {
      const name = front[field];
      if (typeof name === "string" && !problems.some((p) => p.field === field) && !options.pictures.has(name))
        problems.push({ field, message: `there is no picture "${name}" (the ${what})` });
    }
  }
  if (typeof body !== "string") problems.push({ field: "body", message: "the post needs a body" });
  else
    for (const message of [
      ...bodyProblems(body, front.midTitle, front.quote),
      ...articlePictureProblems(body, options.pictures),
    ])
      problems.push({ field: "body", message });
  return problems;
}
