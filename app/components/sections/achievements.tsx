import { Icon } from "#app/components/ui/icon.tsx";
import { Counter } from "#app/components/ui/counter.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import type { IconName } from "#app/config/icon-names.ts";
import { cn } from "#app/lib/cn.ts";

type AchievementsProps = React.ComponentProps<"section"> & {
  eyebrow: string;
  title: string;
  duration: number;
  items: Array<{ end: number; suffix: string; label: string; text: string; icon: IconName }>;
};

/** Achievement counters (500 professionals, 20 projects, 15 clients) that count up once in view. */
export function Achievements({ eyebrow, title, duration, items, className, ...props }: AchievementsProps) {
  return (
    <section className={cn("section-y", className)} {...props}>
      <div className="container-page">
        <SectionHeading eyebrow={eyebrow} title={title} align="center" />
        <dl className="mt-14 grid overflow-hidden rounded-[1.75rem] bg-linear-to-br from-brand-700 to-brand-900 text-white shadow-card md:grid-cols-3">
          {items.map((item) => (
            <div
              key={item.label}
              className="relative flex flex-col p-9 not-last:border-b not-last:border-white/12 md:not-last:border-r md:not-last:border-b-0 lg:p-12"
            >
              <Icon name={item.icon} className="size-9 text-amber-accent" />
              <dt className="order-last mt-2 text-lg font-bold">{item.label}</dt>
              <dd className="mt-6 text-[clamp(3rem,2rem+3vw,4.5rem)] leading-none font-extrabold tracking-tight">
                <Counter end={item.end} suffix={item.suffix} duration={duration} />
              </dd>
              <dd className="order-last mt-2 text-white/80">{item.text}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
