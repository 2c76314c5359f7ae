import { describe, expect, it } from "vitest";
import { homePages } from "#app/config/home-layouts.ts";
import { blogSources } from "#app/content/blog-posts.server.ts";
import { home } from "#app/content/home.ts";
import { counterType } from "#app/content-types/counter/type.ts";
import { faqType } from "#app/content-types/faq/type.ts";
import { pricingType } from "#app/content-types/pricing-plan/type.ts";
import { serviceType } from "#app/content-types/service/type.ts";
import { projectType } from "#app/content-types/project/type.ts";
import { teamType } from "#app/content-types/team/type.ts";
import { testimonialType } from "#app/content-types/testimonial/type.ts";
import { blogFrom } from "./blog.server.ts";
import {
  homeSections as sectionsOf,
  sectionRegistry,
  sectionSurfaces,
  type SectionProps,
} from "./home-sections.server.ts";

// The seed's posts, as a fresh site publishes them.
const blog = blogFrom(blogSources());
const seeded = {
  blog: () => blog,
  faqs: () => faqType.seed,
  testimonials: () => testimonialType.seed,
  pricing: () => pricingType.seed,
  counters: () => counterType.seed,
  team: () => teamType.seed,
  services: () => serviceType.seed,
  projects: () => projectType.seed,
};
const homeSections = (path: string) => sectionsOf(path, seeded);

describe("sectionSurfaces", () => {
  it("alternates plain sections and restarts after a section with its own background", () => {
    expect(
      sectionSurfaces(["hero", "promise", "services-teaser", "about-block", "digital-banner", "team-teaser"]),
    ).toEqual(["own", "canvas", "alt", "canvas", "own", "canvas"]);
  });
});

describe("homeSections", () => {
  it("gives each section of a layout its options and its content", () => {
    const sections = homeSections("/home-3")!;
    const hero = sections.find((s) => s.kind === "hero")!;
    expect(hero.props).toMatchObject({ align: "start", overlapped: true, slides: expect.any(Array) });
    const projects = sections.find((s) => s.kind === "projects-teaser")!;
    // The rail layout shows six case studies, the others three.
    expect(projects.props).toMatchObject({ layout: "rail", items: expect.any(Array) });
    expect((projects.props as { items: unknown[] }).items).toHaveLength(6);
  });

  it("resolves pictures on the server: the page gets sources, not names", () => {
    const about = homeSections("/")!.find((s) => s.kind === "about-block")!;
    const [first] = (about.props as { images: Array<{ src: string; sources: unknown[] }> }).images;
    expect(first!.src).toMatch(/^\/img\//);
    expect(first!.sources.length).toBeGreaterThan(0);
  });

  it("knows every home page and no other path", () => {
    for (const page of homePages) expect(homeSections(page.path), page.path).toBeDefined();
    expect(homeSections("/about-us")).toBeUndefined();
  });

  it("uses every kind of the registry on some home page", () => {
    const used = new Set(homePages.flatMap((p) => homeSections(p.path)!.map((s) => s.kind)));
    expect(Object.keys(sectionRegistry).filter((k) => !used.has(k as never))).toEqual([]);
  });

  it("leaves out a section staff left without items, its neighbours' backgrounds still alternating", () => {
    const full = homeSections("/home-3")!;
    const without = sectionsOf("/home-3", { ...seeded, testimonials: () => [], pricing: () => [] })!;
    expect(without.map((s) => s.kind)).toEqual(
      full.map((s) => s.kind).filter((k) => k !== "testimonials" && k !== "pricing"),
    );
    expect(without.map((s) => s.surface)).toEqual(sectionSurfaces(without.map((s) => s.kind)));
  });

  it("shows the plans and testimonials published, however many, and leaves out a portrait it cannot draw", () => {
    const [first, second] = testimonialType.seed;
    const sections = sectionsOf("/home-3", {
      ...seeded,
      testimonials: () => [first!, { ...second!, portrait: "testimonial-nobody" }],
      pricing: () => [...pricingType.seed, { ...pricingType.seed[0]!, id: "a-fourth-plan" }],
    })!;
    const props = <K extends "testimonials" | "pricing">(kind: K) =>
      sections.find((s) => s.kind === kind)!.props as SectionProps<K>;
    expect(props("testimonials").items.map((t) => t.id)).toEqual([first!.id]);
    expect(props("pricing").plans).toHaveLength(4);
  });

  it("shows the counters published, in their order, however many, and leaves the section out without one", () => {
    const [first, second] = counterType.seed;
    const fourth = { ...first!, id: "cities", end: 4, label: "Cities with an office" };
    const shown = sectionsOf("/business", { ...seeded, counters: () => [second!, first!, fourth] })!;
    const achievements = shown.find((s) => s.kind === "achievements")!.props as SectionProps<"achievements">;
    expect(achievements.items.map((c) => c.id)).toEqual([second!.id, first!.id, "cities"]);
    // The section's heading stays the module's.
    expect(achievements).toMatchObject({
      title: home.achievements.title,
      duration: home.achievements.duration,
    });
    const without = sectionsOf("/business", { ...seeded, counters: () => [] })!;
    expect(without.map((s) => s.kind)).toEqual(
      homeSections("/business")!
        .map((s) => s.kind)
        .filter((k) => k !== "achievements"),
    );
    expect(without.map((s) => s.surface)).toEqual(sectionSurfaces(without.map((s) => s.kind)));
  });

  it("shows the first three members published and shown, and leaves the teaser out without one", () => {
    const [first, second, third, fourth] = teamType.seed;
    const shown = sectionsOf("/", { ...seeded, team: () => [fourth!, second!, first!, third!] })!;
    const teaser = shown.find((s) => s.kind === "team-teaser")!.props as SectionProps<"team-teaser">;
    expect(teaser.members.map((m) => m.id)).toEqual([fourth!.id, second!.id, first!.id]);
    const without = sectionsOf("/", { ...seeded, team: () => [] })!;
    expect(without.map((s) => s.kind)).toEqual(
      homeSections("/")!
        .map((s) => s.kind)
        .filter((k) => k !== "team-teaser"),
    );
  });

  it("shows the first projects published in their order (six on the rail), and leaves the teaser out without one", () => {
    const [first, second, third, fourth] = projectType.seed;
    const shown = sectionsOf("/", { ...seeded, projects: () => [fourth!, second!, first!, third!] })!;
    const teaser = shown.find((s) => s.kind === "projects-teaser")!.props as SectionProps<"projects-teaser">;
    expect(teaser.items.map((p) => p.id)).toEqual([fourth!.id, second!.id, first!.id]);
    expect(teaser.items[0]!.href).toBe(`/project-details/${fourth!.id}`);
    const without = sectionsOf("/", { ...seeded, projects: () => [] })!;
    expect(without.map((s) => s.kind)).toEqual(
      homeSections("/")!
        .map((s) => s.kind)
        .filter((k) => k !== "projects-teaser"),
    );
  });
});
