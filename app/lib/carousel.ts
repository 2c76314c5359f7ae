// The state of a carousel as a pure reducer, shared by the hero (cross-fade) and the sliding
// carousels (testimonials, projects), whose track Embla moves (app/hooks/use-slide-track.ts).

export type CarouselState = {
  /** The slide shown: 0…count-1. */
  index: number;
};

export type CarouselAction = { type: "next" } | { type: "prev" } | { type: "go"; index: number };

export const initialCarousel: CarouselState = { index: 0 };

/** `i` wrapped into 0…count-1 (also for negative `i`). */
export function wrapIndex(i: number, count: number): number {
  if (count <= 0) return 0;
  return ((i % count) + count) % count;
}

export function carouselReducer(state: CarouselState, action: CarouselAction, count: number): CarouselState {
  if (count <= 1) return initialCarousel;
  const index =
    action.type === "next" ? state.index + 1 : action.type === "prev" ? state.index - 1 : action.index;
  const next = wrapIndex(index, count);
  return next === state.index ? state : { index: next };
}
