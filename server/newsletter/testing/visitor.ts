// The newsletter as a visitor and their mailbox use it, for the feature's tests: sign up over
// HTTP as the form's script does, and read a link out of an e-mail.
import type { Harness } from "../../testing/feature-harness.ts";
import { heldToken, postForm } from "../../testing/visitor.ts";
import type { ReceivedMail } from "../../testing/smtp.ts";

/** What the form's script does: POST the fields to /newsletter with the token it has held for 20 s. */
export async function signUp(
  h: Harness,
  fields: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const { status, body } = await postForm(
    `${h.url}/newsletter`,
    { website: "", placement: "footer", page: "/blog-standard", ...fields },
    { xsrf: heldToken(h.c.t), headers },
  );
  return { status, body };
}

/** The token of the e-mail's `path` link (on the public site, https://techspark.ng). */
export function linkIn(mail: ReceivedMail, path: string): string {
  const match = new RegExp(`https://techspark\\.ng${path}\\?token=([\\w~.-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in:\n${mail.text}`);
  return match[1]!;
}

export const THANKS = {
  success: true,
  message: "Thanks for your Email. Please check your inbox: we sent you a link to confirm your subscription.",
};
