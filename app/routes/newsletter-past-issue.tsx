import { data, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/newsletter-past-issue";
import { issuePage } from "#app/config/pages.ts";
import { ISSUES_PATH } from "#app/config/newsletter.ts";
import { issuePageView } from "#app/lib/issue-archive.server.ts";
import { lagosDay } from "#app/lib/format.ts";
import { notFoundMeta, pageMeta } from "#app/lib/meta.ts";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { PictureView } from "#app/components/ui/picture-view.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { NotFound } from "#app/components/sections/not-found.tsx";
import { ErrorMessage } from "#app/components/sections/error-message.tsx";

// A sent newsletter issue on the web ("View in your browser" in its e-mails): the issue as
// subscribers received it, without anything of theirs (no address, no unsubscribe link). A
// draft's id, a made-up one or anything else answers 404: only sent issues have pages.
export async function loader({ params, context }: Route.LoaderArgs) {
  const issue = await issuePageView(context, params.id);
  if (!issue) throw data(null, { status: 404 });
  return { issue, meta: pageMeta({ ...issuePage(issue), ogType: "article" }) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? notFoundMeta();

export default function NewsletterPastIssue({ loaderData: { issue } }: Route.ComponentProps) {
  const { post } = issue;
  return (
    <>
      <PageHeader
        title={issue.subject}
        crumbs={[
          { label: "Newsletter", href: "/newsletter" },
          { label: "Past issues", href: ISSUES_PATH },
          { label: issue.subject },
        ]}
      >
        <p className="mt-5 text-lg text-white/85">
          Sent to subscribers on <time dateTime={lagosDay(issue.sentAt)}>{issue.sentLabel}</time>
        </p>
      </PageHeader>
      <div className="container-page max-w-3xl section-y">
        <article>
          {post && (
            <>
              <p className="text-ink-muted">
                By{" "}
                {post.author.href ? (
                  <a
                    href={post.author.href}
                    className="font-semibold text-primary-ink underline underline-offset-4"
                  >
                    {post.author.name}
                  </a>
                ) : (
                  post.author.name
                )}{" "}
                · {post.dateLabel}
              </p>
              {post.image && (
                <PictureView
                  picture={post.image}
                  alt={post.imageAlt}
                  priority
                  sizes="(min-width: 800px) 760px, 92vw"
                  className="mt-6 block"
                  imgClassName="aspect-[16/9] w-full rounded-card object-cover shadow-card"
                />
              )}
            </>
          )}
          {/* Our own Markdown rules: raw HTML in the issue is shown as text (app/content/blog-posts.server.ts). */}
          <div className="blog-prose mt-8" dangerouslySetInnerHTML={{ __html: issue.html.beforeMid }} />
          {post?.inlineImage && issue.html.fromMid && (
            <PictureView
              picture={post.inlineImage}
              alt=""
              sizes="(min-width: 800px) 760px, 92vw"
              className="my-12 block"
              imgClassName="aspect-[16/9] w-full rounded-card object-cover shadow-card"
            />
          )}
          {issue.html.fromMid && (
            <div className="blog-prose" dangerouslySetInnerHTML={{ __html: issue.html.fromMid }} />
          )}
          {post && (
            <p className="mt-10">
              <ButtonLink to={post.href}>Read it on the website</ButtonLink>
            </p>
          )}
        </article>
        <p className="mt-12 border-t border-line pt-8">
          <a href={ISSUES_PATH} className="font-semibold text-primary-ink underline underline-offset-4">
            All past issues
          </a>{" "}
          ·{" "}
          <a href="/newsletter" className="font-semibold text-primary-ink underline underline-offset-4">
            Get the next one by e-mail
          </a>
        </p>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 404) return <NotFound />;
  return <ErrorMessage status={status} />;
}
