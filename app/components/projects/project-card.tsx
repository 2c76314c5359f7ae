import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { PictureView } from "#app/components/ui/picture-view.tsx";
import { TagList } from "#app/components/ui/tag-list.tsx";
import type { PictureData } from "#app/lib/media.ts";
import { cn } from "#app/lib/cn.ts";

export type ProjectSummary = {
  id: number;
  title: string;
  tags: readonly string[];
  summary: string;
  thumb: PictureData;
  href: string;
};

type ProjectCardProps = React.ComponentProps<"article"> & {
  project: ProjectSummary;
  sizes: string;
  /** The first picture of a gallery, in a phone's first view on some pages: loaded at once. */
  priority?: boolean;
  /** large: the feature of a teaser (bigger title, taller picture); side: picture beside the text on wide screens. */
  look?: "normal" | "large" | "side";
};

/** A case study in a gallery or a teaser: picture, tags, title (the link) and what changed for the client. */
export function ProjectCard({
  project,
  sizes,
  priority,
  look = "normal",
  className,
  ...props
}: ProjectCardProps) {
  const side = look === "side";
  return (
    <article
      className={cn(
        "group relative flex h-full flex-col",
        side && "lg:grid lg:grid-cols-[0.9fr_1.1fr] lg:items-start lg:gap-6",
        className,
      )}
      {...props}
    >
      <PictureView
        picture={project.thumb}
        alt=""
        sizes={sizes}
        priority={priority}
        className="block overflow-hidden rounded-card bg-surface-alt"
        imgClassName={cn(
          "w-full object-cover transition-transform duration-700 ease-out-soft group-hover:scale-105",
          look === "large" ? "aspect-[4/3.4]" : "aspect-[4/3]",
        )}
      />
      <div className={cn("mt-6 flex flex-1 flex-col", side && "lg:mt-0")}>
        <TagList tags={project.tags} />
        <div className="mt-4 flex items-start justify-between gap-4">
          <h3 className={look === "large" ? "text-h2" : "text-h3"}>
            {/* The whole card is clickable through this link's overlay; its name is the title. */}
            <Link
              to={project.href}
              className="underline-offset-4 before:absolute before:inset-0 before:rounded-card hover:underline"
            >
              {project.title}
            </Link>
          </h3>
          <span
            aria-hidden="true"
            className="grid size-11 shrink-0 place-items-center rounded-full bg-primary text-on-primary transition-transform group-hover:rotate-45"
          >
            <Icon name="arrow-up-right" className="size-5" />
          </span>
        </div>
        <p className="mt-3 text-ink-muted">{project.summary}</p>
      </div>
    </article>
  );
}
