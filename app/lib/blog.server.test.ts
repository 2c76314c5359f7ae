// The blog's posts: every file parses, ids are unique and numbered 1..N, every picture exists,
// categories, tags and months are the spec's, and the filters, neighbours and counts hold.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { blogCategories, blogTags } from "#app/content/schemas.ts";
import { team } from "#app/content-types/team/seed.ts";
import { sitePages } from "#app/config/pages.ts";
import { searchPages } from "#app/lib/site-search.ts";
import {
  authorOf,
  blogFrom,
  describeFilter,
  filterFromQuery,
  filterQuery,
  shortTitle,
} from "./blog.server.ts";
import { blogSources, loadPosts, renderPost } from "#app/content/blog-posts.server.ts";

// The seed's posts, as a fresh site publishes them.
const blog = blogFrom(blogSources());
const posts = blog.allPosts();
const manifest = JSON.parse(readFileSync("app/content/media-manifest.json", "utf8")) as Record<
  string,
  unknown
>;
const blogDir = "app/content/blog";

describe("blog posts", () => {
  it("has at least 16 posts with ids 1..N, one file each", () => {
    expect(posts.length).toBeGreaterThanOrEqual(16);
    expect(posts.map((p) => p.id).sort((a, b) => a - b)).toEqual(posts.map((_, i) => i + 1));
    expect(new Set(posts.map((p) => p.slug)).size).toBe(posts.length);
    expect(readdirSync(blogDir).filter((f) => f.endsWith(".md") && f !== "README.md")).toHaveLength(
      posts.length,
    );
  });

  it("lists the newest first", () => {
    const dates = posts.map((p) => p.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("names pictures that exist in the media manifest", () => {
    for (const p of posts) {
      for (const name of [p.thumb, p.image, p.inlineImage, p.author.portrait ?? "no portrait"]) {
        expect(manifest[name], `${p.slug}: ${name}`).toBeDefined();
      }
    }
  });

  it("uses the spec's categories and tags, each of them", () => {
    expect(new Set(posts.map((p) => p.category))).toEqual(new Set(blogCategories));
    expect(new Set(posts.flatMap((p) => p.tags))).toEqual(new Set(blogTags));
  });

  it("dates every post in the spec's archive months, each month with posts", () => {
    expect(new Set(posts.map((p) => p.month))).toEqual(new Set(["2023-08", "2023-09", "2023-11", "2023-12"]));
    expect(blog.sidebar().archives.map((a) => a.label)).toEqual([
      "December 2023",
      "November 2023",
      "September 2023",
      "August 2023",
    ]);
  });

  it("is written by members of the team", () => {
    const names = new Set(team.map((m) => m.name));
    for (const p of posts) expect(names.has(p.author.name), p.slug).toBe(true);
  });

  it("has real articles: 500 to 900 words, the mid-title, the quote and a list", () => {
    for (const p of posts) {
      expect(p.words, p.slug).toBeGreaterThanOrEqual(500);
      expect(p.words, p.slug).toBeLessThanOrEqual(900);
      expect(p.html.fromMid.startsWith(`<h2 id=`), p.slug).toBe(true);
      expect(p.html.fromMid + p.html.beforeMid, p.slug).toContain("<blockquote>");
      expect(p.html.fromMid + p.html.beforeMid, p.slug).toContain("<ul>");
      expect(p.text.toLowerCase(), p.slug).not.toContain("lorem");
    }
  });
});

describe("what a post's Markdown may do (staff write it, everyone reads it)", () => {
  const render = (extra: string) => {
    const post = blogSources()[0]!;
    const { html } = renderPost({ ...post, body: `${post.body}\n\n${extra}` });
    return html.beforeMid + html.fromMid;
  };

  it("shows raw HTML as text, block and inline", () => {
    const html = render('<script>alert(1)</script>\n\nA <img src=x onerror="alert(2)"> and <b>bold</b>.');
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(2)&quot;&gt;");
    expect(html).not.toMatch(/<script|<img|<b>/);
  });

  it("links only to the web, e-mail and this site's pages; anything else is its text", () => {
    const html = render(
      "[web](https://example.org/a?b=1&c=2) [mail](mailto:hello@techspark.ng) [page](/contact-us) " +
        '[js](javascript:alert(1)) [data](data:text/html,<b>x</b>) [other](//evil.example/) [q](https://x.example "a \\"title\\"")',
    );
    expect(html).toContain('<a href="https://example.org/a?b=1&amp;c=2">web</a>');
    expect(html).toContain('<a href="mailto:hello@techspark.ng">mail</a>');
    expect(html).toContain('<a href="/contact-us">page</a>');
    expect(html).not.toMatch(/javascript:|data:text|evil\.example/);
    expect(html).toContain(" js data other ");
  });

  it("never loads a picture written into the body: it shows its description", () => {
    const html = render("![A tracking pixel](https://evil.example/p.png) ![Our logo](/img/logo.svg)");
    expect(html).not.toMatch(/<img|evil\.example|\/img\/logo/);
    expect(html).toContain("A tracking pixel Our logo");
  });
});

describe("loading checks", () => {
  const valid = readFileSync(path.join(blogDir, `${posts[0]!.slug}.md`), "utf8");
  const load = (name: string, source: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), "blog-"));
    writeFileSync(path.join(dir, `${name}.md`), source);
    return () => loadPosts(dir);
  };

  it("accepts a valid post", () => {
    expect(load(posts[0]!.slug, valid)()).toHaveLength(1);
  });
  it("names the file and the field of invalid frontmatter", () => {
    expect(load(posts[0]!.slug, valid.replace(/^category: .*$/m, "category: politics"))).toThrow(
      new RegExp(`${posts[0]!.slug}\\.md:\\n  category: `),
    );
    expect(load(posts[0]!.slug, valid.replace(/^tags: .*$/m, "tags: [Gossip]"))).toThrow(/tags/);
    expect(load(posts[0]!.slug, valid.replace(/^excerpt: /m, "summary: "))).toThrow(/summary|excerpt/);
  });
  it("refuses a body without its mid-title, quote or list, or an unknown author", () => {
    expect(
      load(posts[0]!.slug, valid.replace(/^## A practical order of work$/m, "## Something else")),
    ).toThrow(/mid-title/);
    expect(load(posts[0]!.slug, valid.replace(/^> /m, ""))).toThrow(/quote/);
    expect(load(posts[0]!.slug, valid.replace(/^- /gm, ""))).toThrow(/bullet list/);
    expect(load(posts[0]!.slug, valid.replace(/^author: .*$/m, "author: Jane Doe"))).toThrow(/Jane Doe/);
  });
  it("refuses a body nested too deeply for marked, naming the file and the line (issue 26)", () => {
    const deep = valid.replace(/^> /m, `${"> ".repeat(21)}`);
    expect(load(posts[0]!.slug, deep)).toThrow(
      new RegExp(`${posts[0]!.slug}\\.md:\\n  body: Line \\d+ is nested 21 levels deep`),
    );
    // Thousands deep: a clear message, not marked's RangeError.
    expect(load(posts[0]!.slug, valid.replace(/^> /m, "> ".repeat(6000)))).toThrow(/nested 6000 levels deep/);
  });
  it("refuses a file named other than its slug", () => {
    expect(load("another-name", valid)).toThrow(/another-name\.md:\n {2}file name: must be the slug/);
  });
});

describe("filters", () => {
  it("filter by category, tag and month, in any case", () => {
    const q = (s: string) => filterFromQuery(new URLSearchParams(s));
    expect(q("category=HEALTH&tag=education&archive=2023-08")).toEqual({
      category: "health",
      tag: "Education",
      archive: "2023-08",
    });
    for (const p of blog.filterPosts(q("category=health"))) expect(p.category).toBe("health");
    for (const p of blog.filterPosts(q("tag=Education"))) expect(p.tags).toContain("Education");
    for (const p of blog.filterPosts(q("archive=2023-08"))) expect(p.date.startsWith("2023-08")).toBe(true);
    expect(blog.filterPosts(q("category=health"))).toHaveLength(
      blog.sidebar().categories.find((c) => c.name === "health")!.count,
    );
  });

  it("finds posts by keyword, word beginnings, every word", () => {
    expect(blog.filterPosts({ q: "SEO" }).map((p) => p.slug)).toContain("google-helpful-content-update-seo");
    expect(blog.filterPosts({ q: "NDPA" }).length).toBeGreaterThan(0);
    expect(
      blog
        .filterPosts({ q: "payment gateway" })
        .every((p) => /payment/i.test(p.text) && /gateway/i.test(p.text)),
    ).toBe(true);
    expect(blog.filterPosts({ q: "xylophone" })).toEqual([]);
  });

  it("finds nothing for an unknown category, tag or month", () => {
    expect(blog.filterPosts({ category: "politics" })).toEqual([]);
    expect(blog.filterPosts({ tag: "Gossip" })).toEqual([]);
    expect(blog.filterPosts({ archive: "2023-10" })).toEqual([]);
  });

  it("names the filter and keeps it in the address", () => {
    expect(describeFilter({ tag: "Education", archive: "2023-08" })).toBe(
      "Tagged “Education” · Archive: August 2023",
    );
    expect(filterQuery({ q: "seo tips" }, 2)).toBe("?q=seo+tips&page=2");
    expect(filterQuery({}, 1)).toBe("");
  });
});

describe("sidebar and neighbours", () => {
  it("counts are the real numbers of posts", () => {
    const { categories, archives, tags, recent, gallery } = blog.sidebar();
    expect(categories.reduce((n, c) => n + c.count, 0)).toBe(posts.length);
    expect(archives.reduce((n, a) => n + a.count, 0)).toBe(posts.length);
    for (const t of tags)
      expect(t.count).toBe(posts.filter((p) => (p.tags as string[]).includes(t.name)).length);
    expect(recent.map((p) => p.id)).toEqual(posts.slice(0, 3).map((p) => p.id));
    expect(gallery).toHaveLength(6);
  });

  it("wraps around at both ends", () => {
    const first = posts[0]!;
    const last = posts.at(-1)!;
    expect(blog.neighbours(first.id).previous.id).toBe(last.id);
    expect(blog.neighbours(last.id).next.id).toBe(first.id);
    expect(blog.neighbours(posts[1]!.id)).toMatchObject({
      previous: { id: first.id },
      next: { id: posts[2]!.id },
    });
  });

  it("labels a neighbour with the first two words of its title", () => {
    expect(shortTitle("Building a Fitness App")).toBe("Building a");
    expect(shortTitle("Solo")).toBe("Solo");
    expect(shortTitle("")).toBe("No Title");
    expect(shortTitle(undefined)).toBe("No Title");
  });
});

describe("registry", () => {
  it("registers every post in both layouts, the reading view out of the sitemap and search", () => {
    const pages = sitePages();
    for (const p of posts) {
      expect(pages.find((x) => x.path === `/blog-single-sidebar/${p.id}`)).toMatchObject({
        title: p.title,
        indexable: true,
      });
      expect(pages.find((x) => x.path === `/blog-single/${p.id}`)).toMatchObject({ indexable: false });
    }
    for (const path of ["/blog-standard", "/blog-with-sidebar", "/blog-2-column", "/blog-3-column"]) {
      // Rendered per request and kept until the posts change (decision 019).
      expect(pages.find((x) => x.path === path)).toMatchObject({ kind: "blog" });
    }
    expect(new Set(pages.map((p) => p.title)).size).toBe(pages.length);
    expect(new Set(pages.map((p) => p.description)).size).toBe(pages.length);
  });

  it("lets the site search find posts, once each", () => {
    const found = searchPages("data protection act", sitePages()).map((r) => r.path);
    expect(found).toContain("/blog-single-sidebar/1");
    expect(found.some((p) => p.startsWith("/blog-single/"))).toBe(false);
  });
});

describe("a post's author", () => {
  const emeka = team.find((m) => m.name === "Emeka Nwosu")!;

  it("is a member the team pages show, linked to their page", () => {
    expect(authorOf(emeka.name, team)).toEqual({
      name: emeka.name,
      profession: emeka.profession,
      bio: emeka.bio[0],
      portrait: emeka.portrait,
      href: "/team-details/5",
    });
  });

  it("keeps a member who left (hidden) by name, role, note and portrait, without the link to a page that is gone", () => {
    const author = authorOf(emeka.name, [{ ...emeka, hidden: true }]);
    expect(author).toMatchObject({
      name: emeka.name,
      profession: emeka.profession,
      portrait: emeka.portrait,
    });
    expect(author.href).toBeUndefined();
    const post = blogFrom(blogSources(), [...team.filter((m) => m !== emeka), { ...emeka, hidden: true }])
      .allPosts()
      .find((p) => p.author.name === emeka.name)!;
    expect(post.author.href).toBeUndefined();
  });

  it("is the name alone when no published member has it (deleted, or a draft): the post stays", () => {
    expect(authorOf("Emeka Nwosu", [])).toEqual({ name: "Emeka Nwosu" });
    expect(blogFrom(blogSources(), []).allPosts()).toHaveLength(posts.length);
  });
});
