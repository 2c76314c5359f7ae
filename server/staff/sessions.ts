// Signed-in sessions: the cookie (`__Host-staff` over HTTPS, `staff` on plain-HTTP localhost),
// the member a request's cookie signs in, and signing out. The ceremonies that start a session
// are in ./sign-in.ts.
import type { StaffSessionView } from "#app/lib/ports/staff-session.ts";
import { readCookies } from "../forms/csrf.ts";
import type { Audit } from "../audit.ts";
import { consoleFormToken } from "./form-token.ts";
import { IDLE_MS, type StaffRepository } from "./repository.ts";

/** Over HTTPS (every real deployment): bound to this host, never sent over plain HTTP. */
export const SESSION_COOKIE = "__Host-staff";
/** On plain-HTTP localhost (development, tests), where browsers refuse `Secure` cookies. */
export const LOCAL_SESSION_COOKIE = "staff";

export const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The session cookie for this origin; `value` empty clears it. */
export function sessionCookie(origin: URL, value: string, maxAgeMs: number): string {
  const secure = origin.protocol === "https:";
  const name = secure ? SESSION_COOKIE : LOCAL_SESSION_COOKIE;
  const attributes = [
    `${name}=${value}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${Math.max(0, Math.floor(maxAgeMs / 1000))}`,
  ];
  if (secure) attributes.push("Secure");
  return attributes.join("; ");
}

/**
 * The session cookies a request to `origin` may sign in with: `__Host-staff`, and the plain
 * `staff` only on plain-HTTP loopback (development, tests), where it is the one set. Over HTTPS a
 * plain cookie proves nothing: anyone who can set a cookie for the host (a sibling subdomain, a
 * plain-HTTP answer on the way) could plant one, which `__Host-` rules out. Unknown origin: only
 * the prefixed one.
 */
function sessionCookieNames(origin: string | URL | undefined): string[] {
  let url: URL | null = null;
  try {
    url = origin === undefined ? null : new URL(origin);
  } catch {
    url = null;
  }
  return url?.protocol === "http:" && LOOPBACK.has(url.hostname)
    ? [SESSION_COOKIE, LOCAL_SESSION_COOKIE]
    : [SESSION_COOKIE];
}

export function createSessions(config: {
  store: StaffRepository;
  /** Signs the console's form tokens (the site's SECRET). */
  secret: string;
  siteOrigin?: string;
  now: () => number;
  audit: Audit;
}) {
  const { store, now } = config;

  /** The signed-in member of a request's cookies, read as `origin` (SITE_ORIGIN first) allows. */
  async function from(cookieHeader: string | undefined, origin: string | URL | undefined) {
    const tokens = sessionCookieNames(config.siteOrigin ?? origin)
      .flatMap((name) => readCookies(cookieHeader, name))
      .filter((t) => /^[\w-]{43}$/.test(t));
    for (const token of tokens) {
      const found = await store.session(token, now());
      if (found) return { sessionId: found.session.id, member: found.member, session: found.session };
    }
    return null;
  }

  return {
    from,

    /** The session as the console's pages see it. */
    async view(cookieHeader: string | undefined, requestUrl?: string): Promise<StaffSessionView | null> {
      const found = await from(cookieHeader, requestUrl);
      if (!found) return null;
      const { member, session } = found;
      return {
        member: { id: member.id, email: member.email, name: member.name, role: member.role },
        sessionId: session.id,
        expiresAt: Math.min(Number(session.expiresAt), Number(session.lastSeenAt) + IDLE_MS),
        formToken: consoleFormToken(config.secret, session.id),
      };
    },

    /** Ends the request's session; the Set-Cookie values that clear it. */
    async signOut(cookieHeader: string | undefined, requestUrl?: string): Promise<string[]> {
      const current = await from(cookieHeader, requestUrl);
      if (current) {
        await store.endSession(current.sessionId);
        await config.audit(current.member.email, "signed-out");
      }
      // Both names: whichever this browser holds goes.
      return [
        `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Secure; Max-Age=0`,
        `${LOCAL_SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`,
      ];
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
