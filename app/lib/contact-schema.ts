// The one definition of a valid contact message, shared by the browser form and the server
// (server/contact). It uses `zod/mini` so the browser bundle only carries the checks used here.
import * as z from "zod/mini";

import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  PHONE_DIGITS,
  type ContactField,
} from "./contact-fields.ts";

import { emailField, fieldError, nameField, textField, validateWith } from "./form-rules.ts";

export * from "./contact-fields.ts";

const countDigits = (value: string) => value.replace(/\D/g, "").length;

/**
 * Phone: digits, optionally one leading "+" and spaces between groups. The "+" is how
 * international numbers are written (+234 …) and spaces are how people write them
 * ("0803 555 0142"); brackets, dashes and letters are refused so the agency gets a number
 * it can dial as is.
 */
const PHONE_PATTERN = /^\+?[0-9]+(?: +[0-9]+)*$/;

const M = CONTACT_MESSAGES;

export const contactSchema = z.object({
  name: nameField(M.name, CONTACT_LIMITS.name),
  email: emailField(M.email, CONTACT_LIMITS.email),
  phone: z.string({ error: M.phone.required }).check(
    z.trim(),
    z.minLength(1, M.phone.required),
    z.maxLength(CONTACT_LIMITS.phone, M.phone.tooLong),
    z.regex(PHONE_PATTERN, M.phone.invalid),
    z.refine<string>((v) => {
      const digits = countDigits(v);
      return digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
    }, M.phone.digits),
  ),
  message: textField(M.message, CONTACT_LIMITS.message),
});

/** A valid message, trimmed (and the message's line breaks normalised to "\n"). */
export type ContactMessage = z.infer<typeof contactSchema>;
/** One clear English sentence per invalid field. */
export type ContactErrors = Partial<Record<ContactField, string>>;
export type ContactValidation =
  { success: true; data: ContactMessage } | { success: false; errors: ContactErrors };

/** Validates any input (a parsed JSON body, form fields…); never throws. */
export function validateContact(input: unknown): ContactValidation {
  return validateWith(contactSchema, CONTACT_FIELDS, input);
}

/** The error message for one field (e.g. on blur), or undefined when the value is valid. */
export function validateContactField(field: ContactField, value: unknown): string | undefined {
  return fieldError(contactSchema.shape[field], value);
}
