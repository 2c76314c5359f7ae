import { useState } from "react";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/posts-new";
import { consoleHeaders, requireStaff, requireStaffForm, staffService } from "#app/lib/staff.server.ts";
import { postFormValues } from "#app/lib/post-form.ts";
import { lagosTime } from "#app/lib/format.ts";
import { emptyPost, POST_FORM_ID, PostForm } from "#app/components/admin/post-form.tsx";
import { PostEditorPanes } from "#app/components/admin/live-preview.tsx";
import { PublishConfirm } from "#app/components/admin/publish-confirm.tsx";

// A new post: kept as a draft (Save the draft), or published at once after one question
// (Publish…, then Publish: the page asks with JavaScript, the server without); then previewed,
// changed and published again from its own page. What is typed is kept on the device until the
// server has it (draft-keeper.ts).

/** Today in Lagos, as the date field takes it. */
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(Date.now());

export async function loader({ request, context }: Route.LoaderArgs) {
  const { member } = await requireStaff(context, request);
  const choices = staffService(context).posts.choices();
  const author = choices.authors.includes(member.name) ? member.name : "";
  return { ...choices, values: { ...emptyPost, date: today(), author } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { session, form } = await requireStaffForm(context, request);
  const values = postFormValues(form);
  const posts = staffService(context).posts;
  const intent = form.get("intent");
  const at = String(form.get("publishAt") ?? "").trim();
  const publishAt = at ? lagosTime(at) : null;
  const refused = (message: string, errors = {}) =>
    data({ errors, values, message, confirmPublish: false }, { status: 400, headers: consoleHeaders() });
  if (
    (intent === "publish" || intent === "publish-confirmed") &&
    publishAt !== null &&
    Number.isNaN(publishAt)
  )
    return refused("The time to publish at is not one: give a day and a time.");
  if (intent === "publish") {
    // Asked once (without JavaScript, here): nothing is kept until it is answered.
    const checked = await posts.draft(values, null);
    if (!checked.ok) return refused("Please correct the highlighted fields.", checked.errors);
    return data({ errors: {}, values, message: "", confirmPublish: true }, { headers: consoleHeaders() });
  }
  const saved = await posts.save(session.member.email, null, values);
  if (!saved.ok)
    return refused("Please correct the highlighted fields.", saved.reason === "invalid" ? saved.errors : {});
  if (intent === "publish-confirmed") {
    await posts.publish(session.member.email, saved.id, publishAt);
    return redirect(`/admin/posts/${saved.id}?published=1`, { headers: consoleHeaders() });
  }
  return redirect(`/admin/posts/${saved.id}?saved=1`, { headers: consoleHeaders() });
}

export const headers: Route.HeadersFunction = () => consoleHeaders();

export const meta: Route.MetaFunction = () => [
  { title: "New post | Staff console" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function NewPost({ loaderData, actionData }: Route.ComponentProps) {
  // Publish pressed with JavaScript: the question, asked here (the server asks without).
  const [asking, setAsking] = useState(false);
  const confirm = asking || actionData?.confirmPublish === true;
  return (
    <>
      <Link to="/admin/posts" className="font-semibold text-primary-ink underline underline-offset-4">
        All posts
      </Link>
      <h1 className="mt-6 text-h2">A new post</h1>
      <p className="mt-3 text-ink-muted">
        Nothing is published yet: save it as a draft, or publish it when it is ready. What you type is kept on
        this device until it is saved.
      </p>
      <p role="status" className="mt-4 min-h-6 font-semibold text-danger">
        {actionData?.message ?? ""}
      </p>
      <PostEditorPanes
        postId={null}
        formId={POST_FORM_ID}
        form={
          <section className="rounded-card bg-surface p-6 shadow-card sm:p-8" aria-label="The post">
            <PostForm
              values={actionData?.values ?? loaderData.values}
              errors={actionData?.errors}
              authors={loaderData.authors}
              pictures={loaderData.pictures}
              submitLabel="Save the draft"
              publish={{ label: "Publish…" }}
              keeper={{ postId: null, saved: null, autosave: false }}
              onPublish={() => {
                setAsking(true);
                return true;
              }}
              confirmPanel={
                confirm ? (
                  <PublishConfirm
                    formId={POST_FORM_ID}
                    onCancel={() => {
                      setAsking(false);
                      document.querySelector<HTMLButtonElement>('button[value="publish"]')?.focus();
                    }}
                  />
                ) : null
              }
            />
          </section>
        }
        savedNote="Nothing is written yet: the preview shows the post as you write it (or, without JavaScript, on the next page once it is saved)."
        saved={null}
      />
    </>
  );
}
