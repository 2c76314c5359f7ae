import { Link, useRouteLoaderData } from "react-router";
import { footerLinks, type NavLink } from "#app/config/navigation.ts";
import { site } from "#app/config/site.ts";
import { SiteLogo } from "#app/components/ui/site-logo.tsx";
import { ContactDetails } from "#app/components/ui/contact-details.tsx";
import { NewsletterForm } from "#app/components/ui/newsletter-form.tsx";
import { ISSUES_PATH } from "#app/config/newsletter.ts";
import { SocialLinks } from "#app/components/ui/social-links.tsx";

function LinkColumn({ title, links }: { title: string; links: NavLink[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="mb-5 text-base font-bold text-white">{title}</h2>
      <ul className="grid gap-3">
        {links.map((link) => (
          <li key={link.label}>
            <Link
              to={link.href}
              className="text-white/80 underline-offset-4 hover:text-white hover:underline"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter() {
  const year = new Date().getFullYear();
  // The services as they are now (the root's loader: a renamed one by its title, one off the site
  // left out); the menu's own list where there is no root data.
  const services =
    (useRouteLoaderData("root") as { footerServices?: NavLink[] } | undefined)?.footerServices ??
    footerLinks.services;
  return (
    <footer className="relative isolate overflow-hidden bg-brand-950 text-white/85">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(50rem_26rem_at_100%_0%,oklch(0.5_0.165_313/0.45),transparent_70%)]"
      />
      <div className="container-page grid gap-12 py-20 md:grid-cols-2 lg:grid-cols-[1.25fr_0.9fr_0.7fr_1.15fr]">
        <div className="space-y-6">
          <SiteLogo surface="dark" loading="lazy" />
          <p className="max-w-sm">
            {site.name} builds web and mobile products, secures them and helps them grow, for businesses in
            Abuja and across Nigeria.
          </p>
          <SocialLinks />
        </div>
        <LinkColumn title="Our Services" links={services} />
        <LinkColumn title="Company" links={footerLinks.company} />
        <div className="space-y-8">
          <div>
            <h2 className="mb-5 text-base font-bold text-white">Contact Us</h2>
            <ContactDetails tone="inverse" />
          </div>
          <NewsletterForm placement="footer" tone="dark" successMessage="Thanks for your Email" />
          <p className="-mt-4 text-sm">
            <a href={ISSUES_PATH} className="underline underline-offset-4 hover:text-white">
              Read past issues
            </a>
          </p>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="container-page py-6 text-sm text-white/75">
          © {year} {site.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
