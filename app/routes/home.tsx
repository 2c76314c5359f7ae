import type { Route } from "./+types/home";
import { homePage, layoutHeaders } from "#app/config/home-layouts.ts";
import { getPage } from "#app/config/pages.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { routePath } from "#app/lib/route-path.ts";
import { blogOf } from "#app/lib/blog.server.ts";
import { homeSections } from "#app/lib/home-sections.server.ts";
import { countersOf } from "#app/content-types/counter/view.server.ts";
import { faqsOf } from "#app/content-types/faq/view.server.ts";
import { plansOf } from "#app/content-types/pricing-plan/view.server.ts";
import { projectsOf } from "#app/content-types/project/view.server.ts";
import { servicesOf } from "#app/content-types/service/view.server.ts";
import { teamOf } from "#app/content-types/team/view.server.ts";
import { testimonialsOf } from "#app/content-types/testimonial/view.server.ts";
import { HomeSection } from "#app/components/sections/home-section.tsx";

// One module for the eight home pages (app/config/home-layouts.ts): the loader picks the
// layout from the URL and hands each section its content (app/lib/home-sections.server.ts), so
// the browser receives only the content of the page it shows.

export function loader({ url, context }: Route.LoaderArgs) {
  const path = routePath(url);
  const sections = homeSections(path, {
    blog: () => blogOf(context),
    faqs: () => faqsOf(context),
    testimonials: () => testimonialsOf(context),
    pricing: () => plansOf(context),
    counters: () => countersOf(context),
    team: () => teamOf(context),
    services: () => servicesOf(context),
    projects: () => projectsOf(context),
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
