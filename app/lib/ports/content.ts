// The site's content other than the posts (server/content/): the pages read the published items
// of each type through this port, the same on every instance within a second of a change.
import { createContext } from "react-router";
import type { MediaEntry } from "../media.server.ts";

/** What visitors see of the content now. */
export type PublishedContent = {
  /** Moves whenever a published item changes (here or on another instance). */
  version: number;
  /** The published items of each type, by type name, in their order; each checked by its type's
   *  schema (app/content-types/). */
  items: ReadonlyMap<string, readonly unknown[]>;
  /** The entries of the uploaded pictures (server/pictures/) the published items name and that
   *  are ready (a project's picture, a member's portrait): they go to the pages with the items
   *  (app/lib/media.server.ts, rememberPictures). */
  pictures?: Readonly<Record<string, MediaEntry>>;
};

export type ContentPort = {
  /** The published content now: answered from memory, kept current by the server. */
  published(): PublishedContent;
};

export const contentContext = createContext<ContentPort>();
