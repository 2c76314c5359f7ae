// The plans: the pricing page and the home pages' pricing section.
import { homePathsWith } from "#app/config/home-layouts.ts";
import { contentType } from "../define.ts";
import { pricingSchema, type PricingPlan } from "./schema.ts";
import { pricingPlans } from "./seed.ts";

export const pricingType = contentType<PricingPlan>({
  name: "pricing-plan",
  item: pricingSchema.element,
  key: (p) => p.id,
  seed: pricingPlans,
  seedSchema: pricingSchema,
  label: "Pricing plans",
  itemLabel: "plan",
  title: (p) => p.plan,
  fields: [
    {
      name: "plan",
      label: "Plan name",
      kind: "line",
      hint: "The card's heading. The second plan of the list is the highlighted one.",
    },
    {
      name: "planInfo",
      label: "Summary",
      kind: "text",
      hint: "One or two sentences under the name: what the client gets.",
    },
    {
      name: "bullets",
      label: "What is included",
      kind: "lines",
      hint: "Exactly three points, one a line, each with a tick on the card.",
    },
    {
      name: "button.label",
      label: "Button text",
      kind: "line",
      hint: "For example: Learn More. Screen readers hear the plan's name after it.",
    },
    {
      name: "button.href",
      label: "Button link",
      kind: "line",
      hint: "A page of this site, starting with /: /contact-us.",
    },
    {
      name: "icon",
      label: "Icon",
      kind: "choice",
      options: [
        { value: "code", label: "Code (websites)" },
        { value: "smartphone", label: "Phone (apps)" },
        { value: "megaphone", label: "Megaphone (marketing)" },
      ],
      hint: "The picture at the top of the card.",
    },
    { name: "id", label: "Short name", kind: "key", hint: "Lower-case letters, digits and dashes." },
  ],
  pages: ["/pricing", ...homePathsWith("pricing", { light: true })],
  shown: { field: "plan" },
});
