import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { PictureView } from "#app/components/ui/picture-view.tsx";
import type { PictureData } from "#app/lib/media.ts";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import type { IconName } from "#app/config/icon-names.ts";
import type { ServiceListLayout } from "#app/config/catalogue.ts";
import { cn } from "#app/lib/cn.ts";

export type CatalogueService = {
  id: number;
  title: string;
  text: string;
  icon: IconName;
  href: string;
  /** Title of the page the link leads to, when the service has no page of its own. */
  coveredBy?: string;
  /** Only the picture layout gets (and ships) pictures. */
  image?: PictureData;
};

export type CatalogueGroup = { id: string; title: string; text: string; services: CatalogueService[] };

type ServiceCatalogueProps = React.ComponentProps<"section"> & {
  eyebrow: string;
  title: string;
  intro: string;
  groups: CatalogueGroup[];
  /** cards: icon cards; pictures: artwork with an icon badge; rows: a compact numbered list. */
  layout: ServiceListLayout;
};

const lists: Record<ServiceListLayout, string> = {
  cards: "grid gap-6 md:grid-cols-2 lg:grid-cols-3",
  pictures: "grid gap-x-6 gap-y-10 md:grid-cols-2 lg:grid-cols-3",
  rows: "grid gap-x-10 border-t border-line lg:grid-cols-2",
};

const items: Record<ServiceListLayout, string> = {
  cards:
    "flex flex-col rounded-card border border-line bg-surface p-8 shadow-card transition-[translate,border-color] duration-300 ease-out-soft hover:-translate-y-1 hover:border-primary/40",
  pictures:
    "flex flex-col overflow-hidden rounded-card border border-line bg-surface shadow-card transition-[translate,border-color] duration-300 ease-out-soft hover:-translate-y-1 hover:border-primary/40",
  rows: "flex items-start gap-5 border-b border-line py-6",
};

/** The whole catalogue, group by group, in one of three layouts; every service links to its page. */
export function ServiceCatalogue({
  eyebrow,
  title,
  intro,
  groups,
  layout,
  className,
  ...props
}: ServiceCatalogueProps) {
  const numbers = new Map(groups.flatMap((g) => g.services).map((s, i) => [s.id, i + 1]));
  return (
    <section className={cn("section-y", className)} {...props}>
      <div className="container-page">
        <SectionHeading eyebrow={eyebrow} title={title} intro={intro} />
        {groups.map((group) => (
          <section key={group.id} aria-labelledby={`group-${group.id}`} className="mt-16 sm:mt-20">
            <div className="mb-8 max-w-2xl">
              <h3 id={`group-${group.id}`} className="text-h3">
                {group.title}
              </h3>
              <p className="mt-2 text-ink-muted">{group.text}</p>
            </div>
            <ul className={lists[layout]}>
              {group.services.map((service) => (
                <li key={service.id} className={cn("group", items[layout])}>
                  <ServiceItem service={service} layout={layout} number={numbers.get(service.id) ?? 0} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}

function ServiceItem({
  service,
  layout,
  number,
}: {
  service: CatalogueService;
  layout: ServiceListLayout;
  number: number;
}) {
  const badge =
    layout === "pictures"
      ? "absolute -top-8 left-8 size-16 rounded-2xl bg-primary text-on-primary shadow-card ring-4 ring-surface"
      : layout === "cards"
        ? "size-16 rounded-2xl bg-primary/12 text-primary-ink ring-1 ring-primary/20 transition-colors duration-300 group-hover:bg-primary group-hover:text-on-primary"
        : "size-12 rounded-xl bg-primary/12 text-primary-ink";
  const icon = (
    <span className={cn("grid shrink-0 place-items-center", badge)}>
      <Icon name={service.icon} className={layout === "rows" ? "size-6" : "size-7"} />
    </span>
  );
  const heading = (
    <h4 className={layout === "rows" ? "text-lg font-bold" : cn("text-h3", layout === "cards" && "mt-8")}>
      <Link to={service.href} className="underline-offset-4 hover:text-primary-ink hover:underline">
        {service.title}
      </Link>
    </h4>
  );
  if (layout === "rows") {
    return (
      <>
        {icon}
        <div className="min-w-0 flex-1">
          {heading}
          <ServiceText service={service} />
        </div>
      </>
    );
  }
  return (
    <>
      {layout === "pictures" && service.image && (
        <PictureView
          picture={service.image}
          alt=""
          sizes="(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw"
          className="block aspect-[4/3] overflow-hidden bg-surface-alt"
          imgClassName="size-full object-cover transition-transform duration-700 ease-out-soft group-hover:scale-105"
        />
      )}
      <div className={cn("relative flex flex-1 flex-col", layout === "pictures" && "p-8 pt-12")}>
        {layout === "cards" ? (
          <div className="flex items-start justify-between gap-4">
            {icon}
            <span aria-hidden="true" className="text-sm font-bold tracking-widest text-ink-muted">
              {String(number).padStart(2, "0")}
            </span>
          </div>
        ) : (
          icon
        )}
        {heading}
        <ServiceText service={service} />
      </div>
    </>
  );
}

function ServiceText({ service }: { service: CatalogueService }) {
  return (
    <>
      <p className="mt-3 text-ink-muted">{service.text}</p>
      {service.coveredBy && (
        <p className="mt-3 text-sm font-semibold text-primary-ink">Part of {service.coveredBy}</p>
      )}
    </>
  );
}
