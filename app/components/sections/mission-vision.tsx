import { Icon } from "#app/components/ui/icon.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";

type MissionVisionProps = {
  mission: string;
  vision: string;
  values: Array<{ title: string; text: string }>;
};

export function MissionVision({ mission, vision, values }: MissionVisionProps) {
  const statements = [
    { icon: "target" as const, title: "Our mission", text: mission },
    { icon: "compass" as const, title: "Our vision", text: vision },
  ];
  return (
    <section className="bg-surface-alt section-y">
      <div className="container-page">
        <SectionHeading eyebrow="What drives us" title="Mission, vision and the way we work" align="center" />
        <div className="mt-14 grid gap-6 md:grid-cols-2">
          {statements.map(({ icon, title, text }) => (
            <article key={title} className="rounded-card bg-brand-900 p-8 text-white sm:p-10">
              <Icon name={icon} className="size-10 text-brand-300" />
              <h3 className="mt-6 text-h3">{title}</h3>
              <p className="mt-3 text-lg text-white/85">{text}</p>
            </article>
          ))}
        </div>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {values.map((value, i) => (
            <li key={value.title} className="rounded-card border border-line bg-surface p-7">
              <span className="text-sm font-bold text-primary-ink">{String(i + 1).padStart(2, "0")}</span>
              <h3 className="mt-3 text-lg">{value.title}</h3>
              <p className="mt-2 text-ink-muted">{value.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
