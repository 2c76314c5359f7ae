import { Icon } from "#app/components/ui/icon.tsx";
import { Counter } from "#app/components/ui/counter.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import type { IconName } from "#app/config/icon-names.ts";
import { cn } from "#app/lib/cn.ts";

type AchievementsProps = React.ComponentProps<"section"> & {
  eyebrow: string;
  title: string;
  duration: number;
  items: ReadonlyArray<{
    id: string;
    end: number;
    suffix: string;
    label: string;
    text: string;
    icon: IconName;
  }>;
};

/** Columns from the medium width on, by how many counters staff published: the seed's three make
 *  one row, two or four make rows of two, more make rows of three on large screens. */
const columns = (count: number) =>
  count === 3
    ? "md:grid-cols-3"
    : count > 4
      ? "md:grid-cols-2 lg:grid-cols-3"
      : count > 1
        ? "md:grid-cols-2"
        : "";

/** Achievement counters (500 professionals, 20 projects, 15 clients) that count up once in view. */
export function Achievements({ eyebrow, title, duration, items, className, ...props }: AchievementsProps) {
  return (
    <section className={cn("section-y", className)} {...props}>
      <div className="container-page">
        <SectionHeading eyebrow={eyebrow} title={title} align="center" />
        <AchievementCounters items={items} duration={duration} className="mt-14" />
      </div>
    </section>
  );
}

/** The counters' panel (the section's; the console's preview of one counter). Each counter draws
 *  a line above it and on its left, pulled a pixel over the panel's edge or its neighbour's: the
 *  panel clips those of the first row and column, so lines fall between counters however many
 *  rows they make. */
export function AchievementCounters({
  items,
  duration,
  className,
}: Pick<AchievementsProps, "items" | "className"> & { duration?: number }) {
  return (
    <dl
      className={cn(
        "grid overflow-hidden rounded-[1.75rem] bg-linear-to-br from-brand-700 to-brand-900 text-white shadow-card",
        columns(items.length),
        className,
      )}
    >
      {items.map((item) => (
        <div
          key={item.id}
          className="relative -mt-px -ml-px flex flex-col border-t border-l border-white/12 p-9 lg:p-12"
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
  );
}
