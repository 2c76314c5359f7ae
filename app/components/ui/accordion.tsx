import { useId } from "react";
import { Icon } from "#app/components/ui/icon.tsx";
import { cn } from "#app/lib/cn.ts";

export type AccordionItem = { id: string; question: string; answer: React.ReactNode };

type AccordionProps = React.ComponentProps<"div"> & {
  items: AccordionItem[];
  /** Index of the item open at first (the spec opens the first). */
  defaultOpen?: number;
};

/**
 * Questions and answers as native <details>: keyboard and screen-reader support come from
 * the browser, they work without JavaScript, and sharing a name keeps one answer open.
 */
export function Accordion({ items, defaultOpen = 0, className, ...props }: AccordionProps) {
  const name = useId();
  return (
    <div className={cn("grid gap-3", className)} {...props}>
      {items.map((item, i) => (
        <details
          key={item.id}
          name={name}
          open={i === defaultOpen}
          className="group rounded-card border border-line bg-surface transition-colors open:border-primary/40 open:shadow-card"
        >
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-6 py-5 text-lg font-semibold [&::-webkit-details-marker]:hidden">
            <span>{item.question}</span>
            <span className="grid size-9 shrink-0 place-items-center rounded-full bg-surface-alt text-primary-ink transition-transform group-open:rotate-45">
              <Icon name="plus" className="size-5" />
            </span>
          </summary>
          <div className="px-6 pb-6 text-ink-muted [&_p+p]:mt-3">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}
