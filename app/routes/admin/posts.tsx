import { Link } from "react-router";
import type { Route } from "./+types/posts";
import { consoleHeaders, requireStaff, staffService } from "#app/lib/staff.server.ts";
import { POST_FILTERS, type PostFilter, type PostSummaryView } from "#app/lib/ports/posts-console.ts";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { SearchForm } from "#app/components/ui/search-form.tsx";
import { When } from "#app/components/admin/when.tsx";
import { Pager } from "#app/components/admin/pager.tsx";
import { FilterTabs } from "#app/components/admin/filter-tabs.tsx";
import { postStateLabel } from "#app/components/admin/post-state.ts";
import { listHref } from "#app/lib/console-list.ts";

// The blog's posts: filters by state with counts, a search (title, address, excerpt; a plain GET
// form), 50 a page, newest first by the post's date. Each opens in the editor at /admin/posts/:id.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, request);
  const url = new URL(request.url);
  const state = POST_FILTERS.find((f) => f === url.searchParams.get("state")) ?? "all";
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const list = await staffService(context).posts.list({
    state,
    q,
    page: Number(url.searchParams.get("page") ?? 1),
  });
  return { ...list, state, q };
}

export const headers: Route.HeadersFunction = () => consoleHeaders();

export const meta: Route.MetaFunction = () => [
  { title: "Posts | Staff console" },
  { name: "robots", content: "noindex, nofollow" },
];

const LABELS: Record<PostFilter, string> = {
  all: "All",
  draft: "Drafts",
  scheduled: "Scheduled",
  published: "Published",
};

function PostItem({ post }: { post: PostSummaryView }) {
  return (
    <article
      aria-labelledby={`p-${post.id}`}
      className="grid gap-2 rounded-card bg-surface p-5 shadow-card sm:p-6"
    >
      <h2 id={`p-${post.id}`} className="font-bold wrap-anywhere">
        <Link to={`/admin/posts/${post.id}`} className="text-primary-ink underline underline-offset-4">
          {post.title}
        </Link>
      </h2>
      <p className="font-semibold">{postStateLabel(post)}</p>
      <p className="text-sm text-ink-muted">
        {post.author} · dated {post.date} · last saved by {post.updatedBy},{" "}
        <When ms={post.updatedAt} className="" />
      </p>
    </article>
  );
}

export default function Posts({ loaderData }: Route.ComponentProps) {
  const { items, counts, page, pages, state, q } = loaderData;
  /** This list with other parameters (the search is kept; a new filter starts at page 1). */
  const listUrl = (next: { state?: PostFilter; page?: number }) =>
    listHref("/admin/posts", { state, q }, next);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-h2">Posts</h1>
        <ButtonLink to="/admin/posts/new" size="sm">
          Write a new post
        </ButtonLink>
      </div>
      <p className="mt-3 text-ink-muted">
        The blog&rsquo;s articles. Write one, check the preview, then publish it: it shows on the blog at
        once.
      </p>

      <FilterTabs
        label="Filter the posts"
        filters={POST_FILTERS}
        current={state}
        labels={LABELS}
        counts={counts}
        href={(f) => listUrl({ state: f })}
      />

      <SearchForm
        id="post-search"
        action="/admin/posts"
        label="Search the posts (title, address or excerpt)"
        showLabel
        tone="light"
        placeholder="Words of the title or excerpt"
        query={q}
        className="mt-6"
      >
        <input type="hidden" name="state" value={state} />
      </SearchForm>

      {items.length === 0 ? (
        <p className="mt-6 rounded-card bg-surface p-6 shadow-card">
          {q
            ? `No ${state === "all" ? "" : `${LABELS[state].toLowerCase()} `}posts match “${q}”.`
            : "No posts here."}
        </p>
      ) : (
        <ul className="mt-6 grid gap-4" aria-label={`${LABELS[state]} posts`}>
          {items.map((p) => (
            <li key={p.id}>
              <PostItem post={p} />
            </li>
          ))}
        </ul>
      )}

      <Pager page={page} pages={pages} href={(n) => listUrl({ page: n })} />
    </>
  );
}
