import { describe, expect, it } from "vitest";
import { allMenuLinks, footerLinks, menu } from "./navigation.ts";
import { services } from "#app/content/services.ts";
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
  it("names each service in the footer as its page does", () => {
    const named = footerLinks.services.filter((l) => l.href.startsWith("/services-details/"));
    expect(named.length).toBeGreaterThan(0);
    for (const link of named) {
      expect(services.find((s) => s.href === link.href)?.title).toBe(link.label);
    }
  });
});
