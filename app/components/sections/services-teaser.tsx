import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { PictureView } from "#app/components/ui/picture-view.tsx";
import type { PictureData } from "#app/lib/media.ts";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import type { IconName } from "#app/config/icon-names.ts";
import { cn } from "#app/lib/cn.ts";

export type ServiceCard = {
  id: number;
  title: string;
  text: string;
  icon: IconName;
  image: PictureData;
  /** The service's page. */
  href: string;
};

type ServicesTeaserProps = React.ComponentProps<"section"> & {
  eyebrow: string;
  title: string;
  intro?: string;
  items: ServiceCard[];
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
            <li
              key={service.id}
              className="group flex flex-col overflow-hidden rounded-card border border-line bg-surface shadow-card transition-[translate,border-color] duration-300 ease-out-soft hover:-translate-y-1 hover:border-primary/40"
            >
              {cardStyle === "picture" && (
                <PictureView
                  picture={service.image}
                  alt=""
                  sizes="(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw"
                  className="block aspect-[4/3] overflow-hidden bg-surface-alt"
                  imgClassName="size-full object-cover transition-transform duration-700 ease-out-soft group-hover:scale-105"
                />
              )}
              <div className={cn("relative flex flex-1 flex-col p-8", cardStyle === "picture" && "pt-12")}>
                {cardStyle === "icon" ? (
                  <div className="flex items-start justify-between">
                    <span className="grid size-16 place-items-center rounded-2xl bg-primary/12 text-primary-ink ring-1 ring-primary/20 transition-colors duration-300 group-hover:bg-primary group-hover:text-on-primary">
                      <Icon name={service.icon} className="size-8" />
                    </span>
                    <span aria-hidden="true" className="text-sm font-bold tracking-widest text-ink-muted">
                      {String(i + 1).padStart(2, "0")}
                    </span>
                  </div>
                ) : (
                  <span className="absolute -top-8 left-8 grid size-16 place-items-center rounded-2xl bg-primary text-on-primary shadow-card ring-4 ring-surface">
                    <Icon name={service.icon} className="size-7" />
                  </span>
                )}
                <h3 className={cn("text-h3", cardStyle === "icon" && "mt-8")}>
                  <Link
                    to={service.href}
                    className="underline-offset-4 hover:text-primary-ink hover:underline"
                  >
                    {service.title}
                  </Link>
                </h3>
                <p className="mt-3 mb-6 text-ink-muted">{service.text}</p>
                <Link
                  to={service.href}
                  className="mt-auto grid size-12 place-items-center rounded-full border border-line text-ink transition-colors group-hover:border-primary group-hover:bg-primary group-hover:text-on-primary"
                >
                  <Icon name="arrow-up-right" className="size-5" />
                  <span className="sr-only">More about {service.title}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
