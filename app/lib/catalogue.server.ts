// Services shaped for their pages on the server: links, pictures and only the fields each page
// shows, so the content modules and the media manifest stay out of the browser. (The projects are
// the console's: app/lib/projects-view.server.ts.)
import { servicePath } from "#app/config/catalogue.ts";
import { pictureData } from "#app/lib/media.server.ts";
import { serviceGroups, services } from "#app/content/services.ts";

export type Service = (typeof services)[number];
export type ServiceWithDetails = Extract<Service, { details: unknown }>;

const hasDetails = (s: Service): s is ServiceWithDetails => "details" in s;

/** The services that have a page of their own, in catalogue order. */
export const detailedServices = services.filter(hasDetails);

export function findDetailedService(id: number | undefined): ServiceWithDetails | undefined {
  return detailedServices.find((s) => s.id === id);
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
