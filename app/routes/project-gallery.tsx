import { data } from "react-router";
import type { Route } from "./+types/project-gallery";
import { projectGalleries } from "#app/config/catalogue.ts";
import { getPage } from "#app/config/pages.ts";
import { projects } from "#app/content/projects.ts";
import { projectCard } from "#app/lib/catalogue.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { routePath } from "#app/lib/route-path.ts";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { ProjectGallery } from "#app/components/projects/project-gallery.tsx";

// One module for the three galleries (/project-2-column, /project-3-column, /project-carousel).

export function loader({ url }: Route.LoaderArgs) {
  const gallery = projectGalleries.find((g) => g.path === routePath(url));
  if (!gallery) throw data(null, { status: 404 });
  return { page: getPage(gallery.path), layout: gallery.layout, projects: projects.map(projectCard) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData.page);

export default function ProjectGalleryRoute({
  loaderData: { page, layout, projects },
}: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title={page.title}
        intro="Six projects for clients across Nigeria, each with the problem we were asked to solve, what we did and what changed."
        crumbs={[{ label: page.title }]}
      />
      <ProjectGallery
        layout={layout}
        eyebrow="Case studies"
        title="Work we are proud of"
        intro="Apps, platforms, brands, campaigns and research: open a project to read how it went, in our clients' numbers."
        projects={projects}
      />
    </>
  );
}
