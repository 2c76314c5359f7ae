import { useId, useRef } from "react";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { PictureView } from "#app/components/ui/picture-view.tsx";
import type { PictureData } from "#app/lib/media.ts";
import { BackgroundVideo } from "#app/components/ui/background-video.tsx";
import { RotationButton, Slide, SlidePicker, StepButtons } from "#app/components/ui/carousel-controls.tsx";
import { useCarousel } from "#app/hooks/use-carousel.ts";
import { useInView } from "#app/hooks/use-in-view.ts";
import { useHydrated } from "#app/hooks/use-motion.ts";
import { cn } from "#app/lib/cn.ts";

export type HeroSlide =
  | { id: string; type: "video"; video: string; poster: PictureData; title: string; description: string }
  | { id: string; type: "image"; image: PictureData; title: string; description: string };

type HeroCarouselProps = React.ComponentProps<"section"> & {
  slides: HeroSlide[];
  action: { label: string; href: string };
  align?: "start" | "center";
  /** The next section overlaps the bottom edge: keep the controls clear of it. */
  overlapped?: boolean;
};

const ROTATE_MS = 8000;
const fade = "transition-opacity duration-[1500ms] ease-out-soft";

/**
 * The full-height hero: three slides (looping videos or a still) cross-fading under a 50 % black
 * overlay, below the TECH SPARK heading. The first slide is complete in the server's HTML; the
 * other backgrounds load after the page is interactive. The page's largest paint is the slide's
 * text, so no background takes bandwidth from the stylesheet, font and scripts (no `priority`):
 * the dark brand colour shows until the poster arrives.
 */
export function HeroCarousel({
  slides,
  action,
  align = "start",
  overlapped = false,
  className,
  ...props
}: HeroCarouselProps) {
  const id = useId();
  const ref = useRef<HTMLElement>(null);
  const onScreen = useInView(ref);
  const carousel = useCarousel({ count: slides.length, delay: ROTATE_MS, active: onScreen });
  const { index, playing, rotating } = carousel;
  // Backgrounds of the other slides wait until the page is interactive (not part of the first paint).
  const later = useHydrated();
  const centered = align === "center";

  return (
    <section
      ref={ref}
      aria-roledescription="carousel"
      aria-label="Highlights"
      {...carousel.rootProps}
      className={cn(
        "relative isolate flex h-svh min-h-[38rem] flex-col overflow-hidden bg-brand-950 text-white",
        className,
      )}
      {...props}
    >
      {slides.map((slide, i) => (
        <div
          key={slide.id}
          aria-hidden="true"
          className={cn("absolute inset-0 -z-10", fade, i === index ? "opacity-100" : "opacity-0")}
        >
          {slide.type === "video"
            ? (i === 0 || later) && (
                <BackgroundVideo video={slide.video} poster={slide.poster} playing={i === index && playing} />
              )
            : (i === 0 || later) && (
                <PictureView
                  picture={slide.image}
                  alt=""
                  className="absolute inset-0"
                  imgClassName="size-full object-cover"
                />
              )}
          <div className="absolute inset-0 bg-black/50" />
        </div>
      ))}
      <div
        aria-hidden="true"
        className="absolute inset-x-0 bottom-0 -z-10 h-1/3 bg-linear-to-t from-black/45 to-transparent"
      />

      <div
        className={cn(
          "container-page flex flex-1 flex-col justify-center pt-28",
          overlapped ? "pb-44" : "pb-32",
          centered && "items-center text-center",
        )}
      >
        <h1 className="text-[clamp(3.6rem,1.2rem+11vw,10.5rem)] leading-[0.9] font-extrabold tracking-[-0.045em] uppercase">
          <span>Tech</span>
          <span className="bg-linear-to-r from-amber-accent to-brand-300 bg-clip-text text-transparent">
            Spark
          </span>
          <span className="sr-only"> Innovations</span>
        </h1>
        <div id={`${id}-slides`} aria-live={rotating ? "off" : "polite"} className="mt-6 grid sm:mt-8">
          {slides.map((slide, i) => (
            <Slide
              key={slide.id}
              index={i}
              count={slides.length}
              inert={i !== index}
              className={cn("[grid-area:1/1]", fade, i === index ? "opacity-100" : "opacity-0")}
            >
              <h2 className={cn("max-w-3xl text-h2 text-white", centered && "mx-auto")}>{slide.title}</h2>
              <p className={cn("mt-4 max-w-2xl text-lg text-white/85 sm:text-xl", centered && "mx-auto")}>
                {slide.description}
              </p>
              <ButtonLink to={action.href} tone="inverse" className="mt-8" arrow>
                {action.label}
              </ButtonLink>
            </Slide>
          ))}
        </div>
      </div>

      <div className={cn("absolute inset-x-0 bottom-0", overlapped ? "pb-18 sm:pb-24" : "pb-6 sm:pb-10")}>
        <div className="container-page flex items-center justify-between gap-4">
          <div className="flex items-center gap-3">
            <RotationButton
              tone="light"
              what="slide show"
              playing={playing}
              onClick={carousel.togglePlaying}
            />
            <SlidePicker
              tone="light"
              item="slide"
              count={slides.length}
              index={index}
              onPick={carousel.go}
              controls={`${id}-slides`}
              progress={playing ? { duration: ROTATE_MS, running: rotating } : undefined}
            />
          </div>
          <StepButtons
            tone="light"
            item="slide"
            onPrev={carousel.prev}
            onNext={carousel.next}
            controls={`${id}-slides`}
          />
        </div>
      </div>
    </section>
  );
}
