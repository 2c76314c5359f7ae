// @vitest-environment node
// The blog's feed read back by a feed parser (feedsmith), as a reader reads it: each title is the
// text written, and each description, HTML, shows the excerpt written as text, whatever it holds
// (markup, `&`, quotes, `]]>`): never an element (issue 45).
import { parseRssFeed } from "feedsmith";
import { Window } from "happy-dom";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { teamType } from "#app/content-types/team/type.ts";
import { blogSources } from "#app/content/blog-posts.server.ts";
import { contentContext } from "#app/lib/ports/content.ts";
import { postsContext, type PostFields } from "#app/lib/ports/posts.ts";
import { loader } from "./blog-rss.ts";

/** A request's context with these posts and the seed's team published. */
function contextWith(posts: readonly PostFields[]) {
  const context = new RouterContextProvider();
  context.set(postsContext, { published: () => ({ version: 1, posts, removed: new Set() }) });
  context.set(contentContext, {
    published: () => ({ version: 1, items: new Map([[teamType.name, teamType.seed]]) }),
  });
  return context;
}

async function feedOf(posts: readonly PostFields[]) {
  const response = loader({ context: contextWith(posts) } as unknown as Parameters<typeof loader>[0]);
  expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
  return { xml: await response.clone().text(), feed: parseRssFeed(await response.text()) };
}

/** What an HTML fragment shows: its text, and the elements it makes. */
function asHtml(fragment: string) {
  const document = new Window().document;
  const div = document.createElement("div");
  div.innerHTML = fragment;
  return { text: div.textContent, elements: div.querySelectorAll("*").length };
}

describe("the blog's feed", () => {
  it("gives back each title as its text and each excerpt as HTML showing its text: markup, &, quotes and ]]> included", async () => {
    const hostile = [
      {
        title: `Tags & "quotes": <b>bold</b> ]]> 'it'`,
        excerpt: `"><img src=x onerror=alert(document.domain)> An excerpt with <script>alert(1)</script>, a ]]> and & and &amp; and 'single' quotes, long enough.`,
      },
      {
        title: "A title with &lt; already escaped",
        excerpt: `<![CDATA[ x ]]> <p>a paragraph</p> &nbsp; &#60;img&#62; "double" 'single' ends here, long enough for the rules.`,
      },
    ];
    const [first, second, ...rest] = blogSources();
    const posts = [{ ...first!, ...hostile[0]! }, { ...second!, ...hostile[1]! }, ...rest] as PostFields[];
    const { xml, feed } = await feedOf(posts);
    const items = feed.items ?? [];
    expect(items).toHaveLength(posts.length);
    for (const [i, written] of hostile.entries()) {
      const item = items[i]!;
      expect(item.title).toBe(written.title);
      const shown = asHtml(item.description!);
      expect(shown.elements, item.description).toBe(0);
      expect(shown.text).toBe(written.excerpt);
    }
    // Every other post's excerpt reads back as written too.
    for (const [i, post] of posts.entries()) expect(asHtml(items[i]!.description!).text).toBe(post.excerpt);
    // And no raw markup in the XML outside the full text's CDATA.
    const outsideCdata = xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, "");
    expect(outsideCdata).not.toMatch(/<img|<script|<b>/);
  });
});
