import { data, Form } from "react-router";
import type { Route } from "./+types/comment-moderate";
import { getPage } from "#app/config/pages.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { commentsService } from "#app/lib/comments.server.ts";
import { linkToken, privatePageHeaders } from "#app/lib/link-pages.server.ts";
import type { CommentModerationView, ModeratedComment } from "#app/lib/ports/comments.ts";
import { formatDay } from "#app/lib/format.ts";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";

// The links of the comment-moderation e-mail (the agency's). Opening one changes nothing (mail
// scanners open links): the page shows the comment and one button; pressing it (a POST) decides.
// The signed links are single use (either of the e-mail's two) and expire.
export async function loader({ request, context }: Route.LoaderArgs) {
  const view = await commentsService(context).viewModerationLink(linkToken(request));
  return data({ page: getPage("/comments/moderate"), view }, { headers: privatePageHeaders() });
}

export async function action({ request, context }: Route.ActionArgs) {
  const view = await commentsService(context).moderateByLink(linkToken(request));
  return data({ view }, { headers: privatePageHeaders() });
}

export const headers: Route.HeadersFunction = () => privatePageHeaders();

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData.page);

export default function CommentModerate({ loaderData, actionData }: Route.ComponentProps) {
  return <ModerationPage view={actionData?.view ?? loaderData.view} />;
}

const crumbs = [{ label: "Blog", href: "/blog-standard" }, { label: "Moderate a comment" }];
const STATE_WORDS: Record<ModeratedComment["state"], string> = {
  pending: "waiting for approval",
  approved: "approved and shown on the post",
  rejected: "rejected",
  spam: "marked as spam",
};

function ModerationPage({ view }: { view: CommentModerationView }) {
  switch (view.kind) {
    case "confirm":
      return (
        <>
          <PageHeader
            title={view.action === "approve" ? "Approve this comment?" : "Mark this comment as spam?"}
            crumbs={crumbs}
          >
            <p className="mt-5 max-w-2xl text-lg text-white/85">
              {view.action === "approve"
                ? "Once approved it is shown on the post at once, under the writer's name."
                : "It will never be shown; it is kept 30 days for review, then deleted."}
            </p>
            <Form method="post" className="mt-8">
              <Button type="submit" tone="inverse">
                {view.action === "approve" ? "Approve and publish" : "Mark as spam"}
              </Button>
            </Form>
          </PageHeader>
          <CommentPreview comment={view.comment} />
        </>
      );
    case "done":
      return (
        <>
          <PageHeader
            title={view.action === "approve" ? "Comment approved" : "Marked as spam"}
            crumbs={crumbs}
          >
            <p role="status" className="mt-5 max-w-2xl text-lg text-white/85">
              {view.action === "approve"
                ? "It is now shown on the post."
                : "It will not be shown. It is kept 30 days for review, then deleted."}
            </p>
            <ButtonLink to={view.comment.postHref} tone="inverse" className="mt-8">
              Open the post
            </ButtonLink>
          </PageHeader>
          <CommentPreview comment={view.comment} />
        </>
      );
    case "used":
      return (
        <>
          <PageHeader title="This link has already been used" crumbs={crumbs}>
            <p className="mt-5 max-w-2xl text-lg text-white/85">
              Each moderation link works once. This comment is {STATE_WORDS[view.comment.state]}. To change
              that, use the shell: <code>npm run comments -- help</code>.
            </p>
          </PageHeader>
          <CommentPreview comment={view.comment} />
        </>
      );
    case "expired":
      return (
        <PageHeader title="This link has expired" crumbs={crumbs}>
          <p className="mt-5 max-w-2xl text-lg text-white/85">
            Moderation links work for 14 days. If the comment is still waiting, decide from the shell:{" "}
            <code>npm run comments -- list --pending</code>.
          </p>
        </PageHeader>
      );
    default:
      return (
        <PageHeader title="This link is not valid" crumbs={crumbs}>
          <p className="mt-5 max-w-2xl text-lg text-white/85">
            The link may be incomplete (some e-mail programs cut long links), or the comment was erased.
          </p>
        </PageHeader>
      );
  }
}

function CommentPreview({ comment: c }: { comment: ModeratedComment }) {
  const day = new Date(c.createdAt + 3_600_000).toISOString().slice(0, 10);
  return (
    <section aria-labelledby="moderated-comment" className="section-y">
      <div className="container-page max-w-3xl">
        <h2 id="moderated-comment" className="text-h3">
          The {c.reply ? "reply" : "comment"}
        </h2>
        <p className="mt-3 text-ink-muted">
          On{" "}
          <a href={c.postHref} className="font-semibold text-primary-ink underline underline-offset-4">
            {c.postTitle}
          </a>
          , {formatDay(day)}
        </p>
        <div className="blog-box mt-6 p-6">
          <p className="font-bold wrap-anywhere">{c.name}</p>
          <p className="mt-2 wrap-anywhere whitespace-pre-line text-ink-muted">{c.body}</p>
        </div>
      </div>
    </section>
  );
}
