import { absoluteUrl } from "#app/config/site.ts";

export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "",
    `Sitemap: ${absoluteUrl("/sitemap.xml")}`,
    // Search engines also take an RSS feed as a sitemap: new posts are found sooner.
    `Sitemap: ${absoluteUrl("/blog/rss.xml")}`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
