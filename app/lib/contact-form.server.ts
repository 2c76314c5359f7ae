// The contact form's loader data and action (/contact-us; the home pages' contact blocks post there
// too). The form works without JavaScript, so /contact-us issues its token per request.
import type { RouterContext } from "react-router";
import { CONTACT_LIMITS } from "#app/lib/contact-fields.ts";
import { formAction, issueFormToken } from "#app/lib/form-action.server.ts";

type Context = { get: <T>(ctx: RouterContext<T>) => T };

// The form's name: server/services.ts registers the contact service's post under it.
declare module "#app/lib/ports/forms.ts" {
  interface FormNames {
    contact: true;
  }
}

/** The form's token (the server knows when it issued it: the time-to-submit check), the cookie
 *  that carries it, and the idempotency key of the message the visitor writes in this form
 *  without JavaScript (with it, the page's script makes its own). */
export function contactFormData(request: Request, context: Context) {
  const { token, headers } = issueFormToken(request, context);
  return { form: { token, key: crypto.randomUUID() }, headers };
}

/** Shown when a form from a page kept for every visitor (a home page) arrives without JavaScript. */
export const CONFIRM_NOTICE = "Please check your message below and press Send Message to confirm.";

/** The form post, with JavaScript or without. After a failure the visitor gets their text back
 *  with the message's idempotency key; after success, an empty form (the loader's new key). The
 *  page's loader gives the form shown again its token. */
export function submitContactForm(request: Request, context: Context) {
  return formAction(request, context, "contact", {
    echo: CONTACT_LIMITS,
    notice: CONFIRM_NOTICE,
    keyed: true,
  });
}
