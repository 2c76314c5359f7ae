import { data, Link } from "react-router";
import type { Route } from "./+types/project-details";
import { projectGalleries, projectPath } from "#app/config/catalogue.ts";
import { projectPage } from "#app/config/pages.ts";
import { absoluteUrl } from "#app/config/site.ts";
import { findProject, projectNeighbours, projectsOf } from "#app/content-types/project/view.server.ts";
import { parseId } from "#app/lib/format.ts";
import { caseStudyParts } from "#app/lib/case-study.ts";
import { notFoundMeta, pageMeta } from "#app/lib/meta.ts";
import { caseStudyJsonLd } from "#app/lib/structured-data.ts";
import { agencyOf } from "#app/content-types/agency/view.server.ts";
import { mediaUrl, pictureData } from "#app/lib/media.server.ts";
import { PictureView } from "#app/components/ui/picture-view.tsx";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { CaseStudyNav } from "#app/components/projects/case-study-nav.tsx";
import { CaseStudy } from "#app/components/projects/case-study.tsx";

// /project-details/{id}: one per published case study (edited in the console: server/content/).
// Any other id (unknown, a draft, deleted, or not a plain number) is a real 404.

export function loader({ params, context }: Route.LoaderArgs) {
  const projects = projectsOf(context);
  const project = findProject(projects, parseId(params.id));
  if (!project) throw data(null, { status: 404 });
  const path = projectPath(project.id);
  const neighbours = projectNeighbours(projects, project.id);
  const link = (p: { title: string; id: number }) => ({ title: p.title, href: projectPath(p.id) });
  const { info, sections } = caseStudyParts(project);
  return {
    project: {
      title: project.title,
      summary: project.summary,
      tags: project.tags,
      image: pictureData(project.thumbFull),
      info,
      sections,
    },
    neighbours: neighbours && { previous: link(neighbours.previous), next: link(neighbours.next) },
    meta: [
      ...pageMeta({ ...projectPage(project), ogType: "article" }),
      caseStudyJsonLd(
        {
          name: project.title,
          description: project.summary,
          url: absoluteUrl(path),
          image: absoluteUrl(mediaUrl(project.thumbFull, 1280, "webp")),
          date: project.date,
          client: project.client,
          genre: project.projectType,
          keywords: project.tags,
          locationName: project.address,
          text: sections.flatMap((s) => s.text).join("\n\n"),
        },
        agencyOf(context),
      ),
    ],
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? notFoundMeta();

export default function ProjectDetails({ loaderData: d }: Route.ComponentProps) {
  const { project } = d;
  return (
    <>
      <PageHeader
        title={project.title}
        intro={project.summary}
        crumbs={[{ label: "Projects", href: projectGalleries[0].path }, { label: project.title }]}
        overlapped
      />
      <div className="container-page -mt-20 sm:-mt-28">
        <PictureView
          picture={project.image}
          alt=""
          priority
          sizes="(min-width: 1280px) 1200px, 96vw"
          imgClassName="aspect-[16/9] w-full rounded-[1.75rem] object-cover shadow-card"
        />
      </div>
      <CaseStudy
        project={project}
        className="container-page grid gap-14 pt-14 pb-24 sm:pt-20 lg:grid-cols-[20rem_minmax(0,1fr)] xl:gap-20"
      >
        <p className="text-lg">
          Planning something similar?{" "}
          <Link to="/contact-us" className="font-semibold text-primary-ink underline underline-offset-4">
            Tell us about your project
          </Link>
          .
        </p>
        {d.neighbours && (
          <CaseStudyNav previous={d.neighbours.previous} next={d.neighbours.next} className="mt-14" />
        )}
      </CaseStudy>
    </>
  );
}
