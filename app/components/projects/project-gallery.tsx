import type { ProjectGalleryLayout } from "#app/config/catalogue.ts";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { cn } from "#app/lib/cn.ts";
import { ProjectCard, type ProjectSummary } from "./project-card.tsx";
import { ProjectCarousel } from "./project-carousel.tsx";

type ProjectGalleryProps = React.ComponentProps<"section"> & {
  eyebrow: string;
  title: string;
  intro: string;
  projects: ProjectSummary[];
  /** grid-2 / grid-3: every case study in two or three columns; carousel: a rotating row. */
  layout: ProjectGalleryLayout;
};

const grids: Record<Exclude<ProjectGalleryLayout, "carousel">, { list: string; sizes: string }> = {
  "grid-2": {
    list: "grid gap-x-8 gap-y-14 md:grid-cols-2",
    sizes: "(min-width: 1280px) 600px, (min-width: 768px) 50vw, 92vw",
  },
  "grid-3": {
    list: "grid gap-x-6 gap-y-12 md:grid-cols-2 lg:grid-cols-3",
    sizes: "(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 768px) 50vw, 92vw",
  },
};

/** The six case studies in one of three layouts. */
export function ProjectGallery({
  eyebrow,
  title,
  intro,
  projects,
  layout,
  className,
  ...props
}: ProjectGalleryProps) {
  const heading = <SectionHeading eyebrow={eyebrow} title={title} intro={intro} />;
  if (layout === "carousel") {
    return (
      <ProjectCarousel heading={heading} title={title} projects={projects} className={className} {...props} />
    );
  }
  const grid = grids[layout];
  return (
    <section className={cn("section-y", className)} {...props}>
      <div className="container-page">
        {heading}
        <ul className={cn("mt-14", grid.list)}>
          {projects.map((project, i) => (
            <li key={project.id}>
              <ProjectCard project={project} sizes={grid.sizes} priority={i === 0} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
