import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { MoreLink } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import type { TeamListLayout } from "#app/config/team.ts";
import { TeamCard } from "./team-card.tsx";
import type { TeamCardData } from "#app/content-types/team/view.server.ts";

type TeamTeaserProps = React.ComponentProps<"section"> & {
  eyebrow?: string;
  title: string;
  intro?: string;
  /** The people to show: the home pages pass the first three, the listings everyone. */
  members: TeamCardData[];
  layout?: TeamListLayout;
  more?: { label: string; href: string };
  /** The section opens the page: the first portrait is loaded first. */
  priority?: boolean;
};

const gridClass: Record<TeamListLayout, string> = {
  grid: "gap-x-8 gap-y-12 sm:grid-cols-2 lg:grid-cols-3",
  overlay: "gap-6 sm:grid-cols-2 lg:grid-cols-3",
  profile: "gap-6 lg:grid-cols-2",
};

/** The team (home block and the three listings): a heading and one card per member. */
export function TeamTeaser({
  eyebrow,
  title,
  intro,
  members,
  layout = "grid",
  more,
  priority = false,
  className,
  ...props
}: TeamTeaserProps) {
  return (
    <section className={cn("section-y", className)} {...props}>
      <div className="container-page">
        <SectionHeading eyebrow={eyebrow} title={title} intro={intro} align="center" />
        <ul className={cn("mt-14 grid", gridClass[layout])}>
          {members.map((member, i) => (
            <li key={member.id}>
              <TeamCard member={member} layout={layout} priority={priority && i === 0} className="h-full" />
            </li>
          ))}
        </ul>
        <MoreLink more={more} />
      </div>
    </section>
  );
}
