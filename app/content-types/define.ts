// What every content type is declared with (each in its folder, app/content-types/<name>/type.ts)
// and the pieces several share: the editor's choices of pictures and icons. From a declaration
// come its rows (server/content/: one table of items with typed payloads, decision 020), its
// checks on every write and read, what the pages read (contentOf, app/lib/content.server.ts), the
// console's editor and `npm run content`.
// Server-side only: zod stays out of the browser bundle.
import type { z } from "zod";
import type { ContentField, FieldValues } from "#app/config/content-fields.ts";
import { iconNames } from "#app/config/icon-names.ts";
// The attribute: the server imports this module as it is (server/content), not through Vite.
import manifest from "../content/media-manifest.json" with { type: "json" };

/**
 * What the server does in the transaction of an item's change, by name. The app imports no
 * server code, so a type names the hook and the server fills it (server/content/cascades.ts: a
 * name without its hook fails `tsc` there). Payload's collection hooks are the model.
 *   "post-authors": the posts name their author by a member's name; a rename is carried to them.
 */
export type CascadeName = "post-authors";

export type ContentType<Item> = {
  /** The type's name in the database and in `npm run content` (kebab-case), and its folder's. */
  name: string;
  /** One item's schema: every write is checked by it, and every read. */
  item: z.ZodType<Item>;
  /** An item's key within its type (unique). A method: a type of items is a type of unknowns. */
  key(item: Item): string;
  /** What the database starts from, in order (its first start, or a type new in this version). */
  seed: readonly Item[];
  /** The seed's own rules as a list, beyond each item's (the spec's three plans): checked at every
   *  build (app/config/check-content.ts). Staff may publish more or fewer. */
  seedSchema?: z.ZodType;
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
  /** What each of `pages` shows of an item, as the contract over every type edits it in the
   *  console and reads it back on every page (tests/pages/content-types.test.ts): the field; the
   *  item (`key`; the first seeded if not said) and other values the edit sets to be shown there
   *  (`set`); how a text is made one the schema takes (`text`: a question ends with "?"); the page
   *  that shows every item, a new one too (`every`; the first of `pages` if not said). */
  shown: {
    field: string;
    key?: string;
    set?: FieldValues;
    text?: (s: string) => string;
    every?: string;
  };
  /** One item, always on the site (the agency's details): it is edited and saved, never made,
   *  unpublished, moved or deleted. */
  single?: true;
  /** Items numbered by the console, their number in their page's address (/team-details/{id}):
   *  the key is the item's `id` as text; a new item takes one more than the highest number the
   *  type has had (a deleted item's too, so that an old address never names someone else); the
   *  form has no input for it. */
  numbered?: true;
  /** What no two items may share (a member's name: a post names its author by it), the field the
   *  editor says it on, and what it says. Compared trimmed, whatever the letter case. */
  unique?: { field: string; of(item: Item): string; message: string };
  /** The item's date as text that sorts in time order ("2025-03"): the console's list offers to
   *  put the items in its order, newest first (staff choose that or their own order). */
  dated?(item: Item): string;
  /** Choices that follow the content (a service's Covered by: the services with a page published
   *  now), by field name, from the type's published items; the declared options stand for them
   *  where the content is not at hand. */
  choices?(published: readonly Item[]): Record<string, readonly { value: string; label: string }[]>;
  /** Other content that names this type's items by a value of theirs (the posts name their author
   *  by a member's name): when an item's value changes, the server's hook of that name carries the
   *  change to them, in the same transaction as the item's (a crash between the two would leave
   *  them naming what no longer is). `value` reads a stored payload, which may be of an older
   *  version: undefined when it has none. */
  cascades?: readonly { hook: CascadeName; value(item: Item): string | undefined }[];
};

/** A declaration, its item's type inferred from its schema or given (`contentType<Faq>({…})`). */
export const contentType = <Item>(declaration: ContentType<Item>) => declaration;

/** The media manifest's pictures whose names start with `prefix` (media/, built by
 *  scripts/build-images.ts), each named after its person ("testimonial-ngozi-eze": Ngozi Eze). */
export const portraitsOf = (prefix: string) =>
  Object.keys(manifest)
    .filter((name) => name.startsWith(prefix))
    .sort()
    .map((value) => ({
      value,
      label: value
        .slice(prefix.length)
        .split("-")
        .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
        .join(" "),
    }));

/** The media manifest's names, for a type whose pictures are named otherwise (the projects'). */
export const manifestNames = () => Object.keys(manifest);

/** A choice's options from its values, each its own label. */
export const choices = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** The icons a counter or a service may show: every icon the schema allows (the site's own,
 *  icon-names.ts), by its name in words ("badge-check": Badge check). */
export const iconChoices = [...iconNames].sort().map((value) => ({
  value,
  label: `${value.charAt(0).toUpperCase()}${value.slice(1).replaceAll("-", " ")}`,
}));
