import { route, type RouteConfig } from "@react-router/dev/routes";

// Only complete pages are routed; every URL here is also registered in app/config/pages.ts.
export default [
  route("about-us", "routes/about-us.tsx"),
  route("pricing", "routes/pricing.tsx"),
  route("faq", "routes/faq.tsx"),
  route("contact-us", "routes/contact-us.tsx"),
  route("search", "routes/search.tsx"),
  route("newsletter", "routes/newsletter.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
