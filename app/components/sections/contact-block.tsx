import { Icon } from "#app/components/ui/icon.tsx";
import { ContactDetails } from "#app/components/ui/contact-details.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { ContactForm } from "#app/components/sections/contact-form.tsx";
import { cn } from "#app/lib/cn.ts";
import { useAgency } from "#app/lib/agency.ts";

type ContactBlockProps = React.ComponentProps<"section"> & {
  eyebrow: string;
  title: string;
  intro?: string;
};

/**
 * How to reach us on the home pages: address, e-mail, phone and hours beside the contact form.
 * These pages are the same for every visitor (kept in the page cache), so the form has no token
 * of its own (see ContactForm). The hours are the agency's details.
 */
export function ContactBlock({ eyebrow, title, intro, className, ...props }: ContactBlockProps) {
  const hours = useAgency()?.hours;
  return (
    <section className={cn("section-y", className)} {...props}>
      <div className="container-page grid gap-12 lg:grid-cols-[0.9fr_1.1fr] lg:items-start lg:gap-16">
        <div>
          <SectionHeading eyebrow={eyebrow} title={title} intro={intro} />
          <ContactDetails className="mt-10" />
          {hours && (
            <p className="mt-6 flex items-center gap-3 text-sm text-ink-muted">
              <Icon name="clock" className="size-5 text-primary-ink" />
              {hours}
            </p>
          )}
        </div>
        <div className="rounded-card border border-line bg-surface p-6 shadow-card sm:p-10">
          <h3 className="text-h3">Send us a message</h3>
          <p className="mt-2 mb-8 text-ink-muted">
            All fields are required. We reply within one business day.
          </p>
          <ContactForm />
        </div>
      </div>
    </section>
  );
}
