// The key that signs XSRF tokens, links and console form tokens, and hashes client addresses and
// e-mail addresses. From SECRET when set (required when several instances share a database);
// otherwise generated once and kept in DATA_DIR, so restarts do not invalidate open forms.
import { createHmac, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * HMAC-SHA256 of `message` under the secret, as `encoding`, cut to its first `bytes` when given.
 * Every keyed hash of the server is this one; each caller puts its own prefix in `message`
 * (`client:`, `link.`, …), so that one use's hash is never valid for another.
 */
export function keyedHash(
  secret: string,
  message: string,
  encoding: "hex" | "base64url",
  bytes?: number,
): string {
  const digest = createHmac("sha256", secret).update(message).digest();
  return (bytes === undefined ? digest : digest.subarray(0, bytes)).toString(encoding);
}

export function loadSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, "secret");
  try {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  } catch {
    // not created yet
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
