import { data } from "react-router";
import type { Route } from "./+types/team-details";
import { memberPage } from "#app/config/pages.ts";
import { teamLists } from "#app/config/team.ts";
import { parseId } from "#app/lib/format.ts";
import { notFoundMeta, pageMeta } from "#app/lib/meta.ts";
import { findMember, memberProfile, personJsonLd } from "#app/content-types/team/view.server.ts";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { TeamProfile } from "#app/components/sections/team-profile.tsx";

// A member's page, /team-details/{id}: one per published member (edited in the console:
// server/content/). Any other id (unknown, a draft, a member who left and is hidden, or not a
// plain number) is a real 404.
export function loader({ params, context }: Route.LoaderArgs) {
  const member = findMember(context, parseId(params.id));
  if (!member) throw data(null, { status: 404 });
  return {
    member: memberProfile(member),
    teamHref: teamLists[0].path,
    contactHref: "/contact-us",
    meta: [...pageMeta(memberPage(member)), { "script:ld+json": personJsonLd(member) }],
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? notFoundMeta();

export default function TeamDetails({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title={d.member.name}
        intro={d.member.profession}
        crumbs={[{ label: "Team", href: d.teamHref }, { label: d.member.name }]}
      />
      <TeamProfile member={d.member} contactHref={d.contactHref} />
    </>
  );
}
