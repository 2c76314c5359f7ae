// One schema per content collection. Content modules are checked against these types at
// compile time (`satisfies`) and parsed by app/content/content.test.ts; zod stays out of
// the browser bundle because pages import the data, not this file.
import { z } from "zod";

const id = z.string().regex(/^[a-z0-9-]+$/, "ids are kebab-case");
const sentence = z.string().min(20);

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

export const pricingSchema = z
  .array(
    z.object({
      id,
      plan: z.string().min(3),
      planInfo: sentence,
      bullets: z.array(z.string().min(5)).length(3),
      button: z.object({ label: z.string(), href: z.string().startsWith("/") }),
      icon: z.enum(["code", "smartphone", "megaphone"]),
    }),
  )
  .length(3);
export type PricingInput = z.input<typeof pricingSchema>;

export const aboutSchema = z.object({
  intro: z.array(sentence).min(1),
  background: z.array(sentence).min(1),
  mission: sentence,
  vision: sentence,
  values: z.array(z.object({ title: z.string(), text: sentence })).min(3),
  milestones: z.array(z.object({ year: z.number().int(), text: sentence })).min(3),
});
export type AboutInput = z.input<typeof aboutSchema>;
