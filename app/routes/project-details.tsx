import { data, Link } from "react-router";
import type { Route } from "./+types/project-details";
import { projectGalleries, projectPath } from "#app/config/catalogue.ts";
import { projectPage } from "#app/config/pages.ts";
import { absoluteUrl } from "#app/config/site.ts";
import { findProject, projectNeighbours, projectsOf } from "#app/lib/projects-view.server.ts";
import { formatMonth, parseId } from "#app/lib/format.ts";
import { notFoundMeta, pageMeta } from "#app/lib/meta.ts";
import { caseStudyJsonLd } from "#app/lib/structured-data.ts";
import { agencyOf } from "#app/lib/agency.server.ts";
import { mediaUrl, pictureData } from "#app/lib/media.server.ts";
import { PictureView } from "#app/components/ui/picture-view.tsx";
import { TagList } from "#app/components/ui/tag-list.tsx";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { CaseStudyNav } from "#app/components/projects/case-study-nav.tsx";

// /project-details/{id}: one per published case study (edited in the console: server/content/).
// Any other id (unknown, a draft, deleted, or not a plain number) is a real 404.

export function loader({ params, context }: Route.LoaderArgs) {
  const projects = projectsOf(context);
  const project = findProject(projects, parseId(params.id));
  if (!project) throw data(null, { status: 404 });
  const path = projectPath(project.id);
  const neighbours = projectNeighbours(projects, project.id);
  const link = (p: { title: string; id: number }) => ({ title: p.title, href: projectPath(p.id) });
  const sections = [
    { id: "challenge", title: "The challenge", text: project.challenge },
    { id: "approach", title: "Our approach", text: project.approach },
    { id: "result", title: "The result", text: project.result },
  ];
  return {
    project: {
      title: project.title,
      summary: project.summary,
      tags: project.tags,
      image: pictureData(project.thumbFull),
      info: [
        { label: "Client", value: project.client, icon: "briefcase" as const },
        { label: "Project type", value: project.projectType, icon: "folder" as const },
        { label: "Date", value: formatMonth(project.date), icon: "calendar" as const },
        { label: "Address", value: project.address, icon: "map-pin" as const },
      ],
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
      <div className="container-page grid gap-14 pt-14 pb-24 sm:pt-20 lg:grid-cols-[20rem_minmax(0,1fr)] xl:gap-20">
        <aside aria-labelledby="project-info-title" className="lg:sticky lg:top-28 lg:self-start">
          <div className="rounded-card border border-line bg-surface p-8 shadow-card">
            <h2 id="project-info-title" className="text-h3">
              Project information
            </h2>
            <dl className="mt-6 grid gap-5">
              {project.info.map((item) => (
                <div key={item.label} className="flex gap-4">
                  <dt className="grid size-11 shrink-0 place-items-center rounded-full bg-primary/12 text-primary-ink">
                    <Icon name={item.icon} className="size-5" />
                    <span className="sr-only">{item.label}</span>
                  </dt>
                  <dd>
                    <span aria-hidden="true" className="block text-sm font-semibold text-ink-muted">
                      {item.label}
                    </span>
                    <span className="font-semibold">{item.value}</span>
                  </dd>
                </div>
              ))}
            </dl>
            <TagList tags={project.tags} className="mt-8 border-t border-line pt-6" />
          </div>
        </aside>
        <article className="min-w-0">
          {project.sections.map((section) => (
            <section key={section.id} aria-labelledby={section.id} className="mb-12">
              <h2 id={section.id} className="text-h2">
                {section.title}
              </h2>
              <div className="mt-5 space-y-5 text-lg text-ink-muted">
                {section.text.map((p) => (
                  <p key={p}>{p}</p>
                ))}
              </div>
            </section>
          ))}
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
        </article>
      </div>
    </>
  );
}
