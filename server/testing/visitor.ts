// A visitor's browser as the site's scripts use it, for every feature's tests (the in-process
// harness or the built server): the XSRF token a page holds, the form posts its forms' script
// sends, and the console's JSON posts.
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from "react-router";
import { agedToken, SECRET } from "./config.ts";

async function readReply(res: Response): Promise<Record<string, unknown>> {
  if (res.headers.get("content-type")?.startsWith("text/x-script") && res.body) {
    const decoded = await decodeTurboStream(res.body, globalThis as unknown as Window);
    const { data } = decoded.value as { data?: Record<string, unknown> };
    return data ?? {};
  }
  const text = await res.text();
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

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
 * What a form's script does (app/hooks/use-form-submit.ts): POST the fields to the page's action,
 * form-encoded, with the token in the `_xsrf` field and its cookie (by default `heldToken()`).
 * `headers` are added; in lower case they replace the script's own (`content-type`, `cookie`).
 * The answer is the action's FormReply: JSON from the features' harness
 * (server/testing/form-actions.ts), React Router's turbo-stream from the built server's `.data`
 * twin of the page; `body` is its outcome.
 */
export async function postForm(
  url: string,
  fields: Record<string, unknown> | string,
  { xsrf = heldToken(), headers = {} }: { xsrf?: Xsrf; headers?: Record<string, string> } = {},
) {
  const body =
    typeof fields === "string"
      ? fields
      : new URLSearchParams({
          ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])),
          _xsrf: xsrf.token,
          _script: "1",
        }).toString();
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: xsrf.cookie, ...headers },
    body,
  });
  const reply = await readReply(res);
  return {
    status: res.status,
    headers: res.headers,
    reply,
    body: (reply.outcome ?? {}) as Record<string, unknown>,
  };
}

/**
 * What the console's passkey scripts do: POST `body` as JSON (a string is sent as it is) to `url`, with the
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
