// Every indexable page with the posts and team members published now: rendered per request and
// kept until they change (server/page-cache.ts).
import type { Route } from "./+types/sitemap";
import { absoluteUrl } from "#app/config/site.ts";
import { currentPages } from "#app/lib/site-pages.server.ts";

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

export function loader({ context }: Route.LoaderArgs) {
  const urls = currentPages(context)
    .filter((p) => p.indexable)
    .map((p) => `  <url><loc>${escape(absoluteUrl(p.path))}</loc></url>`)
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=0, must-revalidate",
    },
  });
}
