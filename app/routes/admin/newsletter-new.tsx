import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/newsletter-new";
import { consoleHeaders, requireStaff, requireStaffForm, staffService } from "#app/lib/staff.server.ts";
import { ISSUE_FIELDS } from "#app/lib/newsletter-issue-schema.ts";
import { IssueForm } from "#app/components/admin/issue-form.tsx";

// A new newsletter issue: saved as a draft, then previewed, tried and sent from its own page.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, request);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const {
    session: { member },
    form,
  } = await requireStaffForm(context, request);
  const values = Object.fromEntries(ISSUE_FIELDS.map((f) => [f, String(form.get(f) ?? "")]));
  const saved = await staffService(context).issues.save(member.email, null, values);
  if (saved.ok) return redirect(`/admin/newsletter/${saved.id}?saved=1`, { headers: consoleHeaders() });
  const errors = "errors" in saved ? saved.errors : {};
  return data({ errors, values }, { status: 400, headers: consoleHeaders() });
}

export const headers: Route.HeadersFunction = () => consoleHeaders();

export const meta: Route.MetaFunction = () => [
  { title: "New issue | Staff console" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function NewIssue({ actionData }: Route.ComponentProps) {
  return (
    <>
      <Link to="/admin/newsletter" className="font-semibold text-primary-ink underline underline-offset-4">
        All issues
      </Link>
      <h1 className="mt-6 text-h2">A new issue</h1>
      <p className="mt-3 text-ink-muted">Nothing is sent yet: the issue is kept as a draft.</p>
      <p role="status" className="mt-4 min-h-6 font-semibold text-danger">
        {actionData ? "Please correct the highlighted fields." : ""}
      </p>
      <section className="mt-2 rounded-card bg-surface p-6 shadow-card sm:p-8" aria-label="The issue">
        <IssueForm
          values={
            actionData && { subject: actionData.values.subject ?? "", body: actionData.values.body ?? "" }
          }
          errors={actionData?.errors}
          submitLabel="Save the draft"
        />
      </section>
    </>
  );
}
