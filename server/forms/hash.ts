// The keyed hash stored (and logged) instead of a client's address: the same address gives the
// same hash under one server secret, and nobody without the secret can map hashes back.
import { createHmac } from "node:crypto";

export function hashClient(secret: string, address: string): string {
  return createHmac("sha256", secret).update(`client:${address}`).digest("hex").slice(0, 16);
}
