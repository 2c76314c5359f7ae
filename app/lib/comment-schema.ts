// The one definition of a valid comment, shared by the browser form and the server
// (server/comments). `zod/mini`, loaded by the form when the reader starts on it.
import * as z from "zod/mini";
import { COMMENT_FIELDS, COMMENT_LIMITS, type CommentErrors, type CommentField } from "./comment-fields.ts";
import { emailField, fieldError, nameField, textField, validateWith } from "./form-rules.ts";

/** Links a comment may hold (spam is mostly links). */
const MAX_COMMENT_LINKS = 3;

export const COMMENT_MESSAGES = {
  name: {
    required: "Please enter your name.",
    tooLong: `Please keep your name to ${COMMENT_LIMITS.name} characters or fewer.`,
    singleLine: "Please remove line breaks and special characters from your name.",
  },
  email: {
    required: "Please enter your e-mail address.",
    invalid: "Please enter a valid e-mail address, like name@example.com.",
    tooLong: `Please keep your e-mail address to ${COMMENT_LIMITS.email} characters or fewer.`,
  },
  comment: {
    required: "Please write your comment.",
    tooLong: `Please keep your comment to ${COMMENT_LIMITS.comment} characters or fewer.`,
    invalid: "Please remove special control characters from your comment.",
    links: `Please include no more than ${MAX_COMMENT_LINKS} links in your comment.`,
  },
} as const;

/** Web addresses in a text, as the link cap counts them. */
export function countLinks(text: string): number {
  return text.match(/\b(?:https?:\/\/|www\.)\S/gi)?.length ?? 0;
}

const M = COMMENT_MESSAGES;

export const commentSchema = z.object({
  name: nameField(M.name, COMMENT_LIMITS.name),
  email: emailField(M.email, COMMENT_LIMITS.email),
  comment: textField(M.comment, COMMENT_LIMITS.comment).check(
    z.refine<string>((v) => countLinks(v) <= MAX_COMMENT_LINKS, M.comment.links),
  ),
});

/** A valid comment, trimmed, its line breaks as "\n". */
export type CommentInput = z.infer<typeof commentSchema>;
export type CommentValidation =
  { success: true; data: CommentInput } | { success: false; errors: CommentErrors };

/** Validates any input (a parsed JSON body, form fields…); never throws. */
export function validateComment(input: unknown): CommentValidation {
  return validateWith(commentSchema, COMMENT_FIELDS, input);
}

/** The error message for one field (on blur), or undefined when the value is valid. */
export function validateCommentField(field: CommentField, value: unknown): string | undefined {
  return fieldError(commentSchema.shape[field], value);
}
