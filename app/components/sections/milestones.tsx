import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { yearsInBusiness } from "#app/config/site.ts";

type MilestonesProps = {
  items: Array<{ year: number; text: string }>;
  /** Where we come from, in a few paragraphs beside the timeline. */
  background?: string[];
};

/** The company's history as a timeline. */
export function Milestones({ items, background = [] }: MilestonesProps) {
  return (
    <section className="section-y">
      <div className="container-page grid gap-12 lg:grid-cols-[0.8fr_1.2fr]">
        <SectionHeading
          eyebrow="Our journey"
          title={`${yearsInBusiness()} years of launches`}
          intro={
            <>
              <p>From a two-person web studio to a full-service technology partner.</p>
              {background.map((p) => (
                <p key={p} className="mt-4 text-base">
                  {p}
                </p>
              ))}
            </>
          }
        />
        <ol className="relative border-l-2 border-line pl-8">
          {items.map((m) => (
            <li key={m.year} className="relative pb-10 last:pb-0">
              <span
                aria-hidden="true"
                className="absolute top-1.5 -left-[2.6rem] size-4 rounded-full border-4 border-canvas bg-primary"
              />
              <p className="text-xl font-extrabold text-primary-ink">{m.year}</p>
              <p className="mt-1 text-ink-muted">{m.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
