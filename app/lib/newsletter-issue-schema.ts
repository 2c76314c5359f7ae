// A newsletter issue as the staff console writes it: the same rules in the browser and on the
// server (server/newsletter/console-issues.ts).
import * as z from "zod/mini";
import { textField, validateWith } from "./form-rules.ts";
import { isSingleLine } from "./text-rules.ts";
import { MARKDOWN_MAX_DEPTH, markdownDepthProblem } from "../config/markdown-depth.ts";

export const ISSUE_FIELDS = ["subject", "body"] as const;
/** The subject line; the body in Markdown (about 3,000 words; the console's body limit is
 *  computed from these, however the form is encoded: server/request-guard.ts) and how deeply it
 *  may nest. */
export const ISSUE_LIMITS = { subject: 150, body: 20_000, depth: MARKDOWN_MAX_DEPTH } as const;

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
  // Nesting past what can be rendered (block quotes in block quotes…) is refused, naming the line.
  body: textField(ISSUE_MESSAGES.body, ISSUE_LIMITS.body).check(
    z.refine<string>((body) => markdownDepthProblem(body) === null, {
      error: (issue) => markdownDepthProblem(String(issue.input)) ?? ISSUE_MESSAGES.body.invalid,
    }),
  ),
});

export const validateIssue = (input: unknown) => validateWith(issueSchema, ISSUE_FIELDS, input);
