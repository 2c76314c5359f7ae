// The comment form's rules, shared by the form in the browser and the post page's action (the
// same form without JavaScript). Nothing is stored or sent anywhere: the spec's form only
// thanks the visitor.

export const COMMENT_FIELDS = ["name", "email", "comment"] as const;
export type CommentField = (typeof COMMENT_FIELDS)[number];
export type CommentErrors = Partial<Record<CommentField, string>>;

export const COMMENT_LIMITS: Record<CommentField, number> = { name: 100, email: 254, comment: 5000 };
export const COMMENT_THANKS = "Thanks for your Comment";

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The problem with one field, if any. Lengths are capped by the fields' maxLength (and the action). */
export function commentFieldError(field: CommentField, raw: string): string | undefined {
  const value = raw.trim();
  if (field === "name" && !value) return "Please enter your name.";
  if (field === "email") {
    if (!value) return "Please enter your e-mail address.";
    if (!EMAIL.test(value)) return "Please enter a valid e-mail address, like name@example.com.";
  }
  if (field === "comment" && !value) return "Please write your comment.";
  return undefined;
}

export function validateComment(values: Partial<Record<CommentField, string>>): CommentErrors {
  const errors: CommentErrors = {};
  for (const field of COMMENT_FIELDS) {
    const error = commentFieldError(field, values[field] ?? "");
    if (error) errors[field] = error;
  }
  return errors;
}
