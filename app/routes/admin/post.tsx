import { useEffect, useMemo } from "react";
import { data, Link, redirect, useNavigation, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/post";
import { consoleHeaders, requireStaff, requireStaffForm, staffService } from "#app/lib/staff.server.ts";
import { postFormValues } from "#app/lib/post-form.ts";
import { postPreview } from "#app/lib/post-preview.server.ts";
import { postPath } from "#app/config/blog.ts";
import { lagosTime, parseId } from "#app/lib/format.ts";
import { POST_ISSUE_MODES } from "#app/lib/ports/issues.ts";
import {
  POST_TRASH_DAYS,
  type PostEditView,
  type PostFormErrors,
  type PostFormValues,
} from "#app/lib/ports/posts-console.ts";
import { Button } from "#app/components/ui/button.tsx";
import { ConsoleForm } from "#app/components/admin/console-form.tsx";
import { consoleErrorBoundary } from "#app/components/admin/console-problem.tsx";
import { ConfirmPanel } from "#app/components/admin/confirm-panel.tsx";
import { POST_FORM_ID, PostForm } from "#app/components/admin/post-form.tsx";
import { PostEditorPanes } from "#app/components/admin/live-preview.tsx";
import { PostPreview } from "#app/components/admin/post-preview.tsx";
import { deletedForGoodAt, postStateLabel } from "#app/components/admin/post-state.ts";
import { When } from "#app/components/admin/when.tsx";
import { TheirVersion } from "#app/components/admin/their-version.tsx";
import { forget } from "#app/components/admin/draft-keeper.ts";

// One post: its fields changed and saved (based on the revision the writer started from: a save
// after someone else's is refused and both texts are shown), published now or at a time,
// unpublished, sent to subscribers (a newsletter issue started from it), moved to the trash and
// back; owners delete it for good from the trash (a second step confirms; the server refuses
// anyone else with 403). Beside the form (below it on a phone), the post as its page shows it. All of it
// works without JavaScript (save, and the preview is the saved post's; with JavaScript it follows
// the form as the writer types: live-preview.tsx).

const notFound = () => data(null, { status: 404, headers: consoleHeaders() });
const ownersOnly = () => data(null, { status: 403, headers: consoleHeaders() });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const session = await requireStaff(context, request);
  const id = parseId(params.id);
  const posts = staffService(context).posts;
  const post = id === undefined ? null : await posts.get(id);
  if (!post) throw notFound();
  const choices = posts.choices();
  return {
    post,
    preview: postPreview(post.fields, post.pictures),
    ...choices,
    // A post whose author left the agency (hidden) keeps them: offered here alone.
    authors: choices.authors.includes(post.fields.author)
      ? choices.authors
      : [...choices.authors, post.fields.author],
    saved: new URL(request.url).searchParams.has("saved"),
    // Published from the new post's page in one step.
    published: new URL(request.url).searchParams.has("published"),
    owner: session.member.role === "owner",
  };
}

type Answer = {
  ok: boolean;
  message: string;
  errors?: PostFormErrors;
  /** What the writer sent, kept in the form when it was not saved. */
  values?: PostFormValues;
  /** The post as someone else saved it meanwhile. */
  theirs?: PostEditView;
  /** "Delete for good" was pressed: the page asks again. */
  confirmDelete?: boolean;
  /** A draft saved as its writer typed: the revision the next save is based on. */
  autosaved?: { revision: number; at: number };
  /** An autosave refused because someone else saved meanwhile. */
  conflict?: boolean;
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const { session, form } = await requireStaffForm(context, request);
  const posts = staffService(context).posts;
  const by = session.member.email;
  const id = parseId(params.id);
  if (id === undefined) throw notFound();
  const answer = (body: Answer, status = 200) => data(body, { status, headers: consoleHeaders() });
  const intent = form.get("intent");
  const owner = session.member.role === "owner";
  if (intent === "trash") {
    const done = await posts.trash(by, id);
    if (!done.ok) throw notFound();
    return answer({
      ok: true,
      message: `Moved to the trash: its pages now say it was removed. Restore it within ${POST_TRASH_DAYS} days, or it is deleted for good.`,
    });
  }
  if (intent === "restore") {
    const done = await posts.restore(by, id);
    if (!done.ok) throw notFound();
    return answer({ ok: true, message: "Restored from the trash, as a draft." });
  }
  if (intent === "delete") {
    if (!owner) throw ownersOnly();
    return answer({ ok: true, message: "", confirmDelete: true });
  }
  if (intent === "delete-confirmed") {
    const done = await posts.deleteForGood(session.member, id);
    if (!done.ok) throw done.reason === "forbidden" ? ownersOnly() : notFound();
    throw redirect(`/admin/posts?state=trash&deleted=${id}`, { headers: consoleHeaders() });
  }
  if (intent === "send") {
    // "The whole post" or "the excerpt and a link": nothing else is guessed at.
    const mode = POST_ISSUE_MODES.find((m) => m === form.get("carry"));
    if (mode === undefined)
      return answer(
        { ok: false, message: "Choose what the e-mail carries: the whole post, or the excerpt and a link." },
        400,
      );
    const done = await posts.sendToSubscribers(by, id, mode);
    if (!done.ok) {
      if (done.reason === "unknown") throw notFound();
      return answer(
        {
          ok: false,
          message:
            done.reason === "missing-picture"
              ? "A picture of this post is no longer there: choose its pictures again and save it first."
              : "Only a published post can be sent to subscribers.",
        },
        400,
      );
    }
    throw redirect(`/admin/newsletter/${done.issueId}`, { headers: consoleHeaders() });
  }
  if (intent === "unpublish") {
    const done = await posts.unpublish(by, id);
    if (!done.ok) throw notFound();
    return answer({
      ok: true,
      message: "Unpublished: it is a draft again, and its pages are gone from the site.",
    });
  }
  if (intent === "autosave") {
    // A draft saved as its writer types (draft-keeper.ts): as a save, based on the revision the
    // writer started from (someone's save meanwhile refuses it, nothing overwritten); a published
    // or scheduled post is not (its page would change as they type).
    const current = await posts.get(id);
    if (!current) throw notFound();
    if (current.state !== "draft")
      return answer({ ok: false, message: "Only a draft is saved as you type: press Save." }, 400);
    const saved = await posts.save(by, id, postFormValues(form), Number(form.get("revision")));
    if (saved.ok) {
      const now = await posts.get(id);
      return answer({
        ok: true,
        message: "",
        autosaved: { revision: now?.revision ?? current.revision, at: Date.now() },
      });
    }
    if (saved.reason === "unknown") throw notFound();
    if (saved.reason === "invalid")
      return answer(
        { ok: false, message: "Kept on this device; not saved: press Save to see what to correct." },
        400,
      );
    return answer(
      {
        ok: false,
        conflict: true,
        message: `Not saved: ${saved.current.updatedBy} saved this post while you were writing. Your text is kept here and on this device; press Save to see their version beside yours.`,
      },
      409,
    );
  }
  if (intent !== "save" && intent !== "publish")
    return answer({ ok: false, message: "Choose what to do with the post." }, 400);
  const values = postFormValues(form);
  const at = String(form.get("publishAt") ?? "").trim();
  const publishAt = at ? lagosTime(at) : null;
  if (intent === "publish" && publishAt !== null && Number.isNaN(publishAt))
    return answer(
      { ok: false, message: "The time to publish at is not one: give a day and a time.", values },
      400,
    );
  const saved = await posts.save(by, id, values, Number(form.get("revision")));
  if (!saved.ok) {
    if (saved.reason === "unknown") throw notFound();
    if (saved.reason === "invalid")
      return answer(
        { ok: false, message: "Please correct the highlighted fields.", errors: saved.errors, values },
        400,
      );
    return answer(
      {
        ok: false,
        message: `Not saved: ${saved.current.updatedBy} saved this post while you were editing it. Your text is still in the form; theirs is shown above it. Saving again now replaces theirs with yours.`,
        values,
        theirs: saved.current,
      },
      409,
    );
  }
  if (intent === "save")
    return answer({
      ok: true,
      message: saved.changed ? "Saved. The preview is up to date." : "Nothing had changed.",
    });
  const published = await posts.publish(by, id, publishAt);
  if (!published.ok) throw notFound();
  return answer({
    ok: true,
    message:
      published.publishAt === null
        ? "Published: it is on the blog now."
        : "Scheduled: it goes on the blog at the time shown above.",
  });
}

export const headers: Route.HeadersFunction = () => consoleHeaders();

/** A 409 means the post changed elsewhere: show it as it now is (the preview, the revision). */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionStatus,
  defaultShouldRevalidate,
  formData,
}) =>
  // A draft saved as its writer types changes nothing on the page but the line saying so: the
  // form is not made again under their fingers (draft-keeper.ts keeps the revision).
  formData?.get("intent") === "autosave" ? false : actionStatus === 409 || defaultShouldRevalidate;

export const meta: Route.MetaFunction = () => [
  { title: "Post | Staff console" },
  { name: "robots", content: "noindex, nofollow" },
];

/** The form's values of a stored post. */
const formValues = ({ id: _, ...fields }: PostEditView["fields"]): PostFormValues => ({ ...fields });

export default function PostEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { post, preview, authors, pictures, saved, published, owner } = loaderData;
  const busy = useNavigation().state === "submitting";
  const message =
    actionData?.message ||
    (published
      ? post.state === "scheduled"
        ? "Scheduled: it goes on the blog at the time shown above."
        : "Published: it is on the blog now."
      : saved
        ? "Saved as a draft. The preview shows it."
        : "");
  // Saved from the new post's page: what it kept on this device is on the server now.
  useEffect(() => {
    if (saved || published) forget(null);
  }, [saved, published]);
  // The post as the server has it (the draft keeper compares what is typed with it).
  const savedValues = useMemo(() => formValues(post.fields), [post]);
  const theirs = actionData?.theirs;
  const live = post.state === "published";
  const trashed = post.state === "trash";
  return (
    <>
      <Link to="/admin/posts" className="font-semibold text-primary-ink underline underline-offset-4">
        All posts
      </Link>
      <h1 className="mt-6 text-h2 wrap-anywhere">{post.title}</h1>
      <p className="mt-2 font-semibold">{postStateLabel(post)}</p>
      {trashed && post.trashedAt !== null && (
        <p className="mt-1 text-sm text-ink-muted">
          Moved to the trash <When ms={post.trashedAt} className="" />; deleted for good{" "}
          <When ms={deletedForGoodAt(post.trashedAt)} className="" /> unless restored. Visitors are told it
          was removed.
        </p>
      )}
      <p className="mt-1 text-sm text-ink-muted">
        Last saved by {post.updatedBy}, <When ms={post.updatedAt} className="" /> (revision {post.revision}).
        {live && (
          <>
            {" "}
            <a
              href={postPath(post.id)}
              className="font-semibold text-primary-ink underline underline-offset-4"
            >
              See it on the blog
            </a>
          </>
        )}{" "}
        <Link
          to={`/admin/posts/${post.id}/revisions`}
          className="font-semibold text-primary-ink underline underline-offset-4"
        >
          Revisions: compare, restore
        </Link>
      </p>
      <p
        role="status"
        className={
          actionData?.ok === false ? "mt-4 min-h-6 font-semibold text-danger" : "mt-4 min-h-6 font-semibold"
        }
      >
        {message}
      </p>

      {actionData?.confirmDelete && trashed && (
        <ConfirmPanel
          id="confirm-delete-title"
          title={`Delete “${post.title}” for good?`}
          intent="delete-confirmed"
          confirmLabel="Delete for good"
          cancel={{ href: `/admin/posts/${post.id}`, label: "Keep it in the trash" }}
        >
          <p>
            Its text, its revisions and its comments are deleted and cannot be brought back. Its addresses go
            on telling visitors it was removed, and its number is never given to another post.
          </p>
        </ConfirmPanel>
      )}

      {trashed ? (
        <div className="mt-2 flex flex-wrap gap-3">
          <ConsoleForm aria-label="Restore the post">
            <Button type="submit" name="intent" value="restore" size="sm" disabled={busy}>
              Restore as a draft
            </Button>
          </ConsoleForm>
          {owner && (
            <ConsoleForm aria-label="Delete the post for good">
              <Button type="submit" name="intent" value="delete" size="sm" tone="outline" disabled={busy}>
                Delete for good…
              </Button>
            </ConsoleForm>
          )}
        </div>
      ) : (
        <div className="mt-2 flex flex-wrap gap-3">
          {post.state !== "draft" && (
            <ConsoleForm aria-label="Unpublish the post">
              <Button type="submit" name="intent" value="unpublish" size="sm" tone="outline" disabled={busy}>
                Unpublish
              </Button>
            </ConsoleForm>
          )}
          <ConsoleForm aria-label="Move the post to the trash">
            <Button type="submit" name="intent" value="trash" size="sm" tone="outline" disabled={busy}>
              Move to trash
            </Button>
          </ConsoleForm>
        </div>
      )}
      {live && (
        <ConsoleForm aria-label="Send the post to subscribers" className="mt-4">
          <fieldset>
            <legend className="text-sm font-semibold">Send to subscribers</legend>
            <div className="mt-1 flex flex-wrap gap-x-6 gap-y-1 text-sm">
              <label className="flex items-center gap-2">
                <input type="radio" name="carry" value="whole" defaultChecked />
                The whole post
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name="carry" value="excerpt" />
                The excerpt and a link
              </label>
            </div>
          </fieldset>
          <Button
            type="submit"
            name="intent"
            value="send"
            size="sm"
            tone="outline"
            disabled={busy}
            className="mt-2"
          >
            Send to subscribers…
          </Button>
          <p className="mt-2 text-sm text-ink-muted">
            Starts a newsletter issue from this post (the whole post: its picture, author, date and article;
            or its title, excerpt and a link to it) and opens it for you to check before anything is sent.
          </p>
        </ConsoleForm>
      )}

      {theirs && (
        <TheirVersion revision={theirs.revision} by={theirs.updatedBy}>
          <dl className="grid gap-2">
            {(["title", "excerpt", "midTitle", "quote"] as const).map((f) => (
              <div key={f}>
                <dt className="text-sm font-semibold">
                  {f === "midTitle" ? "Mid-title" : f[0]!.toUpperCase() + f.slice(1)}
                </dt>
                <dd className="wrap-anywhere">{theirs.fields[f]}</dd>
              </div>
            ))}
          </dl>
          <h3 className="text-sm font-semibold">Their article</h3>
          <pre className="max-h-96 overflow-auto rounded-card bg-canvas p-4 text-sm wrap-anywhere whitespace-pre-wrap">
            {theirs.fields.body}
          </pre>
        </TheirVersion>
      )}

      <PostEditorPanes
        postId={post.id}
        formId={POST_FORM_ID}
        form={
          trashed ? null : (
            <section aria-labelledby="edit-title" className="rounded-card bg-surface p-6 shadow-card sm:p-8">
              <h2 id="edit-title" className="mb-4 text-h3">
                Edit
              </h2>
              <PostForm
                key={`${post.revision}:${theirs ? theirs.revision : ""}`}
                values={actionData?.values ?? formValues(post.fields)}
                errors={actionData?.errors}
                revision={theirs?.revision ?? post.revision}
                authors={authors}
                pictures={pictures}
                submitLabel={post.state === "draft" ? "Save the draft" : "Save"}
                publish={{ label: post.state === "draft" ? "Save and publish" : "Save and publish again" }}
                keeper={{ postId: post.id, saved: savedValues, autosave: post.state === "draft" }}
              />
            </section>
          )
        }
        savedNote="As saved."
        saved={
          preview ? (
            <PostPreview post={preview} />
          ) : (
            <p className="rounded-card border-2 border-danger bg-surface p-6 font-semibold">
              This post cannot be shown as it is saved (a picture or an author that is no longer there).
              Change it and save it; the preview comes back.
            </p>
          )
        }
      />
    </>
  );
}

export const ErrorBoundary = consoleErrorBoundary("There is no such post.", {
  href: "/admin/posts",
  label: "Back to the posts",
});
