import { redirect } from "react-router";
import type { Route } from "./+types/newsletter";
import { pageMeta } from "#app/lib/meta.ts";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";

// Where the newsletter form posts when JavaScript is off. Like the form with JavaScript, it
// stores nothing (the agency has not chosen a mailing-list provider); it acknowledges the
// visitor and sends them back.
export function loader() {
  return redirect("/");
}

export function action() {
  return null;
}

export const meta: Route.MetaFunction = () =>
  pageMeta({
    path: "/newsletter",
    title: "Thanks for Your Email",
    description: "Newsletter sign-up confirmation.",
    kind: "default",
    indexable: false,
  });

export default function Newsletter() {
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
