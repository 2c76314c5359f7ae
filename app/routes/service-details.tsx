import { data, Link } from "react-router";
import type { Route } from "./+types/service-details";
import { serviceLists, servicePath } from "#app/config/catalogue.ts";
import { getPage } from "#app/config/pages.ts";
import { absoluteUrl } from "#app/config/site.ts";
import { useAgency } from "#app/lib/agency.ts";
import { agencyOf } from "#app/lib/agency.server.ts";
import { detailedServices, findDetailedService } from "#app/lib/catalogue.server.ts";
import { parseId } from "#app/lib/format.ts";
import { notFoundMeta, pageMeta } from "#app/lib/meta.ts";
import { serviceJsonLd } from "#app/lib/structured-data.ts";
import { mediaUrl, pictureData } from "#app/lib/media.server.ts";
import { PictureView } from "#app/components/ui/picture-view.tsx";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { Accordion } from "#app/components/ui/accordion.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { ServiceSidebar } from "#app/components/services/service-sidebar.tsx";

// /services-details/{id} for every service with its own text; any other id is a real 404.

/** The spec's two popular services: mobile and web applications. */
const POPULAR = [1, 2];

export function loader({ params, context }: Route.LoaderArgs) {
  const service = findDetailedService(parseId(params.id));
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
    popular: POPULAR.map((id) => findDetailedService(id)!).map((s) => ({
      id: s.id,
      title: s.title,
      text: s.text,
      icon: s.icon,
      href: servicePath(s.id),
    })),
    sidebar: detailedServices.map((s) => ({ id: s.id, title: s.title, href: servicePath(s.id) })),
    meta: [
      ...pageMeta(getPage(path)),
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
          <div className="mt-12 space-y-5 text-lg text-ink-muted">
            {service.intro.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>

          <h2 className="mt-14 text-h2">Included services</h2>
          <ul className="mt-8 grid gap-5 sm:grid-cols-2">
            {service.included.map((item) => (
              <li key={item.title} className="flex gap-4 rounded-card border border-line bg-surface p-6">
                <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary/12 text-primary-ink">
                  <Icon name="check" className="size-5" />
                </span>
                <span>
                  <span className="block font-bold">{item.title}</span>
                  <span className="mt-1 block text-ink-muted">{item.text}</span>
                </span>
              </li>
            ))}
          </ul>

          <h2 className="mt-14 text-h2">The challenge</h2>
          <div className="mt-6 space-y-5 text-lg text-ink-muted">
            {service.challenge.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>

          <h2 className="mt-14 text-h2">Frequently asked questions</h2>
          <Accordion
            className="mt-8"
            items={service.faq.map((f, i) => ({
              id: `faq-${i + 1}`,
              question: f.question,
              answer: f.answer.map((a) => <p key={a}>{a}</p>),
            }))}
          />

          <h2 className="mt-14 text-h2">Popular services</h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2">
            {d.popular.map((s) => (
              <li
                key={s.id}
                className="group flex flex-col rounded-card border border-line bg-surface p-8 shadow-card transition-colors hover:border-primary/40"
              >
                <span className="grid size-14 place-items-center rounded-2xl bg-primary/12 text-primary-ink">
                  <Icon name={s.icon} className="size-7" />
                </span>
                <h3 className="mt-6 text-h3">
                  <Link to={s.href} className="underline-offset-4 hover:text-primary-ink hover:underline">
                    {s.title}
                  </Link>
                </h3>
                <p className="mt-3 text-ink-muted">{s.text}</p>
              </li>
            ))}
          </ul>
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
