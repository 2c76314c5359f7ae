// The comment form's names, limits and words, without the validator: the post pages import these
// with the page, and the form loads the validator (comment-schema.ts, zod) only when used.

export const COMMENT_ENDPOINT = "/api/comments";

export const COMMENT_FIELDS = ["name", "email", "comment"] as const;
export type CommentField = (typeof COMMENT_FIELDS)[number];
export type CommentErrors = Partial<Record<CommentField, string>>;

/** Maximum lengths in characters (the inputs' `maxLength` too). */
export const COMMENT_LIMITS = { name: 100, email: 254, comment: 5000 } as const;
/** Links a comment may hold (spam is mostly links). */
export const MAX_COMMENT_LINKS = 3;

/** The spec's toast, and what follows it. */
export const COMMENT_THANKS = "Thanks for your Comment";
export const COMMENT_PENDING = "It will appear here once we have approved it.";

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
