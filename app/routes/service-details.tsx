import { data } from "react-router";
import type { Route } from "./+types/service-details";
import { serviceLists, servicePath } from "#app/config/catalogue.ts";
import { servicePage } from "#app/config/pages.ts";
import { absoluteUrl } from "#app/config/site.ts";
import { useAgency } from "#app/lib/agency.ts";
import { agencyOf } from "#app/content-types/agency/view.server.ts";
import { detailedOf, findService, popularOf, servicesOf } from "#app/content-types/service/view.server.ts";
import { parseId } from "#app/lib/format.ts";
import { notFoundMeta, pageMeta } from "#app/lib/meta.ts";
import { serviceJsonLd } from "#app/lib/structured-data.ts";
import { mediaUrl, pictureData } from "#app/lib/media.server.ts";
import { PictureView } from "#app/components/ui/picture-view.tsx";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { ServiceSidebar } from "#app/components/services/service-sidebar.tsx";
import { PopularServices, ServicePageBody } from "#app/components/services/service-page-body.tsx";

// /services-details/{id} for every published service with its own page (edited in the console:
// server/content/); any other id (unknown, a draft, a service covered by another's page, or not a
// plain number) is a real 404. The popular services are those marked so (the seed's 1 and 2, the
// spec's two), at most two.

export function loader({ params, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const service = findService(services, parseId(params.id));
  if (!service) throw data(null, { status: 404 });
  const path = servicePath(service.id);
  return {
    service: {
      id: service.id,
      title: service.title,
      text: service.text,
      image: pictureData(service.image),
      ...service.details,
    },
    popular: popularOf(services).map((s) => ({
      id: s.id,
      title: s.title,
      text: s.text,
      icon: s.icon,
      href: servicePath(s.id),
    })),
    sidebar: detailedOf(services).map((s) => ({ id: s.id, title: s.title, href: servicePath(s.id) })),
    meta: [
      ...pageMeta(servicePage(service)),
      serviceJsonLd(
        {
          name: service.title,
          description: service.text,
          url: absoluteUrl(path),
          image: absoluteUrl(mediaUrl(service.image, 1280, "webp")),
          offers: service.details.included.map((i) => i.title),
        },
        agencyOf(context),
      ),
    ],
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? notFoundMeta();

export default function ServiceDetails({ loaderData: d }: Route.ComponentProps) {
  const { service } = d;
  const agency = useAgency();
  return (
    <>
      <PageHeader
        title={service.title}
        intro={service.text}
        crumbs={[{ label: "Services", href: serviceLists[0].path }, { label: service.title }]}
      />
      <div className="container-page grid gap-14 py-20 sm:py-24 lg:grid-cols-[minmax(0,1fr)_22rem] xl:gap-16">
        <article className="min-w-0">
          <PictureView
            picture={service.image}
            alt=""
            priority
            sizes="(min-width: 1280px) 800px, (min-width: 1024px) 60vw, 92vw"
            imgClassName="aspect-[16/9] w-full rounded-[1.75rem] object-cover shadow-card"
          />
          <ServicePageBody service={service} />
          {d.popular.length > 0 && <PopularServices services={d.popular} />}
        </article>
        <ServiceSidebar
          services={d.sidebar}
          currentId={service.id}
          phone={agency?.phones[0]}
          email={agency?.emails[0]}
        />
      </div>
    </>
  );
}
