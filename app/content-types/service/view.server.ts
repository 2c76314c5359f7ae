// The services as the pages show them, assembled on the server: the published services (edited in
// the console: the content type "service", ./type.ts), their links derived
// (a service's own page, or the page of the service that covers it), pictures resolved from the
// media manifest and only the fields each page shows. A service whose page is not on the site (a
// draft, deleted) has no page; a service covered by it is still listed, without a link, rather
// than linking to a 404.
import type { RouterContextProvider } from "react-router";
import { serviceType } from "./type.ts";
import type { ServiceItem } from "./schema.ts";
import { servicePath } from "#app/config/catalogue.ts";
import type { NavLink } from "#app/config/navigation.ts";
import { serviceGroups } from "./seed.ts";
import type { IconName } from "#app/config/icon-names.ts";
import { contentOf } from "#app/lib/content.server.ts";
import { pictureData, pictureKnown } from "#app/lib/media.server.ts";
import type { PictureData } from "#app/lib/media.ts";

export type Service = ServiceItem;
export type ServiceWithDetails = Service & { details: NonNullable<Service["details"]> };

/** What a service's card shows (the listings, the home pages' teaser, the console's preview). */
export type ServiceCardData = {
  id: number;
  title: string;
  text: string;
  icon: IconName;
  /** Its page, or the page of the service that covers it; none when that page is not on the site. */
  href?: string;
  /** Title of the page the link leads to, when the service has no page of its own. */
  coveredBy?: string;
  /** Only the picture look gets (and ships) pictures. */
  image?: PictureData;
};

/** The most popular services a service's page shows (the spec's two). */
export const POPULAR_SHOWN = 2;

const hasDetails = (s: Service): s is ServiceWithDetails => s.details !== undefined;

/** The services the site shows of these, in their order: with a picture the site can draw (one the
 *  manifest lacks, an item imported by hand, leaves the service out rather than failing a page). */
export function shownServices(services: readonly Service[]): Service[] {
  return services.filter((s) => pictureKnown(s.image));
}

/** The services the site shows now. */
export function servicesOf(context: Readonly<RouterContextProvider>): Service[] {
  return shownServices(contentOf(context, serviceType));
}

/** Those with a page of their own (/services-details/{id}), in order. */
export const detailedOf = (services: readonly Service[]): ServiceWithDetails[] => services.filter(hasDetails);

/** Where a service's card leads among these: its own page, the page of the service that covers
 *  it, or nowhere (the covering service has no page on the site now). */
export function serviceHref(s: Service, services: readonly Service[]): string | undefined {
  if (s.details) return servicePath(s.id);
  const cover = services.find((c) => c.id === s.coveredBy);
  return cover?.details ? servicePath(cover.id) : undefined;
}

/** A service with its own page the site shows (none for a draft, a deleted one or one covered). */
export function findService(services: readonly Service[], id: number | undefined) {
  return detailedOf(services).find((s) => s.id === id);
}

/** The popular services a service's page shows: the first two marked, in order. */
export function popularOf(services: readonly Service[]): ServiceWithDetails[] {
  return detailedOf(services)
    .filter((s) => s.popular)
    .slice(0, POPULAR_SHOWN);
}

/** One service as its card shows it among these. */
export function serviceCard(s: Service, services: readonly Service[], pictures: boolean): ServiceCardData {
  const href = serviceHref(s, services);
  const cover = s.details ? undefined : services.find((c) => c.id === s.coveredBy);
  return {
    id: s.id,
    title: s.title,
    text: s.text,
    icon: s.icon,
    ...(href ? { href } : {}),
    ...(href && cover ? { coveredBy: cover.title } : {}),
    ...(pictures ? { image: pictureData(s.image) } : {}),
  };
}

/** The catalogue group by group; pictures only when the layout shows them. */
export function catalogueGroups(services: readonly Service[], { pictures }: { pictures: boolean }) {
  return serviceGroups.map((group) => ({
    ...group,
    services: services.filter((s) => s.group === group.id).map((s) => serviceCard(s, services, pictures)),
  }));
}

/** The home pages' teaser: the first three services that lead to a page. */
export function teaserServices(services: readonly Service[], pictures: boolean): ServiceCardData[] {
  return services
    .map((s) => serviceCard(s, services, pictures))
    .filter((c) => c.href !== undefined)
    .slice(0, 3);
}

/** The footer's service links (app/config/navigation.ts names them by their page) as the services
 *  are now: each by its current title, one whose page is not on the site left out. */
export function footerServiceLinks(links: readonly NavLink[], services: readonly Service[]): NavLink[] {
  const byPath = new Map(detailedOf(services).map((s) => [servicePath(s.id), s.title]));
  return links.flatMap((l) =>
    !l.href.startsWith(servicePath(0).slice(0, -1))
      ? [l]
      : byPath.has(l.href)
        ? [{ label: byPath.get(l.href)!, href: l.href }]
        : [],
  );
}
