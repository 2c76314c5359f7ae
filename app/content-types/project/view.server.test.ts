import { describe, expect, it } from "vitest";
import { projectType } from "./type.ts";
import {
  findProject,
  galleryDescription,
  projectCard,
  projectCount,
  projectNeighbours,
  shownProjects,
} from "./view.server.ts";

const seed = projectType.seed;

describe("the case studies as the pages show them", () => {
  it("wraps around at both ends, in the list's order", () => {
    expect(projectNeighbours(seed, 1)).toMatchObject({ previous: { id: 6 }, next: { id: 2 } });
    expect(projectNeighbours(seed, 6)).toMatchObject({ previous: { id: 5 }, next: { id: 1 } });
    const moved = [seed[3]!, seed[0]!, seed[1]!];
    expect(projectNeighbours(moved, 1)).toMatchObject({ previous: { id: 4 }, next: { id: 2 } });
  });

  it("has no neighbours alone, and finds only the projects it is given", () => {
    expect(projectNeighbours([seed[1]!], 2)).toBeUndefined();
    expect(projectNeighbours(seed, 7)).toBeUndefined();
    expect(findProject(seed, 7)).toBeUndefined();
    expect(findProject(seed.slice(1), 1)).toBeUndefined();
    expect(findProject(seed, 2)?.title).toBe("HealthLine Abuja");
  });

  it("leaves out a project whose picture the site cannot draw", () => {
    const broken = { ...seed[0]!, thumb: "project-99-thumb" };
    expect(shownProjects([broken, seed[1]!]).map((p) => p.id)).toEqual([2]);
  });

  it("links a card to its page by its number, with its picture resolved", () => {
    expect(projectCard(seed[2]!)).toMatchObject({
      id: 3,
      href: "/project-details/3",
      tags: ["Marketing", "Promotion"],
      thumb: { src: "/img/project-03-thumb-640.jpg", width: 960, height: 720 },
    });
  });

  it("counts the projects in words for the galleries' introduction", () => {
    expect(projectCount(6)).toBe("Six projects");
    expect(projectCount(1)).toBe("One project");
    expect(projectCount(0)).toBe("No projects");
    expect(projectCount(12)).toBe("12 projects");
  });

  it("describes the three-column gallery by what is published: the count and the kinds, in order", () => {
    const seeded = projectType.seed.map((p) => ({ tags: p.tags }));
    expect(galleryDescription(seeded, "none")).toBe(
      "Six TechSpark case studies at a glance, three to a row: development, digital, marketing, promotion and research projects across Abuja and Nigeria.",
    );
    expect(galleryDescription([{ tags: ["Research"] }], "none")).toBe(
      "One TechSpark case study at a glance, three to a row: research projects across Abuja and Nigeria.",
    );
    expect(galleryDescription(Array(12).fill({ tags: ["Marketing", "Digital"] }), "none")).toMatch(
      /^12 TechSpark case studies at a glance, three to a row: digital and marketing projects/,
    );
    expect(galleryDescription([], "none")).toBe("none");
  });
});
