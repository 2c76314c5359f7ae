import { data } from "react-router";
import type { Route } from "./+types/team-list";
import { getPage } from "#app/config/pages.ts";
import { teamLists } from "#app/config/team.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { teamCard, teamOf } from "#app/content-types/team/view.server.ts";
import { teamListCopy } from "#app/content/team-lists.ts";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { TeamTeaser } from "#app/components/sections/team-teaser.tsx";
import { CtaBand } from "#app/components/sections/cta-band.tsx";

// One module for the three team listings (app/config/team.ts): the path picks the layout. The
// members are the published ones not hidden (edited in the console: server/content/).
export function loader({ url, context }: Route.LoaderArgs) {
  // The prerender asks for "/team/" (trailing slash); the server redirects those.
  const path = url.pathname.replace(/\/+$/, "");
  const list = teamLists.find((l) => l.path === path);
  if (!list) throw data(null, { status: 404 });
  const team = teamOf(context);
  const limit = "limit" in list ? list.limit : team.length;
  return {
    page: getPage(list.path),
    layout: list.layout,
    copy: teamListCopy[list.layout],
    members: team.slice(0, limit).map(teamCard),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData.page);

export default function TeamList({ loaderData: { page, layout, copy, members } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title={page.title}
        intro="Engineers, designers, analysts and marketers who lead every TechSpark project themselves."
        crumbs={[{ label: page.title }]}
      />
      <TeamTeaser title={copy.heading} intro={copy.intro} members={members} layout={layout} priority />
      <CtaBand
        title="Want this team on your project?"
        text="Tell us what you are building. The people on this page will read your message and reply within one business day."
      />
    </>
  );
}
