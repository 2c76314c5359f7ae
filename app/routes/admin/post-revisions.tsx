import { data, Link, useNavigation } from "react-router";
import type { Route } from "./+types/post-revisions";
import { consoleHeaders, requireStaff, requireStaffForm, staffService } from "#app/lib/staff.server.ts";
import { parseId } from "#app/lib/format.ts";
import type { PostRevisionView } from "#app/lib/ports/posts-console.ts";
import { Button } from "#app/components/ui/button.tsx";
import { ConsoleForm } from "#app/components/admin/console-form.tsx";
import { consoleErrorBoundary } from "#app/components/admin/console-problem.tsx";
import { PostDiff } from "#app/components/admin/post-diff.tsx";
import { When } from "#app/components/admin/when.tsx";

// A post's revisions: every change kept (what, who, when in Lagos time); two compared (a GET
// form, or "compare with the current" links: ?from=N&to=M), field by field and line by line; and
// one restored: its fields saved again as a new revision, based on the revision this page showed
// (someone else's save meanwhile refuses it, as in the editor), the post's state left as it is.
// Plain links and form posts: all of it works without JavaScript.

const notFound = () => data(null, { status: 404, headers: consoleHeaders() });

/** What each revision's action was, in words. */
const ACTIONS: Record<string, string> = {
  seed: "First imported with the site",
  imported: "Imported",
  created: "Written",
  saved: "Saved",
  published: "Published",
  scheduled: "Scheduled",
  unpublished: "Unpublished",
  trashed: "Moved to the trash",
  restored: "Restored from the trash",
  reverted: "An earlier revision saved again",
};

/** A revision number from the address (a positive whole number), if it is one. */
const revisionParam = (value: string | null) => {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(context, request);
  const id = parseId(params.id);
  const posts = staffService(context).posts;
  const post = id === undefined ? null : await posts.get(id);
  const revisions = id === undefined ? null : await posts.revisions(id);
  if (!post || !revisions) throw notFound();
  const url = new URL(request.url);
  const from = revisionParam(url.searchParams.get("from"));
  const to = revisionParam(url.searchParams.get("to"));
  const asked = url.searchParams.has("from") || url.searchParams.has("to");
  const comparison = from && to ? await posts.compare(post.id, Math.min(from, to), Math.max(from, to)) : null;
  return {
    post: { id: post.id, title: post.title, revision: post.revision, state: post.state },
    revisions,
    comparison,
    /** The form's choices: what was compared, else the two newest. */
    picked: {
      from: comparison?.from.revision ?? revisions[1]?.revision ?? revisions[0]!.revision,
      to: comparison?.to.revision ?? revisions[0]!.revision,
    },
    notFoundRevision: asked && !comparison,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { session, form } = await requireStaffForm(context, request);
  const id = parseId(params.id);
  if (id === undefined) throw notFound();
  const answer = (body: { ok: boolean; message: string }, status = 200) =>
    data(body, { status, headers: consoleHeaders() });
  if (form.get("intent") !== "restore-revision")
    return answer({ ok: false, message: "Choose what to do." }, 400);
  const revision = revisionParam(String(form.get("revision") ?? ""));
  const base = revisionParam(String(form.get("base") ?? ""));
  if (!revision || !base) return answer({ ok: false, message: "Choose a revision to restore." }, 400);
  const done = await staffService(context).posts.restoreRevision(session.member.email, id, revision, base);
  if (done.ok)
    return answer({
      ok: true,
      message: done.changed
        ? `Revision ${revision} is the post's text again, as revision ${done.revision}. Its state is as it was.`
        : `Nothing to restore: the post is already as revision ${revision} has it.`,
    });
  if (done.reason === "invalid")
    return answer(
      { ok: false, message: `Revision ${revision} cannot be saved again as it is: ${done.message}` },
      400,
    );
  if (done.reason === "conflict")
    return answer(
      {
        ok: false,
        message: `Not restored: ${done.current.updatedBy} changed the post meanwhile (now revision ${done.current.revision}). The list below is up to date: check it, then restore again.`,
      },
      409,
    );
  if (done.reason === "no-revision")
    return answer({ ok: false, message: `The post has no revision ${revision}.` }, 400);
  throw notFound();
}

export const headers: Route.HeadersFunction = () => consoleHeaders();

export const meta: Route.MetaFunction = () => [
  { title: "Revisions | Staff console" },
  { name: "robots", content: "noindex, nofollow" },
];

function RevisionChoice({
  name,
  label,
  revisions,
  value,
}: {
  name: "from" | "to";
  label: string;
  revisions: PostRevisionView[];
  value: number;
}) {
  return (
    <div>
      <label htmlFor={`compare-${name}`} className="mb-2 block text-sm font-semibold">
        {label}
      </label>
      <select
        id={`compare-${name}`}
        name={name}
        defaultValue={value}
        className="w-full rounded-2xl border border-line bg-canvas px-5 py-3 text-ink focus:border-primary"
      >
        {revisions.map((r) => (
          <option key={r.revision} value={r.revision}>
            Revision {r.revision}: {ACTIONS[r.action] ?? r.action}
          </option>
        ))}
      </select>
    </div>
  );
}

export default function PostRevisions({ loaderData, actionData }: Route.ComponentProps) {
  const { post, revisions, comparison, picked, notFoundRevision } = loaderData;
  const busy = useNavigation().state === "submitting";
  const base = `/admin/posts/${post.id}/revisions`;
  const message =
    actionData?.message || (notFoundRevision ? "Choose two revisions the post has to compare them." : "");
  return (
    <>
      <Link
        to={`/admin/posts/${post.id}`}
        className="font-semibold text-primary-ink underline underline-offset-4"
      >
        Back to the post
      </Link>
      <h1 className="mt-6 text-h2 wrap-anywhere">Revisions of “{post.title}”</h1>
      <p className="mt-2 text-ink-muted">
        Every change to the post is kept. Compare two to see what changed; restore one to make its text the
        post&rsquo;s again (a new revision: nothing is lost, and the post stays{" "}
        {post.state === "trash" ? "in the trash" : post.state}).
      </p>
      <p
        role="status"
        className={
          actionData?.ok === false || notFoundRevision
            ? "mt-4 min-h-6 font-semibold text-danger"
            : "mt-4 min-h-6 font-semibold"
        }
      >
        {message}
      </p>

      {revisions.length > 1 && (
        <form
          method="get"
          action={base}
          aria-label="Compare two revisions"
          className="mt-2 grid gap-4 rounded-card bg-surface p-6 shadow-card sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        >
          <RevisionChoice name="from" label="Compare revision" revisions={revisions} value={picked.from} />
          <RevisionChoice name="to" label="with revision" revisions={revisions} value={picked.to} />
          <Button type="submit" size="default">
            Compare
          </Button>
        </form>
      )}

      {comparison && (
        <section aria-labelledby="compare-title" className="mt-6 grid gap-3">
          <h2 id="compare-title" className="text-h3">
            What changed from revision {comparison.from.revision} to revision {comparison.to.revision}
          </h2>
          <PostDiff comparison={comparison} />
        </section>
      )}

      <section aria-labelledby="list-title" className="mt-6">
        <h2 id="list-title" className="text-h3">
          All revisions, the newest first
        </h2>
        <ol className="mt-4 grid gap-3">
          {revisions.map((r) => {
            const current = r.revision === post.revision;
            return (
              <li key={r.revision}>
                <article
                  aria-labelledby={`rev-${r.revision}`}
                  className="grid gap-2 rounded-card bg-surface p-5 shadow-card sm:p-6"
                >
                  <h3 id={`rev-${r.revision}`} className="font-bold">
                    Revision {r.revision}: {ACTIONS[r.action] ?? r.action}
                    {current && " (the current one)"}
                  </h3>
                  <p className="text-sm text-ink-muted">
                    By {r.by}, <When ms={r.at} className="" /> (Lagos time)
                  </p>
                  {!current && (
                    <div className="flex flex-wrap items-center gap-3">
                      <Link
                        to={`${base}?from=${r.revision}&to=${post.revision}`}
                        className="font-semibold text-primary-ink underline underline-offset-4"
                      >
                        Compare with the current<span className="sr-only"> (revision {r.revision})</span>
                      </Link>
                      {post.state !== "trash" && (
                        <ConsoleForm aria-label={`Restore revision ${r.revision}`}>
                          <input type="hidden" name="revision" value={r.revision} />
                          <input type="hidden" name="base" value={post.revision} />
                          <Button
                            type="submit"
                            name="intent"
                            value="restore-revision"
                            size="sm"
                            tone="outline"
                            disabled={busy}
                          >
                            Restore this revision<span className="sr-only"> ({r.revision})</span>
                          </Button>
                        </ConsoleForm>
                      )}
                    </div>
                  )}
                </article>
              </li>
            );
          })}
        </ol>
      </section>
    </>
  );
}

export const ErrorBoundary = consoleErrorBoundary("There is no such post.", {
  href: "/admin/posts",
  label: "Back to the posts",
});
