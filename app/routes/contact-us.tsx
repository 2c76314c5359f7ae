import { data } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import type { Route } from "./+types/contact-us";
import { getPage } from "#app/config/pages.ts";
import { useAgency } from "#app/lib/agency.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { contactFormData, submitContactForm } from "#app/lib/contact-form.server.ts";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { ContactDetails } from "#app/components/ui/contact-details.tsx";
import { ContactForm } from "#app/components/sections/contact-form.tsx";

export function loader({ request, context }: Route.LoaderArgs) {
  const { form, headers } = contactFormData(request, context);
  return data({ page: getPage("/contact-us"), form }, { headers });
}

export const action = ({ request, context }: Route.ActionArgs) => submitContactForm(request, context);

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = new Headers(actionHeaders);
  const cookie = loaderHeaders.get("Set-Cookie");
  if (cookie) headers.set("Set-Cookie", cookie);
  headers.set("Cache-Control", "private, no-store");
  return headers;
};

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData.page);

const nextSteps = [
  "We read every message the same day and reply within one business day.",
  "A short call to understand your goals, budget and timeline.",
  "A written proposal with milestones and a fixed price, free of charge.",
];

export default function ContactUs({ loaderData: { form }, actionData }: Route.ComponentProps) {
  const hours = useAgency()?.hours;
  return (
    <>
      <PageHeader
        title="Let’s talk about your project"
        intro="Tell us what you want to build or grow. A real person from our Kubwa studio will answer within one business day."
        crumbs={[{ label: "Contact Us" }]}
      />
      <section className="section-y">
        <div className="container-page grid gap-10 lg:grid-cols-[0.85fr_1.15fr] lg:items-start">
          <aside
            aria-labelledby="contact-info-title"
            className="rounded-card bg-brand-900 p-8 text-white sm:p-10"
          >
            <h2 id="contact-info-title" className="text-h3">
              Contact information
            </h2>
            <p className="mt-3 mb-8 text-white/85">Call, write or visit us at our studio.</p>
            <ContactDetails tone="inverse" />
            {hours && (
              <p className="mt-6 flex gap-3 text-sm text-white/85">
                <Icon name="clock" className="size-5 shrink-0" />
                {hours}
              </p>
            )}
            <h3 className="mt-10 text-lg font-bold">What happens next</h3>
            <ol className="mt-4 grid gap-3">
              {nextSteps.map((step, i) => (
                <li key={step} className="flex gap-3 text-white/85">
                  <span className="grid size-7 shrink-0 place-items-center rounded-full bg-white/15 text-sm font-bold text-white">
                    {i + 1}
                  </span>
                  {step}
                </li>
              ))}
            </ol>
          </aside>
          <div className="rounded-card border border-line bg-surface p-8 shadow-card sm:p-10">
            <h2 className="text-h3">Send us a message</h2>
            <p className="mt-2 mb-8 text-ink-muted">All fields are required.</p>
            <ContactForm
              key={actionData ? "posted" : "fresh"}
              token={form.token}
              idempotencyKey={form.key}
              outcome={actionData?.outcome}
              notice={actionData?.notice}
              values={actionData?.values}
            />
          </div>
        </div>
      </section>
    </>
  );
}
