import { data, redirect } from "react-router";
import type { Route } from "./+types/first-item";
import { firstItemPath } from "#app/config/redirects.ts";
import { currentPages } from "#app/lib/site-pages.server.ts";

// A bare detail path (/team-details, app/config/redirects.ts): to item 1 while the site shows it,
// else to the first item it shows, else a 404. Decided per request, as items come and go.
// `url`, not `request.url`: a client navigation asks for /team-details.data, React Router's form.
export function loader({ url, context }: Route.LoaderArgs) {
  const target = firstItemPath(url.pathname, currentPages(context));
  if (!target) throw data(null, { status: 404 });
  throw redirect(target + url.search, { status: 302, headers: { "Cache-Control": "no-cache" } });
}

export default function FirstItem() {
  return null;
}
