import { useEffect, useId, useRef } from "react";
import { RotationButton, Slide, StepButtons } from "#app/components/ui/carousel-controls.tsx";
import { useCarousel } from "#app/hooks/use-carousel.ts";
import { useInView } from "#app/hooks/use-in-view.ts";
import { useSlideTrack } from "#app/hooks/use-slide-track.ts";
import { useHydrated } from "#app/hooks/use-motion.ts";
import { cn } from "#app/lib/cn.ts";
import { ProjectCard, type ProjectSummary } from "./project-card.tsx";

type ProjectCarouselProps = React.ComponentProps<"section"> & {
  heading: React.ReactNode;
  /** Names the carousel for assistive technology. */
  title: string;
  projects: ProjectSummary[];
};

/** The spec's case-study slider: a new slide every 5 s, in an endless loop. */
export const ROTATE_MS = 5000;

// Slides per view come from CSS, so the server's HTML already shows the right number: 1, then 2
// from 991 px, 2.5 from 1200 px and 2.8 from 1800 px. A slide is 1/per-view of the row, minus
// its share of the gaps. Embla moves the track by whole slides and measures these widths.
const perView =
  "[--gap:1.5rem] [--per-view:1] min-[991px]:[--per-view:2] min-[1200px]:[--per-view:2.5] min-[1800px]:[--per-view:2.8]";
const slideWidth = "calc((100% - (var(--per-view) - 1) * var(--gap)) / var(--per-view))";

/**
 * Before JavaScript runs, the row scrolls sideways like any overflowing list; once hydrated it
 * becomes a carousel (APG pattern): named previous/next buttons, a pause control, arrow keys,
 * a track that follows a swipe or drag (Embla), pausing on hover and keyboard focus, and no
 * rotation for visitors who prefer reduced motion.
 */
export function ProjectCarousel({ heading, title, projects, className, ...props }: ProjectCarouselProps) {
  const id = useId();
  const ref = useRef<HTMLElement>(null);
  const onScreen = useInView(ref, { threshold: 0.3 });
  const count = projects.length;
  const carousel = useCarousel({ count, delay: ROTATE_MS, active: onScreen });
  const { index, playing, rotating } = carousel;
  const hydrated = useHydrated();
  const viewport = useRef<HTMLDivElement>(null);
  useSlideTrack(viewport, index, carousel.go, onScreen);

  // The row no longer scrolls once it is a carousel: forget any scrolling done before.
  useEffect(() => {
    if (hydrated && viewport.current) viewport.current.scrollLeft = 0;
  }, [hydrated]);

  return (
    <section
      ref={ref}
      aria-roledescription="carousel"
      aria-label={title}
      {...carousel.rootProps}
      className={cn("overflow-hidden section-y", className)}
      {...props}
    >
      <div className="container-page">
        <div className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
          {heading}
          <div className={cn("flex shrink-0 items-center gap-3", !hydrated && "invisible")}>
            <RotationButton what="slide rotation" playing={playing} onClick={carousel.togglePlaying} />
            <StepButtons
              item="project"
              controls={`${id}-slides`}
              onPrev={carousel.prev}
              onNext={carousel.next}
            />
          </div>
        </div>
      </div>
      {/* From the container's left edge to the window's right edge: 2.8 slides at 1800 px. */}
      <div
        ref={viewport}
        className={cn(
          "mt-14 scroll-pl-(--start) [scrollbar-width:none] pr-(--edge) pl-(--start) [--edge:clamp(1.25rem,4vw,2.5rem)] [--start:max(var(--edge),calc((100%-80rem)/2+var(--edge)))]",
          perView,
          hydrated ? "touch-pan-y overflow-hidden" : "snap-x snap-mandatory overflow-x-auto",
        )}
      >
        <div
          id={`${id}-slides`}
          aria-live={rotating ? "off" : "polite"}
          data-pos={index}
          style={{ gap: "var(--gap)" }}
          className="flex"
        >
          {projects.map((project, i) => (
            <Slide
              key={project.id}
              index={i}
              count={count}
              style={{ width: slideWidth }}
              className="shrink-0 snap-start"
            >
              <ProjectCard
                project={project}
                sizes="(min-width: 1800px) 640px, (min-width: 1200px) 460px, (min-width: 991px) 50vw, 92vw"
              />
            </Slide>
          ))}
        </div>
      </div>
    </section>
  );
}
