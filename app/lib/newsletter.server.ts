// The newsletter's page actions (the forms without JavaScript, and the e-mailed links' pages).
import { data, type RouterContext } from "react-router";
import { XSRF_FIELD } from "#app/config/forms.ts";
import { readForm, textFields } from "#app/lib/form-post.server.ts";
import { clientIpContext, newsletterContext, type NewsletterPort } from "#app/lib/request-context.ts";

type Context = { get: <T>(ctx: RouterContext<T>) => T };

export function newsletterService(context: Context): NewsletterPort {
  const newsletter = context.get(newsletterContext);
  if (!newsletter) throw data("The newsletter is not available on this server.", { status: 503 });
  return newsletter;
}

/** What the /newsletter page shows after a post. */
export type SignUpStep =
  | { step: "thanks" }
  // The form came from a prerendered page (no token), or was sent sooner than a person types:
  // the visitor checks the address and presses Subscribe again.
  | { step: "confirm"; email: string; placement: string; page: string; token: string; error?: string }
  | { step: "error"; message: string };

/** The sign-up form posted without JavaScript: the same checks and storage as /api/newsletter. */
export async function signUpWithoutScript(request: Request, context: Context) {
  const newsletter = newsletterService(context);
  const formData = await readForm(request);
  if (!(formData instanceof FormData)) {
    return data<SignUpStep>({ step: "error", message: formData.message }, { status: formData.status });
  }
  const fields = textFields(formData);
  const email = (fields.email ?? "").slice(0, 254);
  const placement = (fields.placement ?? "page").slice(0, 20);
  const page = (fields.page ?? "/newsletter").slice(0, 200);
  const cookieHeader = request.headers.get("Cookie") ?? undefined;
  const confirmStep = (status: number, error?: string, headers?: Record<string, string>) => {
    const { token, cookie } = newsletter.issueToken(cookieHeader);
    return data<SignUpStep>(
      { step: "confirm", email, placement, page, token, error },
      { status, headers: { ...headers, "Set-Cookie": cookie } },
    );
  };
  if (!fields[XSRF_FIELD]) return confirmStep(200);
  const result = await newsletter.signUpForm({
    fields,
    token: fields[XSRF_FIELD],
    cookieHeader,
    headers: request.headers,
    ip: context.get(clientIpContext),
  });
  if (result.confirm) return confirmStep(200);
  if (result.body.success) return data<SignUpStep>({ step: "thanks" });
  // A wrong address or an expired token: the form again, with the reason.
  if (result.status === 400 || result.status === 403) {
    return confirmStep(result.status, result.body.errors?.email ?? result.body.message, result.headers);
  }
  return data<SignUpStep>(
    { step: "error", message: result.body.message },
    { status: result.status, headers: result.headers },
  );
}
