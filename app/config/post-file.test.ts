// The post file format: the 16 files of app/content/blog/ read and written back byte for byte,
// any text in the free-text fields survives the trip, and each rule refuses a bad file with a
// message naming the field.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_POST_FILE_CHARS, parsePostFile, postFileText } from "./post-file.ts";
import type { PostFields } from "../content/schemas.ts";

const SEED = path.resolve("app/content/blog");
const seedFiles = readdirSync(SEED).filter((f) => f.endsWith(".md") && f !== "README.md");

function parsed(text: string, file?: string) {
  const result = parsePostFile(text, file);
  if (!result.ok) throw new Error(result.problems.join("\n"));
  return result;
}

const BODY = `An opening paragraph about the subject of the post.

A second paragraph that says more about it.

## The heading in the middle

> The sentence shown as the pull quote of the post.

- A bullet list
- with two points

A closing paragraph with a last thought.
`;

const valid = `---
id: 17
slug: my-post
title: "A clear title for a post"
date: 2024-01-15
author: Amina Bello
category: national
tags: [Education, Data science]
excerpt: "${"One or two sentences for lists, search results and the feed. ".repeat(2).trim()}"
midTitle: "The heading in the middle"
quote: "The sentence shown as the pull quote of the post."
thumb: blog-01
image: blog-01-full
inlineImage: blog-01-inline
imageAlt: "What the header picture shows"
---

${BODY}`;

/** The file with one front matter line replaced (or removed: `null`). */
const withField = (field: string, line: string | null, text = valid) =>
  text.replace(new RegExp(`^${field}: .*\\n`, "m"), line === null ? "" : `${line}\n`);
const withBody = (body: string) => `${valid.slice(0, valid.indexOf("---\n\n") + 5)}${body}`;
const problems = (text: string, file?: string) => {
  const result = parsePostFile(text, file);
  expect(result.ok).toBe(false);
  return result.ok ? [] : result.problems;
};

describe("the post files as written", () => {
  it("are 16, and each one is written back byte for byte", () => {
    expect(seedFiles).toHaveLength(16);
    for (const file of seedFiles) {
      const text = readFileSync(path.join(SEED, file), "utf8");
      const { post, state } = parsed(text, file);
      expect(state).toBe("published");
      expect(postFileText(post), file).toBe(text);
    }
  });

  it("keeps the body without the blank line after the front matter or the file's last newline", () => {
    const { post } = parsed(valid, "my-post.md");
    expect(post.body).toBe(BODY.trimEnd());
    expect(post).toMatchObject({ id: 17, date: "2024-01-15", tags: ["Education", "Data science"] });
  });

  it("reads Windows line ends as the same post", () => {
    expect(parsed(valid.replace(/\n/g, "\r\n")).post).toEqual(parsed(valid).post);
  });

  it("writes a draft with `state: draft` and reads it back as a draft", () => {
    const { post } = parsed(valid);
    const text = postFileText(post, "draft");
    expect(text).toContain('imageAlt: "What the header picture shows"\nstate: draft\n---\n');
    expect(parsed(text)).toEqual({ ok: true, post, state: "draft" });
    expect(parsed(withField("state", null, text)).state).toBe("published");
  });

  it("keeps any text in the free-text fields, quoting and escaping what YAML would misread", () => {
    const { post } = parsed(valid);
    const text = (min: number, max: number) => fc.string({ unit: "binary", minLength: min, maxLength: max });
    fc.assert(
      fc.property(text(10, 100), text(80, 200), text(10, 80), (title, excerpt, imageAlt) => {
        const changed: PostFields = { ...post, title, excerpt, imageAlt };
        const back = parsePostFile(postFileText(changed));
        expect(back).toEqual({ ok: true, post: changed, state: "published" });
      }),
      { numRuns: 300 },
    );
  });

  it("quotes a name YAML would read as something else", () => {
    const { post } = parsed(valid);
    const text = postFileText({ ...post, slug: "2024", thumb: "true", image: "blog/01" }, "published");
    expect(text).toContain('slug: "2024"\n');
    expect(text).toContain('thumb: "true"\n');
    expect(text).toContain('image: "blog/01"\n');
    expect(parsed(text).post).toMatchObject({ slug: "2024", thumb: "true", image: "blog/01" });
    // YAML would drop a bare value's last space.
    expect(postFileText({ ...post, author: "Amina Bello " })).toContain('author: "Amina Bello "\n');
  });
});

describe("a bad post file", () => {
  it("is refused without front matter, naming what is missing", () => {
    expect(problems("Just a body.\n")).toEqual([
      "front matter: the file must start with a line `---`, the fields, then a line `---`",
    ]);
    expect(problems(valid.replace(/\n---\n/, "\n"))[0]).toMatch(/^front matter: /);
  });

  it("is refused, not run, when its front matter is JavaScript", () => {
    const hostile = "---js\n{ id: (globalThis.postFileRan = 1) }\n---\n\nBody.\n";
    expect(problems(hostile)[0]).toMatch(/^front matter: /);
    expect((globalThis as { postFileRan?: number }).postFileRan).toBeUndefined();
  });

  it("is refused when its front matter is not YAML, or a key is there twice", () => {
    expect(problems(withField("tags", "tags: [Education"))).toEqual([
      expect.stringMatching(/^front matter: not valid YAML \(.+\)$/),
    ]);
    expect(problems(withField("title", 'title: "A clear title for a post"\ntitle: "Again"'))).toEqual([
      expect.stringMatching(/^front matter: not valid YAML \(duplicated mapping key\)$/),
    ]);
  });

  it("names each field that breaks the schema", () => {
    const cases: [string, string | null, RegExp][] = [
      ["id", "id: seventeen", /^id: /],
      ["id", null, /^id: /],
      ["slug", "slug: My Post", /^slug: lower-case letters, digits and dashes only$/],
      ["title", 'title: "Short"', /^title: .*10/],
      ["date", "date: 2024-02-30", /^date: /],
      ["date", "date: last week", /^date: /],
      ["category", "category: politics", /^category: /],
      ["tags", "tags: [Politics]", /^tags\.0: /],
      ["tags", "tags: []", /^tags: /],
      ["excerpt", 'excerpt: "Too short."', /^excerpt: .*80/],
      ["midTitle", null, /^midTitle: /],
      ["thumb", "thumb: ../secret", /^thumb: /],
      ["imageAlt", "imageAlt: 12", /^imageAlt: /],
    ];
    for (const [field, line, message] of cases) {
      expect(problems(withField(field, line)), `${field}: ${line}`).toContainEqual(
        expect.stringMatching(message),
      );
    }
  });

  it("is refused with a field the format does not have", () => {
    expect(problems(withField("thumb", "thumb: blog-01\nsubtitle: x"))).toEqual([
      expect.stringMatching(/^front matter: .*"subtitle"/),
    ]);
  });

  it("is refused when its author is not on the team, or its state is neither draft nor published", () => {
    expect(problems(withField("author", "author: Jane Stranger"))).toEqual([
      'author: "Jane Stranger" is not a member of the team (app/content-types/team/seed.ts)',
    ]);
    expect(problems(withField("imageAlt", 'imageAlt: "What the header picture shows"\nstate: live'))).toEqual(
      ["state: must be draft or published (or left out: published)"],
    );
  });

  it("is refused when its file name is not its slug", () => {
    expect(parsePostFile(valid, "my-post.md").ok).toBe(true);
    expect(parsePostFile(valid, "posts/my-post.md").ok).toBe(true);
    expect(problems(valid, "other.md")).toEqual(["file name: must be the slug, my-post.md"]);
  });

  it("is refused when the body lacks what every post shows", () => {
    expect(problems(withBody(BODY.replace("## The heading in the middle", "## Another heading")))).toEqual([
      'body: needs the mid-title as a heading: "## The heading in the middle"',
    ]);
    expect(problems(withBody(BODY.replace("> The sentence", "The sentence")))).toEqual([
      'body: needs the quote as a block quote: "> The sentence shown as the pull quote of the post."',
    ]);
    expect(problems(withBody(BODY.replace(/^- /gm, "")))).toEqual(["body: needs a bullet list"]);
    expect(problems(withBody(BODY.replace("A closing paragraph with a last thought.\n", "")))).toEqual([
      "body: needs at least three paragraphs",
    ]);
    expect(problems(withBody(`# A second title\n\n${BODY}`))).toEqual([
      "body: use ## headings (the title is the page's only h1)",
    ]);
  });

  it("is refused, not crashed on, when the body nests past what can be shown", () => {
    expect(problems(withBody(`${BODY}\n${"> ".repeat(6000)}deep\n`))).toEqual([
      expect.stringMatching(/^body: Line 14 is nested 6000 levels deep .* at most 20 can be shown\.$/),
    ]);
  });

  it("is refused past its size limit, before it is read", () => {
    const big = withBody(`${BODY}\n${"word ".repeat(MAX_POST_FILE_CHARS / 5)}\n`);
    expect(problems(big)).toEqual([
      expect.stringMatching(/^file: [\d,]+ characters; a post may have at most 200,000$/),
    ]);
  });

  it("lists every problem at once", () => {
    const text = withField("title", 'title: "Short"', withField("author", "author: Nobody Known"));
    expect(problems(text.replace(/^- /gm, ""), "wrong.md")).toEqual([
      expect.stringMatching(/^title: /),
      'author: "Nobody Known" is not a member of the team (app/content-types/team/seed.ts)',
      "file name: must be the slug, my-post.md",
      "body: needs a bullet list",
    ]);
  });
});
