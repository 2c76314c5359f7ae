// Loader and action helpers for pages that show the contact form. The form works without
// JavaScript, so its XSRF token is issued per request (these pages are rendered per request).
import { data, type RouterContext } from "react-router";
import { CONTACT_FIELDS, XSRF_FIELD } from "#app/lib/contact-fields.ts";
import { clientIpContext, contactContext, type ContactPort } from "#app/lib/request-context.ts";

type Context = { get: <T>(ctx: RouterContext<T>) => T };

function contactService(context: Context): ContactPort {
  const contact = context.get(contactContext);
  if (!contact) throw data("The contact form is not available on this server.", { status: 503 });
  return contact;
}

/** Token and render time for the form, and the cookie that carries the token. */
export function contactFormData(request: Request, context: Context) {
  const { token, cookie } = contactService(context).issueToken(request.headers.get("Cookie") ?? undefined);
  return { form: { token, startedAt: Date.now() }, headers: { "Set-Cookie": cookie } };
}

/** The form post without JavaScript: the same checks and storage as /api/send-email. */
export async function submitContactForm(request: Request, context: Context) {
  const formData = await request.formData();
  const fields: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string") fields[key] = value;
  const result = await contactService(context).submitForm({
    fields,
    token: fields[XSRF_FIELD],
    cookieHeader: request.headers.get("Cookie") ?? undefined,
    headers: request.headers,
    ip: context.get(clientIpContext),
  });
  // After a failure the visitor gets their text back; after success, an empty form.
  const values = result.body.success
    ? {}
    : Object.fromEntries(CONTACT_FIELDS.map((f) => [f, fields[f] ?? ""]));
  return data({ outcome: result.body, values }, { status: result.status, headers: result.headers });
}
