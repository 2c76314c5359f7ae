import type { Route } from "./+types/home";
import { homePage, layoutHeaders, type Surface } from "#app/config/home-layouts.ts";
import { getPage } from "#app/config/pages.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { routePath } from "#app/lib/route-path.ts";
import { homeSections, type HomeSection as Section } from "#app/lib/home-sections.server.ts";
import { HeroCarousel } from "#app/components/sections/hero-carousel.tsx";
import { OurPromise } from "#app/components/sections/promise.tsx";
import { ServicesTeaser } from "#app/components/sections/services-teaser.tsx";
import { AboutBlock } from "#app/components/sections/about-block.tsx";
import { ProcessSteps } from "#app/components/sections/process-steps.tsx";
import { ProjectsTeaser } from "#app/components/sections/projects-teaser.tsx";
import { DigitalBanner } from "#app/components/sections/digital-banner.tsx";
import { Achievements } from "#app/components/sections/achievements.tsx";
import { WhyChooseUs } from "#app/components/sections/why-choose-us.tsx";
import { TeamTeaser } from "#app/components/sections/team-teaser.tsx";
import { Testimonials } from "#app/components/sections/testimonials.tsx";
import { FaqMeters } from "#app/components/sections/faq-meters.tsx";
import { BrandStrip } from "#app/components/sections/brand-strip.tsx";
import { PricingBlock } from "#app/components/sections/pricing-block.tsx";
import { ContactBlock } from "#app/components/sections/contact-block.tsx";
import { BlogTeaser } from "#app/components/sections/blog-teaser.tsx";

// One module for the eight home pages (app/config/home-layouts.ts): the loader picks the
// layout from the URL and hands each section its content (app/lib/home-sections.server.ts), so
// the browser receives only the content of the page it shows.

export function loader({ url }: Route.LoaderArgs) {
  const path = routePath(url);
  const sections = homeSections(path);
  if (!sections) throw new Response("Not Found", { status: 404 });
  const layout = homePage(path)!.layout;
  // The root layout reads `header` from the page's loader data (app/root.tsx).
  return { page: getPage(path), sections, header: layoutHeaders[layout] };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData.page);

const surfaceClass: Record<Surface, string | undefined> = {
  canvas: "bg-canvas",
  alt: "bg-surface-alt",
  own: undefined,
};

function HomeSection({ section: s, className }: { section: Section; className?: string }) {
  const common = { className, "data-section": s.kind };
  switch (s.kind) {
    case "hero":
      return <HeroCarousel {...common} {...s.props} />;
    case "promise":
      return <OurPromise {...common} {...s.props} />;
    case "services-teaser":
      return <ServicesTeaser {...common} {...s.props} />;
    case "about-block":
      return <AboutBlock {...common} {...s.props} />;
    case "how-we-work":
      return <ProcessSteps {...common} {...s.props} variant="cards" />;
    case "projects-teaser":
      return <ProjectsTeaser {...common} {...s.props} />;
    case "digital-banner":
      return <DigitalBanner {...common} {...s.props} />;
    case "achievements":
      return <Achievements {...common} {...s.props} />;
    case "why-choose-us":
      return <WhyChooseUs {...common} {...s.props} />;
    case "our-process":
      return <ProcessSteps {...common} {...s.props} variant="timeline" />;
    case "team-teaser":
      return <TeamTeaser {...common} {...s.props} />;
    case "testimonials":
      return <Testimonials {...common} {...s.props} />;
    case "faq-meters":
      return <FaqMeters {...common} {...s.props} />;
    case "brand-strip":
      return <BrandStrip {...common} {...s.props} />;
    case "pricing":
      return <PricingBlock {...common} {...s.props} />;
    case "contact-block":
      return <ContactBlock {...common} {...s.props} />;
    case "blog-teaser":
      return <BlogTeaser {...common} {...s.props} />;
  }
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return loaderData.sections.map((section, i) => (
    <HomeSection
      key={`${section.data.kind}-${i}`}
      section={section.data}
      className={surfaceClass[section.surface]}
    />
  ));
}
