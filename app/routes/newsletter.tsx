import type { Route } from "./+types/newsletter";
import { getPage } from "#app/config/pages.ts";
import {
  NEWSLETTER_CHECK_INBOX,
  NEWSLETTER_CONFIRM_NOTICE,
  NEWSLETTER_PLACEMENTS,
  NEWSLETTER_THANKS,
  ISSUES_PATH,
} from "#app/config/newsletter.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { signUp } from "#app/lib/newsletter.server.ts";
import { formClientAction, type FormReply } from "#app/lib/form-reply.ts";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { NewsletterForm } from "#app/components/ui/newsletter-form.tsx";

// The newsletter page, and where every newsletter form posts when JavaScript is off (the
// footer's and the side panel's too): the sign-up is kept and a confirmation e-mail sent
// (server/newsletter). Page metadata comes through the loader, so the page registry stays on the
// server.
export function loader() {
  return { page: getPage("/newsletter") };
}

export const action = ({ request, context }: Route.ActionArgs) => signUp(request, context);

export const clientAction = formClientAction;

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  if (!actionHeaders.has("Set-Cookie") && !actionHeaders.has("Retry-After")) return loaderHeaders;
  const headers = new Headers(actionHeaders);
  headers.set("Cache-Control", "private, no-store");
  return headers;
};

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData.page);

const isPlacement = (p: string): p is (typeof NEWSLETTER_PLACEMENTS)[number] =>
  (NEWSLETTER_PLACEMENTS as readonly string[]).includes(p);

/** What the page shows after a post without JavaScript. */
type SignUpStep =
  | { step: "thanks" }
  // The visitor checks the address and presses Subscribe again.
  | { step: "confirm"; email: string; placement: string; page: string; token: string; error?: string }
  | { step: "error"; message: string };

function signUpStep({ outcome, values, token }: FormReply): SignUpStep {
  if (outcome?.success) return { step: "thanks" };
  if (token === undefined) return { step: "error", message: outcome?.message ?? "" };
  return {
    step: "confirm",
    email: values.email ?? "",
    placement: values.placement || "page",
    page: values.page || "/newsletter",
    token,
    error: outcome && (outcome.errors?.email ?? outcome.message),
  };
}

export default function Newsletter({ actionData: reply }: Route.ComponentProps) {
  const actionData = reply && signUpStep(reply);
  if (actionData?.step === "thanks") {
    return (
      <PageHeader title={NEWSLETTER_THANKS} crumbs={[{ label: "Newsletter" }]}>
        <p role="status" className="mt-5 max-w-2xl text-lg text-white/85">
          {NEWSLETTER_CHECK_INBOX} Until you confirm, we will not send you anything else.
        </p>
        <ButtonLink to="/" tone="inverse" className="mt-8">
          Back to home
        </ButtonLink>
      </PageHeader>
    );
  }
  if (actionData?.step === "confirm") {
    return (
      <PageHeader title="Confirm your sign-up" crumbs={[{ label: "Newsletter" }]}>
        <p role="status" className="mt-5 max-w-2xl text-lg text-white/85">
          {NEWSLETTER_CONFIRM_NOTICE}
        </p>
        <NewsletterForm
          key={actionData.token + (actionData.error ?? "")}
          placement={isPlacement(actionData.placement) ? actionData.placement : "page"}
          tone="dark"
          token={actionData.token}
          defaultEmail={actionData.email}
          page={actionData.page}
          serverError={actionData.error}
          className="mt-8 max-w-md"
        />
      </PageHeader>
    );
  }
  return (
    <PageHeader
      title="Our newsletter"
      intro="Practical notes on building, securing and marketing digital products in Nigeria, once a month."
      crumbs={[{ label: "Newsletter" }]}
    >
      {actionData?.step === "error" && (
        <p role="alert" className="mt-5 max-w-2xl rounded-2xl bg-white/10 px-5 py-4 font-medium text-white">
          {actionData.message}
        </p>
      )}
      <NewsletterForm placement="page" tone="dark" className="mt-8 max-w-md" />
      <p className="mt-6 text-white/85">
        <a href={ISSUES_PATH} className="font-semibold text-white underline underline-offset-4">
          Read past issues
        </a>{" "}
        to see what you will get.
      </p>
    </PageHeader>
  );
}
