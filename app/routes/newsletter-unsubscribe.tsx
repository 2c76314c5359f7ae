import { data, Form } from "react-router";
import type { Route } from "./+types/newsletter-unsubscribe";
import { getPage } from "#app/config/pages.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { linkToken, privatePageHeaders } from "#app/lib/link-pages.server.ts";
import { newsletterService } from "#app/lib/newsletter.server.ts";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";

// The unsubscribe link of every newsletter e-mail (also its List-Unsubscribe header). Opening it
// changes nothing: the page has one button. A POST to the same address unsubscribes at once,
// from that button or from a mail provider's one-click unsubscribe (RFC 8058), with no sign-in.
// The signed token in the address is what authorises it.
export async function loader({ request, context }: Route.LoaderArgs) {
  const view = await newsletterService(context).viewUnsubscribeLink(linkToken(request));
  return data({ page: getPage("/newsletter/unsubscribe"), view }, { headers: privatePageHeaders() });
}

export async function action({ request, context }: Route.ActionArgs) {
  const view = await newsletterService(context).unsubscribe(linkToken(request));
  return data({ view }, { status: view.kind === "invalid" ? 400 : 200, headers: privatePageHeaders() });
}

export const headers: Route.HeadersFunction = () => privatePageHeaders();

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData.page);

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData?.view ?? loaderData.view;
  const crumbs = [{ label: "Newsletter", href: "/newsletter" }, { label: "Unsubscribe" }];
  if (view.kind === "unsubscribe") {
    return (
      <PageHeader title="Unsubscribe from our newsletter" crumbs={crumbs}>
        <p className="mt-5 max-w-2xl text-lg text-white/85">
          Press the button and we will stop sending the newsletter to <strong>{view.email}</strong>.
        </p>
        <Form method="post" className="mt-8">
          <Button type="submit" tone="inverse">
            Unsubscribe
          </Button>
        </Form>
      </PageHeader>
    );
  }
  if (view.kind === "unsubscribed") {
    return (
      <PageHeader title="You’re unsubscribed" crumbs={crumbs}>
        <p role="status" className="mt-5 max-w-2xl text-lg text-white/85">
          We will not send the newsletter to <strong>{view.email}</strong> again. If you change your mind, you
          can sign up again on our newsletter page.
        </p>
        <ButtonLink to="/" tone="inverse" className="mt-8">
          Back to home
        </ButtonLink>
      </PageHeader>
    );
  }
  return (
    <PageHeader title="This link is not valid" crumbs={crumbs}>
      <p className="mt-5 max-w-2xl text-lg text-white/85">
        The link may be incomplete (some e-mail programs cut long links). Please use the unsubscribe link of
        the e-mail again, or write to us and we will remove your address.
      </p>
      <ButtonLink to="/contact-us" tone="inverse" className="mt-8">
        Contact us
      </ButtonLink>
    </PageHeader>
  );
}
