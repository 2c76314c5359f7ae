import { Link } from "react-router";
import { Accordion } from "#app/components/ui/accordion.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import type { IconName } from "#app/config/icon-names.ts";

/** What a service's own page says of it (its details, app/content/schemas.ts). */
export type ServicePageText = {
  intro: string[];
  included: { title: string; text: string }[];
  challenge: string[];
  faq: { question: string; answer: string[] }[];
};

export type PopularServiceData = { id: number; title: string; text: string; icon: IconName; href: string };

/** A service's page under its picture: the introduction, what is included, the challenge and its
 *  three questions (the site's /services-details/{id} and the console's preview). */
export function ServicePageBody({ service }: { service: ServicePageText }) {
  return (
    <>
      <div className="mt-12 space-y-5 text-lg text-ink-muted">
        {service.intro.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>

      <h2 className="mt-14 text-h2">Included services</h2>
      <ul className="mt-8 grid gap-5 sm:grid-cols-2">
        {service.included.map((item, i) => (
          <li key={i} className="flex gap-4 rounded-card border border-line bg-surface p-6">
            <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary/12 text-primary-ink">
              <Icon name="check" className="size-5" />
            </span>
            <span>
              <span className="block font-bold">{item.title}</span>
              <span className="mt-1 block text-ink-muted">{item.text}</span>
            </span>
          </li>
        ))}
      </ul>

      <h2 className="mt-14 text-h2">The challenge</h2>
      <div className="mt-6 space-y-5 text-lg text-ink-muted">
        {service.challenge.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>

      <h2 className="mt-14 text-h2">Frequently asked questions</h2>
      <Accordion
        className="mt-8"
        items={service.faq.map((f, i) => ({
          id: `faq-${i + 1}`,
          question: f.question,
          answer: f.answer.map((a, j) => <p key={j}>{a}</p>),
        }))}
      />
    </>
  );
}

/** The popular services at the foot of a service's page (at most two: the first marked). */
export function PopularServices({ services }: { services: PopularServiceData[] }) {
  return (
    <>
      <h2 className="mt-14 text-h2">Popular services</h2>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2">
        {services.map((s) => (
          <li
            key={s.id}
            className="group flex flex-col rounded-card border border-line bg-surface p-8 shadow-card transition-colors hover:border-primary/40"
          >
            <span className="grid size-14 place-items-center rounded-2xl bg-primary/12 text-primary-ink">
              <Icon name={s.icon} className="size-7" />
            </span>
            <h3 className="mt-6 text-h3">
              <Link to={s.href} className="underline-offset-4 hover:text-primary-ink hover:underline">
                {s.title}
              </Link>
            </h3>
            <p className="mt-3 text-ink-muted">{s.text}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
