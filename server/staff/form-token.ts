// The console forms' per-session token (issue 26): every console form carries it as a hidden
// field and every console action checks it (app/lib/staff.server.ts: requireStaffForm), beside
// the Origin / Sec-Fetch-Site check of the fast path. The Origin check alone let through a post
// whose headers a proxy had stripped; a page of another site can read neither the session cookie
// (HttpOnly) nor this token, which is HMAC(secret, session id): nothing to store, the same on
// every instance sharing SECRET, and useless once the session ends.
import { keyedHash } from "../secret.ts";

const DOMAIN = "techspark-console-form-v1";

/** The token of one session (its database id, never the cookie's secret). */
export function consoleFormToken(secret: string, sessionId: string): string {
  return keyedHash(secret, `${DOMAIN}.${sessionId}`, "base64url");
}
