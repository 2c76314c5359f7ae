import { useEffect, useRef } from "react";
import { data, Link, useNavigation, useRevalidator, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/newsletter-issue";
import { consoleHeaders, requireStaff, requireStaffForm, staffService } from "#app/lib/staff.server.ts";
import { issuePath } from "#app/config/newsletter.ts";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { consoleErrorBoundary } from "#app/components/admin/console-problem.tsx";
import { IssueForm } from "#app/components/admin/issue-form.tsx";
import { When } from "#app/components/admin/when.tsx";
import { issueStatus } from "#app/components/admin/issue-status.ts";
import { ConsoleForm } from "#app/components/admin/console-form.tsx";

// One newsletter issue: a draft is changed, previewed as the e-mail, tried on the member's own
// address, and sent (a second, confirming press) to every confirmed subscriber; then its progress.
// Form posts: all of it works without JavaScript; with it, the progress updates itself.

const notFound = () => data(null, { status: 404, headers: consoleHeaders() });

/** When the next test may go, as the agency reads a clock. */
const clock = new Intl.DateTimeFormat("en-NG", { timeStyle: "short", timeZone: "Africa/Lagos" });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { member } = await requireStaff(context, request);
  const issue = await staffService(context).issues.get(params.id);
  if (!issue) throw notFound();
  return {
    issue: { ...issue, preview: undefined },
    preview: issue.preview,
    me: member.email,
    saved: new URL(request.url).searchParams.has("saved"),
  };
}

type Answer = {
  ok: boolean;
  message: string;
  confirmSend?: true;
  errors?: Partial<Record<"subject" | "body", string>>;
  values?: { subject: string; body: string };
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const { session, form } = await requireStaffForm(context, request);
  const issues = staffService(context).issues;
  const id = params.id;
  const answer = (body: Answer, status = 200) => data(body, { status, headers: consoleHeaders() });
  const already = () =>
    answer({ ok: false, message: "This issue was sent already: it can no longer change." }, 409);
  const unrenderable = () =>
    answer(
      {
        ok: false,
        message:
          "This issue cannot be made into an e-mail: it nests too deeply. Simplify its quotes, lists or emphasis and save it first.",
      },
      400,
    );
  switch (form.get("intent")) {
    case "save": {
      const values = { subject: String(form.get("subject") ?? ""), body: String(form.get("body") ?? "") };
      const saved = await issues.save(session.member.email, id, values);
      if (saved.ok) return answer({ ok: true, message: "Saved. The preview below is up to date." });
      if ("errors" in saved)
        return answer(
          { ok: false, message: "Please correct the highlighted fields.", errors: saved.errors, values },
          400,
        );
      if (saved.reason === "unknown") throw notFound();
      return already();
    }
    case "test": {
      const tested = await issues.sendTest(session.member, id);
      if (tested.ok) return answer({ ok: true, message: `A test is on its way to ${session.member.email}.` });
      if (tested.reason === "unknown") throw notFound();
      if (tested.reason === "unrenderable") return unrenderable();
      return answer(
        {
          ok: false,
          message: `That is enough tests of this issue for now (3 in 10 minutes, 10 a day): the next can go at ${clock.format(tested.retryAt)}.`,
        },
        429,
      );
    }
    case "send":
      return answer({ ok: true, message: "", confirmSend: true });
    case "send-confirmed": {
      const sent = await issues.send(session.member.email, id);
      if (sent.ok)
        return answer({
          ok: true,
          message: `Sending to ${sent.recipients} subscriber${sent.recipients === 1 ? "" : "s"}. You can leave this page: it goes on.`,
        });
      if (sent.reason === "unknown") throw notFound();
      if (sent.reason === "unrenderable") return unrenderable();
      if (sent.reason === "no-subscribers")
        return answer(
          { ok: false, message: "Nobody has confirmed a subscription yet: there is no one to send it to." },
          409,
        );
      return already();
    }
    default:
      return answer({ ok: false, message: "Choose what to do with the issue." }, 400);
  }
}

export const headers: Route.HeadersFunction = () => consoleHeaders();

/** After a refusal (4xx) React Router keeps the page's data as it was; a 409 means the issue
 *  changed elsewhere (sent from another tab, by another member): show it as it now is, with no
 *  draft form and no send button left to press. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

export const meta: Route.MetaFunction = () => [
  { title: "Newsletter issue | Staff console" },
  { name: "robots", content: "noindex, nofollow" },
];

const minutes = (n: number, perMinute: number) => Math.max(1, Math.ceil(n / perMinute));

export default function NewsletterIssue({
  loaderData: { issue, preview, me, saved },
  actionData,
}: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const confirming = actionData?.confirmSend === true && issue.state === "draft";
  const confirmation = useRef<HTMLElement>(null);
  useEffect(() => {
    if (confirming) confirmation.current?.focus();
  }, [confirming]);
  // While e-mails wait, the page follows them (every 3 s, when the tab is visible).
  const revalidator = useRevalidator();
  useEffect(() => {
    if (issue.state !== "sending") return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle")
        void revalidator.revalidate();
    }, 3000);
    return () => clearInterval(timer);
  }, [issue.state, revalidator]);

  const p = issue.progress;
  const message = actionData?.message || (saved && issue.state === "draft" ? "Saved as a draft." : "");
  return (
    <>
      <Link to="/admin/newsletter" className="font-semibold text-primary-ink underline underline-offset-4">
        All issues
      </Link>
      <h1 className="mt-6 text-h2 wrap-anywhere">{issue.subject}</h1>
      <p className="mt-2 font-semibold">{issueStatus(issue)}</p>
      <p className="mt-1 text-sm text-ink-muted">
        {issue.sentAt !== null ? (
          <>
            Sent by {issue.sentBy}, <When ms={issue.sentAt} className="" />, at {issue.perMinute} a minute
          </>
        ) : (
          <>
            Last saved by {issue.updatedBy}, <When ms={issue.updatedAt} className="" />
          </>
        )}
      </p>
      {issue.post && (
        <p className="mt-1 text-sm text-ink-muted">
          Carries the whole post{" "}
          <Link
            to={`/admin/posts/${issue.post.id}`}
            className="font-semibold text-primary-ink underline underline-offset-4"
          >
            as it was at revision {issue.post.revision}
          </Link>
          : its picture, author and date are copied; the article is the text below. A change made to the post
          since is not in the issue.
        </p>
      )}
      {issue.state !== "draft" && (
        <p className="mt-1 text-sm">
          <a
            href={issuePath(issue.id)}
            className="font-semibold text-primary-ink underline underline-offset-4"
          >
            Its page on the site
          </a>
        </p>
      )}
      <p
        role="status"
        className={
          actionData?.ok === false ? "mt-4 min-h-6 font-semibold text-danger" : "mt-4 min-h-6 font-semibold"
        }
      >
        {message}
      </p>

      {p && (
        <section
          aria-labelledby="progress-title"
          className="mt-4 grid gap-3 rounded-card bg-surface p-6 shadow-card sm:p-8"
        >
          <h2 id="progress-title" className="text-h3">
            Progress
          </h2>
          <progress
            className="h-3 w-full appearance-none overflow-hidden rounded-full bg-line [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-line [&::-webkit-progress-value]:bg-primary"
            max={Math.max(1, p.recipients)}
            value={p.sent + p.failed + p.skipped}
            aria-label="E-mails done"
          />
          <ul className="grid gap-1">
            <li>
              {p.sent} of {p.recipients} sent
            </li>
            {p.waiting > 0 && (
              <li>
                {p.waiting} waiting
                {p.lastDueAt !== null && (
                  <>
                    {" "}
                    (the last is due <When ms={p.lastDueAt} className="" />)
                  </>
                )}
              </li>
            )}
            {p.skipped > 0 && (
              <li>{p.skipped} not sent: they unsubscribed or were erased before their turn</li>
            )}
            {p.failed > 0 && (
              <li className="text-danger">
                {p.failed} failed (their mail server refused it, or the send was interrupted); never sent
                twice
              </li>
            )}
          </ul>
          {issue.state === "sending" && (
            <p className="text-sm text-ink-muted">
              This page updates itself.{" "}
              <a
                href={`/admin/newsletter/${issue.id}`}
                className="font-semibold text-primary-ink underline underline-offset-4"
              >
                Refresh
              </a>
            </p>
          )}
        </section>
      )}

      {issue.state === "draft" && (
        <>
          <section
            aria-labelledby="send-title"
            className="mt-4 grid gap-3 rounded-card bg-surface p-6 shadow-card sm:p-8"
          >
            <h2 id="send-title" className="text-h3">
              Send
            </h2>
            <p className="text-ink-muted">
              {issue.subscribers} confirmed subscriber{issue.subscribers === 1 ? "" : "s"}. At{" "}
              {issue.perMinute} a minute, sending takes about {minutes(issue.subscribers, issue.perMinute)}{" "}
              minute
              {minutes(issue.subscribers, issue.perMinute) === 1 ? "" : "s"}.
            </p>
            {!preview && (
              <p id="send-blocked" className="text-ink-muted">
                It cannot be sent until it can be made into an e-mail: simplify it and save it first (see the
                preview below).
              </p>
            )}
            <ConsoleForm className="flex flex-wrap gap-3" aria-label="Send the issue">
              <Button
                type="submit"
                name="intent"
                value="test"
                size="sm"
                tone="outline"
                disabled={busy || !preview}
                aria-describedby={preview ? undefined : "send-blocked"}
              >
                Send a test to {me}
              </Button>
              <Button
                type="submit"
                name="intent"
                value="send"
                size="sm"
                disabled={busy || issue.subscribers === 0 || !preview}
                aria-describedby={preview ? undefined : "send-blocked"}
              >
                Send to {issue.subscribers} subscriber{issue.subscribers === 1 ? "" : "s"}
              </Button>
            </ConsoleForm>
          </section>

          {confirming && (
            <section
              ref={confirmation}
              tabIndex={-1}
              aria-labelledby="confirm-title"
              className="mt-4 grid gap-3 rounded-card border-2 border-danger bg-surface p-6 outline-none"
            >
              <h2 id="confirm-title" className="text-h3 wrap-anywhere">
                Send &ldquo;{issue.subject}&rdquo; to {issue.subscribers} subscriber
                {issue.subscribers === 1 ? "" : "s"}?
              </h2>
              <p className="text-ink-muted">
                It cannot be called back, and the issue can no longer change. Each person gets it once, with
                their own unsubscribe link.
              </p>
              <ConsoleForm className="flex flex-wrap gap-3">
                <Button type="submit" name="intent" value="send-confirmed" size="sm" disabled={busy}>
                  Send now
                </Button>
                <ButtonLink to={`/admin/newsletter/${issue.id}`} size="sm" tone="outline">
                  Not yet
                </ButtonLink>
              </ConsoleForm>
            </section>
          )}

          <section
            aria-labelledby="edit-title"
            className="mt-4 rounded-card bg-surface p-6 shadow-card sm:p-8"
          >
            <h2 id="edit-title" className="mb-4 text-h3">
              Edit
            </h2>
            <IssueForm
              key={issue.updatedAt}
              values={actionData?.values ?? { subject: issue.subject, body: issue.body }}
              errors={actionData?.errors}
              submitLabel="Save the draft"
            />
          </section>
        </>
      )}

      <section aria-labelledby="preview-title" className="mt-4 grid gap-3">
        <h2 id="preview-title" className="text-h3">
          Preview: the e-mail as a subscriber gets it
        </h2>
        <p className="text-sm wrap-anywhere text-ink-muted">
          Subject: <span className="font-semibold text-ink">{issue.subject}</span>
        </p>
        {/* The e-mail is a document of its own (made on the server from the issue's Markdown: raw
            HTML escaped, only web and mail links), shown as a sandboxed one: no script runs. */}
        {preview ? (
          <>
            <iframe
              title="The e-mail"
              srcDoc={preview.html}
              sandbox=""
              className="h-[36rem] w-full rounded-card border border-line bg-white"
            />
            <details>
              <summary className="cursor-pointer py-3 font-semibold">Plain-text version</summary>
              <pre className="mt-2 overflow-x-auto rounded-card bg-surface p-4 text-sm wrap-anywhere whitespace-pre-wrap">
                {preview.text}
              </pre>
            </details>
          </>
        ) : (
          // A body stored before too deep nesting was refused: marked cannot render it.
          <p className="rounded-card border-2 border-danger bg-surface p-6 font-semibold">
            This issue cannot be shown as an e-mail: its Markdown is nested too deeply (block quotes, lists or
            emphasis inside one another). Change it above and save it; the preview comes back.
          </p>
        )}
      </section>
    </>
  );
}

export const ErrorBoundary = consoleErrorBoundary("There is no such issue.", {
  href: "/admin/newsletter",
  label: "Back to the newsletter",
});
