import { describe, expect, it } from "vitest";
import { countAt, easeOutCubic, meterSequence } from "./count-up.ts";

describe("countAt", () => {
  it("starts at 0, ends exactly on the final value and never overshoots", () => {
    expect(countAt(276, 0, 3000)).toBe(0);
    expect(countAt(276, 3000, 3000)).toBe(276);
    expect(countAt(276, 9999, 3000)).toBe(276);
    let previous = 0;
    for (let t = 0; t <= 3000; t += 100) {
      const v = countAt(276, t, 3000);
      expect(v).toBeGreaterThanOrEqual(previous);
      expect(v).toBeLessThanOrEqual(276);
      previous = v;
    }
  });

  it("shows the final value when there is no time to animate", () => {
    expect(countAt(500, 0, 0)).toBe(500);
  });

  it("eases out", () => {
    expect(easeOutCubic(0.5)).toBeGreaterThan(0.5);
    expect(easeOutCubic(-1)).toBe(0);
    expect(easeOutCubic(2)).toBe(1);
  });
});

describe("meterSequence", () => {
  it("counts up by 5 and stops exactly on the maximum", () => {
    const to89 = meterSequence(5, 89);
    expect(to89.slice(0, 3)).toEqual([0, 5, 10]);
    expect(to89.at(-2)).toBe(85);
    expect(to89.at(-1)).toBe(89);
    expect(meterSequence(5, 78).at(-1)).toBe(78);
    expect(meterSequence(5, 80).at(-2)).toBe(75);
  });
});
