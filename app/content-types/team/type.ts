// The team: /team, /team-2, /team-3, each member's /team-details/{id}, the home pages' and
// /about-us's teaser, the posts' authors (./view.server.ts).
import { homePathsWith } from "#app/config/home-layouts.ts";
import { socialLabels } from "#app/content/schemas.ts";
import { choices, contentType, portraitsOf } from "../define.ts";
import { teamMember, teamQualifications, teamSkills, type TeamMember } from "./schema.ts";
import { team } from "./seed.ts";

/** The portraits a member may show: the media manifest's team pictures ("team-amina-bello"), made
 *  to the portrait frame (4:5) by scripts/build-images.ts. */
export const teamPortraits = portraitsOf("team-");

export const teamType = contentType<TeamMember>({
  name: "team",
  item: teamMember,
  key: (m) => String(m.id),
  seed: team,
  label: "Team",
  itemLabel: "member",
  title: (m) => (m.hidden ? `${m.name} (left: hidden)` : `${m.name}, ${m.profession}`),
  numbered: true,
  // A post names its author by name (the Markdown's `author:`): a rename is carried to the posts
  // (server/posts/authors.ts).
  cascades: [{ hook: "post-authors", value: (m) => m.name }],
  unique: {
    field: "name",
    of: (m) => m.name,
    message:
      "Another member of the team has this name, and posts name their author by it: add what tells them apart (a middle name or an initial).",
  },
  fields: [
    { name: "name", label: "Name", kind: "line", hint: "As the team pages and their posts show it." },
    { name: "profession", label: "Role", kind: "line", hint: "Their title here: Engineering Tech Lead." },
    {
      name: "bio",
      label: "Biography",
      kind: "paragraphs",
      hint: "One paragraph or more, with an empty line between two. The first is also the card's summary and the note under their posts.",
    },
    {
      name: "projectCount",
      label: "Projects led",
      kind: "number",
      hint: "A whole number, 0 or more: their card and page show it.",
    },
    { name: "email", label: "E-mail address", kind: "line", hint: "Their own, shown as a link." },
    {
      name: "phone",
      label: "Phone number",
      kind: "line",
      hint: "As people dial it from abroad: +234 803 555 0101. The call link is made from it.",
    },
    {
      name: "portrait",
      label: "Portrait",
      kind: "choice",
      options: teamPortraits,
      frame: "portrait",
      hint: "Their photo: one of the team's photos, or one uploaded above, shown in the portrait frame (taller than wide).",
    },
    {
      name: "socials",
      label: "Social links",
      kind: "rows",
      rowLabel: "profile",
      hint: "One to four of their own profiles.",
      fields: [
        { name: "label", label: "Network", kind: "choice", options: choices(socialLabels) },
        { name: "href", label: "Profile address", kind: "line", hint: "Starting with https://." },
      ],
    },
    {
      name: "qualifications",
      label: "Qualifications",
      kind: "rows",
      rowLabel: "qualification",
      hint: "The three titles, each once, with a sentence on what it means for them.",
      fields: [
        { name: "title", label: "Title", kind: "choice", options: choices(teamQualifications) },
        { name: "text", label: "What it means for them", kind: "text", hint: "20 characters or more." },
      ],
    },
    {
      name: "skills",
      label: "Skills",
      kind: "rows",
      rowLabel: "skill",
      hint: "The three skills, each once, with a level from 1 to 100 (the bar's length in percent).",
      fields: [
        { name: "label", label: "Skill", kind: "choice", options: choices(teamSkills) },
        { name: "value", label: "Level", kind: "number", hint: "1 to 100." },
      ],
    },
    {
      name: "hidden",
      label: "Left the agency",
      kind: "checkbox",
      hint: "Hidden from the team pages; their posts keep their name.",
    },
  ],
  pages: ["/team", "/team-2", "/team-3", "/about-us", ...homePathsWith("team-teaser", { light: true })],
  // /team shows the first six.
  shown: { field: "profession", every: "/team-2" },
});
