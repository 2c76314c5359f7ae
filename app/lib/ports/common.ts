// Values the Node server hands to React Router for each request, and the form post every
// feature's port takes (the server fills the record of ports, app/lib/ports/ports.ts, with the
// objects exported by app/entry.server.tsx so both sides share one identity). Each feature's port
// is in its own file.
import { createContext } from "react-router";

/** Per-request CSP nonce for React Router's inline scripts; empty while prerendering. */
export const cspNonceContext = createContext<string>("");

/** The socket's peer address (X-Forwarded-For is applied by the contact service when trusted). */
export const clientIpContext = createContext<string>("");

/** What a form post is answered with (every form's, the contact form's first). */
export type ContactOutcome = { success: boolean; message: string; errors?: Record<string, string> };

/** A form post, as the page's action hands it to a service (app/lib/form-action.server.ts). */
export type FormPost = {
  fields: Record<string, unknown>;
  /** The XSRF token: the `_xsrf` field (forms) or the X-XSRF-TOKEN header (the console's JSON). */
  token?: string;
  cookieHeader?: string;
  headers: Headers;
  /** The socket's peer address; X-Forwarded-For in `headers` is applied when trustProxy is set. */
  ip: string;
  /** "script": sent by the page's script, which waits out the minimum time itself (a post sooner
   *  counts as automated); "form" (default): without JavaScript, a post sooner is asked to confirm. */
  via?: "script" | "form";
};

/** `confirm`: nothing was stored; the visitor is asked to check the form and send it again.
 *  `repeat`: the same post came before (its idempotency key), answered the same; nothing new. */
export type FormPostAnswer = {
  status: number;
  body: ContactOutcome;
  headers?: Record<string, string>;
  confirm?: true;
  repeat?: true;
};
