import type { ComponentType } from "react";
import type {
  HomeSection as Section,
  SectionKind,
  SectionProps,
  Surface,
} from "#app/lib/home-sections.server.ts";
import { AboutBlock } from "./about-block.tsx";
import { Achievements } from "./achievements.tsx";
import { BlogTeaser } from "./blog-teaser.tsx";
import { BrandStrip } from "./brand-strip.tsx";
import { ContactBlock } from "./contact-block.tsx";
import { DigitalBanner } from "./digital-banner.tsx";
import { FaqMeters } from "./faq-meters.tsx";
import { HeroCarousel } from "./hero-carousel.tsx";
import { PricingBlock } from "./pricing-block.tsx";
import { ProcessSteps } from "./process-steps.tsx";
import { ProjectsTeaser } from "./projects-teaser.tsx";
import { OurPromise } from "./promise.tsx";
import { ServicesTeaser } from "./services-teaser.tsx";
import { TeamTeaser } from "./team-teaser.tsx";
import { Testimonials } from "./testimonials.tsx";
import { WhyChooseUs } from "./why-choose-us.tsx";

type Shared = { className?: string; "data-section": SectionKind };

// The component of each kind of the section registry (app/lib/home-sections.server.ts). The
// registry's data runs on the server only, so this map is apart from it; the type makes the
// compiler demand a component for every kind, one that takes exactly the props its data gives.
const components: { [K in SectionKind]: ComponentType<SectionProps<K> & Shared> } = {
  hero: HeroCarousel,
  promise: OurPromise,
  "services-teaser": ServicesTeaser,
  "about-block": AboutBlock,
  "how-we-work": ProcessSteps,
  "projects-teaser": ProjectsTeaser,
  "digital-banner": DigitalBanner,
  achievements: Achievements,
  "why-choose-us": WhyChooseUs,
  "our-process": ProcessSteps,
  "team-teaser": TeamTeaser,
  testimonials: Testimonials,
  "faq-meters": FaqMeters,
  "brand-strip": BrandStrip,
  pricing: PricingBlock,
  "contact-block": ContactBlock,
  "blog-teaser": BlogTeaser,
};

const surfaceClass: Record<Surface, string | undefined> = {
  canvas: "bg-canvas",
  alt: "bg-surface-alt",
  own: undefined,
};

/** One section of a home page, on its background. */
export function HomeSection({ section }: { section: Section }) {
  const Component = components[section.kind] as ComponentType<Section["props"] & Shared>;
  return (
    <Component {...section.props} data-section={section.kind} className={surfaceClass[section.surface]} />
  );
}
