import { sitePages } from "#app/config/pages.ts";
import { absoluteUrl } from "#app/config/site.ts";

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

export function loader() {
  const urls = sitePages()
    .filter((p) => p.indexable)
    .map((p) => `  <url><loc>${escape(absoluteUrl(p.path))}</loc></url>`)
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
