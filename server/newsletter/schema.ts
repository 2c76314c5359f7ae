// A newsletter sign-up as the server accepts it (the browser checks the address with the input's
// own e-mail rule; the server never trusts that).
import * as z from "zod/mini";
import { NEWSLETTER_PLACEMENTS } from "#app/config/newsletter.ts";

export const NEWSLETTER_MESSAGES = {
  required: "Please enter your e-mail address.",
  invalid: "Please enter a valid e-mail address, like name@example.com.",
  tooLong: "Please keep your e-mail address to 254 characters or fewer.",
} as const;

const M = NEWSLETTER_MESSAGES;

export const signUpSchema = z.object({
  email: z
    .string({ error: M.required })
    .check(
      z.trim(),
      z.minLength(1, M.required),
      z.maxLength(254, M.tooLong),
      z.regex(z.regexes.email, M.invalid),
    ),
  // Where the form was: anything else is recorded as the newsletter page.
  placement: z.catch(z.enum(NEWSLETTER_PLACEMENTS), "page"),
  page: z.catch(z.string().check(z.maxLength(200), z.regex(/^\/[\w\-/]*$/)), "/newsletter"),
});

export type SignUp = z.infer<typeof signUpSchema>;

export function validateSignUp(
  input: unknown,
): { success: true; data: SignUp } | { success: false; errors: { email: string } } {
  const result = z.safeParse(signUpSchema, input);
  if (result.success) return { success: true, data: result.data };
  const issue = result.error.issues.find((i) => i.path[0] === "email") ?? result.error.issues[0];
  return { success: false, errors: { email: issue?.message ?? M.invalid } };
}
