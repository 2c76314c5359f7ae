// The staff console's sign-in ceremonies (WebAuthn, SimpleWebAuthn's: decision 015): an
// invitation registers a passkey, a passkey signs in, a signed-in member adds another. The JSON
// endpoints pass the same guard as every form (same origin, rate limit, XSRF token); refusals are
// counted against the client, and with the refused sign-in attempts when they name nobody.
//   POST /api/admin/invitation          {token}            → registration options (and who it is for)
//   POST /api/admin/invitation/verify   {token, response}  → passkey stored, signed in
//   POST /api/admin/sign-in             {}                 → authentication options
//   POST /api/admin/sign-in/verify      {response}         → signed in
//   POST /api/admin/passkeys            {}                 → options to add a passkey (signed in)
//   POST /api/admin/passkeys/verify     {response}         → the passkey added
import express from "express";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { STAFF_API } from "#app/config/forms.ts";
import { site } from "#app/config/site.ts";
import { createFormEndpoint } from "../forms/endpoint.ts";
import { fail, type FormAnswer, type FormInput } from "../forms/guard.ts";
import type { Forms } from "../forms/index.ts";
import { describeError, type Logger } from "../log.ts";
import type { Audit } from "../audit.ts";
import { deviceLabel } from "./device.ts";
import { ABSOLUTE_MS, PasskeyTakenError, type Member, type StaffRepository } from "./repository.ts";
import { LOOPBACK, sessionCookie, type Sessions } from "./sessions.ts";
import type { SignInRefusal } from "./tables.ts";

export const STAFF_RESPONSES = {
  invitation: {
    invalid: "This invitation link is not valid. Ask an owner for a new one.",
    used: "This invitation was used already. Sign in with your passkey, or ask an owner for a new invitation.",
    expired: "This invitation has expired (they work for 24 hours). Ask an owner for a new one.",
  },
  ceremony: "The passkey could not be checked. Please try again.",
  unknownPasskey: "This passkey is not registered for the staff console (or its owner was removed).",
  insecure: "Passkeys need a secure connection (HTTPS).",
  signedOut: "You are signed out. Please sign in again.",
  tooMany: (minutes: number) =>
    `Too many sign-in attempts from your connection. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  unavailable: "Sign-in is unavailable right now. Please try again in a minute.",
  passkeyTaken:
    "This passkey is registered for the staff console already. Create one on another device, or sign in with it.",
} as const;

/** The site's origin as the browser saw it: SITE_ORIGIN, else the request's own (checked same-origin). */
function originOf(input: FormInput, siteOrigin: string | undefined): URL | null {
  const origin = siteOrigin ?? input.headers.get("origin");
  if (!origin) return null;
  try {
    return new URL(origin);
  } catch {
    return null;
  }
}

/** Ceremonies a client may start (challenges stored): far above a person's use, any outcome. */
const CHALLENGE_LIMITS = { perMinute: 60, perHour: 600 };

/** A request the guard let through: the origin its ceremony is bound to, and its client. */
type Admitted = { origin: URL; client: string; limitKey: string };

export function createSignIn(config: {
  store: StaffRepository;
  sessions: Sessions;
  forms: Forms;
  audit: Audit;
  siteOrigin?: string;
  /** Refused sign-in ceremonies per client (successes are never counted). */
  rateLimit?: { perMinute: number; perHour: number };
  bodyLimitBytes?: number;
  now: () => number;
  log: Logger;
}): express.Router {
  const { store, sessions, audit, now, log } = config;
  // Failures only (a refused ceremony): a member signing in again and again is never slowed down,
  // while guessing goes no faster than the limit. Checked uncounted at every request (admit).
  const limiter = config.forms.guard.limiter("staff", config.rateLimit ?? { perMinute: 10, perHour: 60 });
  // Every ceremony starts by storing a challenge: asking for them is counted on its own, far above
  // what a person does (a row per request would otherwise be free to anyone).
  const challenges = config.forms.guard.limiter("staff-challenge", CHALLENGE_LIMITS);
  const bodyLimitBytes = config.bodyLimitBytes ?? 32 * 1024;

  const ok = (data: Record<string, unknown>, headers?: Record<string, string>): FormAnswer => ({
    status: 200,
    body: { success: true, message: "", ...data },
    headers,
  });

  /** The guard (the failure limit checked, not counted), then the origin every ceremony is bound to. */
  async function admit(input: FormInput): Promise<Admitted | FormAnswer> {
    const verdict = await config.forms.guard.check(input, limiter, "staff", { count: false });
    if (!verdict.ok) {
      const { answer } = verdict;
      if (answer.status === 503)
        return { ...answer, body: { ...answer.body, message: STAFF_RESPONSES.unavailable } };
      if (answer.status !== 429) return answer;
      return tooMany(verdict.client, Number(answer.headers?.["Retry-After"] ?? 60));
    }
    const origin = originOf(input, config.siteOrigin);
    if (!origin || (origin.protocol !== "https:" && !LOOPBACK.has(origin.hostname)))
      return fail(400, STAFF_RESPONSES.insecure);
    return { origin, client: verdict.client, limitKey: verdict.limitKey };
  }

  /** A 429, counted with the refused sign-in attempts (not the audit log: nobody is named). */
  async function tooMany(client: string, retryAfterSeconds: number): Promise<FormAnswer> {
    await store.refuseSignIn("rate-limit", client, now());
    return fail(429, STAFF_RESPONSES.tooMany(Math.ceil(retryAfterSeconds / 60)), {
      headers: { "Retry-After": String(retryAfterSeconds) },
    });
  }

  /** A refused ceremony: counted against the client's limit and, when it names nobody
   *  (`anonymous`), with the refused sign-in attempts; one naming a member is in the audit log. */
  async function refuse(admitted: Admitted, answer: FormAnswer, anonymous?: SignInRefusal) {
    await limiter.hit(admitted.limitKey);
    if (anonymous) await store.refuseSignIn(anonymous, admitted.client, now());
    return answer;
  }

  /** Null when the client may start another ceremony (a challenge is about to be stored). */
  async function challengeRefused(admitted: Admitted): Promise<FormAnswer | null> {
    const limit = await challenges.hit(admitted.limitKey);
    return limit.ok ? null : tooMany(admitted.client, limit.retryAfterSeconds);
  }

  async function signIn(member: Member, origin: URL, input: FormInput, via: string): Promise<FormAnswer> {
    const token = await store.startSession(
      member.id,
      deviceLabel(input.headers.get("user-agent") ?? undefined),
      now(),
    );
    await audit(member.email, "signed-in", null, via);
    log({ msg: "staff.signed-in", member: member.id, via });
    return ok({ name: member.name }, { "Set-Cookie": sessionCookie(origin, token, ABSOLUTE_MS) });
  }

  const text = (value: unknown, max: number) =>
    typeof value === "string" && value.length <= max ? value : "";

  // Each handler: a refusal is a clear 4xx; a failure of ours a 503, logged.
  const guarded =
    (name: string, handler: (input: FormInput) => Promise<FormAnswer>) => async (input: FormInput) => {
      try {
        return await handler(input);
      } catch (error) {
        log({ level: "error", msg: `staff.${name}-failed`, reason: describeError(error) });
        return fail(503, STAFF_RESPONSES.unavailable, { headers: { "Retry-After": "60" } });
      }
    };

  /** Registration options for `member`, their challenge kept for `subject` (an invitation, or
   *  the member adding a passkey). */
  async function registrationOptions(member: Member, origin: URL, subject: string) {
    const existing = await store.passkeysOf(member.id);
    const options = await generateRegistrationOptions({
      rpName: `${site.name} staff`,
      rpID: origin.hostname,
      userName: member.email,
      userDisplayName: member.name,
      userID: isoBase64URL.toBuffer(member.webauthnUserId),
      attestationType: "none",
      // The browser refuses to make a second passkey on an authenticator that has one.
      excludeCredentials: existing.map((p) => ({
        id: p.id,
        transports: JSON.parse(p.transports) as string[],
      })),
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    });
    await store.addChallenge(options.challenge, "register", subject, now());
    return options;
  }

  /** Checks a registration answer to a challenge of `subject`, and stores the passkey (using up
   *  the invitation, if any, in the same transaction). */
  async function register(
    member: Member,
    origin: URL,
    input: FormInput,
    subject: string,
    invitationId: string | null,
  ): Promise<FormAnswer | null> {
    const response = input.fields.response as RegistrationResponseJSON | undefined;
    const challenge = challengeOf(response);
    const stored = challenge ? await store.takeChallenge(challenge, "register", now()) : null;
    if (!response || !stored || stored.subject !== subject) return fail(400, STAFF_RESPONSES.ceremony);
    const verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: stored.id,
      expectedOrigin: origin.origin,
      expectedRPID: origin.hostname,
      requireUserVerification: true,
    }).catch((error: unknown) => {
      log({ level: "info", msg: "staff.registration-refused", reason: describeError(error) });
      return null;
    });
    if (!verification?.verified) return fail(400, STAFF_RESPONSES.ceremony);
    const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
    const added = await store
      .addPasskey(
        member.id,
        {
          id: credential.id,
          publicKey: isoBase64URL.fromBuffer(credential.publicKey),
          counter: credential.counter,
          transports: credential.transports ?? [],
          deviceType: credentialDeviceType,
          backedUp: credentialBackedUp,
        },
        invitationId,
        now(),
      )
      .catch((error: unknown) => {
        // Someone else's credential id (or one stored already): the visitor's mistake or a forgery,
        // not a failure of ours.
        if (!(error instanceof PasskeyTakenError)) throw error;
        log({ level: "info", msg: "staff.registration-refused", reason: error.message, member: member.id });
        return "taken" as const;
      });
    if (added === "taken") return fail(400, STAFF_RESPONSES.passkeyTaken);
    if (!added) return fail(410, STAFF_RESPONSES.invitation.used);
    await audit(member.email, "passkey.added");
    return null;
  }

  const invitationOptions = guarded("invitation", async (input) => {
    const admitted = await admit(input);
    if ("status" in admitted) return admitted;
    const check = await store.checkInvitation(text(input.fields.token, 200), now());
    if (!check.ok) return refuse(admitted, fail(410, STAFF_RESPONSES.invitation[check.reason]));
    const tooFast = await challengeRefused(admitted);
    if (tooFast) return tooFast;
    const { member } = check;
    const options = await registrationOptions(member, admitted.origin, check.invitationId);
    return ok({ options, member: { email: member.email, name: member.name, role: member.role } });
  });

  const invitationVerify = guarded("registration", async (input) => {
    const admitted = await admit(input);
    if ("status" in admitted) return admitted;
    const check = await store.checkInvitation(text(input.fields.token, 200), now());
    if (!check.ok) return refuse(admitted, fail(410, STAFF_RESPONSES.invitation[check.reason]));
    const refused = await register(
      check.member,
      admitted.origin,
      input,
      check.invitationId,
      check.invitationId,
    );
    return refused ? refuse(admitted, refused) : signIn(check.member, admitted.origin, input, "invitation");
  });

  // A signed-in member adds a passkey (a second device).
  const passkeyOptions = guarded("passkey", async (input) => {
    const admitted = await admit(input);
    if ("status" in admitted) return admitted;
    const current = await sessions.from(input.cookieHeader, admitted.origin);
    if (!current) return refuse(admitted, fail(401, STAFF_RESPONSES.signedOut));
    const tooFast = await challengeRefused(admitted);
    if (tooFast) return tooFast;
    return ok({
      options: await registrationOptions(current.member, admitted.origin, `member:${current.member.id}`),
    });
  });

  const passkeyVerify = guarded("passkey", async (input) => {
    const admitted = await admit(input);
    if ("status" in admitted) return admitted;
    const current = await sessions.from(input.cookieHeader, admitted.origin);
    if (!current) return refuse(admitted, fail(401, STAFF_RESPONSES.signedOut));
    const refused = await register(
      current.member,
      admitted.origin,
      input,
      `member:${current.member.id}`,
      null,
    );
    return refused ? refuse(admitted, refused) : ok({});
  });

  const signInOptions = guarded("sign-in", async (input) => {
    const admitted = await admit(input);
    if ("status" in admitted) return admitted;
    const tooFast = await challengeRefused(admitted);
    if (tooFast) return tooFast;
    // Discoverable credentials: the browser offers the staff member's passkeys for this site.
    const options = await generateAuthenticationOptions({
      rpID: admitted.origin.hostname,
      userVerification: "required",
    });
    await store.addChallenge(options.challenge, "sign-in", null, now());
    return ok({ options });
  });

  const signInVerify = guarded("sign-in", async (input) => {
    const admitted = await admit(input);
    if ("status" in admitted) return admitted;
    const response = input.fields.response as AuthenticationResponseJSON | undefined;
    const challenge = challengeOf(response);
    const stored = challenge ? await store.takeChallenge(challenge, "sign-in", now()) : null;
    if (!response || !stored) return refuse(admitted, fail(400, STAFF_RESPONSES.ceremony), "challenge");
    const found = typeof response.id === "string" ? await store.passkey(response.id) : undefined;
    // Nobody named: counted apart, so that a flood does not push staff actions out of the log.
    if (!found) return refuse(admitted, fail(401, STAFF_RESPONSES.unknownPasskey), "unknown-passkey");
    // WebAuthn L3 §7.2 step 6: nobody was named before this ceremony (discoverable passkeys), so
    // the answer must name its user, and that user must own the passkey. Every passkey here was
    // registered as discoverable, whose authenticators always return the handle: a missing one
    // is a forged or broken answer, refused as the spec says.
    if (!sameUserHandle(response.response.userHandle, found.member.webauthnUserId)) {
      await audit(found.member.email, "sign-in-refused", null, "user handle");
      return refuse(admitted, fail(401, STAFF_RESPONSES.ceremony));
    }
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: stored.id,
      expectedOrigin: admitted.origin.origin,
      expectedRPID: admitted.origin.hostname,
      credential: {
        id: found.passkey.id,
        publicKey: isoBase64URL.toBuffer(found.passkey.publicKey),
        counter: Number(found.passkey.counter),
        transports: JSON.parse(found.passkey.transports) as string[],
      },
      requireUserVerification: true,
    }).catch((error: unknown) => {
      log({ level: "info", msg: "staff.sign-in-refused", reason: describeError(error) });
      return null;
    });
    if (!verification?.verified) {
      await audit(found.member.email, "sign-in-refused", null, "verification");
      return refuse(admitted, fail(401, STAFF_RESPONSES.ceremony));
    }
    await store.usedPasskey(found.passkey.id, verification.authenticationInfo.newCounter, now());
    return signIn(found.member, admitted.origin, input, "passkey");
  });

  const router = express.Router();
  const endpoint = (path: string, form: string, submit: (input: FormInput) => Promise<FormAnswer>) =>
    router.use(createFormEndpoint({ path: `${STAFF_API}${path}`, form, submit, bodyLimitBytes, log }));
  endpoint("/invitation", "staff-invitation", invitationOptions);
  endpoint("/invitation/verify", "staff-invitation", invitationVerify);
  endpoint("/sign-in", "staff-sign-in", signInOptions);
  endpoint("/sign-in/verify", "staff-sign-in", signInVerify);
  endpoint("/passkeys", "staff-passkey", passkeyOptions);
  endpoint("/passkeys/verify", "staff-passkey", passkeyVerify);
  return router;
}

/** The challenge a browser answered (in its signed client data). */
function challengeOf(response: { response?: { clientDataJSON?: unknown } } | undefined): string | null {
  const data = response?.response?.clientDataJSON;
  if (typeof data !== "string" || data.length > 4096) return null;
  try {
    const parsed = JSON.parse(isoBase64URL.toUTF8String(data)) as { challenge?: unknown };
    return typeof parsed.challenge === "string" && parsed.challenge.length <= 128 ? parsed.challenge : null;
  } catch {
    return null;
  }
}

/** The answer's user handle is the member's (both base64url; compared as bytes). */
function sameUserHandle(handle: unknown, webauthnUserId: string): boolean {
  if (typeof handle !== "string" || handle.length === 0 || handle.length > 128) return false;
  try {
    return Buffer.from(isoBase64URL.toBuffer(handle)).equals(isoBase64URL.toBuffer(webauthnUserId));
  } catch {
    return false;
  }
}
