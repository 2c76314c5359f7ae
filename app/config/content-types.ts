// The content types staff edit in the console, each declared once: its name, the schema of one
// item (app/content/schemas.ts stays the single truth), the key of an item, and the seed the
// database starts from (this folder's modules). From the declaration come its rows
// (server/content/: one table of items with typed payloads, decision 020), its checks on every
// write and read, what the pages read (contentOf, app/lib/content.server.ts) and `npm run content`.
// Server-side only: zod stays out of the browser bundle.
import type { z } from "zod";
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
};

const type = <Item>(declaration: ContentType<Item>) => declaration;

/** The questions and answers: the FAQ page, the pricing page's and the home pages' featured ones. */
export const faqType = type({ name: "faq", item: faqSchema.element, key: (f) => f.id, seed: faqs });

export type Faq = z.output<typeof faqSchema.element>;

/** Every content type (the posts have their own tables: server/posts/). */
export const contentTypes: readonly ContentType<unknown>[] = [faqType];
