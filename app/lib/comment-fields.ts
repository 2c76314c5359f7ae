// The comment form's names, limits and words, without the validator: the post pages import these
// with the page, and the form loads the validator and its messages (comment-schema.ts, zod) only
// when used.

export const COMMENT_FIELDS = ["name", "email", "comment"] as const;
export type CommentField = (typeof COMMENT_FIELDS)[number];
export type CommentErrors = Partial<Record<CommentField, string>>;

/** Maximum lengths in characters (the inputs' `maxLength` too). */
export const COMMENT_LIMITS = { name: 100, email: 254, comment: 5000 } as const;
/** The spec's toast, and what follows it. */
export const COMMENT_THANKS = "Thanks for your Comment";
export const COMMENT_PENDING = "It will appear here once we have approved it.";
