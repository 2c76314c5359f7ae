import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { ServiceCard } from "#app/components/services/service-card.tsx";
import type { ServiceCardData } from "#app/content-types/service/view.server.ts";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";

type ServicesTeaserProps = React.ComponentProps<"section"> & {
  eyebrow: string;
  title: string;
  intro?: string;
  items: ServiceCardData[];
  more?: { label: string; href: string };
  /** icon: large gradient icon (the creative agency home); picture: artwork with an icon badge. */
  cardStyle?: "icon" | "picture";
};

/** Up to three services; the title and the arrow both lead to the service's page. */
export function ServicesTeaser({
  eyebrow,
  title,
  intro,
  items,
  more,
  cardStyle = "icon",
  className,
  ...props
}: ServicesTeaserProps) {
  return (
    <section className={cn("section-y", className)} {...props}>
      <div className="container-page">
        <div className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
          <SectionHeading eyebrow={eyebrow} title={title} intro={intro} />
          {more && (
            <ButtonLink to={more.href} tone="outline" className="shrink-0">
              {more.label}
            </ButtonLink>
          )}
        </div>
        <ul className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {items.slice(0, 3).map((service, i) => (
            <ServiceCard
              key={service.id}
              service={service}
              look={cardStyle === "picture" ? "pictures" : "cards"}
              number={i + 1}
              heading="h3"
            >
              {service.href && (
                <div className="mt-auto pt-6">
                  <Link
                    to={service.href}
                    className="grid size-12 place-items-center rounded-full border border-line text-ink transition-colors group-hover:border-primary group-hover:bg-primary group-hover:text-on-primary"
                  >
                    <Icon name="arrow-up-right" className="size-5" />
                    <span className="sr-only">More about {service.title}</span>
                  </Link>
                </div>
              )}
            </ServiceCard>
          ))}
        </ul>
      </div>
    </section>
  );
}
