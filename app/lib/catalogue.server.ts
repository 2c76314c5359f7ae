// Services and projects shaped for their pages on the server: links, pictures and only the
// fields each page shows, so the content modules and the media manifest stay out of the browser.
import { projectPath, servicePath } from "#app/config/catalogue.ts";
import { pictureData } from "#app/lib/media.server.ts";
import { projects } from "#app/content/projects.ts";
import { serviceGroups, services } from "#app/content/services.ts";
import { wrapIndex } from "#app/lib/carousel.ts";

export type Service = (typeof services)[number];
export type ServiceWithDetails = Extract<Service, { details: unknown }>;
export type Project = (typeof projects)[number];

const hasDetails = (s: Service): s is ServiceWithDetails => "details" in s;

/** The services that have a page of their own, in catalogue order. */
export const detailedServices = services.filter(hasDetails);

export function findDetailedService(id: number | undefined): ServiceWithDetails | undefined {
  return detailedServices.find((s) => s.id === id);
}

export function findProject(id: number | undefined): Project | undefined {
  return projects.find((p) => p.id === id);
}

/** The catalogue group by group; pictures only when the layout shows them. */
export function catalogueGroups({ pictures }: { pictures: boolean }) {
  const titleOf = new Map(detailedServices.map((s) => [servicePath(s.id), s.title]));
  return serviceGroups.map((group) => ({
    ...group,
    services: services
      .filter((s) => s.group === group.id)
      .map((s) => ({
        id: s.id,
        title: s.title,
        text: s.text,
        icon: s.icon,
        href: s.href,
        ...(s.href === servicePath(s.id) ? {} : { coveredBy: titleOf.get(s.href) }),
        ...(pictures ? { image: pictureData(s.image) } : {}),
      })),
  }));
}

/** The case studies before and after one, wrapping around at both ends. */
export function projectNeighbours(id: number): { previous: Project; next: Project } {
  const i = projects.findIndex((p) => p.id === id);
  return {
    previous: projects[wrapIndex(i - 1, projects.length)]!,
    next: projects[wrapIndex(i + 1, projects.length)]!,
  };
}

export const projectCard = (p: Project) => ({
  id: p.id,
  title: p.title,
  tags: p.tags,
  summary: p.summary,
  thumb: pictureData(p.thumb),
  href: projectPath(p.id),
});
