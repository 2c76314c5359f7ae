import { describe, expect, it } from "vitest";
import { pageCount, pageFromQuery, paginate, type PageItem } from "./paginate.ts";

/** "1 2 [3] ... 9 10" — pages, the current one in brackets, breaks as '...'. */
const show = (items: PageItem[]) =>
  items.map((i) => (i.kind === "break" ? "..." : i.current ? `[${i.page}]` : String(i.page))).join(" ");

describe("paginate", () => {
  it("shows every page when they fit", () => {
    expect(show(paginate(1, 1).items)).toBe("[1]");
    expect(show(paginate(2, 6).items)).toBe("1 [2] 3 4 5 6");
  });

  it("shows 5 pages around the current one and 2 at each end, with breaks between", () => {
    expect(show(paginate(10, 20).items)).toBe("1 2 ... 8 9 [10] 11 12 ... 19 20");
    expect(show(paginate(1, 20).items)).toBe("[1] 2 3 4 5 ... 19 20");
    expect(show(paginate(20, 20).items)).toBe("1 2 ... 16 17 18 19 [20]");
    expect(show(paginate(5, 20).items)).toBe("1 2 3 4 [5] 6 7 ... 19 20");
  });

  it("never hides a single page behind a break", () => {
    expect(show(paginate(6, 20).items)).toBe("1 2 3 4 5 [6] 7 8 ... 19 20");
    expect(paginate(6, 20).items.filter((i) => i.kind === "break")).toHaveLength(1);
  });

  it("disables Previous on the first page and Next on the last", () => {
    expect(paginate(1, 6)).toMatchObject({ previous: null, next: 2 });
    expect(paginate(3, 6)).toMatchObject({ previous: 2, next: 4 });
    expect(paginate(6, 6)).toMatchObject({ previous: 5, next: null });
    expect(paginate(1, 1)).toMatchObject({ previous: null, next: null });
  });

  it("keeps the current page within 1..total", () => {
    expect(paginate(0, 4).current).toBe(1);
    expect(paginate(9, 4).current).toBe(4);
    expect(paginate(1, 0).total).toBe(1);
  });

  it("takes other ranges and margins", () => {
    expect(show(paginate(10, 20, { range: 3, margin: 1 }).items)).toBe("1 ... 9 [10] 11 ... 20");
  });
});

describe("pageFromQuery", () => {
  it("reads a positive whole number", () => {
    expect(pageFromQuery("2")).toBe(2);
    expect(pageFromQuery(" 12 ")).toBe(12);
  });
  it("keeps a huge number huge, so the list refuses it as past the end", () => {
    expect(pageFromQuery("99999999999999999999")).toBe(Number.MAX_SAFE_INTEGER);
  });
  it("falls back to 1 for anything else", () => {
    for (const value of [null, undefined, "", "abc", "2abc", "1.5", "-3", "0", "1e3"]) {
      expect(pageFromQuery(value), String(value)).toBe(1);
    }
  });
});

describe("pageCount", () => {
  it("rounds up and has at least one page", () => {
    expect(pageCount(16, 3)).toBe(6);
    expect(pageCount(16, 4)).toBe(4);
    expect(pageCount(0, 3)).toBe(1);
  });
});
