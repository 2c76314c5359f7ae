// The page's script side of the per-visitor XSRF token (decision 012): pages kept for every visitor
// cannot carry it, so a form asks GET /api/csrf for it when the visitor starts on the form (focus) and
// sends the cookie's value back in the `_xsrf` field. The server knows when it issued the token; a
// post sooner than MIN_SUBMIT_MS after that counts as automated, so at send time the form waits out
// whatever is left of that time. Loaded with a form's first use, never with the page.
import { CSRF_ENDPOINT, XSRF_COOKIE, XSRF_HEADER } from "#app/config/forms.ts";

/** Every value of the cookie, comma-separated: a stale or planted duplicate may come first,
 *  and the server accepts the one of them it signed. */
function readToken(): string {
  const name = XSRF_COOKIE;
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

/** Resolves once the token is here and old enough to send; `renew` asks for a new one first
 *  (the server refused the one we had: expired, or planted). */
export async function whenReady({ renew = false } = {}): Promise<string> {
  if (renew) ready = null;
  const at = await prepareForm();
  const left = at - performance.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  return readToken();
}

const sendJson = (endpoint: string, body: Record<string, unknown>) =>
  fetch(endpoint, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", [XSRF_HEADER]: readToken() },
    body: JSON.stringify(body),
  });

/** POSTs JSON with the token at once, without the forms' minimum time: the staff console's
 *  passkey ceremonies (server/staff), a signed-in person's requests, not a visitor's form. */
export async function postNow(endpoint: string, body: Record<string, unknown>): Promise<Response> {
  if (!readToken()) await fetchToken();
  const response = await sendJson(endpoint, body);
  if (response.status !== 403) return response;
  await fetchToken();
  return sendJson(endpoint, body);
}
