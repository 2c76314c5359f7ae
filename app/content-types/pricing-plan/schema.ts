// One of the pricing plans (the content type "pricing-plan", ./type.ts), and the seed's three.
import { z } from "zod";
import { id, sentence } from "#app/content/schemas.ts";

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
export type PricingPlan = z.output<typeof pricingSchema.element>;
