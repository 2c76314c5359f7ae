// What app/hooks/use-form-submit.ts does once a visitor uses a form, loaded on the first focus or
// send: a form is on every page (the footer's newsletter), and this code would otherwise be in
// every page's first load (budgets.json).
import type { FetcherWithComponents } from "react-router";
import {
  FALLBACK_ERROR,
  HONEYPOT_FIELD,
  IDEMPOTENCY_FIELD,
  IDEMPOTENCY_HEADER,
  NETWORK_ERROR,
  NO_MESSAGE_ERROR,
  SCRIPT_FIELD,
  XSRF_FIELD,
  XSRF_HEADER,
} from "#app/config/forms.ts";
import type { FormReply } from "#app/lib/form-reply.ts";
import { prepareForm, whenReady } from "#app/lib/form-token.ts";
import { notify } from "#app/lib/notify.ts";

type Errors = Record<string, string | undefined>;

type FieldErrors<F extends string> = Partial<Record<F, string>>;

export type FormState = {
  errors: Record<string, string | undefined>;
  failure: string;
  success: string;
  note: string;
  /** Waiting out the token's minimum age before the post. */
  waiting: boolean;
};

export type FormSubmitOptions<F extends string> = {
  /** The route whose action takes the form (its `action` attribute without JavaScript). */
  action: string;
  /** With JavaScript, post the fields as JSON to this API instead (the contact form: the spec's
   *  `POST /api/send-email`, §7), the token in the X-XSRF-TOKEN header and the key in
   *  Idempotency-Key; its answer `{success, message, errors?}` is read as §8 says. */
  api?: string;
  /** The visible fields, in order: the first with an error gets the focus. */
  fields: readonly F[];
  /** The answer to the post without JavaScript, shown as the page comes (actionData). */
  initial?: Pick<FormReply<FieldErrors<F>>, "outcome" | "notice">;
  /** The form's errors, in the browser (the server checks again); none: send. */
  validate?: (
    data: Record<string, string>,
    form: HTMLFormElement,
  ) => Promise<FieldErrors<F>> | FieldErrors<F>;
  /** One field's error when the visitor leaves it (once they typed or after an error). */
  validateField?: (name: F, value: string) => Promise<string | undefined>;
  /** Loaded when the visitor starts on the form (the validator). */
  preload?: () => Promise<unknown>;
  /** A form of one field focuses it after any refusal, not only its own error (the newsletter). */
  focusOnRefusal?: boolean;
  /** The toast after success: its title and description. */
  sentToast: (message: string) => [string, string?];
  onSent?: () => void;
};

/** The hook's parts these functions act on (refs and setters: never read during render). */
export type FormParts = {
  options: FormSubmitOptions<string>;
  fetcher: FetcherWithComponents<FormReply>;
  form: { current: HTMLFormElement | null };
  sent: { current: { data: FormData; renewed: boolean } | null };
  setState: (update: (state: FormState) => FormState) => void;
};

const focusFirst = (p: FormParts, found: Errors, refused = false) => {
  const { fields, focusOnRefusal } = p.options;
  const first = fields.find((f) => found[f]) ?? (refused && focusOnRefusal ? fields[0] : undefined);
  if (first) p.form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
};

function refuse(p: FormParts, message: string, found: Errors = {}) {
  p.setState((s) => ({ ...s, failure: message, errors: found }));
  focusFirst(p, found, true);
  void notify("error", message);
}

/** Each keyed form's key (a form with the IDEMPOTENCY_FIELD: contact) and the content it was
 *  made for. Every try of the same content sends it (an answer lost, a 5xx, a 429, a renewed
 *  token): the server stores the message once. Other content, or a message sent, gets a new one. */
const keys = new WeakMap<HTMLFormElement, { content: string; key: string }>();

function withKey(p: FormParts, element: HTMLFormElement, data: FormData) {
  if (!data.has(IDEMPOTENCY_FIELD)) return;
  const content = JSON.stringify(p.options.fields.map((f) => data.get(f)));
  let kept = keys.get(element);
  // randomUUID needs https (or localhost): elsewhere the message goes without a key, as before.
  if (kept?.content !== content) keys.set(element, (kept = { content, key: crypto.randomUUID?.() ?? "" }));
  data.set(IDEMPOTENCY_FIELD, kept.key);
}

/** Asks for the token when the visitor starts on the form; the validator loads too. */
export function prepare(p: FormParts) {
  void p.options.preload?.().catch(() => {});
  prepareForm().catch(() => {}); // asked again when sending
}

/** An API's answer as a form reply (spec §8): success on 200–299 with `success: true`; else the
 *  server's message when it has one, "Failed to send message" for `success: false` without one,
 *  else the status. */
async function replyOf(response: Response): Promise<FormReply> {
  const answer = (await response.json().catch(() => null)) as {
    success?: unknown;
    message?: unknown;
    errors?: unknown;
  } | null;
  const { status } = response;
  const message = typeof answer?.message === "string" ? answer.message : "";
  if (status >= 200 && status < 300 && answer?.success === true) {
    return { status, outcome: { success: true, message }, values: {} };
  }
  const errors =
    typeof answer?.errors === "object" && answer.errors !== null
      ? (answer.errors as Record<string, string>)
      : undefined;
  const text =
    message ||
    (answer?.success === false ? NO_MESSAGE_ERROR : `The server answered with an error (HTTP ${status}).`);
  return { status, outcome: { success: false, message: text, ...(errors && { errors }) }, values: {} };
}

/** Posts the form's fields as JSON to its API and acts on the answer (the fetcher is not used:
 *  it cannot send headers, and would post to the route's `.data` twin, not the API). */
async function postJson(p: FormParts, api: string, data: FormData, token: string, renew: boolean) {
  p.sent.current = { data, renewed: renew };
  // The spec's body (§7): the visible fields; the honeypot only when something filled it (a bot).
  const body: Record<string, string> = {};
  for (const name of p.options.fields) body[name] = String(data.get(name) ?? "");
  const honeypot = data.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot) body[HONEYPOT_FIELD] = honeypot;
  const key = data.get(IDEMPOTENCY_FIELD);
  let reply: FormReply;
  try {
    const response = await fetch(api, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/json",
        [XSRF_HEADER]: token,
        // The draft's structured-field string.
        ...(typeof key === "string" && key && { [IDEMPOTENCY_HEADER]: `"${key}"` }),
      },
      body: JSON.stringify(body),
    });
    reply = await replyOf(response);
  } catch (error) {
    // fetch() rejects with a TypeError when the server cannot be reached.
    const message = error instanceof TypeError ? NETWORK_ERROR : FALLBACK_ERROR;
    reply = { status: 0, outcome: { success: false, message }, values: {} };
  }
  p.setState((s) => ({ ...s, waiting: false }));
  answer(p, reply);
}

async function post(p: FormParts, data: FormData, renew: boolean) {
  p.setState((s) => ({ ...s, waiting: true }));
  let token: string;
  try {
    token = await whenReady({ renew });
  } catch {
    // The token could not be fetched: the server is out of reach.
    p.sent.current = null;
    p.setState((s) => ({ ...s, waiting: false }));
    refuse(p, NETWORK_ERROR);
    return;
  }
  const { api } = p.options;
  if (api) return postJson(p, api, data, token, renew);
  data.set(XSRF_FIELD, token);
  p.setState((s) => ({ ...s, waiting: false }));
  p.sent.current = { data, renewed: renew };
  await p.fetcher.submit(data, {
    method: "post",
    action: p.options.action,
    // The page's own data did not change: nothing else is fetched again.
    defaultShouldRevalidate: false,
    preventScrollReset: true,
  });
}

/** Checks the form in the browser, then posts it to the route's action. */
export async function submit(p: FormParts, element: HTMLFormElement) {
  const data = new FormData(element);
  p.setState((s) => ({ ...s, success: "", note: "" }));
  const found: Errors = (await p.options.validate?.(Object.fromEntries(data) as never, element)) ?? {};
  if (Object.values(found).some(Boolean)) {
    p.setState((s) => ({ ...s, errors: found }));
    focusFirst(p, found);
    return;
  }
  p.setState((s) => ({ ...s, errors: {} }));
  data.set(SCRIPT_FIELD, "1");
  withKey(p, element, data);
  await post(p, data, false);
}

/** The action's answer: sent, refused, or asked to confirm. */
export function answer(p: FormParts, reply: FormReply) {
  const attempt = p.sent.current;
  if (!attempt) return;
  p.sent.current = null;
  // 403: the token expired (or a stale cookie was sent): renewed and sent again, once.
  if (reply.status === 403 && !attempt.renewed) return void post(p, attempt.data, true);
  const { outcome } = reply;
  if (reply.notice) p.setState((s) => ({ ...s, note: reply.notice! }));
  else if (outcome?.success) {
    if (p.form.current) keys.delete(p.form.current);
    p.form.current?.reset();
    p.setState((s) => ({ ...s, failure: "", success: outcome.message }));
    p.options.onSent?.();
    const [title, description] = p.options.sentToast(outcome.message);
    void notify("success", title, description);
  } else if (outcome) refuse(p, outcome.message, outcome.errors);
}

/** One field checked when the visitor leaves it (once they typed, or after an error). */
export async function check(p: FormParts, name: string, value: string, hadError: boolean) {
  const { validateField } = p.options;
  if (!validateField || (!value && !hadError)) return;
  const error = await validateField(name, value);
  p.setState((s) => ({ ...s, errors: { ...s.errors, [name]: error } }));
}
