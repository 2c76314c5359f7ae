// The field rules and the error reporting the site's forms share (contact, comments), in
// `zod/mini`: each form's schema (contact-schema.ts, comment-schema.ts) is built from these.
import * as z from "zod/mini";
import { isSafeText, isSingleLine, normalizeNewlines } from "./text-rules.ts";

type Messages<K extends string> = Record<K, string>;

/** A person's name: one line, no invisible characters. */
export const nameField = (m: Messages<"required" | "tooLong" | "singleLine">, limit: number) =>
  z
    .string({ error: m.required })
    .check(
      z.trim(),
      z.minLength(1, m.required),
      z.maxLength(limit, m.tooLong),
      z.refine<string>(isSingleLine, m.singleLine),
    );

/** How the site compares and keeps an e-mail address: without surrounding spaces, in lower case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const emailField = (m: Messages<"required" | "invalid" | "tooLong">, limit: number) =>
  z
    .string({ error: m.required })
    .check(
      z.trim(),
      z.minLength(1, m.required),
      z.maxLength(limit, m.tooLong),
      z.regex(z.regexes.email, m.invalid),
    );

/** A text of several lines and paragraphs; line breaks come out as "\n". */
export const textField = (m: Messages<"required" | "tooLong" | "invalid">, limit: number) =>
  z
    .string({ error: m.required })
    .check(
      z.trim(),
      z.overwrite(normalizeNewlines),
      z.minLength(1, m.required),
      z.maxLength(limit, m.tooLong),
      z.refine<string>(isSafeText, m.invalid),
    );

export type Validation<T, F extends string> =
  { success: true; data: T } | { success: false; errors: Partial<Record<F, string>> };

/** Validates any input (a parsed JSON body, form fields…) with one message per field; never throws. */
export function validateWith<S extends z.ZodMiniObject, F extends string>(
  schema: S,
  fields: readonly F[],
  input: unknown,
): Validation<z.infer<S>, F> {
  const source = typeof input === "object" && input !== null && !Array.isArray(input) ? input : {};
  const result = z.safeParse(schema, source);
  if (result.success) return { success: true, data: result.data };
  const errors: Partial<Record<F, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && (fields as readonly string[]).includes(field))
      errors[field as F] ??= issue.message;
  }
  return { success: false, errors };
}

/** The message for one field's value (on blur), or undefined when it is valid. */
export function fieldError(schema: z.ZodMiniType, value: unknown): string | undefined {
  const result = z.safeParse(schema, value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** A form's idempotency key (IDEMPOTENCY_FIELD in app/config/forms.ts): a UUID the page made. */
export const isIdempotencyKey = (value: unknown): value is string => z.safeParse(z.uuid(), value).success;
