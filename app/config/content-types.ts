// The content types staff edit in the console, each declared once: its name, the schema of one
// item (app/content/schemas.ts stays the single truth), the key of an item, and the seed the
// database starts from (this folder's modules). From the declaration come its rows
// (server/content/: one table of items with typed payloads, decision 020), its checks on every
// write and read, what the pages read (contentOf, app/lib/content.server.ts) and `npm run content`.
// Server-side only: zod stays out of the browser bundle.
import type { z } from "zod";
import type { ContentField } from "./content-fields.ts";
import { faqs } from "../content/faq.ts";
import { faqSchema } from "../content/schemas.ts";

export type ContentType<Item> = {
  /** The type's name in the database and in `npm run content` (kebab-case). */
  name: string;
  /** One item's schema: every write is checked by it, and every read. */
  item: z.ZodType<Item>;
  /** An item's key within its type (unique). A method: a type of items is a type of unknowns. */
  key(item: Item): string;
  /** What the database starts from, in order (its first start, or a type new in this version). */
  seed: readonly Item[];
  /** The console's name for the type's list ("Questions and answers") and for one item. */
  label: string;
  itemLabel: string;
  /** An item's name on the console's list. */
  title(item: Item): string;
  /** The editor's fields, in order: together they make every property of an item (a test turns
   *  every seeded item into a form and back). */
  fields: readonly ContentField[];
  /** The site's pages that show the type's items (the editor links to them). */
  pages: readonly string[];
};

const type = <Item>(declaration: ContentType<Item>) => declaration;

/** The questions and answers: the FAQ page, the pricing page's and the home pages' featured ones. */
export const faqType = type({
  name: "faq",
  item: faqSchema.element,
  key: (f) => f.id,
  seed: faqs,
  label: "Questions and answers",
  itemLabel: "question",
  title: (f) => f.question,
  fields: [
    { name: "question", label: "Question", kind: "line", hint: "Ends with a question mark." },
    {
      name: "answer",
      label: "Answer",
      kind: "paragraphs",
      hint: "One paragraph or more, with an empty line between two.",
    },
    {
      name: "featured",
      label: "Featured",
      kind: "checkbox",
      hint: "Shown in the home pages' questions too.",
    },
    { name: "id", label: "Short name", kind: "key", hint: "Lower-case letters, digits and dashes." },
  ],
  pages: ["/faq", "/pricing", "/"],
});

export type Faq = z.output<typeof faqSchema.element>;

/** Every content type (the posts have their own tables: server/posts/). */
export const contentTypes: readonly ContentType<unknown>[] = [faqType];
