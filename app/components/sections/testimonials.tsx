import { useId, useRef } from "react";
import { Icon } from "#app/components/ui/icon.tsx";
import { PictureView, type PictureData } from "#app/components/ui/picture-view.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { RotationButton, SlidePicker } from "#app/components/ui/carousel-controls.tsx";
import { useCarousel } from "#app/hooks/use-carousel.ts";
import { useInView } from "#app/hooks/use-in-view.ts";
import { cn } from "#app/lib/cn.ts";

export type Testimonial = {
  id: string;
  quote: string;
  name: string;
  designation: string;
  portrait: PictureData;
};

type TestimonialsProps = React.ComponentProps<"section"> & {
  eyebrow: string;
  title: string;
  items: Testimonial[];
};

const ROTATE_MS = 3000;
const GAP_PX = 25;

/**
 * Client quotes, one at a time: rotating every 3 s in an endless loop (a copy of the first
 * quote ends the track), with a pause control, one button per quote and swipe on touch screens.
 */
export function Testimonials({ eyebrow, title, items, className, ...props }: TestimonialsProps) {
  const id = useId();
  const ref = useRef<HTMLElement>(null);
  const onScreen = useInView(ref, { threshold: 0.3 });
  const carousel = useCarousel({ count: items.length, delay: ROTATE_MS, clone: true, active: onScreen });
  const { index, pos, instant, playing, rotating } = carousel;
  const swipeStart = useRef<number | null>(null);
  const slides = items.length > 1 ? [...items, items[0]!] : items;

  return (
    <section
      ref={ref}
      aria-roledescription="carousel"
      aria-label="Client testimonials"
      {...carousel.rootProps}
      className={cn("overflow-hidden section-y", className)}
      {...props}
    >
      <div className="container-page grid items-center gap-12 lg:grid-cols-[0.85fr_1.15fr] lg:gap-20">
        <div>
          <SectionHeading eyebrow={eyebrow} title={title} />
          <div className="mt-10 flex items-center gap-3">
            <RotationButton what="testimonial rotation" playing={playing} onClick={carousel.togglePlaying} />
            <SlidePicker
              item="testimonial"
              count={items.length}
              index={index}
              onPick={carousel.go}
              controls={`${id}-slides`}
            />
          </div>
        </div>
        <div
          className="touch-pan-y overflow-hidden"
          onPointerDown={(event) => (swipeStart.current = event.clientX)}
          onPointerUp={(event) => {
            if (swipeStart.current === null) return;
            const dx = event.clientX - swipeStart.current;
            swipeStart.current = null;
            if (dx < -50) carousel.next();
            else if (dx > 50) carousel.prev();
          }}
        >
          <div
            id={`${id}-slides`}
            aria-live={rotating ? "off" : "polite"}
            onTransitionEnd={(event) => {
              if (event.target === event.currentTarget) carousel.settle();
            }}
            style={{ transform: `translateX(calc(${-pos} * (100% + ${GAP_PX}px)))`, gap: GAP_PX }}
            className={cn(
              "flex",
              instant ? "transition-none" : "transition-transform duration-700 ease-out-soft",
            )}
          >
            {slides.map((t, i) => (
              <div
                key={i === items.length ? "copy" : t.id}
                role="group"
                aria-roledescription="slide"
                aria-label={`${(i % items.length) + 1} of ${items.length}`}
                aria-hidden={i === items.length ? true : undefined}
                inert={i !== pos}
                className="w-full shrink-0"
              >
                <figure className="flex h-full flex-col rounded-[1.75rem] border border-line bg-surface p-8 shadow-card sm:p-12">
                  <Icon name="quote" className="size-12 text-primary-ink" />
                  <blockquote className="mt-6 flex-1 text-xl leading-relaxed font-medium sm:text-2xl">
                    <p>“{t.quote}”</p>
                  </blockquote>
                  <figcaption className="mt-8 flex items-center gap-4 border-t border-line pt-6">
                    <PictureView
                      picture={t.portrait}
                      alt=""
                      sizes="64px"
                      className="shrink-0"
                      imgClassName="size-16 rounded-full object-cover"
                    />
                    <span>
                      <span className="block text-lg font-bold">{t.name}</span>
                      <span className="text-ink-muted">{t.designation}</span>
                    </span>
                  </figcaption>
                </figure>
              </div>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
