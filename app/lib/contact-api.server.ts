// POST /api/send-email, the spec's one call (site-spec §7; docs/api/openapi.yaml): a contact
// message as JSON, the XSRF token in the X-XSRF-TOKEN header (double-submit with the XSRF-TOKEN
// cookie), an optional Idempotency-Key header. It hands the message to the same post as the
// contact form's action (the guard, rate limit, validation, idempotency and outbox in
// server/contact) and always answers JSON `{success, message, errors?}`: never a page, never a
// stack. What the server refuses before a route sees it (another method, a chunked or oversized
// body, another site's post) is answered in the same JSON by server/fast-path.ts.
import type { RouterContext } from "react-router";
import { HONEYPOT_FIELD, IDEMPOTENCY_FIELD, IDEMPOTENCY_HEADER, XSRF_HEADER } from "#app/config/forms.ts";
import { CONTACT_FIELDS } from "#app/lib/contact-fields.ts";
import { isIdempotencyKey } from "#app/lib/form-rules.ts";
import { clientIpContext, type ContactOutcome } from "#app/lib/ports/common.ts";
import { formsContext } from "#app/lib/ports/forms.ts";
import { reachUs } from "#app/lib/form-action.server.ts";

type Context = { get: <T>(ctx: RouterContext<T>) => T };

/** The public routes' limit (MAX_BODY_BYTES' default; the server refuses larger bodies first). */
const BODY_LIMIT = 64 * 1024;

export const API_MESSAGES = {
  contentType: "Please send the message as JSON (Content-Type: application/json; charset=utf-8).",
  tooLarge: "Your message is too long to send. Please shorten it and try again.",
  malformed: "The request body is not a JSON object with name, email, phone and message.",
  badKey: `The ${IDEMPOTENCY_HEADER} header must be a UUID ("…" or bare), the same for every try of one message.`,
  method: "Use POST to send a message.",
  unavailable: "Messages cannot be taken on this server just now. Please try again later.",
} as const;

const json = (status: number, body: ContactOutcome, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });

const refuse = (status: number, message: string, headers?: Record<string, string>) =>
  json(status, { success: false, message }, headers);

/** Any method but POST (the route's loader answers GET and HEAD). */
export const methodNotAllowed = () => refuse(405, API_MESSAGES.method, { Allow: "POST" });

/** The body as a JSON object, or the answer that says why it is not one. */
async function readJson(request: Request): Promise<Record<string, unknown> | Response> {
  const [type = "", ...params] = (request.headers.get("Content-Type") ?? "").split(";");
  const charset = params
    .map((p) => p.trim().toLowerCase())
    .find((p) => p.startsWith("charset="))
    ?.slice("charset=".length)
    .replace(/"/g, "");
  if (type.trim().toLowerCase() !== "application/json" || (charset && charset !== "utf-8")) {
    return refuse(415, API_MESSAGES.contentType);
  }
  if (Number(request.headers.get("Content-Length")) > BODY_LIMIT) return refuse(413, API_MESSAGES.tooLarge);
  let value: unknown;
  try {
    const bytes = await request.arrayBuffer();
    if (bytes.byteLength > BODY_LIMIT) return refuse(413, API_MESSAGES.tooLarge);
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return refuse(400, API_MESSAGES.malformed);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return refuse(400, API_MESSAGES.malformed);
  }
  return value as Record<string, unknown>;
}

/** The route's action: the message stored and queued for the agency, or why not. */
export async function sendEmail(request: Request, context: Context): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed();
  const forms = context.get(formsContext);
  if (!forms) return refuse(503, API_MESSAGES.unavailable, { "Retry-After": "60" });
  const body = await readJson(request);
  if (body instanceof Response) return body;

  // The draft's header is a structured-field string ("…"); a bare UUID is taken as well.
  const sent = request.headers.get(IDEMPOTENCY_HEADER);
  const key = sent === null ? null : sent.trim().replace(/^"(.*)"$/, "$1");
  if (key !== null && !isIdempotencyKey(key)) return refuse(400, API_MESSAGES.badKey);
  // The message's fields and the honeypot; the key comes from its header only.
  const fields: Record<string, unknown> = {};
  for (const name of [...CONTACT_FIELDS, HONEYPOT_FIELD]) if (name in body) fields[name] = body[name];
  if (key !== null) fields[IDEMPOTENCY_FIELD] = key;

  const answer = await forms.submit.contact({
    fields,
    token: request.headers.get(XSRF_HEADER) ?? undefined,
    cookieHeader: request.headers.get("Cookie") ?? undefined,
    headers: request.headers,
    ip: context.get(clientIpContext),
    // A script: it waits out the minimum time itself; sooner counts as automated (decision 012).
    via: "script",
  });
  // Nothing was kept: say how else to reach the agency.
  const outcome =
    answer.status === 503
      ? { ...answer.body, message: `${answer.body.message} ${reachUs(context)}` }
      : answer.body;
  return json(answer.status, outcome, answer.headers);
}
