import type { Route } from "./+types/traffic-csv";
import { consoleHeaders, requireStaff, staffService } from "#app/lib/staff.server.ts";
import { spanOf, tableOf, TRAFFIC_TABLES } from "#app/lib/ports/traffic.ts";

// /admin/traffic.csv?days=7|30|90&table=daily|pages|referrers|campaigns|not-found|devices: one of
// the Traffic page's tables as CSV (days as the page reads them, anything else 7; the daily
// figures when no table is named; an unknown table is a 400 in words). Figures that name no one,
// but the console's: never cached.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, request);
  const url = new URL(request.url);
  const days = spanOf(url.searchParams.get("days"));
  const table = tableOf(url.searchParams.get("table"));
  if (!table)
    return new Response(`No such table. Ask for one of: ${TRAFFIC_TABLES.join(", ")}.\n`, {
      status: 400,
      headers: { ...consoleHeaders(), "Content-Type": "text/plain; charset=utf-8" },
    });
  const csv = await staffService(context).traffic.csv(days, table);
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(Date.now());
  return new Response(csv, {
    headers: {
      ...consoleHeaders(),
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="traffic-${table}-${days}-days-to-${day}.csv"`,
    },
  });
}
