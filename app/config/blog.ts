// The blog's four list layouts and two post layouts. One route module renders each kind
// (app/routes/blog-list.tsx, app/routes/blog-post.tsx); app/routes.ts maps every path to it
// with its own route id, and app/config/pages.ts registers the pages.

export type BlogListLayout = "standard" | "sidebar" | "grid-2" | "grid-3";
export type BlogPostLayout = "full" | "sidebar";

export type BlogList = {
  id: string;
  path: string;
  layout: BlogListLayout;
  /** Posts per page (the spec's sizes). */
  pageSize: number;
  /** Name in menus and the breadcrumb. */
  label: string;
};

export const blogLists = [
  { id: "blog-standard", path: "/blog-standard", layout: "standard", pageSize: 3, label: "Blog Standard" },
  {
    id: "blog-with-sidebar",
    path: "/blog-with-sidebar",
    layout: "sidebar",
    pageSize: 3,
    label: "Blog with Sidebar",
  },
  {
    id: "blog-2-column",
    path: "/blog-2-column",
    layout: "grid-2",
    pageSize: 4,
    label: "Blog Grid, 2 Columns",
  },
  {
    id: "blog-3-column",
    path: "/blog-3-column",
    layout: "grid-3",
    pageSize: 6,
    label: "Blog Grid, 3 Columns",
  },
] as const satisfies readonly BlogList[];

export const blogPostLayouts = [
  { id: "blog-single", path: "/blog-single", layout: "full", label: "Single Post" },
  {
    id: "blog-single-sidebar",
    path: "/blog-single-sidebar",
    layout: "sidebar",
    label: "Single Post with Sidebar",
  },
] as const satisfies ReadonlyArray<{ id: string; path: string; layout: BlogPostLayout; label: string }>;

/** A post's address in one layout; the sidebar layout is the canonical one. */
export function postPath(id: number, layout: BlogPostLayout = "sidebar"): string {
  return `${layout === "sidebar" ? "/blog-single-sidebar" : "/blog-single"}/${id}`;
}

/** Where the sidebar's search, categories, tags and archives lead: the list with the sidebar. */
export const blogFilterPath = "/blog-with-sidebar";
export const blogFeedPath = "/blog/rss.xml";
