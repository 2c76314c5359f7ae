// A visitor's browser as the site's scripts use it, for every feature's tests (the in-process
// harness or the built server): the XSRF token a page holds, and the JSON posts its scripts send.
import { agedToken, SECRET } from "../contact/testing/helpers.ts";

/** The token a page sends in its header, and the cookie that carries it. */
export type Xsrf = { token: string; cookie: string };

/** A token the server (secret `secret`) issued 20 s before `now`: a visitor who has had the page
 *  that long. */
export function heldToken(now = Date.now(), secret = SECRET): Xsrf {
  const token = agedToken(now, 20_000, secret);
  return { token, cookie: `XSRF-TOKEN=${token}` };
}

/** A token as the page's script fetches it: GET /api/csrf on `site`, and the cookie it sets. */
export async function fetchToken(site: string, headers: Record<string, string> = {}): Promise<Xsrf> {
  const res = await fetch(`${site}/api/csrf`, { headers });
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("XSRF-TOKEN="))
    ?.split(";")[0];
  if (res.status !== 200 || !cookie) throw new Error(`GET ${site}/api/csrf: ${res.status}, cookie ${cookie}`);
  const { token } = (await res.json()) as { token: string };
  return { token, cookie };
}

/**
 * What the page's script does: POST `body` as JSON (a string is sent as it is) to `url`, with the
 * token in the header and the cookie (by default `heldToken()`). `headers` are added; in lower
 * case they replace the script's own (`content-type`, `x-xsrf-token`, `cookie`).
 */
export async function postJson(
  url: string,
  body: unknown,
  { xsrf = heldToken(), headers = {} }: { xsrf?: Xsrf; headers?: Record<string, string> } = {},
) {
  const res = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-xsrf-token": xsrf.token,
      cookie: xsrf.cookie,
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}
