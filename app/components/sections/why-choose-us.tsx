import { Icon } from "#app/components/ui/icon.tsx";
import { PictureView } from "#app/components/ui/picture-view.tsx";
import type { PictureData } from "#app/lib/media.ts";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { cn } from "#app/lib/cn.ts";

type WhyChooseUsProps = React.ComponentProps<"section"> & {
  eyebrow: string;
  title: string;
  intro?: string;
  benefits: Array<{ title: string; text: string }>;
  image: PictureData;
  /** Side of the picture on wide screens. */
  media?: "start" | "end";
};

/** Why Choose Us: three benefits beside a picture. */
export function WhyChooseUs({
  eyebrow,
  title,
  intro,
  benefits,
  image,
  media = "end",
  className,
  ...props
}: WhyChooseUsProps) {
  return (
    <section className={cn("overflow-x-clip section-y", className)} {...props}>
      <div className="container-page grid items-center gap-14 lg:grid-cols-2 lg:gap-20">
        <div className="relative">
          <div
            aria-hidden="true"
            className="absolute -inset-4 -z-0 rotate-2 rounded-[2rem] bg-linear-to-br from-amber-accent/40 to-brand-400/30 sm:-inset-6"
          />
          <PictureView
            picture={image}
            alt=""
            sizes="(min-width: 1024px) 560px, 90vw"
            className="relative block overflow-hidden rounded-[1.75rem] shadow-card"
            imgClassName="aspect-[4/3] w-full object-cover"
          />
        </div>
        <div className={cn(media === "start" ? "lg:order-last" : "lg:order-first")}>
          <SectionHeading eyebrow={eyebrow} title={title} intro={intro} />
          <ul className="mt-10 grid gap-6">
            {benefits.map((b) => (
              <li key={b.title} className="flex gap-5">
                <span className="mt-1 grid size-9 shrink-0 place-items-center rounded-full bg-primary text-on-primary">
                  <Icon name="check" className="size-5" />
                </span>
                <div>
                  <h3 className="text-lg font-bold">{b.title}</h3>
                  <p className="mt-1 text-ink-muted">{b.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
