// The achievement counters: About and the home pages with the achievements section.
import { homePathsWith } from "#app/config/home-layouts.ts";
import { contentType, iconChoices } from "../define.ts";
import { achievementItem, achievementSchema, type AchievementCounter } from "./schema.ts";
import { achievements } from "./seed.ts";

export const counterType = contentType<AchievementCounter>({
  name: "counter",
  item: achievementItem,
  key: (c) => c.id,
  seed: achievements,
  seedSchema: achievementSchema,
  label: "Achievement counters",
  itemLabel: "counter",
  title: (c) => `${c.end}${c.suffix} ${c.label}`,
  fields: [
    {
      name: "end",
      label: "Number",
      kind: "number",
      hint: "The figure it counts up to: a whole number, with what follows it five characters at most (1200+).",
    },
    {
      name: "suffix",
      label: "After the number",
      kind: "line",
      optional: true,
      hint: "Shown right after it, as the + of 500+ or the K+ of 15K+. Leave it empty for none.",
    },
    { name: "label", label: "What it counts", kind: "line", hint: "Under the number: Happy clients." },
    {
      name: "text",
      label: "Sentence",
      kind: "text",
      hint: "One sentence under that, of 20 characters or more: what the number means.",
    },
    {
      name: "icon",
      label: "Icon",
      kind: "choice",
      options: iconChoices,
      hint: "The picture above the number.",
    },
    { name: "id", label: "Short name", kind: "key", hint: "Lower-case letters, digits and dashes." },
  ],
  pages: ["/about-us", ...homePathsWith("achievements", { light: true })],
  shown: { field: "label" },
});
