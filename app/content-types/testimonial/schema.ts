// What a client says (the content type "testimonial", ./type.ts), and the seed's three.
import { z } from "zod";
import { isoDay, mediaName, sentence, title, id } from "#app/content/schemas.ts";

/** Who agreed to their words and name being shown on the site, and on which day (the issue's
 *  "consent noted"). Optional: the seeded quotes predate the note. */
const consent = z.object({ by: z.string().min(3), date: isoDay });
type ConsentInput = z.input<typeof consent>;
/** The console's form sends both fields empty for a testimonial without a note: that is none. */
const noConsentIfEmpty = (v: ConsentInput | undefined) =>
  v && `${String(v.by ?? "")}${String(v.date ?? "")}`.trim() === "" ? undefined : v;

export const testimonialSchema = z
  .array(
    z.object({
      id,
      quote: sentence,
      name: title,
      designation: title,
      portrait: mediaName,
      consent: z.preprocess(noConsentIfEmpty, consent.optional()).optional(),
    }),
  )
  .length(3);
export type TestimonialInput = z.input<typeof testimonialSchema>;
export type Testimonial = z.output<typeof testimonialSchema.element>;
