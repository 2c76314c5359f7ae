import { Icon } from "#app/components/ui/icon.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { ContactDetails } from "#app/components/ui/contact-details.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { cn } from "#app/lib/cn.ts";

type ContactBlockProps = React.ComponentProps<"section"> & {
  eyebrow: string;
  title: string;
  intro?: string;
  action: { label: string; href?: string };
  hours: string;
  phone: { display: string; tel: string };
};

/** How to reach us: address, e-mail and phone beside an invitation to send a message. */
export function ContactBlock({
  eyebrow,
  title,
  intro,
  action,
  hours,
  phone,
  className,
  ...props
}: ContactBlockProps) {
  return (
    <section className={cn("section-y", className)} {...props}>
      <div className="container-page grid gap-12 lg:grid-cols-[1.1fr_0.9fr] lg:items-center lg:gap-20">
        <div>
          <SectionHeading eyebrow={eyebrow} title={title} intro={intro} />
          <ContactDetails className="mt-10 sm:grid sm:grid-cols-2 sm:gap-6 sm:space-y-0" />
          <p className="mt-6 flex items-center gap-3 text-sm text-ink-muted">
            <Icon name="clock" className="size-5 text-primary-ink" />
            {hours}
          </p>
        </div>
        <div className="relative isolate overflow-hidden rounded-[2rem] bg-brand-800 p-10 text-white shadow-card sm:p-12">
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-[radial-gradient(28rem_18rem_at_100%_0%,oklch(0.8_0.16_75/0.35),transparent_70%),radial-gradient(24rem_18rem_at_0%_100%,oklch(0.6_0.165_313/0.8),transparent_70%)]"
          />
          <h3 className="text-h3">A free 30-minute consultation</h3>
          <p className="mt-4 text-white/85">
            Share your goals and constraints. We will answer with honest advice, a rough budget and the next
            steps, whether or not you work with us.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            {action.href && (
              <ButtonLink to={action.href} tone="inverse">
                {action.label}
                <Icon name="arrow-right" className="size-5" />
              </ButtonLink>
            )}
            <a
              href={`tel:${phone.tel}`}
              className="inline-flex min-h-12 items-center gap-2 rounded-full border border-white/40 px-6 font-semibold transition-colors hover:bg-white hover:text-brand-800"
            >
              <Icon name="phone" className="size-5" />
              {phone.display}
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
