import { data, useNavigation } from "react-router";
import type { Route } from "./+types/comments";
import { consoleHeaders, requireStaff, requireStaffForm, staffService } from "#app/lib/staff.server.ts";
import { STAFF_COMMENT_ACTIONS, type StaffCommentAction } from "#app/lib/ports/staff.ts";
import { Button } from "#app/components/ui/button.tsx";
import { When } from "#app/components/admin/when.tsx";
import { ConsoleForm } from "#app/components/admin/console-form.tsx";

// The comments waiting for approval: approve, reject or mark as spam, one or many at once. Nothing
// a reader wrote can be edited here. Works without JavaScript (a form post).

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, request);
  return { pending: await staffService(context).pendingComments() };
}

const DONE: Record<StaffCommentAction, string> = {
  approve: "approved and shown on the post",
  reject: "rejected",
  spam: "marked as spam",
};

export async function action({ request, context }: Route.ActionArgs) {
  const { session, form } = await requireStaffForm(context, request);
  // "approve" acts on the ticked comments; "approve:{id}" on one comment's own button.
  const [verb = "", one] = String(form.get("act") ?? "").split(":");
  const act = STAFF_COMMENT_ACTIONS.find((a) => a === verb);
  const ids = (one ? [one] : form.getAll("id").map(String)).filter((id) => /^[\w-]{1,64}$/.test(id));
  if (!act)
    return data(
      { ok: false, message: "Choose what to do with the comments." },
      { status: 400, headers: consoleHeaders() },
    );
  if (ids.length === 0)
    return data(
      { ok: false, message: "Tick at least one comment first." },
      { status: 400, headers: consoleHeaders() },
    );
  const changed = await staffService(context).moderateComments(session.member.email, ids.slice(0, 500), act);
  return data(
    { ok: true, message: `${changed} ${changed === 1 ? "comment" : "comments"} ${DONE[act]}.` },
    { headers: consoleHeaders() },
  );
}

export const headers: Route.HeadersFunction = () => consoleHeaders();

export const meta: Route.MetaFunction = () => [
  { title: "Comments | Staff console" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function Comments({ loaderData: { pending }, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h1 className="text-h2">Comments waiting</h1>
      <p className="mt-3 text-ink-muted">
        Nothing a reader writes is shown until it is approved. Approved comments appear on the post at once;
        rejected and spam ones are kept 30 days for review, then deleted.
      </p>
      <p
        role="status"
        className={actionData?.ok === false ? "mt-6 font-semibold text-danger" : "mt-6 font-semibold"}
      >
        {actionData?.message}
      </p>
      {pending.length === 0 ? (
        <p className="mt-6 rounded-card bg-surface p-6 shadow-card">No comments are waiting. Well done.</p>
      ) : (
        <ConsoleForm className="mt-6 grid gap-5">
          <div
            className="flex flex-wrap items-center gap-3"
            role="group"
            aria-label="With the ticked comments"
          >
            <span className="font-semibold">{pending.length} waiting. With the ticked ones:</span>
            <ActionButtons busy={busy} />
          </div>
          <ul className="grid gap-5">
            {pending.map((c) => (
              <li key={c.id}>
                <article
                  aria-labelledby={`c-${c.id}`}
                  className="grid gap-3 rounded-card bg-surface p-6 shadow-card"
                >
                  <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
                    <input
                      type="checkbox"
                      name="id"
                      value={c.id}
                      id={`tick-${c.id}`}
                      className="size-5 self-center accent-primary"
                      aria-label={`Tick the comment by ${c.name}`}
                    />
                    <h2 id={`c-${c.id}`} className="font-bold wrap-anywhere">
                      {c.name}
                    </h2>
                    <a
                      href={`mailto:${c.email}`}
                      className="text-sm wrap-anywhere text-primary-ink underline underline-offset-4"
                    >
                      {c.email}
                    </a>
                    <When ms={c.createdAt} />
                  </div>
                  <p className="text-sm text-ink-muted">
                    {c.reply ? "A reply on " : "On "}
                    <a
                      href={c.postHref}
                      className="font-semibold text-primary-ink underline underline-offset-4"
                    >
                      {c.postTitle}
                    </a>
                  </p>
                  <p className="wrap-anywhere whitespace-pre-line">{c.body}</p>
                  <div className="flex flex-wrap gap-3">
                    <ActionButtons busy={busy} comment={c} />
                  </div>
                </article>
              </li>
            ))}
          </ul>
        </ConsoleForm>
      )}
    </>
  );
}

const ACTIONS: { act: StaffCommentAction; label: string; one: string; tone?: "outline" }[] = [
  { act: "approve", label: "Approve", one: "Approve" },
  { act: "reject", label: "Reject", one: "Reject", tone: "outline" },
  { act: "spam", label: "Mark as spam", one: "Spam:", tone: "outline" },
];

/** The three decisions: for the ticked comments, or (with `comment`) for that one comment. */
function ActionButtons({ busy, comment }: { busy: boolean; comment?: { id: string; name: string } }) {
  return ACTIONS.map((a) => (
    <Button
      key={a.act}
      type="submit"
      name="act"
      value={comment ? `${a.act}:${comment.id}` : a.act}
      size="sm"
      tone={a.tone}
      disabled={busy}
    >
      {comment ? a.one.replace(":", "") : a.label}
      {comment && (
        <span className="sr-only">
          {a.one.endsWith(":") ? ":" : ""} the comment by {comment.name}
        </span>
      )}
    </Button>
  ));
}
