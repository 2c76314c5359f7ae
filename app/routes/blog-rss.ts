// The blog's RSS 2.0 feed: every published post, newest first, with its full text. Rendered
// per request and kept until the posts change (server/page-cache.ts); linked from the head of
// every blog page.
//   What a reader does with each element: the titles, the author and the categories are plain
// text (XML-escaped once: a reader shows them as they are); the description and the full text are
// HTML (RSS 2.0: "an entity-encoded HTML fragment"). So the excerpt, plain text written in the
// console, is HTML-escaped first and then XML-escaped: a reader that decodes the XML gets
// `&lt;img …&gt;`, which its HTML shows as the text `<img …>`, never a picture or a script
// (issue 45). The full text is the post's HTML (its Markdown's raw HTML already shown as text),
// in CDATA.
import type { Route } from "./+types/blog-rss";
import { blogFeedPath, blogLists } from "#app/config/blog.ts";
import { absoluteUrl, site } from "#app/config/site.ts";
import { blogOf } from "#app/lib/blog.server.ts";
import { mediaUrl } from "#app/lib/media.server.ts";

/** Text in XML (an element's text or an attribute's value). */
const escapeXml = (s: string) =>
  s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
/** Plain text as an HTML fragment that shows it as it is. */
const escapeHtml = (s: string) =>
  s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
const cdata = (s: string) => `<![CDATA[${s.replace(/]]>/g, "]]]]><![CDATA[>")}]]>`;
/** Posts are dated by day; publish them at 08:00 in Abuja. */
const rfc822 = (day: string) => new Date(`${day}T08:00:00+01:00`).toUTCString();

export function loader({ context }: Route.LoaderArgs) {
  const posts = blogOf(context).allPosts();
  const items = posts.map((post) => {
    const url = absoluteUrl(post.href);
    const image = absoluteUrl(mediaUrl(post.thumb, 640, "webp"));
    const html = `<p><img src="${escapeXml(image)}" alt="" width="640" height="427"></p>${post.html.beforeMid}${post.html.fromMid}`;
    return [
      "    <item>",
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `      <pubDate>${rfc822(post.date)}</pubDate>`,
      `      <dc:creator>${escapeXml(post.author.name)}</dc:creator>`,
      `      <category>${escapeXml(post.category)}</category>`,
      ...post.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
      `      <description>${escapeXml(escapeHtml(post.excerpt))}</description>`,
      `      <content:encoded>${cdata(html)}</content:encoded>`,
      "    </item>",
    ].join("\n");
  });
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${escapeXml(`${site.name} Blog`)}</title>`,
    `    <link>${escapeXml(absoluteUrl(blogLists[0].path))}</link>`,
    `    <atom:link href="${escapeXml(absoluteUrl(blogFeedPath))}" rel="self" type="application/rss+xml"/>`,
    `    <description>${escapeXml("Practical articles for Nigerian business owners on web and mobile apps, SEO, cybersecurity, data, branding and digital marketing.")}</description>`,
    "    <language>en-NG</language>",
    posts[0] ? `    <lastBuildDate>${rfc822(posts[0].date)}</lastBuildDate>` : "",
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ]
    .filter(Boolean)
    .join("\n");
  return new Response(xml, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      // Asked again each time (an ETag makes that a 304): a post published now is in the feed now.
      "Cache-Control": "public, max-age=0, must-revalidate",
    },
  });
}
