import { describe, expect, it } from "vitest";
import { allMenuLinks, footerLinks, menu, withLinks } from "./navigation.ts";
import { services } from "#app/content-types/service/seed.ts";
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
  it("names each service in the footer as its page does in the seed", () => {
    const named = footerLinks.services.filter((l) => l.href.startsWith("/services-details/"));
    expect(named.length).toBeGreaterThan(0);
    for (const link of named) {
      expect(services.find((s) => `/services-details/${s.id}` === link.href && "details" in s)?.title).toBe(
        link.label,
      );
    }
  });
});

describe("withLinks", () => {
  it("leads the links named to their new place, in every kind of menu item, and leaves the rest", () => {
    const items = menu("full");
    const moved = withLinks(items, { "/team-details/1": "/team-details/3" });
    const hrefs = (list: ReturnType<typeof menu>) =>
      list.flatMap((i) =>
        i.kind === "link"
          ? [i.href]
          : i.kind === "dropdown"
            ? i.links.map((l) => l.href)
            : i.groups.flatMap((g) => g.links.map((l) => l.href)),
      );
    expect(hrefs(items)).toContain("/team-details/1");
    expect(hrefs(moved)).not.toContain("/team-details/1");
    expect(hrefs(moved)).toContain("/team-details/3");
    expect(hrefs(moved).length).toBe(hrefs(items).length);
    expect(hrefs(withLinks(items, {}))).toEqual(hrefs(items));
  });
});
