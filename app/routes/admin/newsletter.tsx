import { Link } from "react-router";
import type { Route } from "./+types/newsletter";
import { consoleHeaders, requireStaff, staffService } from "#app/lib/staff.server.ts";
import { issueStatus } from "#app/components/admin/issue-status.ts";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { When } from "#app/components/admin/when.tsx";

// The newsletter's issues, newest first: drafts to finish, issues going out, issues sent.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, request);
  return { issues: await staffService(context).issues.list() };
}

export const headers: Route.HeadersFunction = () => consoleHeaders();

export const meta: Route.MetaFunction = () => [
  { title: "Newsletter | Staff console" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function Newsletter({ loaderData: { issues } }: Route.ComponentProps) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-h2">Newsletter</h1>
        <ButtonLink to="/admin/newsletter/new" size="sm">
          Write a new issue
        </ButtonLink>
      </div>
      <p className="mt-3 text-ink-muted">
        Write an issue, preview it, send a test to yourself, then send it to every confirmed subscriber.
      </p>
      {issues.length === 0 ? (
        <p className="mt-6 rounded-card bg-surface p-6 shadow-card">No issues yet.</p>
      ) : (
        <ul className="mt-6 grid gap-4" aria-label="Issues">
          {issues.map((i) => (
            <li key={i.id}>
              <article
                aria-labelledby={`i-${i.id}`}
                className="grid gap-2 rounded-card bg-surface p-5 shadow-card sm:p-6"
              >
                <h2 id={`i-${i.id}`} className="font-bold wrap-anywhere">
                  <Link
                    to={`/admin/newsletter/${i.id}`}
                    className="text-primary-ink underline underline-offset-4"
                  >
                    {i.subject}
                  </Link>
                </h2>
                <p className="font-semibold">{issueStatus(i)}</p>
                <p className="text-sm text-ink-muted">
                  {i.sentAt !== null ? (
                    <>
                      Sent by {i.sentBy}, <When ms={i.sentAt} className="" />
                    </>
                  ) : (
                    <>
                      Last saved by {i.updatedBy}, <When ms={i.updatedAt} className="" />
                    </>
                  )}
                </p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
