import { Icon } from "#app/components/ui/icon.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import type { IconName } from "#app/config/icon-names.ts";
import { cn } from "#app/lib/cn.ts";

type Step = { number: string; title: string; text: string; icon: IconName };

type ProcessStepsProps = React.ComponentProps<"section"> & {
  eyebrow: string;
  title: string;
  intro?: string;
  steps: Step[];
  /** cards: How we work (four disciplines); timeline: Our Process (four steps in order). */
  variant?: "cards" | "timeline";
};

/** Four numbered steps, 01 to 04: as cards side by side, or as a connected timeline. */
export function ProcessSteps({
  eyebrow,
  title,
  intro,
  steps,
  variant = "cards",
  className,
  ...props
}: ProcessStepsProps) {
  const timeline = variant === "timeline";
  return (
    <section className={cn("section-y", className)} {...props}>
      <div className="container-page">
        <SectionHeading eyebrow={eyebrow} title={title} intro={intro} align={timeline ? "center" : "start"} />
        <ol
          className={cn(
            "mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4",
            // The line joining the steps on wide screens.
            timeline &&
              "relative gap-y-12 lg:before:absolute lg:before:top-10 lg:before:right-[12.5%] lg:before:left-[12.5%] lg:before:h-0.5 lg:before:bg-linear-to-r lg:before:from-primary/10 lg:before:via-primary/50 lg:before:to-primary/10",
          )}
        >
          {steps.map((step) =>
            timeline ? (
              <li key={step.number} className="relative flex flex-col items-center text-center">
                <span className="relative grid size-20 place-items-center rounded-full border border-line bg-surface text-primary-ink shadow-card">
                  <Icon name={step.icon} className="size-8" />
                  <span className="absolute -top-1 -right-1 grid size-8 place-items-center rounded-full bg-accent text-xs font-extrabold text-on-accent">
                    {step.number}
                  </span>
                </span>
                <h3 className="mt-6 text-lg font-bold">{step.title}</h3>
                <p className="mt-2 max-w-xs text-[0.95rem] text-ink-muted">{step.text}</p>
              </li>
            ) : (
              <li
                key={step.number}
                className="group relative overflow-hidden rounded-card border border-line bg-surface p-8 transition-colors duration-300 hover:border-transparent hover:bg-primary hover:text-on-primary"
              >
                <span className="block text-5xl leading-none font-extrabold tracking-tight text-primary-ink transition-colors group-hover:text-amber-accent">
                  {step.number}
                </span>
                <Icon
                  name={step.icon}
                  className="mt-8 size-9 text-ink-muted transition-colors group-hover:text-white"
                />
                <h3 className="mt-5 text-h3">{step.title}</h3>
                <p className="mt-3 text-[0.95rem] text-ink-muted transition-colors group-hover:text-white/85">
                  {step.text}
                </p>
              </li>
            ),
          )}
        </ol>
      </div>
    </section>
  );
}
