// A newsletter issue as the staff console writes it: the same rules in the browser and on the
// server (server/staff/issues.ts).
import * as z from "zod/mini";
import { textField, validateWith } from "./form-rules.ts";
import { isSingleLine } from "./text-rules.ts";

export const ISSUE_FIELDS = ["subject", "body"] as const;
/** The subject line; the body in Markdown (about 3,000 words: the form stays well inside the
 *  server's 64 KB body limit, however it is encoded). */
export const ISSUE_LIMITS = { subject: 150, body: 20_000 } as const;

export const ISSUE_MESSAGES = {
  subject: {
    required: "Please write a subject line.",
    tooLong: `The subject can be at most ${ISSUE_LIMITS.subject} characters.`,
    invalid: "The subject must be one line of text.",
  },
  body: {
    required: "Please write the issue.",
    tooLong: `The issue can be at most ${ISSUE_LIMITS.body.toLocaleString("en")} characters.`,
    invalid: "The issue contains characters that cannot be sent (control characters).",
  },
} as const;

export const issueSchema = z.object({
  subject: textField(ISSUE_MESSAGES.subject, ISSUE_LIMITS.subject).check(
    z.refine<string>(isSingleLine, ISSUE_MESSAGES.subject.invalid),
  ),
  body: textField(ISSUE_MESSAGES.body, ISSUE_LIMITS.body),
});

export const validateIssue = (input: unknown) => validateWith(issueSchema, ISSUE_FIELDS, input);
