import { data, Link } from "react-router";
import type { Route } from "./+types/posts";
import { consoleHeaders, requireStaff, requireStaffForm, staffService } from "#app/lib/staff.server.ts";
import {
  POST_FILTERS,
  POST_TRASH_DAYS,
  POSTS_PAGE_SIZE,
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
import {
  mediaUrl,
  pictureData,
  pictureKnown,
  rememberPictures,
  type MediaFormat,
} from "#app/lib/media.server.ts";
import type { PictureData } from "#app/lib/media.ts";
import { PictureView } from "#app/components/ui/picture-view.tsx";

// The blog's posts: filters by state with counts, a search (title, address, excerpt; a plain GET
// form), 50 a page, newest first by the post's date, in a compact table (its list picture, title,
// state, author, date, who saved it last): 19 posts fit a screen, where one card each took three.
// On a phone the table scrolls sideways in its own labelled region; the page does not. Each
// opens in the editor at /admin/posts/:id.
// The trash is a filter of its own (its posts are in no other); owners empty it (a second step
// confirms; the server refuses anyone else with 403).

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireStaff(context, request);
  const url = new URL(request.url);
  const query = listQuery(url, POST_FILTERS, "all");
  const { state, q } = query;
  const { pictures, ...list } = await staffService(context).posts.list(query);
  const deleted = Number(url.searchParams.get("deleted"));
  rememberPictures(pictures);
  return {
    ...list,
    items: list.items.map((p) => ({ ...p, thumb: thumbnail(p.thumb) })),
    state,
    q,
    owner: session.member.role === "owner",
    deleted: Number.isSafeInteger(deleted) && deleted > 0 ? deleted : null,
  };
}

/** A post's list picture as the table shows it (4 rem wide): its smallest files, 160 px, enough
 *  for a screen of two or three pixels a point; none for a picture that is not there. */
function thumbnail(name: string): PictureData | null {
  if (!pictureKnown(name)) return null;
  const picture = pictureData(name);
  return {
    ...picture,
    sources: picture.sources.map((s) => ({
      type: s.type,
      srcSet: mediaUrl(name, 160, s.type.replace("image/", "") as MediaFormat),
    })),
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

/** What the table shows, by filter ("Drafts: 1 to 50 of 61"). */
const SHOWN: Record<PostFilter, string> = {
  all: "All posts",
  draft: "Drafts",
  scheduled: "Scheduled posts",
  published: "Published posts",
  trash: "Posts in the trash",
};

type PostRow = Omit<PostSummaryView, "thumb"> & { thumb: PictureData | null };

/** A post's row: its picture (decoration: the title says which post), the title to open it. */
function PostRow({ post }: { post: PostRow }) {
  return (
    <tr className="border-b border-line last:border-0">
      <td className="py-2 pr-2 pl-4">
        {post.thumb ? (
          <PictureView
            picture={post.thumb}
            alt=""
            sizes="4rem"
            imgClassName="aspect-[3/2] w-16 max-w-none rounded-md object-cover"
          />
        ) : (
          <span className="block aspect-[3/2] w-16 max-w-none rounded-md bg-surface-alt" />
        )}
      </td>
      <th scope="row" className="min-w-56 px-3 py-2 font-semibold wrap-anywhere">
        <Link to={`/admin/posts/${post.id}`} className="text-primary-ink underline underline-offset-4">
          {post.title}
        </Link>
      </th>
      <td className="min-w-40 px-3 py-2">{postStateLabel(post)}</td>
      <td className="px-3 py-2 whitespace-nowrap">{post.author}</td>
      <td className="px-3 py-2 whitespace-nowrap">
        <time dateTime={post.date}>{post.date}</time>
      </td>
      <td className="px-3 py-2 pr-4">
        {post.updatedBy}
        <br />
        <When ms={post.updatedAt} />
      </td>
    </tr>
  );
}

export default function Posts({ loaderData, actionData }: Route.ComponentProps) {
  const { items, counts, page, pages, state, q, owner, deleted } = loaderData;
  const first = (page - 1) * POSTS_PAGE_SIZE + 1;
  const shown = `${SHOWN[state]}: ${first === 1 && items.length === counts[state] ? counts[state] : `${first} to ${first + items.length - 1} of ${counts[state]}`}`;
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
        <div className="mt-6">
          <h2 id="posts-shown" className="font-bold">
            {shown}
          </h2>
          <p className="text-sm text-ink-muted md:hidden">
            On a narrow screen the table scrolls sideways: its author and dates are to the right.
          </p>
          <div
            role="region"
            aria-labelledby="posts-shown"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must be reachable
            tabIndex={0}
            className="mt-3 overflow-x-auto rounded-card bg-surface shadow-card"
          >
            <table className="w-full min-w-3xl text-left text-sm">
              <caption className="sr-only">{shown}</caption>
              <thead className="border-b border-line">
                <tr>
                  <th scope="col" className="py-3 pr-2 pl-4 font-semibold">
                    <span className="sr-only">Picture</span>
                  </th>
                  {["Title", "State", "Author", "Date", "Last saved"].map((h) => (
                    <th key={h} scope="col" className="px-3 py-3 font-semibold last:pr-4">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {items.map((p) => (
                  <PostRow key={p.id} post={p} />
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}

      <Pager page={page} pages={pages} href={(n) => listHref("/admin/posts", { state, q }, { page: n })} />
    </>
  );
}
