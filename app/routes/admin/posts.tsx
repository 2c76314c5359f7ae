import { data, Link } from "react-router";
import type { Route } from "./+types/posts";
import { consoleHeaders, requireStaff, requireStaffForm, staffService } from "#app/lib/staff.server.ts";
import {
  POST_FILTERS,
  POST_TRASH_DAYS,
  type PostFilter,
  type PostSummaryView,
} from "#app/lib/ports/posts-console.ts";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { ConsoleForm } from "#app/components/admin/console-form.tsx";
import { ConfirmPanel } from "#app/components/admin/confirm-panel.tsx";
import { When } from "#app/components/admin/when.tsx";
import { Pager } from "#app/components/admin/pager.tsx";
import { ListFilters } from "#app/components/admin/list-filters.tsx";
import { postStateLabel } from "#app/components/admin/post-state.ts";
import { listHref, listQuery } from "#app/lib/console-list.ts";

// The blog's posts: filters by state with counts, a search (title, address, excerpt; a plain GET
// form), 50 a page, newest first by the post's date. Each opens in the editor at /admin/posts/:id.
// The trash is a filter of its own (its posts are in no other); owners empty it (a second step
// confirms; the server refuses anyone else with 403).

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireStaff(context, request);
  const url = new URL(request.url);
  const query = listQuery(url, POST_FILTERS, "all");
  const { state, q } = query;
  const list = await staffService(context).posts.list(query);
  const deleted = Number(url.searchParams.get("deleted"));
  return {
    ...list,
    state,
    q,
    owner: session.member.role === "owner",
    deleted: Number.isSafeInteger(deleted) && deleted > 0 ? deleted : null,
  };
}

/** Emptying the trash: "empty" asks again, "empty-confirmed" does it (owners only). */
export async function action({ request, context }: Route.ActionArgs) {
  const { session, form } = await requireStaffForm(context, request, "owner");
  const answer = (body: { ok: boolean; message: string; confirmEmpty?: boolean }, status = 200) =>
    data(body, { status, headers: consoleHeaders() });
  const intent = form.get("intent");
  if (intent === "empty") return answer({ ok: true, message: "", confirmEmpty: true });
  if (intent !== "empty-confirmed") return answer({ ok: false, message: "Choose what to do." }, 400);
  const done = await staffService(context).posts.emptyTrash(session.member);
  if (!done.ok) throw data(null, { status: 403, headers: consoleHeaders() });
  return answer({
    ok: true,
    message:
      done.removed === 0
        ? "The trash was already empty."
        : `The trash is empty: ${done.removed} ${done.removed === 1 ? "post" : "posts"} deleted for good.`,
  });
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
  trash: "Trash",
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

export default function Posts({ loaderData, actionData }: Route.ComponentProps) {
  const { items, counts, page, pages, state, q, owner, deleted } = loaderData;
  const message = actionData?.message || (deleted ? `Post ${deleted} was deleted for good.` : "");
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

      <p
        role="status"
        className={actionData?.ok === false ? "mt-4 font-semibold text-danger" : "mt-4 font-semibold"}
      >
        {message}
      </p>

      <ListFilters
        path="/admin/posts"
        noun="posts"
        filters={POST_FILTERS}
        current={state}
        labels={LABELS}
        counts={counts}
        q={q}
        search={{
          id: "post-search",
          label: "Search the posts (title, address or excerpt)",
          placeholder: "Words of the title or excerpt",
        }}
      />

      {state === "trash" && (
        <div className="mt-6 grid gap-3">
          <p className="text-ink-muted">
            Posts in the trash are not on the blog (their pages say they were removed). Each can be restored
            as a draft from its page for {POST_TRASH_DAYS} days; then it is deleted for good, with its
            revisions and comments.
          </p>
          {actionData?.confirmEmpty ? (
            <ConfirmPanel
              id="confirm-empty-title"
              title={`Delete all ${counts.trash} ${counts.trash === 1 ? "post" : "posts"} in the trash for good?`}
              intent="empty-confirmed"
              confirmLabel="Empty the trash"
              cancel={{ href: "/admin/posts?state=trash", label: "Keep them" }}
            >
              <p>
                Their text, revisions and comments are deleted and cannot be brought back. Their addresses go
                on telling visitors they were removed.
              </p>
            </ConfirmPanel>
          ) : (
            owner &&
            counts.trash > 0 && (
              <ConsoleForm aria-label="Empty the trash">
                <Button type="submit" name="intent" value="empty" size="sm" tone="outline">
                  Empty the trash…
                </Button>
              </ConsoleForm>
            )
          )}
        </div>
      )}

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

      <Pager page={page} pages={pages} href={(n) => listHref("/admin/posts", { state, q }, { page: n })} />
    </>
  );
}
