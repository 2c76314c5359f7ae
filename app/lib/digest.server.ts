// The two ways the server compares and names bytes, written once. In app/lib/ because the console's
// form token is checked by the routes (app/lib/staff.server.ts) as well as by the server; the
// server imports it at run time (the Dockerfile copies it).
import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Whether `given` is `expected`, compared in constant time: a token, a signature, a digest. The
 * time tells nothing of how much of it was right; unequal lengths answer at once (a caller that
 * must hide the length compares digests: server/health/endpoints.ts).
 */
export function safeEqual(given: string | Buffer, expected: string | Buffer): boolean {
  const a = typeof given === "string" ? Buffer.from(given) : given;
  const b = typeof expected === "string" ? Buffer.from(expected) : expected;
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A strong ETag of a body: its SHA-256 in base64url, cut to `length` characters (the pages' 27,
 *  162 bits; the pictures' 22, as the files already stored carry them). */
export function sha256Etag(body: Buffer, length = 27): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, length)}"`;
}
