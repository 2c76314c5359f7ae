import type { Route } from "./+types/audit";
import { consoleHeaders, requireStaff, staffService } from "#app/lib/staff.server.ts";
import type { SignInRefusalsView } from "#app/lib/ports/staff.ts";

// Owners only: who did what and when (sign-ins, invitations, removals, moderation), newest first;
// above it, the refused sign-in attempts that name nobody, counted apart so that a stranger's
// flood cannot push staff actions out of the 200 shown.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, request, "owner");
  const staff = staffService(context);
  const [entries, refusals] = await Promise.all([staff.auditLog(200), staff.signInRefusals()]);
  return { entries, refusals };
}

export const headers: Route.HeadersFunction = () => consoleHeaders();

export const meta: Route.MetaFunction = () => [
  { title: "Audit log | Staff console" },
  { name: "robots", content: "noindex, nofollow" },
];

const when = new Intl.DateTimeFormat("en-NG", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "Africa/Lagos",
});

const REASONS: Record<SignInRefusalsView["reasons"][number]["reason"], string> = {
  "unknown-passkey": "a passkey this console does not know",
  challenge: "an answer to no sign-in this console started (expired, replayed or forged)",
  "rate-limit": "refused for too many attempts from one connection",
};

const times = (n: number) => `${n.toLocaleString("en-NG")} ${n === 1 ? "attempt" : "attempts"}`;

function RefusedSignIns({ day, month }: { day: SignInRefusalsView; month: SignInRefusalsView }) {
  return (
    <section aria-labelledby="refused-title" className="mt-6 rounded-card bg-surface p-6 shadow-card sm:p-8">
      <h2 id="refused-title" className="text-h3">
        Refused sign-in attempts
      </h2>
      <p className="mt-2">
        <strong>{times(day.total)}</strong> in the last 24 hours
        {day.total > 0 && (
          <>
            , from {day.clients} {day.clients === 1 ? "connection" : "connections"}
          </>
        )}
        ; {times(month.total)} in the last 30 days.
      </p>
      {day.reasons.length > 0 && (
        <ul className="mt-2 list-disc pl-6" aria-label="Why, in the last 24 hours">
          {day.reasons.map((r) => (
            <li key={r.reason}>
              {times(r.count)}: {REASONS[r.reason]}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-sm text-ink-muted">
        Attempts that name nobody are counted here by the hour, with no address, and kept 30 days. A refused
        sign-in with a team member&rsquo;s passkey is in the log below, under their name.
      </p>
    </section>
  );
}

export default function Audit({ loaderData: { entries, refusals } }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-h2">Audit log</h1>
      <RefusedSignIns day={refusals.day} month={refusals.month} />
      <h2 id="actions-title" className="mt-8 text-h3">
        Staff actions
      </h2>
      <p className="mt-3 text-ink-muted">The last 200 actions, newest first (Lagos time). Kept for a year.</p>
      {/* On a phone the table keeps readable columns and scrolls sideways (with the keyboard too:
          the box takes focus), rather than squeezing an address to a letter a line. */}
      <div
        role="region"
        aria-labelledby="actions-title"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must be reachable
        tabIndex={0}
        className="mt-6 overflow-x-auto rounded-card bg-surface shadow-card"
      >
        <table className="w-full min-w-3xl text-left text-sm">
          <caption className="sr-only">Audit log</caption>
          <thead className="border-b border-line">
            <tr>
              {["When", "Who", "What", "On", "Detail"].map((h) => (
                <th key={h} scope="col" className="px-4 py-3 font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {entries.map((e, i) => (
              <tr key={i} className="border-b border-line last:border-0">
                <td className="px-4 py-3 whitespace-nowrap">
                  <time dateTime={new Date(e.at).toISOString()}>{when.format(e.at)}</time>
                </td>
                <td className="px-4 py-3">{e.actor}</td>
                <td className="px-4 py-3 font-semibold">{e.action}</td>
                {/* An address keeps its line beside ids and long details (the table grows and
                    scrolls instead); only an address longer than ~30 characters breaks. */}
                <td className="min-w-56 px-4 py-3 break-all">{e.subject}</td>
                <td className="px-4 py-3">{e.detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
