import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { carouselReducer, initialCarousel, type CarouselAction } from "#app/lib/carousel.ts";
import { usePageVisible, useReducedMotion } from "./use-motion.ts";

type CarouselOptions = {
  count: number;
  /** Milliseconds each slide shows while rotating. */
  delay: number;
  /** Extra condition for rotation, e.g. the carousel being on screen. */
  active?: boolean;
};

/**
 * Slide state and automatic rotation (WAI-ARIA APG carousel). Rotation runs unless the visitor
 * paused it, prefers reduced motion, hovers the carousel or moves keyboard focus into it, or the
 * tab is hidden; it resumes when the pointer or focus leaves (unless paused). Arrow keys move
 * between slides.
 */
export function useCarousel({ count, delay, active = true }: CarouselOptions) {
  const [state, dispatch] = useReducer(
    (s: typeof initialCarousel, a: CarouselAction) => carouselReducer(s, a, count),
    initialCarousel,
  );
  const reducedMotion = useReducedMotion();
  const visible = usePageVisible();
  // null: the visitor has not chosen, so rotation follows their motion preference.
  const [userPlaying, setUserPlaying] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const playing = userPlaying ?? !reducedMotion;
  const rotating = playing && !hovered && !focused && visible && active && count > 1;
  const { index } = state;

  // The time left on the current slide survives a pause, so hovering does not restart it.
  const remaining = useRef(delay);
  useEffect(() => {
    remaining.current = delay;
  }, [index, delay]);
  useEffect(() => {
    if (!rotating) return;
    const started = performance.now();
    const timer = window.setTimeout(() => dispatch({ type: "next" }), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (performance.now() - started));
    };
  }, [rotating, index]);

  const next = useCallback(() => dispatch({ type: "next" }), []);
  const prev = useCallback(() => dispatch({ type: "prev" }), []);
  const go = useCallback((i: number) => dispatch({ type: "go", index: i }), []);
  const togglePlaying = useCallback(() => {
    setUserPlaying(!playing);
    // Pressing "play" inside the carousel is an explicit request: rotate although focus is here.
    if (!playing) setFocused(false);
  }, [playing]);

  const rootProps = {
    // Mouse only: a tap on a phone would otherwise count as a hover that never ends.
    onPointerEnter: (event: React.PointerEvent<HTMLElement>) => {
      if (event.pointerType === "mouse") setHovered(true);
    },
    onPointerLeave: () => setHovered(false),
    // Keyboard focus inside stops rotation (APG); a mouse click on a control does not, so
    // rotation continues after the interaction once the pointer leaves.
    onFocus: (event: React.FocusEvent<HTMLElement>) => {
      if (event.target.matches(":focus-visible")) setFocused(true);
    },
    onBlur: (event: React.FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
    },
    onKeyDown: (event: React.KeyboardEvent<HTMLElement>) => {
      if (event.target instanceof HTMLInputElement || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === "ArrowRight") next();
      else if (event.key === "ArrowLeft") prev();
      else return;
      event.preventDefault();
    },
  };

  return {
    index,
    playing,
    rotating,
    next,
    prev,
    go,
    togglePlaying,
    rootProps,
  };
}
