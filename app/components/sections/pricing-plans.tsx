import { Icon } from "#app/components/ui/icon.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import type { PricingPlan as Plan } from "#app/content-types/pricing-plan/schema.ts";
import { cn } from "#app/lib/cn.ts";

const icons = { code: "code-xml", smartphone: "smartphone", megaphone: "megaphone" } as const;

/** Fewer than three plans (staff unpublished one; the console's preview of one) fill the row. */
const columns = ["", "", "lg:grid-cols-2", "lg:grid-cols-3"] as const;

/** The plan cards (three in the seed; the second is highlighted); prices are agreed after a
 *  consultation, so none are shown. */
export function PricingPlans({ plans, className }: { plans: readonly Plan[]; className?: string }) {
  return (
    <ul className={cn("grid gap-6", columns[Math.min(plans.length, 3)], className)}>
      {plans.map((plan, i) => {
        const featured = i === 1;
        return (
          <li
            key={plan.id}
            className={cn(
              "flex flex-col rounded-[1.75rem] border p-8 transition-transform duration-300 hover:-translate-y-1 sm:p-10",
              featured
                ? "border-transparent bg-brand-800 text-white shadow-card"
                : "border-line bg-surface shadow-card",
            )}
          >
            <span
              className={cn(
                "grid size-14 place-items-center rounded-2xl",
                featured ? "bg-white/15 text-white" : "bg-primary/12 text-primary-ink",
              )}
            >
              <Icon name={icons[plan.icon]} className="size-7" />
            </span>
            <h2 className="mt-6 text-h3">{plan.plan}</h2>
            <p className={cn("mt-3", featured ? "text-white/85" : "text-ink-muted")}>{plan.planInfo}</p>
            <ul className="mt-7 mb-9 grid gap-3">
              {plan.bullets.map((b) => (
                <li key={b} className="flex gap-3">
                  <Icon
                    name="check"
                    className={cn(
                      "mt-0.5 size-5 shrink-0",
                      featured ? "text-amber-accent" : "text-primary-ink",
                    )}
                  />
                  {b}
                </li>
              ))}
            </ul>
            <ButtonLink to={plan.button.href} tone={featured ? "inverse" : "primary"} className="mt-auto">
              {plan.button.label}
              <span className="sr-only"> about {plan.plan}</span>
            </ButtonLink>
          </li>
        );
      })}
    </ul>
  );
}
