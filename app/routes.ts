import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";
import { homePages } from "./config/home-layouts.ts";
import { blogLists, blogPostLayouts } from "./config/blog.ts";
import { projectGalleries, serviceLists } from "./config/catalogue.ts";
import { teamDetailsBase, teamLists } from "./config/team.ts";
import { firstItemBases } from "./config/redirects.ts";

// The eight home pages share one module, each path with its own route id; the dark variants
// sit under a layout route whose handle forces the dark theme.
const homeRoute = (p: (typeof homePages)[number]) =>
  p.path === "/"
    ? index("routes/home.tsx", { id: p.id })
    : route(p.path.slice(1), "routes/home.tsx", { id: p.id });

// Only complete pages are routed; every URL here is also registered in app/config/pages.ts.
export default [
  ...homePages.filter((p) => !p.dark).map(homeRoute),
  layout("routes/force-dark.tsx", homePages.filter((p) => p.dark).map(homeRoute)),
  route("about-us", "routes/about-us.tsx"),
  route("pricing", "routes/pricing.tsx"),
  route("faq", "routes/faq.tsx"),
  route("contact-us", "routes/contact-us.tsx"),
  route("search", "routes/search.tsx"),
  route("newsletter", "routes/newsletter.tsx"),
  route("newsletter/issues", "routes/newsletter-issues.tsx"),
  route("newsletter/issues/:id", "routes/newsletter-past-issue.tsx"),
  route("newsletter/confirm", "routes/newsletter-confirm.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),
  route("comments/moderate", "routes/comment-moderate.tsx"),
  // The spec's one API (§7): JSON in, JSON out, no page.
  route("api/send-email", "routes/api.send-email.ts"),
  // The staff console (docs/staff-console.md): its own chunks, never cached, never indexed.
  route("admin/invite", "routes/admin/invite.tsx"),
  route("admin/sign-out", "routes/admin/sign-out.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/overview.tsx"),
    route("enquiries", "routes/admin/enquiries.tsx"),
    route("enquiries/:id", "routes/admin/enquiry.tsx"),
    route("enquiries.csv", "routes/admin/enquiries-csv.ts"),
    route("comments", "routes/admin/comments.tsx"),
    route("subscribers", "routes/admin/subscribers.tsx"),
    route("subscribers.csv", "routes/admin/subscribers-csv.ts"),
    route("traffic", "routes/admin/traffic.tsx"),
    route("traffic.csv", "routes/admin/traffic-csv.ts"),
    route("newsletter", "routes/admin/newsletter.tsx"),
    route("newsletter/new", "routes/admin/newsletter-new.tsx"),
    route("newsletter/:id", "routes/admin/newsletter-issue.tsx"),
    route("posts", "routes/admin/posts.tsx"),
    route("posts/new", "routes/admin/posts-new.tsx"),
    route("posts/preview", "routes/admin/post-preview.ts"),
    route("posts/:id", "routes/admin/post.tsx"),
    route("posts/:id/revisions", "routes/admin/post-revisions.tsx"),
    route("content", "routes/admin/content.tsx"),
    route("content/:type", "routes/admin/content-type.tsx"),
    route("content/:type/new", "routes/admin/content-item.tsx", { id: "content-new" }),
    route("content/:type/:key", "routes/admin/content-item.tsx", { id: "content-item" }),
    route("account", "routes/admin/account.tsx"),
    route("team", "routes/admin/team.tsx"),
    route("audit", "routes/admin/audit.tsx"),
  ]),
  // The blog: one module for the four lists, one for the two post layouts (app/config/blog.ts).
  ...blogLists.map((l) => route(l.path.slice(1), "routes/blog-list.tsx", { id: l.id })),
  ...blogPostLayouts.map((l) => route(`${l.path.slice(1)}/:id`, "routes/blog-post.tsx", { id: l.id })),
  route("blog/rss.xml", "routes/blog-rss.ts"),
  // Services and projects: one module for the three listings of each, one per detail page.
  ...serviceLists.map((l) => route(l.path.slice(1), "routes/service-list.tsx", { id: l.id })),
  route("services-details/:id", "routes/service-details.tsx"),
  ...projectGalleries.map((g) => route(g.path.slice(1), "routes/project-gallery.tsx", { id: g.id })),
  route("project-details/:id", "routes/project-details.tsx"),
  // The team: one module for the three listings, one for the member pages (app/config/team.ts).
  ...teamLists.map((l) => route(l.path.slice(1), "routes/team-list.tsx", { id: l.id })),
  route(`${teamDetailsBase.slice(1)}/:id`, "routes/team-details.tsx"),
  // The bare detail paths: to their first item shown (app/config/redirects.ts).
  ...firstItemBases.map((base) => route(base.slice(1), "routes/first-item.tsx", { id: `first${base}` })),
  // What the service worker shows offline for a page not kept (app/service-worker/sw.ts): no link
  // leads here, so it is not in the page registry.
  route("offline", "routes/offline.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
