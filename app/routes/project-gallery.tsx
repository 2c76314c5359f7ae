import { data } from "react-router";
import type { Route } from "./+types/project-gallery";
import { projectGalleries } from "#app/config/catalogue.ts";
import { getPage } from "#app/config/pages.ts";
import {
  galleryDescription,
  projectCard,
  projectCount,
  projectsOf,
} from "#app/content-types/project/view.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { routePath } from "#app/lib/route-path.ts";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { ProjectGallery } from "#app/components/projects/project-gallery.tsx";

// One module for the three galleries (/project-2-column, /project-3-column, /project-carousel):
// the published case studies in the console list's order (none: the page says so).

export function loader({ url, context }: Route.LoaderArgs) {
  const gallery = projectGalleries.find((g) => g.path === routePath(url));
  if (!gallery) throw data(null, { status: 404 });
  const shown = projectsOf(context);
  const projects = shown.map(projectCard);
  const page = getPage(gallery.path);
  return {
    page:
      gallery.layout === "grid-3"
        ? { ...page, description: galleryDescription(shown, page.description) }
        : page,
    layout: gallery.layout,
    count: projectCount(projects.length),
    projects,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData.page);

export default function ProjectGalleryRoute({
  loaderData: { page, layout, count, projects },
}: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title={page.title}
        intro={`${count} for clients across Nigeria, each with the problem we were asked to solve, what we did and what changed.`}
        crumbs={[{ label: page.title }]}
      />
      {projects.length === 0 ? (
        <section className="section-y">
          <p className="container-page text-lg text-ink-muted">
            Our case studies are being updated: tell us about your project on the contact page in the
            meantime.
          </p>
        </section>
      ) : (
        <ProjectGallery
          layout={layout}
          eyebrow="Case studies"
          title="Work we are proud of"
          intro="Apps, platforms, brands, campaigns and research: open a project to read how it went, in our clients' numbers."
          projects={projects}
        />
      )}
    </>
  );
}
