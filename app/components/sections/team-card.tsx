import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { PictureView } from "#app/components/ui/picture-view.tsx";
import { SocialLinks } from "#app/components/ui/social-links.tsx";
import { cn } from "#app/lib/cn.ts";
import type { TeamListLayout } from "#app/config/team.ts";
import type { TeamCardData } from "#app/content-types/team/view.server.ts";

type TeamCardProps = React.ComponentProps<"article"> & {
  member: TeamCardData;
  layout: TeamListLayout;
  /** The portrait is near the top of the page: load it first. */
  priority?: boolean;
};

const roundButton =
  "grid size-11 place-items-center rounded-full bg-surface text-ink shadow-card transition-colors hover:bg-primary hover:text-on-primary";

/** One person of the team, in the look of the listing it sits in. */
export function TeamCard({ member: m, layout, priority, className, ...props }: TeamCardProps) {
  const name = (
    <h3 className={cn("text-h3", layout === "overlay" && "text-white")}>
      <Link to={m.href} className="underline-offset-4 hover:underline">
        {m.name}
      </Link>
    </h3>
  );
  const picture = (imgClassName: string, sizes: string) => (
    <PictureView
      picture={m.portrait}
      alt={`Portrait of ${m.name}`}
      sizes={sizes}
      priority={priority}
      imgClassName={cn(
        "w-full object-cover transition-transform duration-700 ease-out-soft group-hover:scale-105",
        imgClassName,
      )}
    />
  );
  const mail = (
    <a href={`mailto:${m.email}`} className={roundButton}>
      <Icon name="mail" className="size-5" />
      <span className="sr-only">E-mail {m.name}</span>
    </a>
  );

  if (layout === "profile") {
    return (
      <article
        className={cn(
          "group grid h-full gap-6 rounded-card border border-line bg-surface p-5 shadow-card sm:grid-cols-[11rem_1fr] sm:p-6",
          className,
        )}
        {...props}
      >
        <div className="overflow-hidden rounded-2xl bg-surface-alt">
          {picture("aspect-square sm:aspect-auto sm:h-full", "(min-width: 640px) 176px, 90vw")}
        </div>
        <div className="flex flex-col">
          {name}
          <p className="mt-1 font-medium text-primary-ink">{m.profession}</p>
          <p className="mt-3 text-[0.95rem] text-ink-muted">{m.summary}</p>
          <p className="mt-4 text-sm font-semibold">
            <span className="text-2xl font-extrabold text-primary-ink">{m.projectCount}+</span> projects led
          </p>
          <ul className="mt-4 space-y-1 text-sm">
            <li className="flex items-center gap-2">
              <Icon name="mail" className="size-4 text-primary-ink" />
              <a
                href={`mailto:${m.email}`}
                className="inline-flex min-h-6 items-center break-all underline-offset-4 hover:underline"
              >
                {m.email}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Icon name="phone" className="size-4 text-primary-ink" />
              <a
                href={`tel:${m.phone.tel}`}
                className="inline-flex min-h-6 items-center underline-offset-4 hover:underline"
              >
                {m.phone.display}
              </a>
            </li>
          </ul>
          <Link
            to={m.href}
            className="mt-auto inline-flex items-center gap-2 self-start pt-5 font-semibold text-primary-ink underline-offset-4 hover:underline"
          >
            Full profile<span className="sr-only"> of {m.name}</span>
            <Icon name="arrow-right" className="size-4" />
          </Link>
        </div>
      </article>
    );
  }

  if (layout === "overlay") {
    // The panel overlaps only the bottom of the portrait, below the face.
    return (
      <article className={cn("group flex flex-col", className)} {...props}>
        <div className="overflow-hidden rounded-card bg-surface-alt">
          {picture("aspect-[4/5]", "(min-width: 1024px) 400px, (min-width: 640px) 50vw, 90vw")}
        </div>
        <div className="relative mx-3 -mt-16 flex-1 rounded-2xl bg-brand-950 p-5 text-white shadow-card ring-1 ring-white/10 sm:mx-5">
          {name}
          <p className="mt-1 text-sm font-medium text-brand-300">{m.profession}</p>
          <div className="mt-4 flex flex-wrap items-center gap-2.5">
            <SocialLinks links={m.socials} owner={m.name} />
            <a
              href={`mailto:${m.email}`}
              className="grid size-11 place-items-center rounded-full border border-current/25 transition-colors hover:border-primary hover:bg-primary"
            >
              <Icon name="mail" className="size-5" />
              <span className="sr-only">E-mail {m.name}</span>
            </a>
          </div>
        </div>
      </article>
    );
  }

  return (
    <article className={cn("group", className)} {...props}>
      <div className="relative overflow-hidden rounded-card bg-surface-alt">
        {picture("aspect-square sm:aspect-[4/5]", "(min-width: 1024px) 400px, (min-width: 640px) 50vw, 90vw")}
        <div className="absolute right-4 bottom-4">{mail}</div>
      </div>
      <div className="mt-6">{name}</div>
      <p className="mt-1 font-medium text-primary-ink">{m.profession}</p>
    </article>
  );
}
