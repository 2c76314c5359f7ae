import { describe, expect, it } from "vitest";
import type { SectionKind } from "#app/lib/home-sections.server.ts";
import { homeLayouts, homePages, homePageText } from "./home-layouts.ts";
import { findPage } from "./pages.ts";

// Every home section the specification of the site lists for the home page.
const specSections: SectionKind[] = [
  "hero",
  "promise",
  "services-teaser",
  "about-block",
  "how-we-work",
  "projects-teaser",
  "digital-banner",
  "achievements",
  "why-choose-us",
  "our-process",
  "team-teaser",
  "testimonials",
  "faq-meters",
  "brand-strip",
  // Not in the spec's list, but on the original site's home page.
  "blog-teaser",
];

describe("home layouts", () => {
  it("shows every home section of the spec on /", () => {
    const home = homePages.find((p) => p.path === "/")!;
    const kinds: SectionKind[] = homeLayouts[home.layout].map((s) => s.kind);
    expect(kinds.filter((k) => !specSections.includes(k))).toEqual([]);
    expect(specSections.filter((k) => !kinds.includes(k))).toEqual([]);
  });

  it("starts every layout with the hero and never repeats a section", () => {
    for (const sections of Object.values(homeLayouts)) {
      expect(sections[0]?.kind).toBe("hero");
      const kinds = sections.map((s: { kind: string }) => s.kind);
      expect(new Set(kinds).size).toBe(kinds.length);
    }
  });

  it("has eight pages: four layouts, each light and dark, all registered", () => {
    expect(homePages).toHaveLength(8);
    for (const layout of Object.keys(homeLayouts)) {
      expect(
        homePages
          .filter((p) => p.layout === layout)
          .map((p) => p.dark)
          .sort(),
      ).toEqual([false, true]);
    }
    for (const page of homePages) {
      expect(findPage(page.path), page.path).toMatchObject({ kind: "home", ...homePageText[page.id] });
      expect(Boolean(findPage(page.path)?.dark)).toBe(page.dark);
    }
    expect(new Set(homePages.map((p) => p.id)).size).toBe(8);
  });
});
