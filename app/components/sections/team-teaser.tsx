import { Icon } from "#app/components/ui/icon.tsx";
import { MaybeLink } from "#app/components/ui/maybe-link.tsx";
import { PictureView, type PictureData } from "#app/components/ui/picture-view.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";

export type TeamCard = {
  id: number;
  name: string;
  profession: string;
  email: string;
  portrait: PictureData;
  /** The member's page, once it exists. */
  href?: string;
};

type TeamTeaserProps = React.ComponentProps<"section"> & {
  eyebrow: string;
  title: string;
  intro?: string;
  members: TeamCard[];
  more?: { label: string; href?: string };
};

/** The first three people of the team, with their role and e-mail. */
export function TeamTeaser({ eyebrow, title, intro, members, more, className, ...props }: TeamTeaserProps) {
  return (
    <section className={cn("section-y", className)} {...props}>
      <div className="container-page">
        <SectionHeading eyebrow={eyebrow} title={title} intro={intro} align="center" />
        <ul className="mt-14 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {members.slice(0, 3).map((member) => (
            <li key={member.id} className="group">
              <div className="relative overflow-hidden rounded-card bg-surface-alt">
                <PictureView
                  picture={member.portrait}
                  alt={`Portrait of ${member.name}`}
                  sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 90vw"
                  imgClassName="aspect-square w-full sm:aspect-[4/5] object-cover transition-transform duration-700 ease-out-soft group-hover:scale-105"
                />
                <a
                  href={`mailto:${member.email}`}
                  className="absolute right-4 bottom-4 grid size-12 place-items-center rounded-full bg-surface text-ink shadow-card transition-colors hover:bg-primary hover:text-on-primary"
                >
                  <Icon name="mail" className="size-5" />
                  <span className="sr-only">E-mail {member.name}</span>
                </a>
              </div>
              <h3 className="mt-6 text-h3">
                <MaybeLink to={member.href} className="underline-offset-4 hover:underline">
                  {member.name}
                </MaybeLink>
              </h3>
              <p className="mt-1 font-medium text-primary-ink">{member.profession}</p>
            </li>
          ))}
        </ul>
        {more?.href && (
          <div className="mt-12 text-center">
            <MaybeLink to={more.href} className={buttonClass("outline")}>
              {more.label}
            </MaybeLink>
          </div>
        )}
      </div>
    </section>
  );
}
