import { describe, expect, it } from "vitest";
import { countInWords, formatDay, formatMonth, parseId, words } from "./format.ts";

describe("dates", () => {
  it("writes a day and a month in words, whatever the machine's locale and time zone", () => {
    expect(formatDay("2023-12-19")).toBe("19 December 2023");
    expect(formatDay("2024-01-01")).toBe("1 January 2024");
    expect(formatMonth("2025-03")).toBe("March 2025");
    expect(formatMonth("2023-12")).toBe("December 2023");
  });
});

describe("words", () => {
  it("lowers case, drops accents and splits at anything but letters and digits", () => {
    expect(words("Café-Owners' SEO, 2024!")).toEqual(["cafe", "owners", "seo", "2024"]);
    expect(words("  ")).toEqual([]);
  });
});

describe("parseId", () => {
  it("accepts plain positive integers only", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId("24")).toBe(24);
    for (const raw of [undefined, "", "0", "01", "-1", "1.0", "1.5", "1e0", "abc", " 1", "9999999"]) {
      expect(parseId(raw), String(raw)).toBeUndefined();
    }
  });
});

describe("countInWords", () => {
  it("says a count as a sentence starts with it", () => {
    expect([0, 1, 9, 11, 19, 20, 24, 40, 99, 100].map(countInWords)).toEqual([
      "Zero",
      "One",
      "Nine",
      "Eleven",
      "Nineteen",
      "Twenty",
      "Twenty-four",
      "Forty",
      "Ninety-nine",
      "100",
    ]);
  });
});
