// A visitor's form post as the forms' guard receives it, and the contact form's valid fields (the
// form most tests post: the services, the instances and the restarts are tested through it).
import type { FormInput } from "../forms/guard.ts";
import { agedToken } from "./config.ts";

export const VALID = {
  name: "Ada Obi",
  email: "ada@example.com",
  phone: "+234 803 555 0142",
  message: "We need a new website for our school.\nCan you help?",
};

/** A no-JS form submission with a valid token, filled in `fillMs` after the page was shown. */
export function formInput(
  now: number,
  fields: Record<string, unknown> = VALID,
  extra: Partial<FormInput> & { fillMs?: number } = {},
): FormInput {
  const { fillMs = 20_000, ...rest } = extra;
  const token = agedToken(now, fillMs);
  return {
    fields: { website: "", ...fields },
    token,
    cookieHeader: `XSRF-TOKEN=${token}`,
    headers: new Headers(),
    ip: "203.0.113.7",
    ...rest,
  };
}
