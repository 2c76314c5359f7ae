import { useEffect, useRef } from "react";
import type { BlogListLayout } from "#app/config/blog.ts";
import type { BlogFilter } from "#app/lib/blog.server.ts";
import type { PostCardData, SidebarData } from "#app/lib/blog-view.server.ts";
import { Icon } from "#app/components/ui/icon.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import { PostCard, type PostCardVariant } from "./post-card.tsx";
import { BlogSidebar } from "./blog-sidebar.tsx";
import { Pagination, type PaginationLink } from "./pagination.tsx";

export type BlogListProps = {
  layout: BlogListLayout;
  posts: PostCardData[];
  /** "Showing 1–3 of 16 articles · Page 1 of 6", or null when nothing matches. */
  summary: string | null;
  pagination: {
    current: number;
    total: number;
    items: PaginationLink[];
    previousHref: string | null;
    nextHref: string | null;
  };
  /** A filter's name in words ("Tagged “Education”"), or null for the whole blog. */
  filterLabel: string | null;
  filter: BlogFilter;
  /** The list's address without a filter, to clear it. */
  clearHref: string;
  sidebar: { data: SidebarData; searchAction: string } | null;
};

const grids: Record<BlogListLayout, [list: string, card: PostCardVariant, sizes: string]> = {
  standard: ["grid gap-16 lg:gap-20", "row", "(min-width: 1280px) 560px, (min-width: 768px) 45vw, 92vw"],
  sidebar: ["grid gap-16", "stack", "(min-width: 1280px) 780px, (min-width: 1024px) 62vw, 92vw"],
  "grid-2": [
    "grid gap-x-8 gap-y-14 md:grid-cols-2",
    "compact",
    "(min-width: 1280px) 600px, (min-width: 768px) 46vw, 92vw",
  ],
  "grid-3": [
    "grid gap-x-8 gap-y-14 md:grid-cols-2 lg:grid-cols-3",
    "compact",
    "(min-width: 1280px) 390px, (min-width: 1024px) 30vw, (min-width: 768px) 46vw, 92vw",
  ],
};

/** After a page change in the browser: back to the top once the new page is drawn (~200 ms). */
function useScrollTopOnPageChange(page: number) {
  const shown = useRef(page);
  useEffect(() => {
    if (shown.current === page) return;
    shown.current = page;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const timer = window.setTimeout(
      () => window.scrollTo({ top: 0, behavior: reduce ? "instant" : "smooth" }),
      200,
    );
    return () => window.clearTimeout(timer);
  }, [page]);
}

/** The blog's four lists: one component, the layout decides cards, grid and sidebar. */
export function BlogList({
  layout,
  posts,
  summary,
  pagination,
  filterLabel,
  filter,
  clearHref,
  sidebar,
}: BlogListProps) {
  useScrollTopOnPageChange(pagination.current);
  const [list, card, sizes] = grids[layout];
  return (
    <section className="section-y">
      <div
        className={cn(
          "container-page",
          layout === "standard" && "max-w-6xl",
          sidebar && "grid gap-14 lg:grid-cols-[minmax(0,1fr)_22rem] xl:gap-16",
        )}
      >
        <div className="min-w-0">
          <div className="mb-10 flex flex-wrap items-center justify-between gap-4 border-b border-line pb-6">
            <p className="font-semibold text-ink-muted">{summary ?? "No posts found"}</p>
            {filterLabel && (
              <ButtonLink to={clearHref} tone="outline" size="sm">
                <Icon name="x" className="size-4" />
                Clear filter
              </ButtonLink>
            )}
          </div>
          {posts.length ? (
            <div className={list}>
              {posts.map((post, i) => (
                <PostCard key={post.id} post={post} variant={card} sizes={sizes} priority={i === 0} />
              ))}
            </div>
          ) : (
            <div className="blog-box border-dashed px-8 py-16 text-center">
              <Icon name="search-x" className="mx-auto size-10 text-primary-ink" />
              <h2 className="mt-6 text-h3">No posts found</h2>
              <p className="mx-auto mt-3 max-w-md text-ink-muted">
                No article matches this {filter.q ? "search" : "filter"}. Try another word, or browse the
                categories and tags.
              </p>
              <ButtonLink to={clearHref} className="mt-8">
                See all articles
              </ButtonLink>
            </div>
          )}
          {pagination.total > 1 && (
            <Pagination
              items={pagination.items}
              previousHref={pagination.previousHref}
              nextHref={pagination.nextHref}
            />
          )}
        </div>
        {sidebar && <BlogSidebar data={sidebar.data} searchAction={sidebar.searchAction} filter={filter} />}
      </div>
    </section>
  );
}
