import { ServiceCard } from "#app/components/services/service-card.tsx";
import type { ServiceCardData } from "#app/content-types/service/view.server.ts";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import type { ServiceListLayout } from "#app/config/catalogue.ts";
import { cn } from "#app/lib/cn.ts";

type CatalogueGroup = { id: string; title: string; text: string; services: ServiceCardData[] };

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
                <ServiceCard
                  key={service.id}
                  service={service}
                  look={layout}
                  number={numbers.get(service.id) ?? 0}
                  heading="h4"
                />
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}
