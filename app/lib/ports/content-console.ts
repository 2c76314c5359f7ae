// The staff console's content (server/content/console.ts): every content type of
// app/content-types/, its items listed in their order, each edited in a form made from
// the type's fields, previewed, published now or at a time, unpublished, moved and deleted, with
// its revisions.
import type { ContentField, FieldValues } from "../../config/content-fields.ts";
import type { PictureData } from "../media.ts";

/** An item's state as the console names it: on the site, waiting for its time, or not shown. */
export type ContentItemState = "published" | "scheduled" | "draft";

/** What the console shows of a type (the declaration's console part). */
export type ContentTypeView = {
  name: string;
  label: string;
  itemLabel: string;
  fields: readonly ContentField[];
  pages: readonly string[];
  /** One item, always on the site (the agency's details): no new item, no unpublishing, moving
   *  or deleting it. */
  single?: boolean;
  /** Its items have a date: the list offers to sort them by it, newest first. */
  sortsByDate?: boolean;
};

export type ContentTypeSummary = ContentTypeView & { counts: Record<ContentItemState, number> };

export type ContentItemSummary = {
  key: string;
  title: string;
  state: ContentItemState;
  publishAt: number | null;
  updatedAt: number;
  updatedBy: string;
};

export type ContentItemView = ContentItemSummary & {
  revision: number;
  /** The item's fields as the editor's inputs show them. */
  values: FieldValues;
  /** The item as the site shows it (the type's schema's output), for the preview. */
  item: unknown;
};

export type ContentRevisionView = {
  revision: number;
  action: string;
  state: "published" | "draft";
  at: number;
  by: string;
  title: string;
};

/** A field's problem by input name ("question", "values.2.text"), one sentence each. */
export type ContentFieldErrors = Record<string, string>;

/** What the editor posts: the fields, and what to do with the item. */
export type ContentChange = {
  values: FieldValues;
  /** save: keep its state; publish: on the site now or at `publishAt`; unpublish: a draft. */
  intent: "save" | "publish" | "unpublish";
  publishAt: number | null;
};

export type ContentSaveResult =
  | { ok: true; key: string; changed: boolean; state: ContentItemState }
  | { ok: false; reason: "invalid"; errors: ContentFieldErrors }
  /** Saved by someone else since the editor's revision: the item as it now is. */
  | { ok: false; reason: "conflict"; current: ContentItemView }
  | { ok: false; reason: "unknown" }
  /** A new item's key is another item's. */
  | { ok: false; reason: "taken" }
  /** Unpublishing the one item of a type that is always on the site. */
  | { ok: false; reason: "always-shown" };

export type ContentConsolePort = {
  types(): Promise<ContentTypeSummary[]>;
  /** A type's declaration as the console shows it (no item read); null for no such type. */
  type(name: string): ContentTypeView | null;
  /** A type and its items in their order; null for no such type. */
  list(type: string): Promise<{ type: ContentTypeView; items: ContentItemSummary[] } | null>;
  /** A type and one item with its revisions; null for no such type or item. */
  get(
    type: string,
    key: string,
  ): Promise<{ type: ContentTypeView; item: ContentItemView; revisions: ContentRevisionView[] } | null>;
  /** The form's values checked by the type's schema: the item as the site would show it. `key`:
   *  the item's, when it has one (a numbered type's number is its key; a new item's preview shows
   *  none yet). */
  check(
    type: string,
    values: FieldValues,
    key?: string,
  ): { ok: true; item: unknown } | { ok: false; errors: ContentFieldErrors } | null;
  /** A new item (a draft, or published as the change says). */
  create(by: string, type: string, change: ContentChange): Promise<ContentSaveResult>;
  /** An item changed, if still at `revision`. */
  save(
    by: string,
    type: string,
    key: string,
    change: ContentChange,
    revision: number,
  ): Promise<ContentSaveResult>;
  /** One place up or down its type's list, or to a place on it (1 is the first; false: no such
   *  item, or a type of one item). A place beyond either end is refused as no move. */
  move(by: string, type: string, key: string, where: "up" | "down" | number): Promise<boolean>;
  /** A dated type's items put in the order of their dates, newest first (those of one date keep
   *  their order). False: no such type, or one without dates. */
  sortByDate(by: string, type: string): Promise<boolean>;
  /** Deletes an item; `erase`: its revisions too, and the audit log does not name it. False: no
   *  such item, or the one item of a type that is always on the site. */
  remove(by: string, type: string, key: string, erase?: boolean): Promise<boolean>;
  /** The uploaded pictures (server/pictures/) an item names and that are ready, as the preview
   *  draws them (by name; none for the media manifest's, which the preview draws itself). */
  pictures(item: unknown): Promise<Record<string, PictureData>>;
  /** An old revision's fields, as the editor's inputs show them (to be saved again). */
  revision(type: string, key: string, revision: number): Promise<FieldValues | null>;
  /** The uploaded pictures (server/pictures/) a type's picture field with a frame may choose
   *  (`field`: that one, a project's "thumb"; left out: any of the type's), newest first: ready,
   *  and of the frame's shape (a 4:3 upload for a card, a 16:9 one for a page's top). */
  framedPictures(type: string, field?: string): Promise<string[]>;
};
