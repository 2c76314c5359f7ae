// Loader and action helpers for pages that show the contact form. The form works without
// JavaScript, so its XSRF token is issued per request (these pages are rendered per request).
import { data, type RouterContext } from "react-router";
import { XSRF_FIELD } from "#app/config/forms.ts";
import { CONTACT_FIELDS, CONTACT_LIMITS } from "#app/lib/contact-fields.ts";
import { clientIpContext, contactContext, type ContactPort } from "#app/lib/request-context.ts";
import { readForm, textFields } from "#app/lib/form-post.server.ts";

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

/** The form post without JavaScript: the same checks and storage as /api/send-email. */
export async function submitContactForm(request: Request, context: Context) {
  const formData = await readForm(request);
  if (!(formData instanceof FormData)) {
    const outcome = { success: false, message: formData.message };
    return data({ outcome, notice: undefined, values: {} }, { status: formData.status });
  }
  const fields = textFields(formData);
  // What the page shows back is never longer than the fields take (their maxLength).
  const values = Object.fromEntries(
    CONTACT_FIELDS.map((f) => [f, (fields[f] ?? "").slice(0, CONTACT_LIMITS[f])]),
  );
  // The forms on prerendered pages cannot carry a per-visitor XSRF token (decision 005). Without
  // JavaScript their post lands here token-less: nothing is stored yet; the visitor gets this page
  // with their text and a fresh token, and confirms.
  if (!fields[XSRF_FIELD]) return confirmStep(values);
  const result = await contactService(context).submitForm({
    fields,
    token: fields[XSRF_FIELD],
    cookieHeader: request.headers.get("Cookie") ?? undefined,
    headers: request.headers,
    ip: context.get(clientIpContext),
  });
  // Sent sooner than a person types (the token is too young, say a quick confirmation): nothing
  // is stored; the visitor checks the text and sends again.
  if (result.confirm) return confirmStep(values);
  // After a failure the visitor gets their text back; after success, an empty form.
  return data(
    { outcome: result.body, notice: undefined, values: result.body.success ? {} : values },
    { status: result.status, headers: result.headers },
  );
}

const confirmStep = (values: Record<string, string>) =>
  data({ outcome: undefined, notice: CONFIRM_NOTICE, values });
