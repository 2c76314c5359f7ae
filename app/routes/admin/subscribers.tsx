import { useEffect, useRef } from "react";
import { data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/subscribers";
import { consoleHeaders, requireStaff, requireStaffForm, staffService } from "#app/lib/staff.server.ts";
import {
  SUBSCRIBER_FILTERS,
  type SubscriberFilter,
  type SubscriberView,
} from "#app/lib/ports/subscribers.ts";
import { cn } from "#app/lib/cn.ts";
import { UNDELIVERED_ISSUES_TO_BOUNCE } from "#app/config/newsletter.ts";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { When } from "#app/components/admin/when.tsx";
import { Pager } from "#app/components/admin/pager.tsx";
import { ListFilters } from "#app/components/admin/list-filters.tsx";
import { ConsoleForm } from "#app/components/admin/console-form.tsx";
import { listHref, listQuery } from "#app/lib/console-list.ts";

// The newsletter's subscribers: filters by state with counts, a search in the address (a plain
// GET form), 50 a page, latest sign-up first; each person's bounce (when, the mail server's reply)
// and issues undelivered in a row; erase a person (a data-protection request) after a confirming
// second press; the confirmed ones as CSV at /admin/subscribers.csv, the bounced ones at
// /admin/subscribers.csv?state=bounced. Form posts: works without JavaScript. The address is
// posted, never put in a URL.

const queryOf = (url: URL) => listQuery(url, SUBSCRIBER_FILTERS, "subscribed");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, request);
  const url = new URL(request.url);
  const query = queryOf(url);
  const list = await staffService(context).subscribers.list(query);
  return { ...list, state: query.state, q: query.q, erased: url.searchParams.has("erased") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const {
    session: { member },
    form,
  } = await requireStaffForm(context, request);
  const subscribers = staffService(context).subscribers;
  const intent = form.get("intent");
  const raw = form.get("email");
  const email = typeof raw === "string" ? raw.trim().toLowerCase() : "";
  if ((intent !== "erase" && intent !== "erase-confirmed") || !email || email.length > 320)
    return data(
      { ok: false, message: "Choose whom to erase with their own Erase button." },
      { status: 400, headers: consoleHeaders() },
    );
  const gone = () =>
    data(
      {
        ok: false,
        message: `Nobody on the list has the address ${email}: they may have been erased already.`,
      },
      { headers: consoleHeaders() },
    );
  if (intent === "erase") {
    const { items } = await subscribers.list({ state: "all", q: email, page: 1 });
    if (!items.some((s) => s.email === email)) return gone();
    return data({ ok: true, message: "", confirmErase: email }, { headers: consoleHeaders() });
  }
  if (!(await subscribers.erase(email, member.email))) return gone();
  const { state } = queryOf(new URL(request.url));
  return redirect(`/admin/subscribers?state=${state}&erased=1`, { headers: consoleHeaders() });
}

export const headers: Route.HeadersFunction = () => consoleHeaders();

export const meta: Route.MetaFunction = () => [
  { title: "Subscribers | Staff console" },
  { name: "robots", content: "noindex, nofollow" },
];

const LABELS: Record<SubscriberFilter, string> = {
  subscribed: "Subscribed",
  pending: "Pending",
  unsubscribed: "Unsubscribed",
  bounced: "Bounced",
  all: "All",
};

const BADGES: Record<SubscriberView["state"], { label: string; tone: string }> = {
  subscribed: { label: "Subscribed", tone: "bg-primary/10 text-primary-ink" },
  pending: { label: "Not confirmed yet", tone: "border border-line text-ink-muted" },
  unsubscribed: { label: "Unsubscribed", tone: "border border-line text-ink-muted" },
  bounced: { label: "Bounced: not sent to", tone: "border border-danger text-danger" },
};

/** One fact of a subscriber's record, on one line with the others. */
function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="inline font-semibold">{term}</dt> <dd className="inline">{children}</dd>
    </div>
  );
}

export default function Subscribers({ loaderData, actionData }: Route.ComponentProps) {
  const { items, counts, page, pages, state, q, erased } = loaderData;
  const busy = useNavigation().state === "submitting";
  const asked = actionData && "confirmErase" in actionData ? actionData.confirmErase : null;
  const confirming = typeof asked === "string" ? asked : null;
  const confirmation = useRef<HTMLElement>(null);
  useEffect(() => {
    if (confirming) confirmation.current?.focus();
  }, [confirming]);
  /** This list at a page (this page unless told), its filter and search kept. */
  const listUrl = (next: { page?: number } = { page }) => listHref("/admin/subscribers", { state, q }, next);
  const status = erased
    ? "The subscriber was erased. A keyed hash of the address stays on the suppression list."
    : (actionData?.message ?? "");
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="text-h2">Subscribers</h1>
        {state === "bounced" ? (
          <ButtonLink
            to="/admin/subscribers.csv?state=bounced"
            reloadDocument
            download
            tone="outline"
            size="sm"
          >
            Download bounced (CSV)
          </ButtonLink>
        ) : (
          <ButtonLink to="/admin/subscribers.csv" reloadDocument download tone="outline" size="sm">
            Download subscribers (CSV)
          </ButtonLink>
        )}
      </div>
      <p className="mt-3 max-w-3xl text-ink-muted">
        The people who signed up for the newsletter. Only those who confirmed by e-mail are sent it, and only
        they are in the download. Erase someone when they ask you to delete their data.
      </p>
      <p className="mt-2 max-w-3xl text-ink-muted">
        Bounced: their mail server refused our e-mail for good, or {UNDELIVERED_ISSUES_TO_BOUNCE} issues in a
        row did not reach them. Nothing is sent to them until they sign up again and confirm from their inbox.
      </p>
      <p
        role="status"
        className={cn("mt-4 font-semibold", actionData?.ok === false && !erased && "text-danger")}
      >
        {status}
      </p>

      {confirming && (
        <section
          ref={confirmation}
          tabIndex={-1}
          aria-labelledby="erase-title"
          className="mt-4 grid gap-3 rounded-card border border-danger bg-surface p-6 outline-none"
        >
          <h2 id="erase-title" className="font-bold wrap-anywhere">
            Erase {confirming} for good?
          </h2>
          <p className="max-w-3xl text-ink-muted">
            For a data-protection request: their record, consent and confirmation e-mails are deleted and
            cannot be brought back. A keyed hash of the address stays on the suppression list, so that no
            import adds them back. To stop the e-mails only, they can use the unsubscribe link.
          </p>
          <ConsoleForm className="flex flex-wrap gap-3">
            <input type="hidden" name="email" value={confirming} />
            <Button type="submit" name="intent" value="erase-confirmed" size="sm" disabled={busy}>
              Erase for good
            </Button>
            <ButtonLink to={listUrl()} size="sm" tone="outline">
              Keep them
            </ButtonLink>
          </ConsoleForm>
        </section>
      )}

      <ListFilters
        path="/admin/subscribers"
        noun="subscribers"
        filters={SUBSCRIBER_FILTERS}
        current={state}
        labels={LABELS}
        counts={counts}
        q={q}
        search={{
          id: "subscriber-search",
          label: "Search the subscribers (e-mail address)",
          placeholder: "An address or part of one",
        }}
      />

      {items.length === 0 ? (
        <p className="mt-6 rounded-card bg-surface p-6 shadow-card">
          {!q
            ? "Nobody here."
            : state === "all"
              ? `Nobody on the list matches “${q}”.`
              : `No ${LABELS[state].toLowerCase()} subscribers match “${q}”.`}
        </p>
      ) : (
        <ul className="mt-6 grid gap-4" aria-label={`${LABELS[state]} subscribers`}>
          {items.map((s, i) => (
            <li key={s.email}>
              <article
                aria-labelledby={`s-${i}`}
                className="flex flex-wrap items-start justify-between gap-4 rounded-card bg-surface p-5 shadow-card sm:p-6"
              >
                <div className="grid min-w-0 flex-1 basis-64 gap-2">
                  <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
                    <h2 id={`s-${i}`} className="font-bold wrap-anywhere">
                      {s.email}
                    </h2>
                    <span
                      className={cn("rounded-full px-3 py-0.5 text-sm font-semibold", BADGES[s.state].tone)}
                    >
                      {BADGES[s.state].label}
                    </span>
                  </div>
                  <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-ink-muted">
                    <Fact term="Signed up">
                      <When ms={s.signedUpAt} className="" />
                    </Fact>
                    {s.confirmedAt !== null && (
                      <Fact term="Confirmed">
                        <When ms={s.confirmedAt} className="" />
                      </Fact>
                    )}
                    {s.unsubscribedAt !== null && (
                      <Fact term="Unsubscribed">
                        <When ms={s.unsubscribedAt} className="" />
                      </Fact>
                    )}
                    <Fact term="From">
                      <span className="break-all">{s.source}</span>
                    </Fact>
                    {s.bouncedAt !== null && (
                      <Fact term="Bounced">
                        <When ms={s.bouncedAt} className="" />
                      </Fact>
                    )}
                    {s.bounceReason !== null && (
                      <Fact term="Mail server's reply">
                        <span className="break-all">{s.bounceReason}</span>
                      </Fact>
                    )}
                    {s.state === "subscribed" && s.undeliveredIssues > 0 && (
                      <Fact term="Issues undelivered in a row">
                        {s.undeliveredIssues} of {UNDELIVERED_ISSUES_TO_BOUNCE}
                      </Fact>
                    )}
                  </dl>
                </div>
                <ConsoleForm>
                  <input type="hidden" name="email" value={s.email} />
                  <Button type="submit" name="intent" value="erase" size="sm" tone="outline" disabled={busy}>
                    Erase<span className="sr-only"> {s.email}</span>
                  </Button>
                </ConsoleForm>
              </article>
            </li>
          ))}
        </ul>
      )}

      <Pager page={page} pages={pages} href={(n) => listUrl({ page: n })} />
    </>
  );
}
