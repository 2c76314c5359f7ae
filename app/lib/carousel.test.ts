import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { carouselReducer, initialCarousel, wrapIndex, type CarouselAction } from "./carousel.ts";

const run = (actions: CarouselAction[], count: number) =>
  actions.reduce((s, a) => carouselReducer(s, a, count), initialCarousel);

describe("wrapIndex", () => {
  it("wraps both ways", () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(7, 3)).toBe(1);
    expect(wrapIndex(5, 0)).toBe(0);
  });
});

describe("carouselReducer", () => {
  it("loops forwards and backwards", () => {
    expect(run([{ type: "next" }, { type: "next" }, { type: "next" }], 3).index).toBe(0);
    expect(run([{ type: "prev" }], 3).index).toBe(2);
    expect(run([{ type: "go", index: 2 }, { type: "next" }], 3).index).toBe(0);
  });

  it("keeps the same state when nothing changes, and stays put with one slide", () => {
    const s = run([{ type: "go", index: 1 }], 3);
    expect(carouselReducer(s, { type: "go", index: 1 }, 3)).toBe(s);
    expect(run([{ type: "next" }], 1).index).toBe(0);
  });

  it("always shows a real slide, whatever the sequence", () => {
    const action = fc.oneof(
      fc.constant<CarouselAction>({ type: "next" }),
      fc.constant<CarouselAction>({ type: "prev" }),
      fc.integer({ min: -20, max: 20 }).map<CarouselAction>((index) => ({ type: "go", index })),
    );
    fc.assert(
      fc.property(fc.array(action), fc.integer({ min: 1, max: 8 }), (actions, count) => {
        const { index } = run(actions, count);
        return Number.isInteger(index) && index >= 0 && index < count;
      }),
    );
  });
});
