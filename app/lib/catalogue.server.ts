// Projects shaped for their pages on the server: links, pictures and only the fields each page
// shows, so the content modules and the media manifest stay out of the browser. (The services:
// app/lib/services-view.server.ts.)
import { projectPath } from "#app/config/catalogue.ts";
import { pictureData } from "#app/lib/media.server.ts";
import { projects } from "#app/content/projects.ts";
import { wrapIndex } from "#app/lib/carousel.ts";

export type Project = (typeof projects)[number];

export function findProject(id: number | undefined): Project | undefined {
  return projects.find((p) => p.id === id);
}

/** The case studies before and after one, wrapping around at both ends. */
export function projectNeighbours(id: number): { previous: Project; next: Project } {
  const i = projects.findIndex((p) => p.id === id);
  return {
    previous: projects[wrapIndex(i - 1, projects.length)]!,
    next: projects[wrapIndex(i + 1, projects.length)]!,
  };
}

export const projectCard = (p: Project) => ({
  id: p.id,
  title: p.title,
  tags: p.tags,
  summary: p.summary,
  thumb: pictureData(p.thumb),
  href: projectPath(p.id),
});
