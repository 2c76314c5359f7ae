// The one action of every public form (contact, newsletter, comments): the same route action
// answers the form posted without JavaScript and the page's script (useFetcher posts the same
// fields to the route's `.data` twin). It reads the body within its limit, hands the fields to the
// form's post by its name (app/lib/ports/forms.ts: same origin → rate limit → token → spam →
// validation → storage, in server/), and answers a FormReply with the post's status and headers.
// Never a 500 for a bad body. A form with an idempotency key (contact) shown again carries the
// key of the post it answers (one made here from its fields when the post had none), so the
// visitor's next try of the same message is recognised if the first was stored after all.
import { data, type RouterContext } from "react-router";
import { IDEMPOTENCY_FIELD, SCRIPT_FIELD, XSRF_FIELD } from "#app/config/forms.ts";
import { isIdempotencyKey } from "#app/lib/form-rules.ts";
import { clientIpContext, type FormPostAnswer } from "#app/lib/ports/common.ts";
import { formsContext, type FormName, type FormsPort } from "#app/lib/ports/forms.ts";
import type { FormReply } from "#app/lib/form-reply.ts";
import { agencyType } from "#app/content-types/agency/type.ts";
import { contentContext } from "#app/lib/ports/content.ts";
import type { Agency } from "#app/lib/agency.ts";

type Context = { get: <T>(ctx: RouterContext<T>) => T };

/** How else to reach the agency, after a form's "we could not save it" (the database is down, the
 *  disk full): its first phone number, as published (kept in memory, so known during an outage). */
export function reachUs(context: Context): string {
  const published = context.get(contentContext).published().items.get(agencyType.name)?.[0] as
    Agency | undefined;
  return `Or call us on ${(published ?? agencyType.seed[0]!).phones[0]}.`;
}

function formsPort(context: Context): FormsPort {
  const forms = context.get(formsContext);
  if (!forms) throw data("The forms are not available on this server.", { status: 503 });
  return forms;
}

/** For a page whose HTML carries the form's token (the server knows when it issued it: the
 *  time-to-submit check): the token, and the Set-Cookie header that carries it. */
export function issueFormToken(request: Request, context: Context) {
  const { token, cookie } = formsPort(context).issueToken(request.headers.get("Cookie") ?? undefined);
  return { token, headers: { "Set-Cookie": cookie } };
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** The public routes' limit (MAX_BODY_BYTES' default): the server refuses larger bodies before
 *  they reach an action; a form may take less. */
const FORM_BODY_LIMIT = 64 * 1024;

const READ_ERRORS = {
  type: "Please send the form from this page.",
  tooLarge: "Your message is too long to send. Please shorten it and try again.",
  malformed: "We could not read the form. Please fill it in again and send it.",
} as const;

/** The posted form, or why the body is not one (answered as a form error, never a 500). */
export async function readForm(
  request: Request,
  limit = FORM_BODY_LIMIT,
): Promise<FormData | { status: number; message: string }> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) return { status: 415, message: READ_ERRORS.type };
  if (Number(request.headers.get("Content-Length")) > limit) {
    return { status: 413, message: READ_ERRORS.tooLarge };
  }
  try {
    return await request.formData();
  } catch {
    return { status: 400, message: READ_ERRORS.malformed };
  }
}

/** The form's text fields (files are ignored). */
export function textFields(formData: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string") fields[key] = value;
  return fields;
}

/**
 * The key made for a post that came without one (a kept page's form, decision 005): the same for
 * the same form and fields, not random. Its answer, the confirm step, is kept by no cache, so the
 * visitor who goes back to it gets the browser's "Confirm Form Resubmission" and the same post is
 * sent again: the confirm step it answers carries the same key, and sending it again stores
 * nothing. Only a post of the very same fields gets this key, and so would only repeat the same
 * message. A UUID (version 8: "custom") from SHA-256.
 */
async function contentKey(name: string, values: Record<string, string>): Promise<string> {
  const text = new TextEncoder().encode(JSON.stringify([name, values]));
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", text)).subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type FormActionSpec = {
  /** The fields shown again after a failure, each cut to its limit (the inputs' maxLength). */
  echo: Record<string, number>;
  /** Fields the page adds to the visitor's (the post a comment is for). */
  fields?: Record<string, string>;
  /** What the visitor is asked when nothing was stored (no token, or sent too fast). */
  notice: string;
  /** Pages without a token in their HTML get a fresh one with the confirm step, and with a
   *  failure when this says so (the page's loader gives one otherwise). */
  tokenOnFailure?: (status: number) => boolean;
  /** Headers of every answer (a post page's `private, no-store`). */
  headers?: Record<string, string>;
  /** More for the form shown again (the comment a reply answers). */
  extend?: (fields: Record<string, string>) => Promise<Record<string, unknown>>;
  /** The form carries an idempotency key (IDEMPOTENCY_FIELD): the form shown again keeps the
   *  post's, or gets one made from its fields when the post had none (a kept page's) or a
   *  malformed one. */
  keyed?: boolean;
  limit?: number;
};

/** A form's route action: `return formAction(request, context, "contact", spec)`; the name is
 *  the one server/services.ts registers the form's post under. */
export async function formAction<X extends Record<string, unknown> = Record<string, never>>(
  request: Request,
  context: Context,
  name: FormName,
  spec: FormActionSpec,
) {
  type Reply = FormReply & Partial<X>;
  const forms = formsPort(context);
  const formData = await readForm(request, spec.limit);
  if (!(formData instanceof FormData)) {
    const { status, message } = formData;
    return data<Reply>({ status, outcome: { success: false, message }, values: {} } as Reply, {
      status,
      headers: spec.headers,
    });
  }
  const fields = textFields(formData);
  const values = Object.fromEntries(
    Object.entries(spec.echo).map(([name, limit]) => [name, (fields[name] ?? "").slice(0, limit)]),
  );
  if (spec.keyed) {
    const key = fields[IDEMPOTENCY_FIELD];
    values[IDEMPOTENCY_FIELD] = isIdempotencyKey(key) ? key : await contentKey(name, values);
  }
  const cookieHeader = request.headers.get("Cookie") ?? undefined;
  const again = async (reply: FormReply, answer?: FormPostAnswer, withToken = false) => {
    const headers: Record<string, string> = { ...answer?.headers, ...spec.headers };
    const extra = spec.extend ? await spec.extend(fields) : {};
    if (withToken) {
      const { token, cookie } = forms.issueToken(cookieHeader);
      headers["Set-Cookie"] = cookie;
      reply.token = token;
    }
    return data<Reply>({ ...extra, ...reply } as Reply, { status: reply.status, headers });
  };
  // A form on a kept page carries no per-visitor token (decision 005). Without JavaScript its post
  // lands here token-less: nothing is stored yet; the visitor gets the form back with their text
  // and a token, and confirms.
  const confirm = () =>
    again({ status: 200, notice: spec.notice, values }, undefined, spec.tokenOnFailure !== undefined);
  if (!fields[XSRF_FIELD]) return confirm();
  const answer = await forms.submit[name]({
    fields: { ...fields, ...spec.fields },
    token: fields[XSRF_FIELD],
    cookieHeader,
    headers: request.headers,
    ip: context.get(clientIpContext),
    via: fields[SCRIPT_FIELD] ? "script" : "form",
  });
  // Sent sooner than a person types (a quick confirmation): nothing is stored; the visitor checks
  // the text and sends again.
  if (answer.confirm) return confirm();
  if (answer.body.success) {
    return data<Reply>({ status: answer.status, outcome: answer.body, values: {} } as Reply, {
      status: answer.status,
      headers: { ...answer.headers, ...spec.headers },
    });
  }
  // Its key was already used for another message: the text shown again goes with a new one, so
  // that sending it again sends it.
  if (answer.status === 422 && spec.keyed) values[IDEMPOTENCY_FIELD] = crypto.randomUUID();
  const withToken = spec.tokenOnFailure?.(answer.status) ?? false;
  // Nothing was kept: say how else to reach the agency.
  const outcome =
    answer.status === 503
      ? { ...answer.body, message: `${answer.body.message} ${reachUs(context)}` }
      : answer.body;
  return again({ status: answer.status, outcome, values }, answer, withToken);
}
