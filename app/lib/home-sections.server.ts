// The content of each home page's sections, assembled on the server for the home route
// (app/routes/home.tsx): links only to pages that exist, pictures resolved from the media
// manifest, and only the fields each section shows, so the browser gets no more than it needs.
import { homeLayouts, homePage, sectionSurfaces, type SectionSpec } from "#app/config/home-layouts.ts";
import { findPage } from "#app/config/pages.ts";
import { site, yearsInBusiness } from "#app/config/site.ts";
import { pictureData } from "#app/lib/media.server.ts";
import type { PictureData } from "#app/lib/media.ts";
import { home } from "#app/content/home.ts";
import { services } from "#app/content/services.ts";
import { projects } from "#app/content/projects.ts";
import { team } from "#app/content/team.ts";
import { teamCard } from "#app/lib/team-view.server.ts";
import { testimonials } from "#app/content/testimonials.ts";
import { faqs } from "#app/content/faq.ts";
import { pricingPlans } from "#app/content/pricing.ts";
import { latestPosts } from "#app/lib/blog.server.ts";
import { postCard } from "#app/lib/blog-view.server.ts";

/** A page the content links to, or nothing while that page is not built yet. */
const linkIfBuilt = (href: string) => (findPage(href) ? href : undefined);
const withLink = <T extends { href: string }>(item: T) => ({ ...item, href: linkIfBuilt(item.href) });
// Pictures are resolved here, so the media manifest stays on the server (docs/media.md).
const pic = pictureData;

/** `kind` names the component; the rest of the spec (align, layout …) joins the content as props. */
function section<S extends SectionSpec, P>(spec: S, content: P) {
  const { kind, ...options } = spec;
  return { kind: kind as S["kind"], props: { ...(options as Omit<S, "kind">), ...content } };
}

export function sectionData(spec: SectionSpec) {
  switch (spec.kind) {
    case "hero":
      return section(spec, {
        slides: home.hero.slides.map((s) =>
          s.type === "video" ? { ...s, poster: pic(s.poster) } : { ...s, image: pic(s.image) },
        ),
        action: home.hero.action,
      });
    case "promise":
      return section(spec, home.promise);
    case "services-teaser":
      return section(spec, {
        ...home.services,
        more: withLink(home.services.more),
        items: services.slice(0, 3).map(({ id, title, text, icon, image, href }) => ({
          id,
          title,
          text,
          icon,
          image: pic(image),
          href: linkIfBuilt(href),
        })),
      });
    case "about-block":
      return section(spec, {
        ...home.about,
        images: [pic(home.about.images[0]), pic(home.about.images[1])] as [PictureData, PictureData],
        action: withLink(home.about.action),
        years: yearsInBusiness(),
      });
    case "how-we-work":
      return section(spec, home.howWeWork);
    case "projects-teaser": {
      const count = spec.layout === "rail" ? 6 : 3;
      return section(spec, {
        ...home.projects,
        more: withLink(home.projects.more),
        items: projects.slice(0, count).map(({ id, title, tags, summary, thumb, href }) => ({
          id,
          title,
          tags,
          summary,
          thumb: pic(thumb),
          href: linkIfBuilt(href),
        })),
      });
    }
    case "digital-banner":
      return section(spec, { ...home.digitalBanner, image: pic(home.digitalBanner.image) });
    case "achievements":
      return section(spec, home.achievements);
    case "why-choose-us":
      return section(spec, { ...home.whyChooseUs, image: pic(home.whyChooseUs.image) });
    case "our-process":
      return section(spec, home.ourProcess);
    case "team-teaser":
      return section(spec, {
        ...home.team,
        more: withLink(home.team.more),
        members: team.slice(0, 3).map(teamCard),
      });
    case "testimonials":
      return section(spec, {
        ...home.testimonials,
        items: testimonials.map((t) => ({ ...t, portrait: pic(t.portrait) })),
      });
    case "faq-meters":
      return section(spec, {
        ...home.faq,
        questions: faqs
          .filter((f) => f.featured)
          .map(({ id, question, answer }) => ({ id, question, answer })),
      });
    case "brand-strip":
      return section(spec, { ...home.brands, poster: pic(home.brands.poster) });
    case "pricing":
      return section(spec, { ...home.pricing, plans: pricingPlans });
    case "contact-block":
      // Prerendered: the form's start time is the build time; its script resets it on load.
      return section(spec, { ...home.contact, hours: site.hours, startedAt: Date.now() });
    case "blog-teaser":
      return section(spec, {
        ...home.blog,
        more: withLink(home.blog.more),
        posts: latestPosts(3).map(postCard),
      });
  }
}

export type HomeSection = ReturnType<typeof sectionData>;

/** The sections of the home page at `path`, each with its background, or undefined for another path. */
export function homeSections(path: string) {
  const layout = homePage(path)?.layout;
  if (!layout) return undefined;
  const specs = homeLayouts[layout];
  const surfaces = sectionSurfaces(specs.map((s) => s.kind));
  return specs.map((spec, i) => ({ surface: surfaces[i]!, data: sectionData(spec) }));
}
