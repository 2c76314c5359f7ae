// The staff console's calls to server/staff (JSON, with the XSRF token) and the passkey
// ceremonies in the browser (SimpleWebAuthn). Loaded only by the console's pages.
import {
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { NETWORK_ERROR, STAFF_API } from "#app/config/forms.ts";
import { postNow } from "#app/lib/form-token.ts";

type Answer<T> = { ok: true; data: T } | { ok: false; message: string; status: number };

async function call<T>(path: string, body: Record<string, unknown>): Promise<Answer<T>> {
  try {
    const response = await postNow(`${STAFF_API}${path}`, body);
    const answer = (await response.json().catch(() => null)) as ({ message?: string } & T) | null;
    if (response.ok && answer) return { ok: true, data: answer };
    return {
      ok: false,
      status: response.status,
      message: answer?.message || `The server answered with an error (HTTP ${response.status}).`,
    };
  } catch {
    return { ok: false, status: 0, message: NETWORK_ERROR };
  }
}

/** What the browser or the person did to a ceremony, in words. */
function ceremonyMessage(error: unknown): string {
  if (error instanceof WebAuthnError && error.code === "ERROR_CEREMONY_ABORTED")
    return "The passkey request was cancelled.";
  if (error instanceof Error && error.name === "NotAllowedError")
    return "No passkey was used: the request was cancelled or timed out. Please try again.";
  if (error instanceof Error && error.name === "InvalidStateError")
    return "This device already holds a passkey for your account: sign in with it.";
  return "This browser could not use a passkey here. Try another browser or device.";
}

export type InvitationInfo = { email: string; name: string; role: "owner" | "staff" };

/** The invitation's registration options (and who it is for). */
export function openInvitation(token: string) {
  return call<{ options: PublicKeyCredentialCreationOptionsJSON; member: InvitationInfo }>("/invitation", {
    token,
  });
}

/** Creates the passkey on this device and signs in. */
export async function acceptInvitation(
  token: string,
  options: PublicKeyCredentialCreationOptionsJSON,
): Promise<Answer<unknown>> {
  let response;
  try {
    response = await startRegistration({ optionsJSON: options });
  } catch (error) {
    return { ok: false, status: 0, message: ceremonyMessage(error) };
  }
  return call("/invitation/verify", { token, response });
}

/** Signs in with a passkey of this site. */
export async function signInWithPasskey(): Promise<Answer<unknown>> {
  const start = await call<{ options: PublicKeyCredentialRequestOptionsJSON }>("/sign-in", {});
  if (!start.ok) return start;
  let response;
  try {
    response = await startAuthentication({ optionsJSON: start.data.options });
  } catch (error) {
    return { ok: false, status: 0, message: ceremonyMessage(error) };
  }
  return call("/sign-in/verify", { response });
}

/** Adds a passkey on this device for the signed-in member (a second phone or computer). */
export async function addPasskey(): Promise<Answer<unknown>> {
  const start = await call<{ options: PublicKeyCredentialCreationOptionsJSON }>("/passkeys", {});
  if (!start.ok) return start;
  let response;
  try {
    response = await startRegistration({ optionsJSON: start.data.options });
  } catch (error) {
    return { ok: false, status: 0, message: ceremonyMessage(error) };
  }
  return call("/passkeys/verify", { response });
}
