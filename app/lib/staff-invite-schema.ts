// An owner's invitation from the staff console: the same rules in the browser and on the server.
import * as z from "zod/mini";
import { emailField, nameField, validateWith } from "./form-rules.ts";

export const INVITE_FIELDS = ["name", "email", "role"] as const;
export const INVITE_MESSAGES = {
  name: {
    required: "Please enter their name.",
    tooLong: "The name is too long.",
    singleLine: "The name must be one line.",
  },
  email: {
    required: "Please enter their e-mail address.",
    invalid: "Please enter a valid e-mail address.",
    tooLong: "The e-mail address is too long.",
  },
  role: "Choose Staff or Owner.",
} as const;

export const inviteSchema = z.object({
  name: nameField(INVITE_MESSAGES.name, 100),
  email: emailField(INVITE_MESSAGES.email, 254),
  role: z.enum(["staff", "owner"], { error: INVITE_MESSAGES.role }),
});

export const validateInvite = (input: unknown) => validateWith(inviteSchema, INVITE_FIELDS, input);
