// DKIM's private key (DKIM_PRIVATE_KEY_FILE), read and checked once at start: a key that cannot be
// read or is not a usable RSA key stops the server with a message naming the variable, instead of
// every e-mail failing later (docs/deploy.md "E-mail that arrives").
import { createPrivateKey } from "node:crypto";
import { readFileSync } from "node:fs";
import { ConfigError, type ServerConfig } from "./config.ts";
import type { DkimSettings } from "./mail/transport.ts";

type DkimConfig = Pick<ServerConfig, "DKIM_DOMAIN" | "DKIM_SELECTOR" | "DKIM_PRIVATE_KEY_FILE">;

/** The signing settings, or undefined when DKIM is not configured (parseConfig has checked that
 *  the three are set together). */
export function loadDkim(config: DkimConfig): DkimSettings | undefined {
  const { DKIM_DOMAIN: domainName, DKIM_SELECTOR: keySelector, DKIM_PRIVATE_KEY_FILE: file } = config;
  if (!domainName || !keySelector || !file) return undefined;
  let privateKey: string;
  try {
    privateKey = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
    throw new ConfigError(`Invalid configuration:\n  DKIM_PRIVATE_KEY_FILE: cannot read ${file} (${code})`);
  }
  let details: { type?: string; bits?: number };
  try {
    const key = createPrivateKey(privateKey);
    details = { type: key.asymmetricKeyType, bits: key.asymmetricKeyDetails?.modulusLength };
  } catch {
    throw new ConfigError(
      `Invalid configuration:\n  DKIM_PRIVATE_KEY_FILE: ${file} holds no private key (PEM)`,
    );
  }
  // nodemailer signs with rsa-sha256; receivers ignore RSA keys under 1024 bits (RFC 8301).
  if (details.type !== "rsa" || (details.bits ?? 0) < 1024)
    throw new ConfigError(
      `Invalid configuration:\n  DKIM_PRIVATE_KEY_FILE: ${file} must hold an RSA key of at least 1024 bits (2048 advised)`,
    );
  return { domainName, keySelector, privateKey };
}
