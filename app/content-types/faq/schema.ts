// One question and its answer (the content type "faq", ./type.ts), and the seed's list.
import { z } from "zod";
import { id, sentence } from "#app/content/schemas.ts";

export const faqSchema = z.array(
  z.object({
    id,
    question: z.string().min(8).endsWith("?"),
    answer: z.array(sentence).min(1),
    /** Shown in the home page FAQ block. */
    featured: z.boolean().optional(),
  }),
);
export type FaqInput = z.input<typeof faqSchema>;
export type Faq = z.output<typeof faqSchema.element>;
