// The browser side of every form post (contact, newsletter, comments): the XSRF token from
// /api/csrf, sent back in the X-XSRF-TOKEN header, and the minimum time-to-submit. The server
// knows when it issued the token; a post sooner than MIN_SUBMIT_MS after that counts as automated,
// so the form asks for its token when the visitor starts on it (`prepareForm` on focus) and, at
// send time, waits out whatever is left of that time.
import { CSRF_ENDPOINT, NETWORK_ERROR, XSRF_COOKIE, XSRF_HEADER } from "#app/config/forms.ts";

export const FALLBACK_ERROR = "Something went wrong. Please try again later.";
export const NO_MESSAGE_ERROR = "Failed to send message";

export type SendResult<E = Record<string, string>> =
  { ok: true; message: string } | { ok: false; message: string; errors?: E };

/** Every value of the cookie, comma-separated: a stale or planted duplicate may come first,
 *  and the server accepts the one of them it signed. */
function readCookie(name: string): string {
  return document.cookie
    .split("; ")
    .filter((c) => c.startsWith(`${name}=`))
    .map((c) => decodeURIComponent(c.slice(name.length + 1)))
    .join(",");
}

let ready: Promise<number> | null = null;

async function fetchToken(): Promise<number> {
  const response = await fetch(CSRF_ENDPOINT, { credentials: "same-origin", cache: "no-store" });
  const answer = (await response.json().catch(() => null)) as { readyInMs?: unknown } | null;
  const wait = typeof answer?.readyInMs === "number" ? answer.readyInMs : 0;
  return performance.now() + Math.min(Math.max(wait, 0), 60_000);
}

/** Gets the form's token (once per page); call when the visitor starts on a form. */
export function prepareForm(): Promise<number> {
  ready ??= fetchToken().catch((error: unknown) => {
    ready = null; // try again at send time
    throw error;
  });
  return ready;
}

async function whenReady(): Promise<void> {
  const at = await prepareForm();
  const left = at - performance.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

const sendJson = (endpoint: string, body: Record<string, unknown>) =>
  fetch(endpoint, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", [XSRF_HEADER]: readCookie(XSRF_COOKIE) },
    body: JSON.stringify(body),
  });

/** POSTs JSON with the token; an expired token is renewed once, transparently. */
export async function postForm(endpoint: string, body: Record<string, unknown>): Promise<Response> {
  const send = () => sendJson(endpoint, body);
  await whenReady();
  const response = await send();
  if (response.status !== 403) return response;
  ready = null;
  await whenReady();
  return send();
}

type Answer<E> = { success?: unknown; message?: unknown; errors?: E } | null;

/**
 * Sends a form as JSON. The failure text follows the spec: the server's message when it gave
 * one, 'Failed to send message' for success:false without one, else the error's own message,
 * else a generic sentence.
 */
export async function sendForm<E = Record<string, string>>(
  endpoint: string,
  body: Record<string, unknown>,
): Promise<SendResult<E>> {
  try {
    const response = await postForm(endpoint, body);
    const answer = (await response.json().catch(() => null)) as Answer<E>;
    const message = typeof answer?.message === "string" ? answer.message : "";
    if (response.ok && answer?.success === true) return { ok: true, message };
    if (message) return { ok: false, message, errors: answer?.errors };
    if (answer?.success === false) return { ok: false, message: NO_MESSAGE_ERROR };
    return { ok: false, message: `The server answered with an error (HTTP ${response.status}).` };
  } catch (error) {
    if (error instanceof TypeError) return { ok: false, message: NETWORK_ERROR };
    return { ok: false, message: error instanceof Error && error.message ? error.message : FALLBACK_ERROR };
  }
}

/** POSTs JSON with the token at once, without the forms' minimum time (the staff console's
 *  requests are a signed-in person's, not a visitor's form). */
export async function postNow(endpoint: string, body: Record<string, unknown>): Promise<Response> {
  if (!readCookie(XSRF_COOKIE)) await fetchToken();
  const response = await sendJson(endpoint, body);
  if (response.status !== 403) return response;
  await fetchToken();
  return sendJson(endpoint, body);
}
