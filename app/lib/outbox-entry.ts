// What a form kept on the phone is (app/lib/outbox.ts stores it), and the decisions about it that
// need no browser: which fields are kept, which form on a page it belongs to, what is copied, and
// what an answer means for it. Unit-tested (outbox-entry.test.ts).
import {
  IDEMPOTENCY_FIELD,
  OUTBOX_WORDS,
  SCRIPT_FIELD,
  XSRF_FIELD,
  type OutboxForm,
} from "#app/config/forms.ts";
import type { FormReply } from "#app/lib/form-reply.ts";

export type OutboxEntry = {
  /** The message's idempotency key (the contact form's `_key`; a new UUID for the others): the
   *  entry's name in the store, and sent with every try. */
  key: string;
  form: OutboxForm;
  /** Where it is posted: the contact API, or the form route's action (the newsletter, a post). */
  endpoint: string;
  /** Posted as JSON to an API (contact) or as a form to a route's action. */
  via: "api" | "route";
  /** The visible fields, in order (the JSON body; the copy). */
  visible: string[];
  /** Every field the form posts (hidden ones too), but never the token: a fresh one goes. */
  fields: Record<string, string>;
  /** When the visitor pressed Send (ms since the epoch). */
  writtenAt: number;
  /** The page it was written on (its form shows it there again). */
  page: string;
  /** The toast of a sent form (the form's own, as if it had been sent at once). */
  toast: [string, string?];
  /** The server refused it (the content: a field's error): kept, not sent again, until the
   *  visitor corrects it in its form or deletes it. */
  refused?: { message: string; errors?: Record<string, string> };
};

/** The fields an entry keeps of a form's data: its text fields but the token and the script's
 *  mark, which the sender adds fresh. */
export function keptFields(data: Iterable<[string, FormDataEntryValue]>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of data) {
    if (typeof value === "string" && name !== XSRF_FIELD && name !== SCRIPT_FIELD) fields[name] = value;
  }
  return fields;
}

/** Whether `entry` is this form's: the same kind and endpoint, written on this page, and the
 *  form's hidden fields the same (the footer's newsletter form is not the side panel's; a reply
 *  is not a new comment). The key and the token differ by nature. */
export function belongsTo(
  entry: OutboxEntry,
  form: { form: OutboxForm; endpoint: string; page: string; hidden: Record<string, string> },
): boolean {
  if (entry.form !== form.form || entry.endpoint !== form.endpoint || entry.page !== form.page) return false;
  return Object.entries(form.hidden).every(
    ([name, value]) =>
      name === IDEMPOTENCY_FIELD || name === XSRF_FIELD || (entry.fields[name] ?? "") === value,
  );
}

/** An entry of the same form and content as `entry`, already kept: pressing Send again offline
 *  keeps one copy, not two. */
export function sameContent(a: OutboxEntry, b: OutboxEntry): boolean {
  if (a.form !== b.form || a.endpoint !== b.endpoint) return false;
  const names = new Set([...Object.keys(a.fields), ...Object.keys(b.fields)]);
  names.delete(IDEMPOTENCY_FIELD);
  return [...names].every((name) => (a.fields[name] ?? "") === (b.fields[name] ?? ""));
}

/** What "Copy" puts on the clipboard: the visible fields, one a line, the long text last after
 *  a blank line (it is the contact message or the comment). */
export function copyText(entry: Pick<OutboxEntry, "visible" | "fields">): string {
  const values = entry.visible.map((name) => entry.fields[name] ?? "").filter(Boolean);
  if (values.length < 2) return values.join("");
  return `${values.slice(0, -1).join("\n")}\n\n${values.at(-1)}`;
}

/** What an answer to a kept form means: sent (removed); refused for its content (kept with the
 *  reason, never sent again as it is); or try again later (the network, a busy server, a token
 *  that was refused even when fresh, nothing stored and asked to confirm). */
export function verdict(reply: FormReply): "sent" | "refused" | "later" {
  if (reply.notice) return "later";
  if (reply.outcome?.success) return "sent";
  const { status } = reply;
  if (status >= 400 && status < 500 && status !== 403 && status !== 408 && status !== 429) return "refused";
  return "later";
}

/** What the form says (its status region) while it is kept. */
export const savedNote = (form: OutboxForm) =>
  `Your ${OUTBOX_WORDS[form]} is saved on this phone and will be sent by itself when you are back online, even if you close this page.`;
