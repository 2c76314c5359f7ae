import type { Route } from "./+types/about-us";
import { getPage } from "#app/config/pages.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { about } from "#app/content/about.ts";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { AboutStory } from "#app/components/sections/about-story.tsx";
import { MissionVision } from "#app/components/sections/mission-vision.tsx";
import { Milestones } from "#app/components/sections/milestones.tsx";
import { CtaBand } from "#app/components/sections/cta-band.tsx";

// Page metadata comes through the loader, so the page registry stays on the server.
export function loader() {
  return { page: getPage("/about-us") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData.page);

export default function AboutUs({ loaderData: { page } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="We build the digital side of Nigerian businesses"
        intro="Engineers, designers and marketers in Kubwa, Abuja, helping ambitious teams launch and grow since 2008."
        crumbs={[{ label: page.title }]}
      />
      <AboutStory intro={about.intro} background={about.background} />
      <MissionVision mission={about.mission} vision={about.vision} values={about.values} />
      <Milestones items={about.milestones} />
      <CtaBand
        title="Have a project in mind?"
        text="Tell us where your business is going. We will reply within one business day with honest advice and next steps."
      />
    </>
  );
}
