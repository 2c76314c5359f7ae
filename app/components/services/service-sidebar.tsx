import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import { telHref } from "#app/lib/agency.ts";

type SidebarService = { id: number; title: string; href: string };

type ServiceSidebarProps = React.ComponentProps<"aside"> & {
  services: SidebarService[];
  currentId: number;
  /** The agency's first phone number and e-mail address (its details). */
  phone: string | undefined;
  email: string | undefined;
};

/** The services that have a page (the current one marked) and a box with ways to reach us. */
export function ServiceSidebar({
  services,
  currentId,
  phone,
  email,
  className,
  ...props
}: ServiceSidebarProps) {
  return (
    <aside className={cn("grid content-start gap-8 lg:sticky lg:top-28", className)} {...props}>
      <nav aria-labelledby="service-nav-title" className="rounded-card border border-line bg-surface p-6">
        <h2 id="service-nav-title" className="px-2 pb-3 text-h3">
          All Services
        </h2>
        <ul className="grid gap-1.5">
          {services.map((s) => {
            const current = s.id === currentId;
            return (
              <li key={s.id}>
                <Link
                  to={s.href}
                  aria-current={current ? "page" : undefined}
                  className={cn(
                    "flex items-center justify-between gap-3 rounded-xl px-4 py-3 font-semibold transition-colors",
                    current ? "bg-primary text-on-primary" : "bg-surface-alt hover:text-primary-ink",
                  )}
                >
                  {s.title}
                  <Icon name="arrow-right" className="size-4 shrink-0" />
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <section
        aria-labelledby="service-help-title"
        className="relative isolate overflow-hidden rounded-card bg-brand-800 p-8 text-white"
      >
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(20rem_14rem_at_100%_0%,oklch(0.8_0.16_75/0.3),transparent_70%)]"
        />
        <span className="grid size-14 place-items-center rounded-2xl bg-white/12">
          <Icon name="headset" className="size-7" />
        </span>
        <h2 id="service-help-title" className="mt-6 text-h3">
          Need help choosing?
        </h2>
        <p className="mt-3 text-white/85">
          Talk to a consultant about your project. We reply within one business day.
        </p>
        <ul className="mt-6 grid gap-3">
          {phone && (
            <li>
              <a href={telHref(phone)} className="flex items-center gap-3 font-semibold hover:underline">
                <Icon name="phone" className="size-5 shrink-0" />
                {phone}
              </a>
            </li>
          )}
          {email && (
            <li>
              <a
                href={`mailto:${email}`}
                className="flex items-center gap-3 font-semibold break-all hover:underline"
              >
                <Icon name="mail" className="size-5 shrink-0" />
                {email}
              </a>
            </li>
          )}
        </ul>
        <ButtonLink to="/contact-us" tone="inverse" className="mt-8 w-full">
          Contact Us
        </ButtonLink>
      </section>
    </aside>
  );
}
