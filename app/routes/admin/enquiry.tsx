import { useEffect, useRef } from "react";
import { data, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/enquiry";
import { consoleHeaders, requireStaff, requireStaffForm, staffService } from "#app/lib/staff.server.ts";
import type { EnquiryDelivery } from "#app/lib/ports/enquiries.ts";
import { site } from "#app/config/site.ts";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { DELIVERY, EnquiryBadges } from "#app/components/admin/enquiry-badges.tsx";
import { consoleErrorBoundary } from "#app/components/admin/console-problem.tsx";
import { When } from "#app/components/admin/when.tsx";
import { ConsoleForm } from "#app/components/admin/console-form.tsx";

// One enquiry in full: reply (the staff member's mail client), mark as handled or new, retry its
// delivery, erase it (a second, confirming press). Form posts: works without JavaScript.

const notFound = () => data(null, { status: 404, headers: consoleHeaders() });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(context, request);
  const enquiry = await staffService(context).enquiries.get(params.id);
  if (!enquiry) throw notFound();
  return { enquiry };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const {
    session: { member },
    form,
  } = await requireStaffForm(context, request);
  const enquiries = staffService(context).enquiries;
  const id = params.id;
  if (!(await enquiries.get(id))) throw notFound();
  const answer = (ok: boolean, message: string) => data({ ok, message }, { headers: consoleHeaders() });
  switch (form.get("intent")) {
    case "handled":
      return (await enquiries.markHandled(id, member.email))
        ? answer(true, "Marked as handled.")
        : answer(false, "It was marked as handled already.");
    case "new":
      return (await enquiries.markNew(id, member.email))
        ? answer(true, "Marked as new.")
        : answer(false, "It is new already.");
    case "retry":
      return (await enquiries.retry(id, member.email))
        ? answer(true, "Queued for delivery.")
        : answer(false, "Not queued: it was sent already, or it is on its way.");
    case "erase":
      return data({ ok: true, message: "", confirmErase: true }, { headers: consoleHeaders() });
    case "erase-confirmed":
      await enquiries.erase(id, member.email);
      return redirect("/admin/enquiries?erased=1", { headers: consoleHeaders() });
    default:
      return data(
        { ok: false, message: "Choose what to do with the message." },
        { status: 400, headers: consoleHeaders() },
      );
  }
}

export const headers: Route.HeadersFunction = () => consoleHeaders();

export const meta: Route.MetaFunction = () => [
  { title: "Enquiry | Staff console" },
  { name: "robots", content: "noindex, nofollow" },
];

const LINK = "text-primary-ink underline underline-offset-4";

/** Offered only where it helps: never for a sent message (it would be e-mailed twice), nor for
 *  one already on its way or waiting for a mail server to be set up (SMTP_URL). */
const RETRYABLE: EnquiryDelivery[] = ["retrying", "failed", "spam"];

/** One line of the message's details. */
function Field({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="contents">
      <dt className="font-semibold text-ink-muted">{term}</dt>
      <dd className="mb-2 sm:mb-0">{children}</dd>
    </div>
  );
}

export default function Enquiry({ loaderData: { enquiry: e }, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const confirming = actionData && "confirmErase" in actionData;
  const confirmation = useRef<HTMLElement>(null);
  useEffect(() => {
    if (confirming) confirmation.current?.focus();
  }, [confirming]);
  const reply = `mailto:${e.email}?subject=${encodeURIComponent(`Re: your message to ${site.name}`)}`;
  return (
    <>
      <Link to="/admin/enquiries" className={`font-semibold ${LINK}`}>
        All enquiries
      </Link>
      <article
        aria-labelledby="enquiry-title"
        className="mt-6 grid gap-6 rounded-card bg-surface p-6 shadow-card sm:p-8"
      >
        <div className="grid gap-3">
          <h1 id="enquiry-title" className="text-h2 wrap-anywhere">
            {e.name}
          </h1>
          <EnquiryBadges enquiry={e} />
        </div>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
          <Field term="E-mail">
            <a href={`mailto:${e.email}`} className={`break-all ${LINK}`}>
              {e.email}
            </a>
          </Field>
          <Field term="Phone">
            <a href={`tel:${e.phone.replace(/[^\d+]/g, "")}`} className={LINK}>
              {e.phone}
            </a>
          </Field>
          <Field term="Received">
            <When ms={e.createdAt} className="" />
          </Field>
          <Field term="Delivery">
            {DELIVERY[e.delivery].label}
            {e.attempts > 0 && `, ${e.attempts} ${e.attempts === 1 ? "attempt" : "attempts"}`}
            {e.sentAt !== null && (
              <>
                , <When ms={e.sentAt} className="" />
              </>
            )}
            {e.delivery === "retrying" && e.nextAttemptAt !== null && (
              <>
                , next try <When ms={e.nextAttemptAt} className="" />
              </>
            )}
          </Field>
          {e.lastError && (
            <Field term="Last error">
              <span className="wrap-anywhere">{e.lastError}</span>
            </Field>
          )}
          <Field term="Handled">
            {e.handledAt === null ? (
              "Not yet"
            ) : (
              <>
                By {e.handledBy}, <When ms={e.handledAt} className="" />
              </>
            )}
          </Field>
        </dl>
        <section aria-labelledby="message-title" className="grid gap-2">
          <h2 id="message-title" className="font-bold">
            Message
          </h2>
          <p className="wrap-anywhere whitespace-pre-line">{e.message}</p>
        </section>
      </article>

      <p
        role="status"
        className={actionData?.ok === false ? "mt-6 font-semibold text-danger" : "mt-6 font-semibold"}
      >
        {actionData?.message}
      </p>
      <ConsoleForm className="mt-4 flex flex-wrap gap-3" aria-label="What to do with the message">
        <ButtonLink to={reply} size="sm">
          Reply by e-mail
        </ButtonLink>
        {e.handledAt === null ? (
          <Button type="submit" name="intent" value="handled" size="sm" tone="outline" disabled={busy}>
            Mark as handled
          </Button>
        ) : (
          <Button type="submit" name="intent" value="new" size="sm" tone="outline" disabled={busy}>
            Mark as new
          </Button>
        )}
        {RETRYABLE.includes(e.delivery) && (
          <Button type="submit" name="intent" value="retry" size="sm" tone="outline" disabled={busy}>
            {e.delivery === "spam" ? "Not spam: deliver it" : "Retry delivery"}
          </Button>
        )}
        <Button type="submit" name="intent" value="erase" size="sm" tone="outline" disabled={busy}>
          Erase
        </Button>
      </ConsoleForm>

      {confirming && (
        <section
          ref={confirmation}
          tabIndex={-1}
          aria-labelledby="erase-title"
          className="mt-6 grid gap-3 rounded-card border border-danger bg-surface p-6 outline-none"
        >
          <h2 id="erase-title" className="font-bold">
            Erase this message for good?
          </h2>
          <p className="text-ink-muted">
            The message and its e-mail job are deleted, and cannot be brought back. A copy already delivered
            to the agency&rsquo;s mailbox stays there: delete it there too.
          </p>
          <ConsoleForm className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="erase-confirmed" size="sm" disabled={busy}>
              Erase for good
            </Button>
            <ButtonLink to={`/admin/enquiries/${e.id}`} size="sm" tone="outline">
              Keep it
            </ButtonLink>
          </ConsoleForm>
        </section>
      )}
    </>
  );
}

export const ErrorBoundary = consoleErrorBoundary("There is no such message: it may have been erased.", {
  href: "/admin/enquiries",
  label: "Back to the enquiries",
});
