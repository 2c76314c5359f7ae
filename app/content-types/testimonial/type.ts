// What clients say: the home pages' testimonials carousel.
import { homePathsWith } from "#app/config/home-layouts.ts";
import { contentType, portraitsOf } from "../define.ts";
import { testimonialSchema, type Testimonial } from "./schema.ts";
import { testimonials } from "./seed.ts";

/** The portraits a testimonial may show: the media manifest's testimonial pictures. */
export const testimonialPortraits = portraitsOf("testimonial-");

export const testimonialType = contentType<Testimonial>({
  name: "testimonial",
  item: testimonialSchema.element,
  key: (t) => t.id,
  seed: testimonials,
  seedSchema: testimonialSchema,
  label: "Testimonials",
  itemLabel: "testimonial",
  title: (t) => t.name,
  fields: [
    {
      name: "quote",
      label: "Quote",
      kind: "text",
      hint: "The client's own words, without quotation marks: the site adds them.",
    },
    { name: "name", label: "Client's name", kind: "line", hint: "As they want it shown." },
    {
      name: "designation",
      label: "Role and company",
      kind: "line",
      hint: "For example: Operations Director, Zuma Logistics.",
    },
    {
      name: "portrait",
      label: "Portrait",
      kind: "choice",
      options: testimonialPortraits,
      hint: "The photo shown beside the name.",
    },
    {
      name: "consent.by",
      label: "Consent given by",
      kind: "line",
      optional: true,
      hint: "Who agreed to this quote and their name on the site, and how: Ngozi Eze, by e-mail.",
    },
    {
      name: "consent.date",
      label: "Consent given on",
      kind: "line",
      optional: true,
      hint: "The day they agreed, as year-month-day: 2026-03-14.",
    },
    { name: "id", label: "Short name", kind: "key", hint: "Lower-case letters, digits and dashes." },
  ],
  pages: homePathsWith("testimonials", { light: true }),
  shown: { field: "quote" },
});
