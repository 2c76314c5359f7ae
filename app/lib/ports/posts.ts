// The blog's posts as the server keeps them (server/posts/): the app's pages read the published
// ones through this port, the same on every instance within a second of a change.
import { createContext } from "react-router";
import type { PostFields } from "../../content/schemas.ts";
import type { MediaEntry } from "../media.server.ts";

export type { PostFields };

/** What visitors see of the blog now. */
export type PublishedPosts = {
  /** Moves whenever the published posts change (here, on another instance, or at a scheduled time). */
  version: number;
  /** The published posts, newest first (date, then the lower id first). */
  posts: readonly PostFields[];
  /** The numbers of posts in the trash or deleted for good: their addresses answer 410 Gone. */
  removed: ReadonlySet<number>;
  /** The uploaded pictures these posts name (server/pictures/), by name: their sizes and files,
   *  as the media manifest's (app/lib/media.server.ts reads both). */
  pictures?: Readonly<Record<string, MediaEntry>>;
};

export type PostsPort = {
  /** The published posts now: answered from memory, kept current by the server. */
  published(): PublishedPosts;
};

export const postsContext = createContext<PostsPort>();
