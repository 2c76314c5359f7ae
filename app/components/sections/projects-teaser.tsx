import { useId, useRef } from "react";
import { StepButtons } from "#app/components/ui/carousel-controls.tsx";
import { ProjectCard, type ProjectSummary } from "#app/components/projects/project-card.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";

type Layout = "grid" | "feature" | "rail";

type ProjectsTeaserProps = React.ComponentProps<"section"> & {
  eyebrow: string;
  title: string;
  intro?: string;
  items: ProjectSummary[];
  more?: { label: string; href: string };
  /** grid: three equal cards; feature: the first large beside two; rail: a row that scrolls sideways. */
  layout?: Layout;
};

const lists: Record<Layout, string> = {
  grid: "grid gap-x-6 gap-y-12 md:grid-cols-2 lg:grid-cols-3",
  feature: "grid gap-x-8 gap-y-12 lg:grid-cols-2 lg:grid-rows-2",
  rail: "-mx-5 flex snap-x snap-mandatory gap-6 overflow-x-auto scroll-px-5 px-5 pb-6 sm:mx-0 sm:scroll-px-0 sm:px-0",
};

/** Case studies: picture, tags, title and a line on what changed, linked to the project page. */
export function ProjectsTeaser({
  eyebrow,
  title,
  intro,
  items: projects,
  more,
  layout = "grid",
  className,
  ...props
}: ProjectsTeaserProps) {
  const rail = layout === "rail";
  const listId = useId();
  const list = useRef<HTMLUListElement>(null);
  /** Scrolls the rail by one card (the browser's own smooth scrolling honours reduced motion). */
  const scrollRail = (direction: 1 | -1) => {
    const el = list.current;
    const card = el?.firstElementChild as HTMLElement | null;
    if (el && card) el.scrollBy({ left: direction * (card.offsetWidth + 24), behavior: "smooth" });
  };
  return (
    <section className={cn("section-y", className)} {...props}>
      <div className="container-page">
        <div className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
          <SectionHeading eyebrow={eyebrow} title={title} intro={intro} />
          <div className="flex shrink-0 items-center gap-3">
            {more && (
              <ButtonLink to={more.href} tone="outline">
                {more.label}
              </ButtonLink>
            )}
            {rail && (
              <StepButtons
                item="project"
                controls={listId}
                onPrev={() => scrollRail(-1)}
                onNext={() => scrollRail(1)}
              />
            )}
          </div>
        </div>
        {/* A sideways-scrolling list must be reachable by keyboard even when it holds no links. */}
        <ul
          ref={list}
          id={listId}
          className={cn("mt-14", lists[layout])}
          {...(rail ? { tabIndex: 0, "aria-label": `${title}: scroll sideways for more` } : {})}
        >
          {projects.map((project, i) => {
            const feature = layout === "feature";
            const large = feature && i === 0;
            return (
              <li
                key={project.id}
                className={cn(
                  rail && "w-[82%] shrink-0 snap-start sm:w-[46%] lg:w-[31.5%]",
                  large && "lg:row-span-2",
                )}
              >
                <ProjectCard
                  project={project}
                  look={large ? "large" : feature ? "side" : "normal"}
                  sizes={
                    large
                      ? "(min-width: 1024px) 600px, 100vw"
                      : "(min-width: 1024px) 400px, (min-width: 768px) 50vw, 90vw"
                  }
                />
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
