import { ButtonLink } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";

type CtaBandProps = React.ComponentProps<"section"> & {
  title: string;
  text: string;
  action?: { label: string; href: string };
};

/** A closing call to action: one sentence and one button. */
export function CtaBand({
  title,
  text,
  action = { label: "Get in Touch", href: "/contact-us" },
  className,
  ...props
}: CtaBandProps) {
  return (
    <section className={cn("container-page pb-24", className)} {...props}>
      <div className="relative isolate overflow-hidden rounded-[2rem] bg-brand-800 px-8 py-14 text-white sm:px-14">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(36rem_20rem_at_100%_0%,oklch(0.8_0.16_75/0.35),transparent_70%),radial-gradient(30rem_20rem_at_0%_100%,oklch(0.6_0.165_313/0.8),transparent_70%)]"
        />
        <div className="flex flex-col gap-8 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-2xl">
            <h2 className="text-h2">{title}</h2>
            <p className="mt-4 text-lg text-white/85">{text}</p>
          </div>
          <ButtonLink to={action.href} tone="inverse" className="shrink-0" arrow>
            {action.label}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
