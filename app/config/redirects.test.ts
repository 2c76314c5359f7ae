import { describe, expect, it } from "vitest";
import { firstItemPath } from "./redirects.ts";

const pages = (...paths: string[]) => paths.map((path) => ({ path }));

describe("a bare detail path's first item", () => {
  it("is item 1 while it is shown, wherever it is in the order", () => {
    expect(firstItemPath("/team-details", pages("/team", "/team-details/3", "/team-details/1"))).toBe(
      "/team-details/1",
    );
  });

  it("is the first item shown when item 1 is not, and none when none is", () => {
    expect(firstItemPath("/team-details", pages("/team-details/4", "/team-details/2"))).toBe(
      "/team-details/4",
    );
    expect(firstItemPath("/team-details", pages("/team", "/about-us"))).toBeUndefined();
  });

  it("is an item of that path only: not of a longer path that starts the same, nor deeper", () => {
    expect(
      firstItemPath(
        "/blog-single",
        pages("/blog-single-sidebar/1", "/blog-single/2/comments", "/blog-single/5"),
      ),
    ).toBe("/blog-single/5");
  });
});
