import { describe, expect, it } from "vitest";
import { allMenuLinks, menu } from "./navigation.ts";
import { findPage } from "./pages.ts";

describe("navigation", () => {
  it("links only to pages that exist", () => {
    const missing = allMenuLinks().filter((link) => !findPage(link.href));
    expect(missing).toEqual([]);
  });
  it("has both menu variants", () => {
    expect(menu("full").length).toBeGreaterThan(0);
    expect(menu("compact").length).toBeGreaterThan(0);
  });
});
