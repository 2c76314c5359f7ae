import { ButtonLink } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { PictureView } from "#app/components/ui/picture-view.tsx";
import type { PictureData } from "#app/lib/media.ts";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import type { IconName } from "#app/config/icon-names.ts";
import { cn } from "#app/lib/cn.ts";

type AboutBlockProps = React.ComponentProps<"section"> & {
  eyebrow: string;
  title: string;
  text: string[];
  features: Array<{ title: string; text: string; icon: IconName }>;
  images: [PictureData, PictureData];
  years: number;
  action?: { label: string; href: string };
  /** Side of the pictures on wide screens. */
  media?: "start" | "end";
  /** The block opens the page: its main picture is loaded first. */
  priority?: boolean;
};

/** Who we are in a paragraph, with Seamless Startup Launch and Reliable Digital Partner. */
export function AboutBlock({
  eyebrow,
  title,
  text,
  features,
  images,
  years,
  action,
  media = "start",
  priority = false,
  className,
  ...props
}: AboutBlockProps) {
  return (
    <section className={cn("overflow-hidden section-y", className)} {...props}>
      <div className="container-page grid items-center gap-14 lg:grid-cols-2 lg:gap-20">
        <div className={cn("relative pb-16 sm:pr-16", media === "end" && "lg:order-last")}>
          <PictureView
            picture={images[0]}
            alt=""
            priority={priority}
            sizes="(min-width: 1024px) 560px, 90vw"
            className="block overflow-hidden rounded-[1.75rem] shadow-card"
            imgClassName="aspect-[4/5] max-h-[40rem] w-full object-cover"
          />
          <PictureView
            picture={images[1]}
            alt=""
            sizes="(min-width: 1024px) 280px, 45vw"
            className="absolute right-0 bottom-0 block w-[48%] overflow-hidden rounded-3xl border-8 border-canvas shadow-card in-[.bg-surface-alt]:border-surface-alt"
            imgClassName="aspect-square w-full object-cover"
          />
          <p className="absolute top-6 left-3 rounded-2xl bg-primary px-5 py-4 text-on-primary shadow-card sm:-left-4">
            <span className="block text-4xl leading-none font-extrabold">{years}+</span>
            <span className="mt-1 block text-sm font-semibold text-white/85">years of launches</span>
          </p>
        </div>
        <div>
          <SectionHeading eyebrow={eyebrow} title={title} />
          <div className="mt-6 space-y-4 text-lg text-ink-muted">
            {text.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
          <ul className="mt-10 grid gap-8 sm:grid-cols-2">
            {features.map((f) => (
              <li key={f.title}>
                <span className="grid size-12 place-items-center rounded-xl bg-accent text-on-accent">
                  <Icon name={f.icon} className="size-6" />
                </span>
                <h3 className="mt-4 text-lg font-bold">{f.title}</h3>
                <p className="mt-2 text-[0.95rem] text-ink-muted">{f.text}</p>
              </li>
            ))}
          </ul>
          {action && (
            <ButtonLink to={action.href} className="mt-10" arrow>
              {action.label}
            </ButtonLink>
          )}
        </div>
      </div>
    </section>
  );
}
