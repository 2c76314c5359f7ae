import type { Route } from "./+types/audit";
import { consoleHeaders, requireStaff, staffService } from "#app/lib/staff.server.ts";

// Owners only: who did what and when (sign-ins, invitations, removals, moderation), newest first.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, request, "owner");
  return { entries: await staffService(context).auditLog(200) };
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

export default function Audit({ loaderData: { entries } }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-h2">Audit log</h1>
      <p className="mt-3 text-ink-muted">The last 200 actions, newest first (Lagos time). Kept for a year.</p>
      <div className="mt-6 overflow-x-auto rounded-card bg-surface shadow-card">
        <table className="w-full text-left text-sm">
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
                <td className="px-4 py-3 break-all">{e.subject}</td>
                <td className="px-4 py-3">{e.detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
