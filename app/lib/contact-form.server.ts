// The contact form's loader data and action (/contact-us; the home pages' contact blocks post there
// too). The form works without JavaScript, so /contact-us issues its token per request.
import { data, type RouterContext } from "react-router";
import { CONTACT_LIMITS } from "#app/lib/contact-fields.ts";
import { contactContext, type ContactPort } from "#app/lib/ports/contact.ts";
import { formAction } from "#app/lib/form-action.server.ts";

type Context = { get: <T>(ctx: RouterContext<T>) => T };

function contactService(context: Context): ContactPort {
  const contact = context.get(contactContext);
  if (!contact) throw data("The contact form is not available on this server.", { status: 503 });
  return contact;
}

/** The form's token (the server knows when it issued it: the time-to-submit check), and the
 *  cookie that carries it. */
export function contactFormData(request: Request, context: Context) {
  const { token, cookie } = contactService(context).issueToken(request.headers.get("Cookie") ?? undefined);
  return { form: { token }, headers: { "Set-Cookie": cookie } };
}

/** Shown when a form from a prerendered page (a home page) arrives without JavaScript. */
export const CONFIRM_NOTICE = "Please check your message below and press Send Message to confirm.";

/** The form post, with JavaScript or without. After a failure the visitor gets their text back;
 *  after success, an empty form. The page's loader gives the form shown again its token. */
export function submitContactForm(request: Request, context: Context) {
  const contact = contactService(context);
  return formAction(request, context, {
    issueToken: contact.issueToken,
    submit: contact.submitForm,
    echo: CONTACT_LIMITS,
    notice: CONFIRM_NOTICE,
  });
}
