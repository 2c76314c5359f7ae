// The browser side of the contact message: JSON to /api/send-email with the XSRF header.
import { CONTACT_ENDPOINT, CSRF_ENDPOINT, XSRF_COOKIE, XSRF_HEADER } from "#app/lib/contact-fields.ts";
import type { ContactErrors } from "#app/lib/contact-schema.ts";

export type SendResult =
  { ok: true; message: string } | { ok: false; message: string; errors?: ContactErrors };

export const FALLBACK_ERROR = "Something went wrong. Please try again later.";
export const NO_MESSAGE_ERROR = "Failed to send message";
export const NETWORK_ERROR = "We could not reach our server. Please check your connection and try again.";

/** Every value of the cookie, comma-separated: a stale or planted duplicate may come first,
 *  and the server accepts the one of them it signed. */
function readCookie(name: string): string {
  return document.cookie
    .split("; ")
    .filter((c) => c.startsWith(`${name}=`))
    .map((c) => decodeURIComponent(c.slice(name.length + 1)))
    .join(",");
}

function post(body: Record<string, unknown>) {
  return fetch(CONTACT_ENDPOINT, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", [XSRF_HEADER]: readCookie(XSRF_COOKIE) },
    body: JSON.stringify(body),
  });
}

type Answer = { success?: unknown; message?: unknown; errors?: ContactErrors } | null;

/**
 * Sends the message. The failure text follows the spec: the server's message when it gave
 * one, 'Failed to send message' for success:false without one, else the error's own message,
 * else a generic sentence. An expired token is renewed once, transparently.
 */
export async function sendContactMessage(body: Record<string, unknown>): Promise<SendResult> {
  try {
    // Pages served prerendered have not set the token cookie yet: ask for one first.
    if (!readCookie(XSRF_COOKIE)) await fetch(CSRF_ENDPOINT, { credentials: "same-origin" });
    let response = await post(body);
    if (response.status === 403) {
      await fetch(CSRF_ENDPOINT, { credentials: "same-origin" });
      response = await post(body);
    }
    const answer = (await response.json().catch(() => null)) as Answer;
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
