import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/posts-new";
import { consoleHeaders, requireStaff, requireStaffForm, staffService } from "#app/lib/staff.server.ts";
import { postFormValues } from "#app/lib/post-form.ts";
import { emptyPost, POST_FORM_ID, PostForm } from "#app/components/admin/post-form.tsx";
import { PostEditorPanes } from "#app/components/admin/live-preview.tsx";

// A new post: kept as a draft, then previewed, changed and published from its own page.

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
  const saved = await staffService(context).posts.save(session.member.email, null, values);
  if (saved.ok) return redirect(`/admin/posts/${saved.id}?saved=1`, { headers: consoleHeaders() });
  const errors = saved.reason === "invalid" ? saved.errors : {};
  return data({ errors, values }, { status: 400, headers: consoleHeaders() });
}

export const headers: Route.HeadersFunction = () => consoleHeaders();

export const meta: Route.MetaFunction = () => [
  { title: "New post | Staff console" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function NewPost({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <Link to="/admin/posts" className="font-semibold text-primary-ink underline underline-offset-4">
        All posts
      </Link>
      <h1 className="mt-6 text-h2">A new post</h1>
      <p className="mt-3 text-ink-muted">
        Nothing is published yet: the post is kept as a draft until you publish it.
      </p>
      <p role="status" className="mt-4 min-h-6 font-semibold text-danger">
        {actionData ? "Please correct the highlighted fields." : ""}
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
            />
          </section>
        }
        savedNote="Nothing is written yet: the preview shows the post as you write it (or, without JavaScript, on the next page once it is saved)."
        saved={null}
      />
    </>
  );
}
