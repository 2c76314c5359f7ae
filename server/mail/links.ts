// Signed links for e-mails (confirm a subscription, unsubscribe, moderate a comment, accept an
// invitation): `payload.expiry.mac`, where mac = HMAC-SHA256(secret, purpose.payload.expiry),
// cut to 128 bits to keep links short. A link made for one purpose is useless for another; changing
// the payload or the expiry breaks the signature. Single use is the feature's business (it stores
// a nonce in the payload and clears it when the link is used).
import { safeEqual } from "#app/lib/digest.server.ts";
import { keyedHash } from "../secret.ts";

export type LinkCheck =
  | { ok: true; payload: string }
  | { ok: false; reason: "invalid" }
  /** Signed by us but too old: the payload is still known (to offer a new link). */
  | { ok: false; reason: "expired"; payload: string };

export type LinkSigner = {
  /** `expiresAt` in ms since the epoch, or null for a link that does not expire. */
  sign(purpose: string, payload: string, expiresAt: number | null): string;
  verify(purpose: string, token: string, now: number): LinkCheck;
};

/** What a payload may hold: URL-safe characters without the separator. */
const PAYLOAD = /^[\w~-]{1,200}$/;

export function createLinkSigner(secret: string): LinkSigner {
  const mac = (purpose: string, payload: string, expiry: string) =>
    keyedHash(secret, `link.${purpose}.${payload}.${expiry}`, "base64url", 16);

  return {
    sign(purpose, payload, expiresAt) {
      if (!PAYLOAD.test(payload)) throw new Error(`link payload has characters a link cannot carry`);
      const expiry = expiresAt === null ? "0" : Math.ceil(expiresAt).toString(36);
      return `${payload}.${expiry}.${mac(purpose, payload, expiry)}`;
    },
    verify(purpose, token, now) {
      const parts = typeof token === "string" && token.length <= 300 ? token.split(".") : [];
      if (parts.length !== 3) return { ok: false, reason: "invalid" };
      const [payload = "", expiry = "", signature = ""] = parts;
      if (!PAYLOAD.test(payload) || !/^[0-9a-z]{1,12}$/.test(expiry)) return { ok: false, reason: "invalid" };
      if (!safeEqual(signature, mac(purpose, payload, expiry))) return { ok: false, reason: "invalid" };
      if (expiry !== "0" && parseInt(expiry, 36) <= now) return { ok: false, reason: "expired", payload };
      return { ok: true, payload };
    },
  };
}
