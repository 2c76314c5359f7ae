// The case studies as the pages show them, assembled on the server: the published projects (edited
// in the console: the content type "project", ./type.ts), in the console list's
// order, pictures resolved from the media manifest and only the fields each page shows. An
// unpublished or deleted project is on no gallery, teaser, neighbour link, sitemap or search, and
// its /project-details/{id} answers 404.
import type { RouterContextProvider } from "react-router";
import { projectType } from "./type.ts";
import type { Project } from "./schema.ts";
import { projectPath } from "#app/config/catalogue.ts";
import { contentOf } from "#app/lib/content.server.ts";
import { pictureData, pictureKnown } from "#app/lib/media.server.ts";
import { wrapIndex } from "#app/lib/carousel.ts";

export type { Project };

/** The projects the site shows of these, in their order: with pictures the site can draw (one
 *  the manifest lacks, an item imported by hand, leaves the project out rather than failing every
 *  page that lists it). */
export function shownProjects(projects: readonly Project[]): Project[] {
  return projects.filter((p) => pictureKnown(p.thumb) && pictureKnown(p.thumbFull));
}

/** The projects the site shows now. */
export function projectsOf(context: Readonly<RouterContextProvider>): Project[] {
  return shownProjects(contentOf(context, projectType));
}

export function findProject(projects: readonly Project[], id: number | undefined): Project | undefined {
  return projects.find((p) => p.id === id);
}

/** The case studies before and after one, wrapping around at both ends; none when it is the only
 *  one (a link to its own page would lead nowhere new). */
export function projectNeighbours(
  projects: readonly Project[],
  id: number,
): { previous: Project; next: Project } | undefined {
  const i = projects.findIndex((p) => p.id === id);
  if (i === -1 || projects.length < 2) return undefined;
  return {
    previous: projects[wrapIndex(i - 1, projects.length)]!,
    next: projects[wrapIndex(i + 1, projects.length)]!,
  };
}

/** A project's card in a gallery or a teaser. */
export const projectCard = (p: Project) => ({
  id: p.id,
  title: p.title,
  tags: p.tags,
  summary: p.summary,
  thumb: pictureData(p.thumb),
  href: projectPath(p.id),
});

const numberWords = ["No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"];

/** "Six projects", "One project", "12 projects": the galleries' introduction counts them. */
export const projectCount = (n: number) => `${numberWords[n] ?? String(n)} project${n === 1 ? "" : "s"}`;

/** The three-column gallery's description, naming what is published ("Six TechSpark case studies
 *  at a glance, three to a row: development, digital, marketing, promotion and research projects
 *  across Abuja and Nigeria."): a fixed sentence would go on saying "six" after a seventh. */
export function galleryDescription(projects: readonly Pick<Project, "tags">[], fallback: string): string {
  const n = projects.length;
  if (n === 0) return fallback;
  const tags = [...new Set(projects.flatMap((p) => p.tags))].sort().map((t) => t.toLowerCase());
  const kinds = tags.length > 1 ? `${tags.slice(0, -1).join(", ")} and ${tags.at(-1)}` : tags[0]!;
  const count = n < numberWords.length ? numberWords[n]! : String(n);
  return `${count} TechSpark case stud${n === 1 ? "y" : "ies"} at a glance, three to a row: ${kinds} projects across Abuja and Nigeria.`;
}
