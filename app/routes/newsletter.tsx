import type { Route } from "./+types/newsletter";
import { getPage } from "#app/config/pages.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { NewsletterForm } from "#app/components/ui/newsletter-form.tsx";

// The newsletter forms post here when JavaScript is off. Like the forms with JavaScript,
// it stores nothing (the agency has not chosen a mailing-list provider yet): it thanks the
// visitor, as the spec's toast does.
// Page metadata comes through the loader, so the page registry stays on the server.
export function loader() {
  return { page: getPage("/newsletter") };
}

export function action() {
  return { subscribed: true };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData.page);

export default function Newsletter({ actionData }: Route.ComponentProps) {
  if (actionData?.subscribed) {
    return (
      <PageHeader title="Thanks for Your Email" crumbs={[{ label: "Newsletter" }]}>
        <p className="mt-5 max-w-2xl text-lg text-white/85">
          We will keep you posted about new articles and what we are building.
        </p>
        <ButtonLink to="/" tone="inverse" className="mt-8">
          Back to home
        </ButtonLink>
      </PageHeader>
    );
  }
  return (
    <PageHeader
      title="Our newsletter"
      intro="Practical notes on building, securing and marketing digital products in Nigeria, once a month."
      crumbs={[{ label: "Newsletter" }]}
    >
      <NewsletterForm tone="dark" className="mt-8 max-w-md" />
    </PageHeader>
  );
}
