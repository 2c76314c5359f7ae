// A plan as the pricing page shows its card.
import type { PreviewProps } from "#app/components/admin/content-preview.tsx";
import { PricingPlans } from "#app/components/sections/pricing-plans.tsx";
import type { PricingPlan } from "./schema.ts";

export default function PricingPlanPreview({ item }: PreviewProps<PricingPlan>) {
  return <PricingPlans plans={[item]} />;
}
