import type { Route } from "./+types/home";
import { homePage, layoutHeaders } from "#app/config/home-layouts.ts";
import { getPage } from "#app/config/pages.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { routePath } from "#app/lib/route-path.ts";
import { blogOf } from "#app/lib/blog.server.ts";
import { homeSections } from "#app/lib/home-sections.server.ts";
import { contentOf } from "#app/lib/content.server.ts";
import { shownMembers } from "#app/lib/team-view.server.ts";
import { servicesOf } from "#app/lib/services-view.server.ts";
import { shownProjects } from "#app/lib/projects-view.server.ts";
import {
  counterType,
  faqType,
  pricingType,
  projectType,
  teamType,
  testimonialType,
} from "#app/config/content-types.ts";
import { HomeSection } from "#app/components/sections/home-section.tsx";

// One module for the eight home pages (app/config/home-layouts.ts): the loader picks the
// layout from the URL and hands each section its content (app/lib/home-sections.server.ts), so
// the browser receives only the content of the page it shows.

export function loader({ url, context }: Route.LoaderArgs) {
  const path = routePath(url);
  const sections = homeSections(path, {
    blog: () => blogOf(context),
    faqs: () => contentOf(context, faqType),
    testimonials: () => contentOf(context, testimonialType),
    pricing: () => contentOf(context, pricingType),
    counters: () => contentOf(context, counterType),
    team: () => shownMembers(contentOf(context, teamType)),
    services: () => servicesOf(context),
    projects: () => shownProjects(contentOf(context, projectType)),
  });
  if (!sections) throw new Response("Not Found", { status: 404 });
  const layout = homePage(path)!.layout;
  // The root layout reads `header` from the page's loader data (app/root.tsx).
  return { page: getPage(path), sections, header: layoutHeaders[layout] };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData.page);

export default function Home({ loaderData }: Route.ComponentProps) {
  return loaderData.sections.map((section, i) => (
    <HomeSection key={`${section.kind}-${i}`} section={section} />
  ));
}
