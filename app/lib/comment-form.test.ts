import { describe, expect, it } from "vitest";
import { commentFieldError, validateComment } from "./comment-form.ts";

describe("comment form rules", () => {
  it("needs a name, an e-mail address and a comment", () => {
    expect(validateComment({})).toEqual({
      name: "Please enter your name.",
      email: "Please enter your e-mail address.",
      comment: "Please write your comment.",
    });
    expect(validateComment({ name: "  ", email: " ", comment: "\n" })).toHaveProperty("name");
  });

  it("checks the e-mail format", () => {
    for (const bad of ["ada", "ada@", "ada@example", "@example.com", "ada @example.com", "ada@example."]) {
      expect(commentFieldError("email", bad), bad).toMatch(/valid e-mail/);
    }
    expect(commentFieldError("email", "ada.eze@example.com.ng")).toBeUndefined();
  });

  it("accepts a complete comment", () => {
    expect(
      validateComment({ name: "Ada", email: "ada@example.com", comment: "Very useful, thanks." }),
    ).toEqual({});
  });
});
