import { describe, expect, it } from "vitest";
import { carouselReducer, initialCarousel, slideIndex, wrapIndex, type CarouselState } from "./carousel.ts";

const run = (actions: Parameters<typeof carouselReducer>[1][], count: number, clone = false) =>
  actions.reduce<CarouselState>((s, a) => carouselReducer(s, a, { count, clone }), initialCarousel);

describe("wrapIndex", () => {
  it("wraps both ways", () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(7, 3)).toBe(1);
    expect(wrapIndex(5, 0)).toBe(0);
  });
});

describe("carouselReducer", () => {
  it("loops forwards and backwards without a clone (cross-fade)", () => {
    expect(run([{ type: "next" }, { type: "next" }, { type: "next" }], 3).pos).toBe(0);
    expect(run([{ type: "prev" }], 3).pos).toBe(2);
    expect(run([{ type: "go", index: 2 }, { type: "next" }], 3).pos).toBe(0);
  });

  it("slides onto the clone after the last slide, then settles on the first without a transition", () => {
    const onClone = run([{ type: "go", index: 2 }, { type: "next" }], 3, true);
    expect(onClone).toEqual({ pos: 3, instant: false });
    expect(slideIndex(onClone, 3)).toBe(0);
    const settled = carouselReducer(onClone, { type: "settle" }, { count: 3, clone: true });
    expect(settled).toEqual({ pos: 0, instant: true });
    expect(carouselReducer(settled, { type: "next" }, { count: 3, clone: true })).toEqual({
      pos: 1,
      instant: false,
    });
  });

  it("ignores settle away from the clone and stays put with one slide", () => {
    const s = run([{ type: "next" }], 3, true);
    expect(carouselReducer(s, { type: "settle" }, { count: 3, clone: true })).toBe(s);
    expect(run([{ type: "next" }], 1).pos).toBe(0);
  });

  it("always shows a real slide, whatever the sequence", () => {
    const actions = ["next", "prev", "next", "next", "settle", "next", "next"] as const;
    let s = initialCarousel;
    for (const type of actions) {
      s = carouselReducer(s, { type }, { count: 3, clone: true });
      expect(slideIndex(s, 3)).toBeGreaterThanOrEqual(0);
      expect(slideIndex(s, 3)).toBeLessThan(3);
    }
  });
});
