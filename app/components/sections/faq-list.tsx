import { Accordion } from "#app/components/ui/accordion.tsx";
import type { Faq } from "#app/content-types/faq/schema.ts";

/** FAQ content as an accordion, the first answer open. */
export function FaqList({ items, className }: { items: readonly Faq[]; className?: string }) {
  return (
    <Accordion
      className={className}
      items={items.map((f) => ({
        id: f.id,
        question: f.question,
        answer: f.answer.map((p) => <p key={p}>{p}</p>),
      }))}
    />
  );
}
