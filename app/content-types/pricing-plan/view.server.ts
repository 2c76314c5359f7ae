// What the pages read of the type: its published items as they are (the pages show every field).
import type { RouterContextProvider } from "react-router";
import { contentOf } from "#app/lib/content.server.ts";
import type { PricingPlan } from "./schema.ts";
import { pricingType } from "./type.ts";

/** The plans published now, in their order: the pricing page and the home pages' pricing section. */
export function plansOf(context: Readonly<RouterContextProvider>): readonly PricingPlan[] {
  return contentOf(context, pricingType);
}
