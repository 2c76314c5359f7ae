import type { Route } from "./+types/subscribers-csv";
import { consoleHeaders, requireStaff, staffService } from "#app/lib/staff.server.ts";

// /admin/subscribers.csv: the confirmed subscribers, as `npm run newsletter -- export` writes them
// (Mailchimp's and Brevo's import take it; the download is recorded in the audit log);
// `?state=bounced`: the bounced ones, with when and why (`export --bounced`). Personal data: never
// cached.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { member } = await requireStaff(context, request);
  const bounced = new URL(request.url).searchParams.get("state") === "bounced";
  const csv = await staffService(context).subscribers.csv(member.email, bounced ? "bounced" : "subscribed");
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(Date.now());
  const name = bounced ? "bounced-subscribers" : "subscribers";
  return new Response(csv, {
    headers: {
      ...consoleHeaders(),
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${day}.csv"`,
    },
  });
}
