import { cn } from "#app/lib/cn.ts";

type SectionHeadingProps = React.ComponentProps<"div"> & {
  eyebrow?: string;
  title: React.ReactNode;
  intro?: React.ReactNode;
  align?: "start" | "center";
  /** Heading level; sections use h2, a page's first heading is in its PageHeader. */
  as?: "h2" | "h3";
};

export function SectionHeading({
  eyebrow,
  title,
  intro,
  align = "start",
  as: Heading = "h2",
  className,
  ...props
}: SectionHeadingProps) {
  return (
    <div className={cn("max-w-3xl", align === "center" && "mx-auto text-center", className)} {...props}>
      {eyebrow && (
        <p className="mb-3 text-sm font-bold tracking-[0.18em] text-primary-ink uppercase">{eyebrow}</p>
      )}
      <Heading className="text-h2">{title}</Heading>
      {intro && <div className="mt-5 text-lg text-ink-muted">{intro}</div>}
    </div>
  );
}
