import type { Route } from "./+types/faq";
import { Icon } from "#app/components/ui/icon.tsx";
import { getPage } from "#app/config/pages.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { faqsOf } from "#app/content-types/faq/view.server.ts";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { FaqList } from "#app/components/sections/faq-list.tsx";
import { ContactDetails } from "#app/components/ui/contact-details.tsx";

// Page metadata comes through the loader, so the page registry stays on the server; the
// questions are the published ones (edited in the console: server/content/).
export function loader({ context }: Route.LoaderArgs) {
  return { page: getPage("/faq"), faqs: faqsOf(context) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData.page),
  {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: loaderData.faqs.map((f) => ({
        "@type": "Question",
        name: f.question,
        acceptedAnswer: { "@type": "Answer", text: f.answer.join(" ") },
      })),
    },
  },
];

export default function Faq({ loaderData: { page, faqs } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title={page.title}
        intro="What clients ask us before they start a project with TechSpark. If your question is not here, ask us directly."
        crumbs={[{ label: "FAQ" }]}
      />
      <section className="section-y">
        <div className="container-page grid gap-12 lg:grid-cols-[1.4fr_0.6fr] lg:items-start">
          <FaqList items={faqs} />
          <aside
            aria-labelledby="faq-help-title"
            className="rounded-card bg-brand-900 p-8 text-white lg:sticky lg:top-28"
          >
            <Icon name="message-circle-question-mark" className="size-10 text-brand-300" />
            <h2 id="faq-help-title" className="mt-5 text-h3">
              Still have a question?
            </h2>
            <p className="mt-3 mb-7 text-white/85">
              Call, e-mail or visit our studio. A real person answers within one business day.
            </p>
            <ContactDetails tone="inverse" />
          </aside>
        </div>
      </section>
    </>
  );
}
