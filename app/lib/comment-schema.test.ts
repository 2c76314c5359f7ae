import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { COMMENT_LIMITS } from "./comment-fields.ts";
import { COMMENT_MESSAGES, countLinks, validateComment, validateCommentField } from "./comment-schema.ts";

const VALID = { name: "Ada Eze", email: "ada@example.com", comment: "Very useful, thanks." };

describe("comment rules", () => {
  it("needs a name, an e-mail address and a comment, each with its own message", () => {
    expect(validateComment({})).toEqual({
      success: false,
      errors: {
        name: COMMENT_MESSAGES.name.required,
        email: COMMENT_MESSAGES.email.required,
        comment: COMMENT_MESSAGES.comment.required,
      },
    });
    const blank = validateComment({ name: "  ", email: " ", comment: "\n" });
    expect(blank.success).toBe(false);
    expect(validateComment(null).success).toBe(false);
    expect(validateComment({ ...VALID, name: 42 }).success).toBe(false);
  });

  it("checks the e-mail format", () => {
    for (const bad of ["ada", "ada@", "ada@example", "@example.com", "ada @example.com", "ada@example."]) {
      expect(validateCommentField("email", bad), bad).toBe(COMMENT_MESSAGES.email.invalid);
    }
    expect(validateCommentField("email", "ada.eze@example.com.ng")).toBeUndefined();
  });

  it("accepts a complete comment, trimmed, with its line breaks as \\n", () => {
    expect(validateComment({ ...VALID, name: " Ada Eze ", comment: " One.\r\n\r\nTwo. " })).toEqual({
      success: true,
      data: { name: "Ada Eze", email: "ada@example.com", comment: "One.\n\nTwo." },
    });
  });

  it("refuses invisible characters in the name and control characters in the text", () => {
    for (const sneaky of ["Ada\u200bEze", "Ada\u200f", "Ada\u061c", "Ada\nEze", "Ada\u0000"]) {
      expect(validateCommentField("name", sneaky), JSON.stringify(sneaky)).toBe(
        COMMENT_MESSAGES.name.singleLine,
      );
    }
    expect(validateCommentField("comment", "Hello\u0007")).toBe(COMMENT_MESSAGES.comment.invalid);
    expect(validateCommentField("comment", "Tabs\tand\nlines are fine")).toBeUndefined();
  });

  it("caps the links a comment may hold", () => {
    const links = (n: number) => Array.from({ length: n }, (_, i) => `see https://e${i}.example/x`).join(" ");
    expect(validateCommentField("comment", links(3))).toBeUndefined();
    expect(validateCommentField("comment", links(4))).toBe(COMMENT_MESSAGES.comment.links);
    expect(countLinks("www.example.com and HTTP://EXAMPLE.COM/ and http:// alone")).toBe(2);
  });

  it("caps every field at its limit", () => {
    for (const [field, limit] of Object.entries(COMMENT_LIMITS)) {
      const long = field === "email" ? `${"a".repeat(limit)}@example.com` : "a".repeat(limit + 1);
      expect(validateCommentField(field as keyof typeof COMMENT_LIMITS, long), field).toMatch(/or fewer/);
    }
  });

  it("never throws and never accepts an empty text, whatever it is given", () => {
    fc.assert(
      fc.property(fc.anything(), fc.string(), (anything, text) => {
        const result = validateComment({ ...VALID, comment: text, extra: anything });
        if (result.success) expect(result.data.comment.trim()).toBe(result.data.comment);
        if (result.success) expect(result.data.comment.length).toBeGreaterThan(0);
      }),
    );
  });
});
