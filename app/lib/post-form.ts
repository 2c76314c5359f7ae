// The console's post editor: its fields read from the form, and checked by the posts' own rules
// (app/config/post-rules.ts, the same as the files'), one message per field, in the browser and
// again on the server (server/posts/console.ts).
import { postProblems } from "../config/post-rules.ts";
import type { PostFields } from "./ports/posts.ts";
import {
  POST_FORM_FIELDS,
  type PostFormErrors,
  type PostFormField,
  type PostFormValues,
} from "./ports/posts-console.ts";
import { isSafeText, isSingleLine, normalizeNewlines } from "./text-rules.ts";

/** The longest text each field takes (past the schema's own limits): a line, or the body (about
 *  3,000 words, as a newsletter issue's; articles run 500-900). The console's request limit
 *  (server/request-guard.ts) is computed from the issue's: a post of all non-ASCII text at
 *  every limit at once could exceed it (413). */
export const POST_LIMITS = { line: 500, body: 20_000 } as const;

/** The form's fields from a posted form or a plain object (a test's, a script's); whatever is
 *  missing or not text is empty, so that the rules below name it. */
export function postFormValues(input: FormData | unknown): PostFormValues {
  const get =
    input instanceof FormData
      ? (key: string) => input.getAll(key).map(String)
      : (key: string) => {
          const value =
            typeof input === "object" && input !== null ? (input as Record<string, unknown>)[key] : undefined;
          return (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(String);
        };
  const values = Object.fromEntries(
    POST_FORM_FIELDS.map((f) => [
      f,
      f === "body" ? normalizeNewlines(get(f)[0] ?? "").trim() : (get(f)[0] ?? "").trim(),
    ]),
  ) as Omit<PostFormValues, "tags">;
  return {
    ...values,
    tags: get("tags")
      .map((t) => t.trim())
      .filter(Boolean),
  };
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export type PostValidation =
  { ok: true; fields: Omit<PostFields, "id"> } | { ok: false; errors: PostFormErrors };

/** The editor's values checked: the post's fields, or the first problem of each field. */
export function validatePost(
  values: PostFormValues,
  options: { pictures?: ReadonlySet<string>; authors?: readonly string[] } = {},
): PostValidation {
  const errors: PostFormErrors = {};
  const add = (field: string, message: string) => {
    // "tags.0" is the tags' problem; a field the form does not have is the body's (none should be).
    const key = field.split(".")[0] as PostFormField;
    const at = (POST_FORM_FIELDS as readonly string[]).includes(key) ? key : "body";
    errors[at] ??= capital(message);
  };
  // Text that cannot be kept as it is: too long, or with control characters.
  for (const field of POST_FORM_FIELDS) {
    if (field === "tags") continue;
    const value = values[field];
    const limit = field === "body" ? POST_LIMITS.body : POST_LIMITS.line;
    if (value.length > limit) add(field, `at most ${limit.toLocaleString("en")} characters`);
    else if (!(field === "body" ? isSafeText(value) : isSingleLine(value)))
      add(
        field,
        field === "body" ? "remove the control characters" : "one line of text, without control characters",
      );
  }
  // Then the posts' rules; a field already refused keeps its first message.
  for (const p of postProblems(
    { ...values },
    { newPost: true, pictures: options.pictures, authors: options.authors },
  ))
    add(p.field, p.message);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, fields: { ...values } as Omit<PostFields, "id"> };
}
