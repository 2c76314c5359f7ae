import { PricingPlans } from "#app/components/sections/pricing-plans.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { cn } from "#app/lib/cn.ts";

type PricingBlockProps = React.ComponentProps<"section"> & {
  eyebrow: string;
  title: string;
  intro?: string;
  plans: React.ComponentProps<typeof PricingPlans>["plans"];
};

/** The three plan cards of /pricing, under a section heading. */
export function PricingBlock({ eyebrow, title, intro, plans, className, ...props }: PricingBlockProps) {
  return (
    <section className={cn("section-y", className)} {...props}>
      <div className="container-page">
        <SectionHeading eyebrow={eyebrow} title={title} intro={intro} align="center" />
        <PricingPlans plans={plans} className="mt-14" />
      </div>
    </section>
  );
}
