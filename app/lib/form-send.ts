// The two ways a form's fields reach the server from the page's script, shared by the form that is
// sending now (app/lib/form-submit.ts) and the messages kept on the phone to be sent later
// (app/lib/outbox-send.ts, which the service worker runs too: so nothing here may need a window):
// the contact form's JSON API (the spec's POST /api/send-email, §7) and a form route's action (the
// newsletter, comments), each answered as a FormReply. Loaded with a form's first use, never with
// the page.
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from "react-router";
import {
  FALLBACK_ERROR,
  HONEYPOT_FIELD,
  IDEMPOTENCY_HEADER,
  NETWORK_ERROR,
  NO_MESSAGE_ERROR,
  SCRIPT_FIELD,
  XSRF_FIELD,
  XSRF_HEADER,
} from "#app/config/forms.ts";
import type { FormReply } from "#app/lib/form-reply.ts";

const failure = (status: number, message: string): FormReply => ({
  status,
  outcome: { success: false, message },
  values: {},
});

/** A request that never reached the server: fetch() rejects with a TypeError then. */
const unreachable = (error: unknown) =>
  failure(0, error instanceof TypeError ? NETWORK_ERROR : FALLBACK_ERROR);

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

/** Posts the visible fields as JSON to the API, the token in its header and the message's key in
 *  Idempotency-Key (the draft's structured-field string). The honeypot goes only when something
 *  filled it (a bot). */
export async function postApi(
  api: string,
  fields: readonly string[],
  values: Record<string, string>,
  token: string,
  key: string,
): Promise<FormReply> {
  const body: Record<string, string> = {};
  for (const name of fields) body[name] = values[name] ?? "";
  if (values[HONEYPOT_FIELD]) body[HONEYPOT_FIELD] = values[HONEYPOT_FIELD];
  try {
    const response = await fetch(api, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/json",
        [XSRF_HEADER]: token,
        ...(key && { [IDEMPOTENCY_HEADER]: `"${key}"` }),
      },
      body: JSON.stringify(body),
    });
    return await replyOf(response);
  } catch (error) {
    return unreachable(error);
  }
}

/** Posts the fields to a form route's action as React Router's fetcher does (the route's `.data`
 *  twin, its answer in React Router's own encoding), for a form no longer on the page: a message
 *  kept on the phone and sent on a later visit. A thrown answer (the post is gone: 404) is a
 *  refusal with its status. */
export async function postRoute(action: string, values: Record<string, string>, token: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) body.set(name, value);
  body.set(XSRF_FIELD, token);
  body.set(SCRIPT_FIELD, "1");
  const url = new URL(action, location.origin);
  url.pathname = url.pathname.endsWith("/") ? `${url.pathname}_.data` : `${url.pathname}.data`;
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", credentials: "same-origin", body });
  } catch (error) {
    return unreachable(error);
  }
  const { status } = response;
  const answer = response.body
    ? ((await decodeTurboStream(response.body, globalThis).catch(() => null))?.value as
        { data?: FormReply } | undefined)
    : undefined;
  if (answer?.data?.outcome || answer?.data?.notice) return { ...answer.data, status };
  return failure(status, `The server answered with an error (HTTP ${status}).`);
}
