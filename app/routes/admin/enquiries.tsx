import { Link } from "react-router";
import type { Route } from "./+types/enquiries";
import { consoleHeaders, requireStaff, staffService } from "#app/lib/staff.server.ts";
import { ENQUIRY_FILTERS, type EnquiryFilter } from "#app/lib/ports/enquiries.ts";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { EnquiryBadges } from "#app/components/admin/enquiry-badges.tsx";
import { When } from "#app/components/admin/when.tsx";
import { Pager } from "#app/components/admin/pager.tsx";
import { ListFilters } from "#app/components/admin/list-filters.tsx";
import { listHref, listQuery } from "#app/lib/console-list.ts";

// The contact form's messages: filters with counts, a search (a plain GET form), 50 a page,
// newest first. Each opens in full at /admin/enquiries/:id; the CSV is /admin/enquiries.csv.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, request);
  const url = new URL(request.url);
  const query = listQuery(url, ENQUIRY_FILTERS, "new");
  const list = await staffService(context).enquiries.list(query);
  return { ...list, state: query.state, q: query.q, erased: url.searchParams.has("erased") };
}

export const headers: Route.HeadersFunction = () => consoleHeaders();

export const meta: Route.MetaFunction = () => [
  { title: "Enquiries | Staff console" },
  { name: "robots", content: "noindex, nofollow" },
];

const LABELS: Record<EnquiryFilter, string> = {
  new: "New",
  handled: "Handled",
  spam: "Spam",
  failing: "E-mail failing",
  all: "All",
};

export default function Enquiries({ loaderData }: Route.ComponentProps) {
  const { items, counts, page, pages, state, q, erased } = loaderData;
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="text-h2">Enquiries</h1>
        <ButtonLink to="/admin/enquiries.csv" reloadDocument download tone="outline" size="sm">
          Download all (CSV)
        </ButtonLink>
      </div>
      <p className="mt-3 text-ink-muted">
        Messages from the contact forms. Mark one as handled once someone has answered it.
      </p>
      <p role="status" className="mt-4 font-semibold">
        {erased ? "The message was erased." : ""}
      </p>

      <ListFilters
        path="/admin/enquiries"
        noun="enquiries"
        filters={ENQUIRY_FILTERS}
        current={state}
        labels={LABELS}
        counts={counts}
        q={q}
        search={{
          id: "enquiry-search",
          label: "Search the enquiries (name, e-mail, phone or message)",
          placeholder: "Name, e-mail, phone or words",
        }}
      />

      {items.length === 0 ? (
        <p className="mt-6 rounded-card bg-surface p-6 shadow-card">
          {q ? `No ${LABELS[state].toLowerCase()} enquiries match “${q}”.` : "No enquiries here."}
        </p>
      ) : (
        <ul className="mt-6 grid gap-4" aria-label={`${LABELS[state]} enquiries`}>
          {items.map((e) => (
            <li key={e.id}>
              <article
                aria-labelledby={`e-${e.id}`}
                className="grid gap-2 rounded-card bg-surface p-5 shadow-card sm:p-6"
              >
                <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
                  <h2 id={`e-${e.id}`} className="font-bold wrap-anywhere">
                    <Link
                      to={`/admin/enquiries/${e.id}`}
                      className="text-primary-ink underline underline-offset-4"
                    >
                      {e.name}
                    </Link>
                  </h2>
                  <span className="text-sm break-all text-ink-muted">{e.email}</span>
                  <When ms={e.createdAt} />
                </div>
                <p className="wrap-anywhere">{e.firstLine}</p>
                <EnquiryBadges enquiry={e} />
              </article>
            </li>
          ))}
        </ul>
      )}

      <Pager
        page={page}
        pages={pages}
        href={(n) => listHref("/admin/enquiries", { state, q }, { page: n })}
      />
    </>
  );
}
