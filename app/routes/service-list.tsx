import { data } from "react-router";
import type { Route } from "./+types/service-list";
import { serviceLists } from "#app/config/catalogue.ts";
import { getPage } from "#app/config/pages.ts";
import { catalogueGroups, servicesOf } from "#app/content-types/service/view.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { countInWords } from "#app/lib/format.ts";
import { routePath } from "#app/lib/route-path.ts";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { ServiceCatalogue } from "#app/components/sections/service-catalogue.tsx";
import { CtaBand } from "#app/components/sections/cta-band.tsx";

// One module for the three service listings (/services, /services-2, /services-3). The services
// are the published ones (edited in the console: server/content/).

export function loader({ url, context }: Route.LoaderArgs) {
  const list = serviceLists.find((l) => l.path === routePath(url));
  if (!list) throw data(null, { status: 404 });
  const services = servicesOf(context);
  return {
    page: getPage(list.path),
    layout: list.layout,
    count: `${countInWords(services.length)} service${services.length === 1 ? "" : "s"}`,
    groups: catalogueGroups(services, { pictures: list.layout === "pictures" }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData.page);

export default function ServiceList({ loaderData: { page, layout, count, groups } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title={page.title}
        intro={`${count} from one team in Kubwa, Abuja: we build your product, protect it, give it a brand and bring it customers.`}
        crumbs={[{ label: page.title }]}
      />
      <ServiceCatalogue
        layout={layout}
        eyebrow="What we do"
        title="Turn Information Into Actionable Insights"
        intro="Every engagement starts with what you need to learn or change. Pick a service to see what it includes, how we work and what clients usually ask."
        groups={groups}
      />
      <CtaBand
        title="Not sure which service you need?"
        text="Tell us about your business and what you want to achieve. We will recommend a starting point, even if it is not us."
      />
    </>
  );
}
