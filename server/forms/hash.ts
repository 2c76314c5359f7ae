// The keyed hash stored (and logged) instead of a client's address: the same address gives the
// same hash under one server secret, and nobody without the secret can map hashes back.
import { keyedHash } from "../secret.ts";

export function hashClient(secret: string, address: string): string {
  return keyedHash(secret, `client:${address}`, "hex", 8);
}
