import { useEffect, useRef, useState, type RefObject } from "react";
import type { EmblaCarouselType } from "embla-carousel";
import { useReducedMotion } from "./use-motion.ts";

/**
 * The moving part of a sliding carousel, done by Embla: the track follows a finger or mouse
 * drag, snaps to a slide and loops without an end. Embla (~7 KB gzip) is fetched the first time
 * the carousel is on screen (`onScreen`), so a page whose carousel is further down does not load
 * it up front. It stays in step with the carousel state (useCarousel): a step from a button, a
 * key or the timer scrolls the track there (at once under reduced motion), and a drag that lands
 * on another slide makes that the current slide. Keyboard focus on a slide that is not fully in
 * view brings it into view.
 * `viewport` is the element whose first child is the track.
 */
export function useSlideTrack(
  viewport: RefObject<HTMLElement | null>,
  index: number,
  go: (index: number) => void,
  onScreen: boolean,
) {
  const reducedMotion = useReducedMotion();
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const current = useRef(index);
  const wanted = onScreen || embla !== null;

  useEffect(() => {
    if (!wanted || !viewport.current) return;
    const node = viewport.current;
    let api: EmblaCarouselType | null = null;
    let cancelled = false;
    void import("embla-carousel").then(({ default: EmblaCarousel }) => {
      if (cancelled) return;
      // Our focusin handler below decides when a focused slide needs moving (not Embla's).
      api = EmblaCarousel(node, {
        loop: true,
        align: "start",
        watchFocus: false,
        startIndex: current.current,
      });
      setEmbla(api);
    });
    return () => {
      cancelled = true;
      api?.destroy();
    };
  }, [viewport, wanted]);

  useEffect(() => {
    const node = viewport.current;
    if (!node) return;
    const onFocusIn = (event: FocusEvent) => {
      const track = node.firstElementChild;
      const slides = track ? Array.from(track.children) : [];
      const slide = slides.findIndex((s) => s.contains(event.target as Node));
      if (slide < 0) return;
      // Focus may have scrolled the clipped row natively; the track's transform does the moving.
      node.scrollLeft = 0;
      const box = slides[slide]!.getBoundingClientRect();
      const view = node.getBoundingClientRect();
      if (box.left < view.left - 1 || box.right > view.right + 1) go(slide);
    };
    node.addEventListener("focusin", onFocusIn);
    return () => node.removeEventListener("focusin", onFocusIn);
  }, [viewport, go]);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => {
      const landed = embla.selectedScrollSnap();
      if (landed !== current.current) go(landed);
    };
    embla.on("select", onSelect);
    return () => {
      embla.off("select", onSelect);
    };
  }, [embla, go]);

  useEffect(() => {
    current.current = index;
    if (embla && embla.selectedScrollSnap() !== index) embla.scrollTo(index, reducedMotion);
  }, [embla, index, reducedMotion]);
}
