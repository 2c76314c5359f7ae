import type { Route } from "./+types/pricing";
import { getPage } from "#app/config/pages.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { faqsOf } from "#app/content-types/faq/view.server.ts";
import { plansOf } from "#app/content-types/pricing-plan/view.server.ts";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { PricingPlans } from "#app/components/sections/pricing-plans.tsx";
import { FaqList } from "#app/components/sections/faq-list.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { CtaBand } from "#app/components/sections/cta-band.tsx";

const pricingQuestions = ["how-much-does-it-cost", "payments-in-naira", "who-owns-the-code"];

// Page metadata comes through the loader, so the page registry stays on the server; the plans
// and the questions are the published ones (edited in the console: server/content/).
export function loader({ context }: Route.LoaderArgs) {
  const questions = faqsOf(context).filter((f) => pricingQuestions.includes(f.id));
  return { page: getPage("/pricing"), plans: plansOf(context), questions };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData.page);

export default function Pricing({ loaderData: { page, plans, questions } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Plans shaped around your goals"
        intro="Every business is different, so we price after we listen. Pick the kind of help you need and we will send a fixed proposal within a week."
        crumbs={[{ label: page.title }]}
      />
      {/* No plan published: no empty section (the page's questions and contact band stay). */}
      {plans.length > 0 && (
        <section className="section-y">
          <div className="container-page">
            <PricingPlans plans={plans} />
          </div>
        </section>
      )}
      <section className="bg-surface-alt section-y">
        <div className="container-page grid gap-12 lg:grid-cols-[0.8fr_1.2fr]">
          <SectionHeading
            eyebrow="Good to know"
            title="How our pricing works"
            intro="No surprises: a written proposal, milestone payments and everything you paid for handed over to you."
          />
          <FaqList items={questions} />
        </div>
      </section>
      <CtaBand
        className="pt-24"
        title="Let’s scope your project together"
        text="A free 30-minute consultation, then a clear proposal with milestones and a fixed price."
      />
    </>
  );
}
