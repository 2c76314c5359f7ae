// The case studies: the three galleries, each project's /project-details/{id}, the home pages'
// teasers, the sitemap and the search (./view.server.ts).
import { homePathsWith } from "#app/config/home-layouts.ts";
import { choices, contentType, manifestNames } from "../define.ts";
import { projectItem, projectSubtitles, type Project } from "./schema.ts";
import { projects } from "./seed.ts";

/** The pictures a project may show, of the media manifest: the cards' (4:3, "project-01-thumb")
 *  and the pages' (16:9, "project-01-full"), each named by the seeded project that shows it. */
const projectPictures = (suffix: "thumb" | "full") =>
  manifestNames()
    .filter((name) => /^project-\d+-/.test(name) && name.endsWith(`-${suffix}`))
    .sort()
    .map((value) => {
      const seeded = projects.find((p) => (suffix === "thumb" ? p.thumb : p.thumbFull) === value);
      const number = value.split("-")[1];
      return { value, label: seeded ? `${number}: ${seeded.title}` : number! };
    });
export const projectThumbs = projectPictures("thumb");
export const projectFullPictures = projectPictures("full");

export const projectType = contentType<Project>({
  name: "project",
  item: projectItem,
  key: (p) => String(p.id),
  seed: projects,
  label: "Projects",
  itemLabel: "project",
  title: (p) => `${p.title} (${p.date})`,
  numbered: true,
  dated: (p) => p.date,
  fields: [
    {
      name: "title",
      label: "Title",
      kind: "line",
      hint: "The project's name, as its card and page show it.",
    },
    {
      name: "summary",
      label: "Summary",
      kind: "text",
      hint: "One or two sentences on what was done and what changed: the card's text and the page's introduction.",
    },
    {
      name: "tags",
      label: "Tags",
      kind: "rows",
      rowLabel: "tag",
      values: true,
      hint: "One or two of the five, each once. The first is the card's subtitle.",
      fields: [{ name: "tag", label: "Tag", kind: "choice", options: choices(projectSubtitles) }],
    },
    { name: "client", label: "Client", kind: "line", hint: "Who it was for: HealthLine Clinics." },
    {
      name: "projectType",
      label: "Project type",
      kind: "line",
      hint: "What it was, in a few words: Telemedicine web app.",
    },
    {
      name: "date",
      label: "Date",
      kind: "line",
      hint: "The month it was delivered, as year-month: 2025-03. The lists may be sorted by it.",
    },
    { name: "address", label: "Address", kind: "line", hint: "Where the client is: Wuse II, Abuja." },
    {
      name: "challenge",
      label: "The challenge",
      kind: "paragraphs",
      hint: "What was wrong: one paragraph or more, with an empty line between two.",
    },
    {
      name: "approach",
      label: "Our approach",
      kind: "paragraphs",
      hint: "What we did: one paragraph or more, with an empty line between two.",
    },
    {
      name: "result",
      label: "The result",
      kind: "paragraphs",
      hint: "What changed, in the client's numbers: one paragraph or more.",
    },
    {
      name: "thumb",
      label: "Card picture",
      kind: "choice",
      options: projectThumbs,
      frame: "card",
      hint: "Shown on the galleries and the home pages, 4:3: one of ours, or one uploaded above, cropped to 4:3.",
    },
    {
      name: "thumbFull",
      label: "Page picture",
      kind: "choice",
      options: projectFullPictures,
      frame: "wide",
      hint: "The wide picture at the top of its page, 16:9: one of ours, or one uploaded above, cropped to 16:9.",
    },
  ],
  pages: [
    "/project-2-column",
    "/project-3-column",
    "/project-carousel",
    ...homePathsWith("projects-teaser", { light: true }),
  ],
  shown: { field: "title" },
});
