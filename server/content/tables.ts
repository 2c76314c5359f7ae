// The site's content items (migration 0015): one row per item of every content type, its
// revisions, the types already seeded, and the one row every server instance polls to see that
// the content changed.

export type ContentState = "draft" | "published";

/** What a revision records: the first import, a later import, a change in the console (the
 *  item's last fields before it was deleted are kept too). */
export type ContentRevisionAction =
  "seed" | "imported" | "created" | "saved" | "published" | "unpublished" | "deleted";

export type ContentItemTable = {
  /** The content type's name (app/content-types/). */
  type: string;
  /** The item's key within its type: its `id`. */
  key: string;
  /** Its place on the lists (0 first). */
  position: number;
  state: ContentState;
  /** A published item is shown from then (ms), or at once when null. */
  publishAt: number | null;
  /** The item's fields as JSON, checked by the type's schema before they are written. */
  payload: string;
  /** 1 when written, +1 at every change. */
  revision: number;
  createdAt: number;
  updatedAt: number;
  /** Who made the last change: 'seed', 'import', or a staff member. */
  updatedBy: string;
};

export type ContentRevisionTable = {
  type: string;
  key: string;
  revision: number;
  action: ContentRevisionAction;
  state: ContentState;
  position: number;
  payload: string;
  savedAt: number;
  savedBy: string;
};

export type ContentTypeTable = { type: string; seededAt: number };

export type ContentVersionTable = { id: number; version: number; createdAt: number; updatedAt: number };

declare module "../db/schema.ts" {
  interface Database {
    content_item: ContentItemTable;
    content_revision: ContentRevisionTable;
    content_type: ContentTypeTable;
    content_version: ContentVersionTable;
  }
}
