import { Icon } from "#app/components/ui/icon.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import type { IconName } from "#app/config/icon-names.ts";
import { cn } from "#app/lib/cn.ts";

type OurPromiseProps = React.ComponentProps<"section"> & {
  eyebrow: string;
  title: string;
  items: Array<{ title: string; text: string; icon: IconName }>;
  /** cards: a section of its own; band: a compact strip that overlaps the hero above it. */
  layout?: "cards" | "band";
};

/** Our Promise: Quality & Reliability, Expert Team, Holistic Support. */
export function OurPromise({
  eyebrow,
  title,
  items,
  layout = "cards",
  className,
  ...props
}: OurPromiseProps) {
  if (layout === "band") {
    return (
      <section aria-labelledby="promise-title" className={cn("pb-16 sm:pb-24", className)} {...props}>
        <div className="relative z-10 container-page -mt-12 sm:-mt-16">
          <h2 id="promise-title" className="sr-only">
            {eyebrow}: {title}
          </h2>
          <ul className="grid overflow-hidden rounded-[1.75rem] border border-line bg-surface shadow-card md:grid-cols-3">
            {items.map((item) => (
              <li
                key={item.title}
                className="flex gap-5 border-line p-7 not-last:border-b md:not-last:border-r md:not-last:border-b-0 lg:p-9"
              >
                <span className="grid size-14 shrink-0 place-items-center rounded-2xl bg-primary/12 text-primary-ink">
                  <Icon name={item.icon} className="size-7" />
                </span>
                <div>
                  <h3 className="text-lg font-bold">{item.title}</h3>
                  <p className="mt-2 text-[0.95rem] text-ink-muted">{item.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>
    );
  }
  return (
    <section className={cn("section-y", className)} {...props}>
      <div className="container-page">
        <SectionHeading eyebrow={eyebrow} title={title} align="center" />
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {items.map((item, i) => (
            <li
              key={item.title}
              // The big faint number is decoration drawn by CSS (content: attr()), not text.
              data-number={String(i + 1).padStart(2, "0")}
              className="group relative overflow-hidden rounded-card border border-line bg-surface p-8 shadow-card transition-[translate,border-color] duration-300 ease-out-soft before:absolute before:-top-4 before:right-5 before:text-[6.5rem] before:leading-none before:font-extrabold before:text-primary/8 before:content-[attr(data-number)] hover:-translate-y-1 hover:border-primary/40 lg:p-10"
            >
              <span className="relative grid size-16 place-items-center rounded-2xl bg-linear-to-br from-brand-500 to-brand-800 text-white shadow-[0_12px_24px_-12px] shadow-brand-700">
                <Icon name={item.icon} className="size-8" />
              </span>
              <h3 className="relative mt-7 text-h3">{item.title}</h3>
              <p className="relative mt-3 text-ink-muted">{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
