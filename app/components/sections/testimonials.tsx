import { useId, useRef } from "react";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { RotationButton, Slide, SlidePicker } from "#app/components/ui/carousel-controls.tsx";
import { useCarousel } from "#app/hooks/use-carousel.ts";
import { useInView } from "#app/hooks/use-in-view.ts";
import { useSlideTrack } from "#app/hooks/use-slide-track.ts";
import { cn } from "#app/lib/cn.ts";
import { TestimonialCard, type Testimonial } from "./testimonial-card.tsx";

type TestimonialsProps = React.ComponentProps<"section"> & {
  eyebrow: string;
  title: string;
  items: Testimonial[];
};

const ROTATE_MS = 3000;
const GAP_PX = 25;

/**
 * Client quotes, one at a time: rotating every 3 s in an endless loop, with a pause control, one
 * button per quote, and a track that follows a swipe or drag (Embla).
 */
export function Testimonials({ eyebrow, title, items, className, ...props }: TestimonialsProps) {
  const id = useId();
  const ref = useRef<HTMLElement>(null);
  const onScreen = useInView(ref, { threshold: 0.3 });
  const carousel = useCarousel({ count: items.length, delay: ROTATE_MS, active: onScreen });
  const { index, playing, rotating } = carousel;
  const viewport = useRef<HTMLDivElement>(null);
  useSlideTrack(viewport, index, carousel.go, onScreen);

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
          {/* One quote (staff published one) has nothing to rotate or pick. */}
          {items.length > 1 && (
            <div className="mt-10 flex items-center gap-3">
              <RotationButton
                what="testimonial rotation"
                playing={playing}
                onClick={carousel.togglePlaying}
              />
              <SlidePicker
                item="testimonial"
                count={items.length}
                index={index}
                onPick={carousel.go}
                controls={`${id}-slides`}
              />
            </div>
          )}
        </div>
        <div ref={viewport} className="touch-pan-y overflow-hidden">
          <div
            id={`${id}-slides`}
            aria-live={rotating ? "off" : "polite"}
            style={{ gap: GAP_PX }}
            className="flex"
          >
            {items.map((t, i) => (
              <Slide
                key={t.id}
                index={i}
                count={items.length}
                inert={i !== index}
                className="w-full shrink-0"
              >
                <TestimonialCard testimonial={t} />
              </Slide>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
