import { Accordion } from "#app/components/ui/accordion.tsx";
import { CircularMeter } from "#app/components/ui/circular-meter.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { cn } from "#app/lib/cn.ts";

type FaqMetersProps = React.ComponentProps<"section"> & {
  eyebrow: string;
  title: string;
  intro?: string;
  questions: Array<{ id: string; question: string; answer: string[] }>;
  meters: Array<{ label: string; value: number }>;
};

/** The featured questions (first one open, one at a time) beside two circular progress meters. */
export function FaqMeters({ eyebrow, title, intro, questions, meters, className, ...props }: FaqMetersProps) {
  return (
    <section className={cn("section-y", className)} {...props}>
      <div className="container-page grid gap-14 lg:grid-cols-[0.9fr_1.1fr] lg:gap-20">
        <div>
          <SectionHeading eyebrow={eyebrow} title={title} intro={intro} />
          <div className="mt-12 grid grid-cols-2 gap-6 rounded-[1.75rem] border border-line bg-surface p-8 shadow-card sm:p-10">
            {meters.map((m) => (
              <CircularMeter key={m.label} value={m.value} label={m.label} />
            ))}
          </div>
        </div>
        <Accordion
          className="content-start"
          items={questions.map((q) => ({
            id: q.id,
            question: q.question,
            answer: q.answer.map((p) => <p key={p}>{p}</p>),
          }))}
        />
      </div>
    </section>
  );
}
