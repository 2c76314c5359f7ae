// The newsletter's page actions (the sign-up form, and the e-mailed links' pages).
import { data, type RouterContext } from "react-router";
import { NEWSLETTER_CONFIRM_NOTICE } from "#app/config/newsletter.ts";
import { formAction } from "#app/lib/form-action.server.ts";
import { newsletterContext, type NewsletterPort } from "#app/lib/ports/newsletter.ts";

type Context = { get: <T>(ctx: RouterContext<T>) => T };

export function newsletterService(context: Context): NewsletterPort {
  const newsletter = context.get(newsletterContext);
  if (!newsletter) throw data("The newsletter is not available on this server.", { status: 503 });
  return newsletter;
}

// The sign-up form's name: server/services.ts registers the newsletter's sign-up under it.
declare module "#app/lib/ports/forms.ts" {
  interface FormNames {
    newsletter: true;
  }
}

/** The fields a sign-up carries besides the honeypot and the token, and their limits. */
const SIGN_UP_FIELDS = { email: 254, placement: 20, page: 200 };

/** Every newsletter form posts here (the footer's, the side panel's, the page's), with JavaScript
 *  or without. A form from a page kept for every visitor, one sent sooner than a person types, a wrong
 *  address or an expired token gets the form back with a token (the confirm step). */
export function signUp(request: Request, context: Context) {
  return formAction(request, context, "newsletter", {
    echo: SIGN_UP_FIELDS,
    notice: NEWSLETTER_CONFIRM_NOTICE,
    tokenOnFailure: (status) => status === 400 || status === 403,
  });
}
