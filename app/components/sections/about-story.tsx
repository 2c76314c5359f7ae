import { Icon } from "#app/components/ui/icon.tsx";
import type { IconName } from "#app/components/ui/icon-names.ts";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { yearsInBusiness } from "#app/config/site.ts";

type AboutStoryProps = { intro: string[]; background: string[] };

const facts: Array<{ icon: IconName; value: string; label: string }> = [
  { icon: "building-2", value: `${yearsInBusiness()}`, label: "years building for Nigerian businesses" },
  { icon: "rocket", value: "500+", label: "skilled professionals in our network" },
  { icon: "shield-check", value: "24/7", label: "monitoring for the systems we maintain" },
];

/** Who we are and where we come from. */
export function AboutStory({ intro, background }: AboutStoryProps) {
  return (
    <section className="section-y">
      <div className="container-page grid gap-14 lg:grid-cols-[1.1fr_0.9fr] lg:items-start">
        <div>
          <SectionHeading eyebrow="Who we are" title="A studio for products that have to work" />
          <div className="mt-6 space-y-4 text-lg text-ink-muted">
            {intro.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
          <h2 className="mt-14 text-h3">Our background</h2>
          <div className="mt-4 space-y-4 text-ink-muted">
            {background.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        </div>
        <ul className="grid gap-4 sm:grid-cols-3 lg:grid-cols-1">
          {facts.map(({ icon, value, label }) => (
            <li
              key={label}
              className="flex items-center gap-5 rounded-card border border-line bg-surface p-6 shadow-card"
            >
              <span className="grid size-14 shrink-0 place-items-center rounded-2xl bg-primary text-on-primary">
                <Icon name={icon} className="size-7" />
              </span>
              <span>
                <span className="block text-3xl font-extrabold tracking-tight text-primary-ink">{value}</span>
                <span className="text-ink-muted">{label}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
