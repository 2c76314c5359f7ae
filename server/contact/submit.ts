// The one code path of a contact submission (the /contact-us action, with JavaScript or without):
// the form guard (same origin → rate limit → XSRF token → spam signals) → validation → storage.
// A message sent again with its idempotency key (its answer was lost: the server died after
// storing it, the network dropped the reply) stores nothing and is answered as the first was; a
// different message under a key already used is refused (422), never answered "sent".
import { randomUUID } from "node:crypto";
import { IDEMPOTENCY_FIELD } from "#app/config/forms.ts";
import { CONTACT_SUCCESS_MESSAGE, validateContact } from "#app/lib/contact-schema.ts";
import { isIdempotencyKey } from "#app/lib/form-rules.ts";
import { fail, FORM_RESPONSES, type FormAnswer, type FormGuard, type FormInput } from "../forms/guard.ts";
import type { RateLimiter } from "../forms/rate-limit.ts";
import { describeError, type Logger } from "../log.ts";
import type { ContactRepository } from "./repository.ts";

export type SubmitInput = FormInput;

/** `confirm`: nothing was stored; the visitor is asked to check and send again. `repeat`: the
 *  message was stored before (its key); the visitor's answer is the same, nothing new happened. */
export type SubmitResult = FormAnswer & { confirm?: true; repeat?: true };

export type SubmitDeps = {
  store: ContactRepository;
  guard: FormGuard;
  limiter: RateLimiter;
  now: () => number;
  log: Logger;
  transportAvailable: boolean;
  /** Called after a message was stored (to wake the delivery worker). */
  onStored: () => void;
};

export const RESPONSES = {
  ...FORM_RESPONSES,
  unavailable: "We could not save your message just now. Please try again in a few minutes.",
  tooMany: (minutes: number) =>
    `Too many messages were sent from your connection. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  badKey: "We could not read the form. Please reload the page and send your message again.",
  keyReused:
    "A different message was already sent with this form, so this one was not sent. Please send it again as a new message.",
} as const;

const sent = (): SubmitResult => ({ status: 200, body: { success: true, message: CONTACT_SUCCESS_MESSAGE } });

/** The message's idempotency key: the UUID sent, undefined when none was (an older page), or
 *  null when what was sent is not one. */
function keyOf(fields: Record<string, unknown>): string | undefined | null {
  const key = fields[IDEMPOTENCY_FIELD];
  if (key === undefined || key === "") return undefined;
  return isIdempotencyKey(key) ? key : null;
}

export async function submitContact(deps: SubmitDeps, input: SubmitInput): Promise<SubmitResult> {
  const verdict = await deps.guard.check(input, deps.limiter, "contact");
  if (!verdict.ok) {
    const { answer } = verdict;
    if (answer.status === 503) return { ...answer, body: { ...answer.body, message: RESPONSES.unavailable } };
    if (answer.status !== 429) return answer;
    const minutes = Math.ceil(Number(answer.headers?.["Retry-After"] ?? 60) / 60);
    return { ...answer, body: { ...answer.body, message: RESPONSES.tooMany(minutes) } };
  }
  const { client } = verdict;

  const key = keyOf(input.fields);
  if (key === null) {
    deps.log({ level: "info", msg: "contact.rejected", status: 400, reason: "invalid:key", client });
    return fail(400, RESPONSES.badKey);
  }

  const validation = validateContact(input.fields);
  if (!validation.success) {
    const result = fail(400, RESPONSES.invalid);
    result.body.errors = validation.errors;
    deps.log({
      level: "info",
      msg: "contact.rejected",
      status: 400,
      reason: `invalid:${Object.keys(validation.errors).join(",")}`,
      client,
    });
    return result;
  }

  if (verdict.spam === "too-fast" && input.via !== "script") {
    deps.log({ level: "info", msg: "contact.confirm", reason: "too-fast", client });
    return { status: 200, body: { success: false, message: "" }, confirm: true };
  }

  const spam = verdict.spam;
  const now = deps.now();
  const id = randomUUID();
  let stored: boolean;
  try {
    stored = await deps.store.insert({
      id,
      createdAt: now,
      ...validation.data,
      clientHash: client,
      state: spam ? "spam" : deps.transportAvailable ? "queued" : "waiting-for-transport",
      ...(key && { idempotencyKey: key }),
    });
  } catch (error) {
    deps.log({
      level: "error",
      msg: "contact.storage-unavailable",
      client,
      reason: describeError(error),
    });
    return fail(503, RESPONSES.unavailable, { headers: { "Retry-After": "60" } });
  }

  if (!stored) {
    // The key is stored. The same message again: its first answer was lost on the way back.
    // Another message under it (a client that reuses keys): nothing is stored, and it says so.
    let first;
    try {
      first = await deps.store.byKey(key!);
    } catch (error) {
      deps.log({ level: "error", msg: "contact.storage-unavailable", client, reason: describeError(error) });
      return fail(503, RESPONSES.unavailable, { headers: { "Retry-After": "60" } });
    }
    const { name, email, phone, message } = validation.data;
    if (
      first &&
      [first.name, first.email, first.phone, first.message].join("\0") !==
        [name, email, phone, message].join("\0")
    ) {
      deps.log({ level: "info", msg: "contact.rejected", status: 422, reason: "key-reused", client });
      return fail(422, RESPONSES.keyReused);
    }
    deps.log({ level: "info", msg: "contact.repeat", client });
    return { ...sent(), repeat: true };
  }
  if (spam) {
    // Answered like a success so bots learn nothing; kept (state 'spam') but never delivered.
    deps.log({ level: "warn", msg: "contact.spam", messageId: id, reason: spam, client });
  } else {
    deps.log({ level: "info", msg: "contact.accepted", messageId: id, client });
    deps.onStored();
  }
  return sent();
}
