import { Link } from "react-router";
import type { Route } from "./+types/newsletter-issues";
import { getPage } from "#app/config/pages.ts";
import { issuePath } from "#app/config/newsletter.ts";
import { issueArchiveOf, sentLabel } from "#app/lib/issue-archive.server.ts";
import { lagosDay } from "#app/lib/format.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";

// The newsletter's web archive: every issue sent so far, newest first, each linking to its page
// (app/routes/newsletter-past-issue.tsx). Linked from the sign-up places (the footer's form, the
// /newsletter page). Shows nothing about subscribers.
export function loader({ context }: Route.LoaderArgs) {
  const issues = issueArchiveOf(context)
    .sent()
    .map((i) => ({
      href: issuePath(i.id),
      subject: i.subject,
      description: i.description,
      day: lagosDay(i.sentAt),
      sentLabel: sentLabel(i.sentAt),
    }));
  return { page: getPage("/newsletter/issues"), issues };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData.page);

export default function NewsletterIssues({ loaderData: { issues } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Past issues"
        intro="Every issue of our newsletter sent so far, newest first, as subscribers received it."
        crumbs={[{ label: "Newsletter", href: "/newsletter" }, { label: "Past issues" }]}
      >
        <ButtonLink to="/newsletter" tone="inverse" className="mt-8">
          Get the next one by e-mail
        </ButtonLink>
      </PageHeader>
      <section className="section-y" aria-labelledby="issues-title">
        <div className="container-page max-w-3xl">
          <h2 id="issues-title" className="sr-only">
            Issues
          </h2>
          {issues.length === 0 ? (
            <p className="text-lg">No issue has been sent yet. Sign up and you will get the first one.</p>
          ) : (
            <ol className="grid gap-6">
              {issues.map((issue) => (
                <li key={issue.href} className="rounded-card bg-surface p-6 shadow-card sm:p-8">
                  <h3 className="text-h3 wrap-anywhere">
                    <Link to={issue.href} className="hover:text-primary-ink hover:underline">
                      {issue.subject}
                    </Link>
                  </h3>
                  <p className="mt-1 text-sm text-ink-muted">
                    Sent <time dateTime={issue.day}>{issue.sentLabel}</time>
                  </p>
                  {issue.description && <p className="mt-3 wrap-anywhere">{issue.description}</p>}
                </li>
              ))}
            </ol>
          )}
        </div>
      </section>
    </>
  );
}
