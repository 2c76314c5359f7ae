// A passkey authenticator in software, for API tests that must hold a real credential or forge
// one: ES256 keys from node:crypto, the authenticator data, client data and signatures a browser
// would send (attestation "none"), so SimpleWebAuthn verifies them as it verifies Chromium's.
// Only what the tests need: a forged field is set by editing the JSON it returns.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

type Credential = { id: Uint8Array; userHandle: string; privateKey: KeyObject; counter: number };

const FLAGS = { up: 0x01, uv: 0x04, at: 0x40 };
const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const uint32 = (n: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(n);
  return out;
};

/** The COSE form of an ES256 public key (RFC 9053: kty EC2, alg -7, crv P-256, x, y). */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: "jwk" });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]),
  );
}

/** What every PublicKeyCredential a browser sends says besides its response. */
const publicKeyCredential = (credential: Credential) => ({
  id: b64(credential.id),
  rawId: b64(credential.id),
  type: "public-key" as const,
  clientExtensionResults: {},
});

export function softwareAuthenticator(origin: string) {
  const credentials: Credential[] = [];
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    credentials,
    /** navigator.credentials.create(): a new discoverable credential (`id`: reuse a credential id). */
    create(options: PublicKeyCredentialCreationOptionsJSON, id?: Uint8Array): RegistrationResponseJSON {
      const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
      const credential: Credential = {
        id: id ?? randomBytes(16),
        userHandle: options.user.id,
        privateKey,
        counter: 0,
      };
      credentials.push(credential);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credential.id.length);
      const authData = Buffer.concat([
        sha256(options.rp.id!),
        Buffer.of(FLAGS.up | FLAGS.uv | FLAGS.at),
        uint32(0),
        Buffer.alloc(16), // AAGUID: none
        idLength,
        credential.id,
        coseKey(publicKey),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", new Uint8Array(authData)],
        ]) as never,
      );
      return {
        ...publicKeyCredential(credential),
        response: {
          clientDataJSON: b64(clientData("webauthn.create", options.challenge)),
          attestationObject: b64(attestationObject),
          transports: ["internal"],
        },
      };
    },
    /** navigator.credentials.get() with `credential` (default: the last created), signed. */
    get(
      options: PublicKeyCredentialRequestOptionsJSON,
      credential: Credential = credentials.at(-1)!,
    ): AuthenticationResponseJSON {
      credential.counter++;
      const authData = Buffer.concat([
        sha256(options.rpId!),
        Buffer.of(FLAGS.up | FLAGS.uv),
        uint32(credential.counter),
      ]);
      const data = clientData("webauthn.get", options.challenge);
      const signature = sign("sha256", Buffer.concat([authData, sha256(data)]), credential.privateKey);
      return {
        ...publicKeyCredential(credential),
        response: {
          clientDataJSON: b64(data),
          authenticatorData: b64(authData),
          signature: b64(signature),
          userHandle: credential.userHandle,
        },
      };
    },
  };
}

/** A stranger's device: it holds one passkey, which no member registered here. */
export function strangerAuthenticator(origin: string) {
  const device = softwareAuthenticator(origin);
  device.create({
    challenge: "x",
    rp: { id: "127.0.0.1", name: "x" },
    user: { id: "eA", name: "x", displayName: "x" },
    pubKeyCredParams: [],
  });
  return device;
}
