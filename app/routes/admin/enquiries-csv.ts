import type { Route } from "./+types/enquiries-csv";
import { consoleHeaders, requireStaff, staffService } from "#app/lib/staff.server.ts";

// /admin/enquiries.csv: every message, as `npm run inbox -- export --format csv` writes it (the
// download is recorded in the audit log). Personal data: never cached.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { member } = await requireStaff(context, request);
  const csv = await staffService(context).enquiries.csv(member.email);
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(Date.now());
  return new Response(csv, {
    headers: {
      ...consoleHeaders(),
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="enquiries-${day}.csv"`,
    },
  });
}
