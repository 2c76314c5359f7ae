import type { Route } from "./+types/about-us";
import { getPage } from "#app/config/pages.ts";
import { teamLists } from "#app/config/team.ts";
import { yearsInBusiness } from "#app/config/site.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { countersOf } from "#app/content-types/counter/view.server.ts";
import { teamCard, teamOf } from "#app/content-types/team/view.server.ts";
import { about } from "#app/content/about.ts";
import { home } from "#app/content/home.ts";
import { pictureData } from "#app/lib/media.server.ts";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { AboutBlock } from "#app/components/sections/about-block.tsx";
import { Achievements } from "#app/components/sections/achievements.tsx";
import { MissionVision } from "#app/components/sections/mission-vision.tsx";
import { Milestones } from "#app/components/sections/milestones.tsx";
import { TeamTeaser } from "#app/components/sections/team-teaser.tsx";
import { CtaBand } from "#app/components/sections/cta-band.tsx";

// Page metadata comes through the loader, so the page registry stays on the server; so do the
// pictures (media manifest) and the team cards. The counters are the published ones (edited in
// the console: server/content/).
export function loader({ context }: Route.LoaderArgs) {
  const counters = countersOf(context);
  const members = teamOf(context);
  return {
    page: getPage("/about-us"),
    // The home pages' about block, told with this page's fuller introduction and without its
    // "More about us" link (this is that page).
    aboutBlock: {
      eyebrow: "Who we are",
      title: "A studio for products that have to work",
      text: about.intro,
      features: home.about.features,
      images: [pictureData(home.about.images[0]), pictureData(home.about.images[1])] as const,
      years: yearsInBusiness(),
    },
    // None published: the section is left out.
    achievements: counters.length > 0 ? { ...home.achievements, items: counters } : null,
    // None shown: the teaser is left out.
    team:
      members.length === 0
        ? null
        : {
            ...home.team,
            members: members.slice(0, 3).map(teamCard),
            more: { ...home.team.more, href: teamLists[0].path },
          },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData.page);

export default function AboutUs({
  loaderData: { page, aboutBlock, achievements, team },
}: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="We build the digital side of Nigerian businesses"
        intro="Engineers, designers and marketers in Kubwa, Abuja, helping ambitious teams launch and grow since 2008."
        crumbs={[{ label: page.title }]}
      />
      <AboutBlock {...aboutBlock} images={[...aboutBlock.images]} priority />
      {achievements && <Achievements {...achievements} className="pt-0" />}
      <MissionVision mission={about.mission} vision={about.vision} values={about.values} />
      <Milestones items={about.milestones} background={about.background} />
      {team && <TeamTeaser {...team} className="bg-surface-alt" />}
      <CtaBand
        className="pt-24"
        title="Have a project in mind?"
        text="Tell us where your business is going. We will reply within one business day with honest advice and next steps."
      />
    </>
  );
}
