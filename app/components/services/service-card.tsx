import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { PictureView } from "#app/components/ui/picture-view.tsx";
import type { ServiceCardData } from "#app/content-types/service/view.server.ts";
import { cn } from "#app/lib/cn.ts";

/** cards: an icon card; pictures: artwork with an icon badge; rows: a compact numbered row. */
export type ServiceCardLook = "cards" | "pictures" | "rows";

const frames: Record<ServiceCardLook, string> = {
  cards:
    "flex flex-col rounded-card border border-line bg-surface p-8 shadow-card transition-[translate,border-color] duration-300 ease-out-soft hover:-translate-y-1 hover:border-primary/40",
  pictures:
    "flex flex-col overflow-hidden rounded-card border border-line bg-surface shadow-card transition-[translate,border-color] duration-300 ease-out-soft hover:-translate-y-1 hover:border-primary/40",
  rows: "flex items-start gap-5 border-b border-line py-6",
};

const badges: Record<ServiceCardLook, string> = {
  cards:
    "size-16 rounded-2xl bg-primary/12 text-primary-ink ring-1 ring-primary/20 transition-colors duration-300 group-hover:bg-primary group-hover:text-on-primary",
  pictures:
    "absolute -top-8 left-8 size-16 rounded-2xl bg-primary text-on-primary shadow-card ring-4 ring-surface",
  rows: "size-12 rounded-xl bg-primary/12 text-primary-ink",
};

type ServiceCardProps = {
  service: ServiceCardData;
  look: ServiceCardLook;
  /** Its place in the list, shown as "01" on cards. */
  number: number;
  heading: "h3" | "h4";
  /** More at the foot of the card (a link, a button). */
  children?: React.ReactNode;
};

/** One service as a list item: icon, title (the link to its page, or the page that covers it;
 *  none when that page is not on the site), text; in one of three looks. */
export function ServiceCard({ service, look, number, heading: Heading, children }: ServiceCardProps) {
  const icon = (
    <span className={cn("grid shrink-0 place-items-center", badges[look])}>
      <Icon name={service.icon} className={look === "rows" ? "size-6" : "size-7"} />
    </span>
  );
  const body = (
    <>
      <Heading className={look === "rows" ? "text-lg font-bold" : cn("text-h3", look === "cards" && "mt-8")}>
        {service.href ? (
          <Link to={service.href} className="underline-offset-4 hover:text-primary-ink hover:underline">
            {service.title}
          </Link>
        ) : (
          service.title
        )}
      </Heading>
      <p className="mt-3 text-ink-muted">{service.text}</p>
      {service.coveredBy && (
        <p className="mt-3 text-sm font-semibold text-primary-ink">Part of {service.coveredBy}</p>
      )}
      {children}
    </>
  );
  if (look === "rows") {
    return (
      <li className={cn("group", frames.rows)}>
        {icon}
        <div className="min-w-0 flex-1">{body}</div>
      </li>
    );
  }
  return (
    <li className={cn("group", frames[look])}>
      {look === "pictures" && service.image && (
        <PictureView
          picture={service.image}
          alt=""
          sizes="(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw"
          className="block aspect-[4/3] overflow-hidden bg-surface-alt"
          imgClassName="size-full object-cover transition-transform duration-700 ease-out-soft group-hover:scale-105"
        />
      )}
      <div className={cn("relative flex flex-1 flex-col", look === "pictures" && "p-8 pt-12")}>
        {look === "cards" ? (
          <div className="flex items-start justify-between gap-4">
            {icon}
            <span aria-hidden="true" className="text-sm font-bold tracking-widest text-ink-muted">
              {String(number).padStart(2, "0")}
            </span>
          </div>
        ) : (
          icon
        )}
        {body}
      </div>
    </li>
  );
}
