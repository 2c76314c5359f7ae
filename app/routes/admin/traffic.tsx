import { Link } from "react-router";
import type { Route } from "./+types/traffic";
import { consoleHeaders, requireStaff, staffService } from "#app/lib/staff.server.ts";
import {
  everyDay,
  rateOf,
  spanOf,
  TRAFFIC_CONVERSIONS,
  TRAFFIC_SPANS,
  type TrafficTable,
} from "#app/lib/ports/traffic.ts";
import { cn } from "#app/lib/cn.ts";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { consoleTabClass } from "#app/components/admin/console-shell.tsx";
import { TrafficChart } from "#app/components/admin/traffic-chart.tsx";
import { VitalsChart } from "#app/components/admin/vitals-chart.tsx";
import { ratingOf, vitalText, WEB_VITALS, type WebVitalName } from "#app/lib/traffic.ts";

// The pages visitors saw, counted by the server without cookies (server/traffic/, docs/traffic.md):
// the last 7, 30 or 90 days (`?days=`, anything else 7); the totals; views and visitors a day as
// a chart drawn here (SVG, no script) with the same figures in a table beside it; the pages most
// seen, where visits came from, the devices, the conversions (forms sent) and the visits by entry
// page and source with their conversion rate, the campaigns and the missing pages with the sites
// linking to them; the Web Vitals by template and device, and a day as a chart per Core Web Vital
// above their table; each table as CSV (/admin/traffic.csv?days=N&table=…). Every member reads it.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, request);
  const days = spanOf(new URL(request.url).searchParams.get("days"));
  return { days, summary: await staffService(context).traffic.summary(days) };
}

export const headers: Route.HeadersFunction = () => consoleHeaders();

export const meta: Route.MetaFunction = () => [
  { title: "Traffic | Staff console" },
  { name: "robots", content: "noindex, nofollow" },
];

/** The Web Vitals drawn as a trend: Google's three Core Web Vitals (the table has all five). */
const TREND_VITALS = ["LCP", "INP", "CLS"] as const;

const count = (n: number) => n.toLocaleString("en-NG");
const dayLabel = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
/** "Fri 27 Nov" for "2026-11-27" (a day of Lagos time, written as a date). */
export const showDay = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));

/** A metric's 75th percentile and its rating in words ("2.41 s, good"); a dash when not measured. */
const rated = (name: WebVitalName, value: number | undefined) =>
  value === undefined ? "—" : `${vitalText(name, value)}, ${ratingOf(name, value)}`;

/** A table of figures: a heading, the table (a caption, the numbers right-aligned) in a box that
 *  scrolls sideways on a phone, or the empty state in words; its CSV download beside the heading. */
function FigureTable({
  id,
  title,
  caption,
  headers,
  numeric,
  rows,
  empty,
  csv,
  className,
  scroll,
}: {
  id: string;
  title: string;
  caption: string;
  headers: string[];
  /** How many of the last columns hold numbers. */
  numeric: number;
  rows: { key: string; cells: React.ReactNode[] }[];
  empty: string;
  csv: string;
  className?: string;
  /** A long table scrolls within its box (the daily figures beside the chart). */
  scroll?: boolean;
}) {
  const isNumber = (i: number) => i >= headers.length - numeric;
  return (
    // No name of its own: the table's scrolling box is the region named by this heading.
    <section className={cn("min-w-0", className)}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
        <h2 id={`${id}-title`} className="text-h3">
          {title}
        </h2>
        {rows.length > 0 && (
          <ButtonLink to={csv} reloadDocument download tone="outline" size="sm">
            CSV<span className="sr-only"> of {title.toLowerCase()}</span>
          </ButtonLink>
        )}
      </div>
      {rows.length === 0 ? (
        <p className="mt-3 rounded-card bg-surface p-6 shadow-card">{empty}</p>
      ) : (
        <div
          role="region"
          aria-labelledby={`${id}-title`}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must be reachable
          tabIndex={0}
          className={cn(
            "mt-3 overflow-x-auto rounded-card bg-surface shadow-card",
            scroll && "max-h-96 overflow-y-auto",
          )}
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="border-b border-line">
              <tr>
                {headers.map((h, i) => (
                  <th
                    key={h}
                    scope="col"
                    className={cn("px-4 py-3 font-semibold", isNumber(i) && "text-right")}
                  >
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className="border-b border-line last:border-0">
                  {row.cells.map((cell, i) => (
                    <td
                      key={i}
                      className={cn(
                        "px-4 py-2",
                        // A word keeps its line; only a long path or tag breaks (the box scrolls instead).
                        isNumber(i) ? "text-right tabular-nums" : "min-w-28 wrap-anywhere",
                        i === 0 && !isNumber(i) && "min-w-40",
                      )}
                    >
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Total({ term, value, note }: { term: string; value: number; note: string }) {
  return (
    <div className="rounded-card bg-surface p-4 shadow-card sm:p-5">
      <dt className="font-semibold text-ink-muted">{term}</dt>
      <dd className="mt-1 text-h2 font-bold tabular-nums">{count(value)}</dd>
      <dd className="mt-1 text-sm text-ink-muted">{note}</dd>
    </div>
  );
}

export default function Traffic({ loaderData: { days, summary: s } }: Route.ComponentProps) {
  const span = `these ${days} days`;
  const csv = (table: TrafficTable) => `/admin/traffic.csv?days=${days}&table=${table}`;
  const daily = everyDay(s);
  const devices = (["phone", "tablet", "desktop"] as const).filter((d) => s.devices[d] > 0);
  return (
    <>
      <h1 className="text-h2">Traffic</h1>
      <p className="mt-3 max-w-3xl text-ink-muted">
        The pages people saw, counted by the server as it answered them: no cookie, nothing that can be tied
        to a person. Bots, the console and files are not counted. A visitor is counted once a day, so over
        several days the visitors add the days up. Lagos time, {showDay(s.from)} to {showDay(s.to)}.
      </p>

      <nav aria-label="Days shown" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {TRAFFIC_SPANS.map((d) => (
            <li key={d}>
              <Link
                to={`/admin/traffic?days=${d}`}
                aria-current={d === days ? "page" : undefined}
                className={consoleTabClass(d === days)}
              >
                {`${d} days`}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <dl className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4" aria-label={`Totals of ${span}`}>
        <Total term="Views" value={s.views} note="Pages seen" />
        <Total term="Visitors" value={s.visitors} note="Distinct a day, added up" />
        <Total term="Untracked views" value={s.untracked} note="Asked not to be tracked (GPC)" />
        <Total term="Server errors" value={s.errors} note="Pages that failed (5xx)" />
      </dl>

      <div className="mt-10 grid items-start gap-6 xl:grid-cols-[3fr_2fr]">
        <section aria-labelledby="chart-title" className="min-w-0">
          <h2 id="chart-title" className="text-h3">
            Views and visitors a day
          </h2>
          {s.views === 0 ? (
            <p className="mt-3 rounded-card bg-surface p-6 shadow-card">No views yet in {span}.</p>
          ) : (
            <div className="mt-3 rounded-card bg-surface p-4 shadow-card sm:p-6">
              <TrafficChart daily={daily} />
            </div>
          )}
        </section>
        {s.views > 0 && (
          <FigureTable
            id="daily"
            title="By day"
            caption={`Views and visitors a day, ${showDay(s.from)} to ${showDay(s.to)} (the chart's figures)`}
            headers={["Day", "Views", "Visitors"]}
            numeric={2}
            rows={daily.map((d) => ({
              key: d.day,
              cells: [
                <time key="day" dateTime={d.day}>
                  {showDay(d.day)}
                </time>,
                count(d.views),
                count(d.visitors),
              ],
            }))}
            empty=""
            csv={csv("daily")}
            scroll
          />
        )}
      </div>

      <div className="mt-10 grid gap-10">
        <FigureTable
          id="pages"
          title="Top pages"
          caption={`The ten pages most seen in ${span}`}
          headers={["Page", "Template", "Views", "Visitors"]}
          numeric={2}
          rows={s.pages.map((p) => ({
            key: p.path,
            cells: [p.path, p.template, count(p.views), count(p.visitors)],
          }))}
          empty={`No views yet in ${span}.`}
          csv={csv("pages")}
        />
        <div className="grid gap-10 lg:grid-cols-2">
          <FigureTable
            id="referrers"
            title="Referrers"
            caption={`The sites visits came from in ${span}`}
            headers={["Site", "Views"]}
            numeric={1}
            rows={s.referrers.map((r) => ({ key: r.referrer, cells: [r.referrer, count(r.views)] }))}
            empty={`No visit came from another site in ${span}.`}
            csv={csv("referrers")}
          />
          <FigureTable
            id="devices"
            title="Devices"
            caption={`Views by kind of device in ${span}`}
            headers={["Device", "Views", "Share"]}
            numeric={2}
            rows={devices.map((d) => ({
              key: d,
              cells: [
                d[0]!.toUpperCase() + d.slice(1),
                count(s.devices[d]),
                `${Math.round((100 * s.devices[d]) / s.views)} %`,
              ],
            }))}
            empty={`No views yet in ${span}.`}
            csv={csv("devices")}
          />
        </div>
        <div className="grid gap-10 lg:grid-cols-[2fr_3fr]">
          <FigureTable
            id="conversions"
            title="Conversions"
            caption={`The forms sent in ${span}, by kind`}
            headers={["Conversion", "Count"]}
            numeric={1}
            rows={s.conversions.map((c) => ({
              key: c.kind,
              cells: [TRAFFIC_CONVERSIONS[c.kind], count(c.count)],
            }))}
            empty={`No form was sent in ${span}.`}
            csv={csv("conversions")}
          />
          <FigureTable
            id="entries"
            title="Entry pages and sources"
            caption={`Visits in ${span} by the page they began on and where they came from, with the conversions they led to`}
            headers={["Entry page", "Source", "Visits", "Conversions", "Rate"]}
            numeric={3}
            rows={s.entries.map((e) => ({
              key: `${e.page}\n${e.source}`,
              cells: [
                e.page,
                e.source,
                count(e.visits),
                count(e.conversions),
                rateOf(e.conversions, e.visits),
              ],
            }))}
            empty={`No visit yet in ${span}.`}
            csv={csv("entries")}
          />
        </div>
        <FigureTable
          id="campaigns"
          title="Campaigns"
          caption={`Views from links with campaign (UTM) tags in ${span}`}
          headers={["Source", "Medium", "Campaign", "Views"]}
          numeric={1}
          rows={s.campaigns.map((c) => ({
            key: `${c.source}\n${c.medium}\n${c.campaign}`,
            cells: [c.source, c.medium ?? "—", c.campaign ?? "—", count(c.views)],
          }))}
          empty={`No visit came from a link with campaign (UTM) tags in ${span}.`}
          csv={csv("campaigns")}
        />
        <FigureTable
          id="not-found"
          title="Broken links to fix"
          caption={`Missing pages (404) asked for in ${span}, with the sites linking to them`}
          headers={["Missing page", "Linked from", "Times"]}
          numeric={1}
          rows={s.notFound.map((r) => ({
            key: `${r.path}\n${r.referrer}`,
            cells: [r.path, r.referrer ?? "No referrer (typed or bookmarked)", count(r.views)],
          }))}
          empty={`No missing page was asked for in ${span}.`}
          csv={csv("not-found")}
        />
        <FigureTable
          id="vitals"
          title="Speed for real visitors"
          caption={`Web Vitals in ${span}: the 75th percentile of the page loads that reported them, by template and device, each rated against Google's thresholds`}
          headers={["Template", "Device", "Page loads", ...WEB_VITALS]}
          numeric={6}
          rows={s.vitals.map((v) => ({
            key: `${v.template}\n${v.device}`,
            cells: [v.template, v.device, count(v.samples), ...WEB_VITALS.map((m) => rated(m, v.p75[m]))],
          }))}
          empty={`No page load reported its Web Vitals in ${span}.`}
          csv={csv("vitals")}
        />
        <section aria-labelledby="vitals-trend-title" className="min-w-0">
          <h2 id="vitals-trend-title" className="text-h3">
            Speed over time
          </h2>
          {s.vitalsDaily.length === 0 ? (
            <p className="mt-3 rounded-card bg-surface p-6 shadow-card">
              No page load reported its Web Vitals in {span}.
            </p>
          ) : (
            <div className="mt-3 rounded-card bg-surface p-4 shadow-card sm:p-6">
              <p className="text-sm text-ink-muted">
                The 75th percentile a day, every template together. Shaded: good; dashed red line: poor above
                it. The table below holds the same figures.
              </p>
              <div className="mt-4 grid gap-6 lg:grid-cols-3">
                {TREND_VITALS.map((name) => (
                  <VitalsChart key={name} name={name} days={daily.map((d) => d.day)} daily={s.vitalsDaily} />
                ))}
              </div>
            </div>
          )}
        </section>
        <FigureTable
          id="vitals-daily"
          title="Speed a day"
          caption={`Web Vitals a day in ${span}, every template together: the 75th percentile, rated`}
          headers={["Day", "Page loads", ...WEB_VITALS]}
          numeric={6}
          rows={s.vitalsDaily.map((v) => ({
            key: v.day,
            cells: [showDay(v.day), count(v.samples), ...WEB_VITALS.map((m) => rated(m, v.p75[m]))],
          }))}
          empty={`No page load reported its Web Vitals in ${span}.`}
          csv={csv("vitals-daily")}
        />
      </div>
    </>
  );
}
