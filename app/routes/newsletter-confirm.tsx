import { data, Form } from "react-router";
import type { Route } from "./+types/newsletter-confirm";
import { getPage } from "#app/config/pages.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { linkToken, privatePageHeaders } from "#app/lib/link-pages.server.ts";
import { newsletterService } from "#app/lib/newsletter.server.ts";
import type { NewsletterLinkView } from "#app/lib/ports/newsletter.ts";
import { readForm, textFields } from "#app/lib/form-action.server.ts";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";

// The confirmation link of the newsletter's e-mail. Opening it changes nothing (mail scanners
// open links): the page has one button, and pressing it (a POST) confirms. The signed link is
// single use and expires; an expired one offers a new e-mail.
export async function loader({ request, context }: Route.LoaderArgs) {
  const view = await newsletterService(context).viewConfirmLink(linkToken(request));
  return data({ page: getPage("/newsletter/confirm"), view }, { headers: privatePageHeaders() });
}

export async function action({ request, context }: Route.ActionArgs) {
  const newsletter = newsletterService(context);
  const form = await readForm(request);
  const intent = form instanceof FormData ? textFields(form).intent : undefined;
  const token = linkToken(request);
  const view = intent === "resend" ? await newsletter.resend(token) : await newsletter.confirm(token);
  return data({ view }, { headers: privatePageHeaders() });
}

export const headers: Route.HeadersFunction = () => privatePageHeaders();

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData.page);

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  return <LinkPage view={actionData?.view ?? loaderData.view} />;
}

function LinkPage({ view }: { view: NewsletterLinkView }) {
  const crumbs = [{ label: "Newsletter", href: "/newsletter" }, { label: "Confirm" }];
  switch (view.kind) {
    case "confirm":
      return (
        <PageHeader title="Confirm your subscription" crumbs={crumbs}>
          <p className="mt-5 max-w-2xl text-lg text-white/85">
            Press the button to receive the TechSpark Innovations newsletter at <strong>{view.email}</strong>.
          </p>
          <Form method="post" className="mt-8">
            <Button type="submit" name="intent" value="confirm" tone="inverse">
              Confirm my subscription
            </Button>
          </Form>
        </PageHeader>
      );
    case "confirmed":
      return (
        <PageHeader title="You’re subscribed" crumbs={crumbs}>
          <p role="status" className="mt-5 max-w-2xl text-lg text-white/85">
            Thank you. The newsletter will come to <strong>{view.email}</strong> about once a month. Every
            issue has a link to unsubscribe in one click.
          </p>
          <ButtonLink to="/blog-standard" tone="inverse" className="mt-8">
            Read our latest articles
          </ButtonLink>
        </PageHeader>
      );
    case "expired":
      return (
        <PageHeader title="This link has expired" crumbs={crumbs}>
          <p className="mt-5 max-w-2xl text-lg text-white/85">
            Confirmation links work for 7 days.{" "}
            {view.canResend ? "We can send you a new one." : "Please sign up again on our newsletter page."}
          </p>
          {view.canResend ? (
            <Form method="post" className="mt-8">
              <Button type="submit" name="intent" value="resend" tone="inverse">
                Send me a new link
              </Button>
            </Form>
          ) : (
            <ButtonLink to="/newsletter" tone="inverse" className="mt-8">
              Sign up again
            </ButtonLink>
          )}
        </PageHeader>
      );
    case "resent":
      return (
        <PageHeader title="Check your inbox" crumbs={crumbs}>
          <p role="status" className="mt-5 max-w-2xl text-lg text-white/85">
            A new confirmation link is on its way (we send at most one an hour). It works for 7 days.
          </p>
        </PageHeader>
      );
    case "used":
      return (
        <PageHeader title="This link has already been used" crumbs={crumbs}>
          <p className="mt-5 max-w-2xl text-lg text-white/85">
            Each confirmation link works once. To subscribe, please sign up again: we will send you a new
            link.
          </p>
          <ButtonLink to="/newsletter" tone="inverse" className="mt-8">
            Sign up again
          </ButtonLink>
        </PageHeader>
      );
    default:
      return (
        <PageHeader title="This link is not valid" crumbs={crumbs}>
          <p className="mt-5 max-w-2xl text-lg text-white/85">
            The link may be incomplete (some e-mail programs cut long links) or no longer in use. Please sign
            up again and we will send you a new one.
          </p>
          <ButtonLink to="/newsletter" tone="inverse" className="mt-8">
            Sign up again
          </ButtonLink>
        </PageHeader>
      );
  }
}
