// The state of a carousel as a pure reducer, shared by the hero (cross-fade) and the
// testimonials (a sliding track). With `clone`, the track ends with a copy of the first slide:
// "next" from the last slide slides onto the copy, then "settle" jumps back to the real first
// slide without a transition, so the loop never rewinds visibly.

export type CarouselState = {
  /** Position on the track: 0…count-1, or count while the clone of the first slide shows. */
  pos: number;
  /** Render this position without a transition (after a silent jump). */
  instant: boolean;
};

export type CarouselAction =
  | { type: "next" }
  | { type: "prev" }
  | { type: "go"; index: number }
  /** The slide transition ended: leave the clone for the real first slide. */
  | { type: "settle" };

export type CarouselOptions = { count: number; clone?: boolean };

export const initialCarousel: CarouselState = { pos: 0, instant: false };

/** `i` wrapped into 0…count-1 (also for negative `i`). */
export function wrapIndex(i: number, count: number): number {
  if (count <= 0) return 0;
  return ((i % count) + count) % count;
}

/** The slide a position shows (the clone shows the first slide). */
export function slideIndex(state: CarouselState, count: number): number {
  return wrapIndex(state.pos, count);
}

export function carouselReducer(
  state: CarouselState,
  action: CarouselAction,
  { count, clone = false }: CarouselOptions,
): CarouselState {
  if (count <= 1) return initialCarousel;
  const current = slideIndex(state, count);
  switch (action.type) {
    case "next":
      if (clone && current === count - 1) return { pos: count, instant: false };
      return { pos: wrapIndex(current + 1, count), instant: false };
    case "prev":
      return { pos: wrapIndex(current - 1, count), instant: false };
    case "go":
      return { pos: wrapIndex(action.index, count), instant: false };
    case "settle":
      return state.pos >= count ? { pos: state.pos - count, instant: true } : state;
  }
}
