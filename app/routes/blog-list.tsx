import { data } from "react-router";
import type { Route } from "./+types/blog-list";
import { blogFeedPath, blogFilterPath, blogLists } from "#app/config/blog.ts";
import { getPage } from "#app/config/pages.ts";
import {
  blogOf,
  describeFilter,
  filterFromQuery,
  filterQuery,
  isFiltered,
  summary,
} from "#app/lib/blog.server.ts";
import { postCard, sidebarData } from "#app/lib/blog-view.server.ts";
import { blogMetaLinks, notFoundMeta } from "#app/lib/blog-meta.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { routePath } from "#app/lib/route-path.ts";
import { pageCount, pageFromQuery, paginate } from "#app/lib/paginate.ts";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { BlogList } from "#app/components/blog/blog-list.tsx";

// One module for the four blog lists (app/config/blog.ts): the path picks the layout and page
// size. The page is `?page=n`: absent or not a positive whole number → page 1; past the last
// page → 404 (a page that does not exist, not a copy of another). `?q=`, `?category=`,
// `?tag=` and `?archive=YYYY-MM` filter the posts, combined. Page 1 without a query is
// prerendered; everything else is rendered per request.
export function loader({ url, context }: Route.LoaderArgs) {
  const path = routePath(url);
  const list = blogLists.find((l) => l.path === path);
  if (!list) throw data(null, { status: 404 });
  const page = getPage(list.path);
  const filter = filterFromQuery(url.searchParams);
  const blog = blogOf(context);
  const matching = blog.filterPosts(filter);
  const total = pageCount(matching.length, list.pageSize);
  const current = pageFromQuery(url.searchParams.get("page"));
  if (current > total) throw data(null, { status: 404 });

  const href = (n: number) => `${list.path}${filterQuery(filter, n)}`;
  const pagination = paginate(current, total);
  const from = (current - 1) * list.pageSize;
  const posts = matching.slice(from, from + list.pageSize).map((post) => postCard(summary(post)));
  const filterLabel = isFiltered(filter) ? describeFilter(filter) : null;
  const pageNote = current > 1 ? ` (Page ${current} of ${total})` : "";
  const count = matching.length;
  const range = posts.length > 1 ? `${from + 1}–${from + posts.length}` : `${from + 1}`;
  const previousHref = pagination.previous ? href(pagination.previous) : null;
  const nextHref = pagination.next ? href(pagination.next) : null;

  return {
    label: list.label,
    list: {
      layout: list.layout,
      posts,
      summary: count
        ? `Showing ${range} of ${count} ${count === 1 ? "article" : "articles"}${total > 1 ? ` · Page ${current} of ${total}` : ""}`
        : null,
      pagination: {
        current,
        total,
        items: pagination.items.map((item) =>
          item.kind === "page" ? { ...item, href: href(item.page) } : item,
        ),
        previousHref,
        nextHref,
      },
      filter,
      filterLabel,
      clearHref: list.path,
      sidebar: list.layout === "sidebar" ? { data: sidebarData(blog), searchAction: blogFilterPath } : null,
    },
    meta: [
      ...pageMeta({
        ...page,
        title: `${filterLabel ? `${filterLabel} – ${page.title}` : page.title}${pageNote}`,
        description: filterLabel
          ? `${filterLabel}: articles from the TechSpark blog on apps, websites, security, data and marketing for Nigerian businesses.${pageNote}`
          : `${page.description}${pageNote}`,
        canonicalPath: href(current),
        // Keyword results and empty lists are for visitors, not for search engines.
        indexable: !filter.q && count > 0,
      }),
      ...blogMetaLinks({ previous: previousHref, next: nextHref }),
    ],
  };
}

// Built by the loader, like every page's metadata (docs/decisions/003).
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? notFoundMeta();

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", title: "TechSpark Innovations Blog", href: blogFeedPath },
];

export default function BlogListRoute({ loaderData: { label, list } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title={list.filterLabel ?? "Insights for growing businesses"}
        intro={
          list.filterLabel
            ? "Every article by our engineers, designers and marketers, by keyword, category, tag or month."
            : "Practical notes from our engineers, designers and marketers on building, securing and growing digital products in Nigeria."
        }
        crumbs={[{ label: "Blog", href: blogLists[0].path }, { label }]}
      />
      <BlogList {...list} />
    </>
  );
}
