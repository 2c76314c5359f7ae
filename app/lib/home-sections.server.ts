// The home pages' sections, one entry per kind: the options a layout may give it
// (app/config/home-layouts.ts), the content it shows, assembled here on the server (pictures
// resolved from the media manifest, only the fields the section shows), and whether it brings
// its own background. The component that draws each kind is in
// app/components/sections/home-section.tsx, checked against this registry by the compiler.
import { homeLayouts, homePage } from "#app/config/home-layouts.ts";
import { yearsInBusiness } from "#app/config/site.ts";
import type { AchievementCounter } from "#app/content-types/counter/schema.ts";
import type { Faq } from "#app/content-types/faq/schema.ts";
import type { PricingPlan } from "#app/content-types/pricing-plan/schema.ts";
import type { ServiceItem } from "#app/content-types/service/schema.ts";
import type { Project } from "#app/content-types/project/schema.ts";
import type { TeamMember } from "#app/content-types/team/schema.ts";
import type { Testimonial } from "#app/content-types/testimonial/schema.ts";
import { home } from "#app/content/home.ts";
import type { Blog } from "./blog.server.ts";
import { projectCard } from "#app/content-types/project/view.server.ts";
import { postCard } from "./blog-view.server.ts";
import { pictureData as pic, pictureKnown } from "./media.server.ts";
import type { PictureData } from "./media.ts";
import { teamCard } from "#app/content-types/team/view.server.ts";
import { teaserServices } from "#app/content-types/service/view.server.ts";

type NoOptions = Record<never, never>;
/** Content that is not in app/content/: the blog's published posts and the content edited in the
 *  console (asked only by the sections that show them, so a layout without them never reads them). */
export type ContentSources = {
  blog: () => Blog;
  faqs: () => readonly Faq[];
  testimonials: () => readonly Testimonial[];
  pricing: () => readonly PricingPlan[];
  counters: () => readonly AchievementCounter[];
  /** The members the team pages show (published, not hidden: shownMembers). */
  team: () => readonly TeamMember[];
  /** The services the site shows (published, with a picture it can draw: shownServices). */
  services: () => readonly ServiceItem[];
  /** The case studies the site shows (published: shownProjects), in their order. */
  projects: () => readonly Project[];
};
type SectionDefinition<Options extends object, Props extends object> = {
  /** The section paints its own background (a picture or video); the others alternate two. */
  ownBackground?: boolean;
  /** The section's props: the layout's options and the content (the posts: `from.blog()`). */
  props: (options: Options, from: ContentSources) => Props;
  /** Nothing to show (staff unpublished every item): the section is left out of the page. */
  empty?(props: Props): boolean;
};
const section = <Options extends object, Props extends object>(d: SectionDefinition<Options, Props>) => d;

export const sectionRegistry = {
  hero: section({
    ownBackground: true,
    /** `overlapped`: the next section (a promise band) overlaps the hero's bottom edge. */
    props: (options: { align: "start" | "center"; overlapped?: boolean }) => ({
      ...options,
      slides: home.hero.slides.map((s) =>
        s.type === "video" ? { ...s, poster: pic(s.poster) } : { ...s, image: pic(s.image) },
      ),
      action: home.hero.action,
    }),
  }),
  promise: section({
    props: (options: { layout: "cards" | "band" }) => ({ ...options, ...home.promise }),
  }),
  "services-teaser": section({
    props: (options: { cardStyle: "icon" | "picture" }, from) => ({
      ...options,
      ...home.services,
      // The first three that lead to a page; only the picture style shows (and ships) pictures.
      items: teaserServices(from.services(), options.cardStyle === "picture"),
    }),
    empty: (props) => props.items.length === 0,
  }),
  "about-block": section({
    props: (options: { media: "start" | "end" }) => ({
      ...options,
      ...home.about,
      images: [pic(home.about.images[0]), pic(home.about.images[1])] as [PictureData, PictureData],
      years: yearsInBusiness(),
    }),
  }),
  "how-we-work": section({
    props: (_: NoOptions) => ({ ...home.howWeWork, variant: "cards" as const }),
  }),
  "projects-teaser": section({
    props: (options: { layout: "grid" | "feature" | "rail" }, from) => ({
      ...options,
      ...home.projects,
      items: from
        .projects()
        .slice(0, options.layout === "rail" ? 6 : 3)
        .map(projectCard),
    }),
    empty: (props) => props.items.length === 0,
  }),
  "digital-banner": section({
    ownBackground: true,
    props: (_: NoOptions) => ({ ...home.digitalBanner, image: pic(home.digitalBanner.image) }),
  }),
  achievements: section({
    props: (_: NoOptions, from) => ({ ...home.achievements, items: from.counters() }),
    empty: (props) => props.items.length === 0,
  }),
  "why-choose-us": section({
    props: (options: { media: "start" | "end" }) => ({
      ...options,
      ...home.whyChooseUs,
      image: pic(home.whyChooseUs.image),
    }),
  }),
  "our-process": section({
    props: (_: NoOptions) => ({ ...home.ourProcess, variant: "timeline" as const }),
  }),
  "team-teaser": section({
    props: (_: NoOptions, from) => ({ ...home.team, members: from.team().slice(0, 3).map(teamCard) }),
    empty: (props) => props.members.length === 0,
  }),
  testimonials: section({
    props: (_: NoOptions, from) => ({
      ...home.testimonials,
      // A portrait the manifest does not know (an item imported by hand) cannot be drawn: that
      // testimonial is left out rather than the page failing. The consent note is the console's.
      items: from
        .testimonials()
        .filter((t) => pictureKnown(t.portrait))
        .map(({ id, quote, name, designation, portrait }) => ({
          id,
          quote,
          name,
          designation,
          portrait: pic(portrait),
        })),
    }),
    empty: (props) => props.items.length === 0,
  }),
  "faq-meters": section({
    props: (_: NoOptions, from) => ({
      ...home.faq,
      questions: from
        .faqs()
        .filter((f) => f.featured)
        .map(({ id, question, answer }) => ({ id, question, answer })),
    }),
  }),
  "brand-strip": section({
    ownBackground: true,
    props: (_: NoOptions) => ({ ...home.brands, poster: pic(home.brands.poster) }),
  }),
  pricing: section({
    props: (_: NoOptions, from) => ({ ...home.pricing, plans: from.pricing() }),
    empty: (props) => props.plans.length === 0,
  }),
  "contact-block": section({
    props: (_: NoOptions) => home.contact,
  }),
  "blog-teaser": section({
    props: (_: NoOptions, from) => ({ ...home.blog, posts: from.blog().latestPosts(3).map(postCard) }),
  }),
};

type Registry = typeof sectionRegistry;
export type SectionKind = keyof Registry;
/** What a layout writes for a section: its kind and its options. */
export type SectionSpec = {
  [K in SectionKind]: { kind: K } & Parameters<Registry[K]["props"]>[0];
}[SectionKind];
/** The props the section of a kind is drawn with. */
export type SectionProps<K extends SectionKind> = ReturnType<Registry[K]["props"]>;

export type Surface = "canvas" | "alt" | "own";

/** A section as the home route hands it to the page: its kind, props and background. */
export type HomeSection = {
  [K in SectionKind]: { kind: K; props: SectionProps<K>; surface: Surface };
}[SectionKind];

// The layouts are data (app/config/home-layouts.ts); this is where their sections are checked
// against the registry: an unknown kind or a wrong option is a compile error here.
const layouts: Record<keyof typeof homeLayouts, readonly SectionSpec[]> = homeLayouts;

/**
 * The background of each section in a stack: sections without their own alternate canvas and
 * alt surfaces, restarting after a section with its own background so neighbours always differ.
 */
export function sectionSurfaces(kinds: SectionKind[]): Surface[] {
  let next: Surface = "canvas";
  return kinds.map((kind) => {
    if ((sectionRegistry[kind] as SectionDefinition<object, object>).ownBackground) {
      next = "canvas";
      return "own";
    }
    const surface = next;
    next = next === "canvas" ? "alt" : "canvas";
    return surface;
  });
}

function sectionProps<K extends SectionKind>(spec: { kind: K } & SectionSpec, from: ContentSources) {
  const { kind, ...options } = spec;
  const definition = sectionRegistry[kind] as SectionDefinition<object, SectionProps<K>>;
  return definition.props(options, from);
}

/** The sections of the home page at `path`, in order, or undefined for another path. A section
 *  with nothing to show is left out, and its neighbours' backgrounds still alternate. */
export function homeSections(path: string, from: ContentSources): HomeSection[] | undefined {
  const layout = homePage(path)?.layout;
  if (!layout) return undefined;
  const shown = layouts[layout]
    .map((spec) => ({ kind: spec.kind, props: sectionProps(spec, from) }))
    .filter(
      ({ kind, props }) => !(sectionRegistry[kind] as SectionDefinition<object, object>).empty?.(props),
    );
  const surfaces = sectionSurfaces(shown.map((s) => s.kind));
  return shown.map((s, i) => ({ ...s, surface: surfaces[i]! }) as HomeSection);
}
