// The console's posts (server/staff/posts.ts): the list, the editor, publish and unpublish.
import type { PostFields } from "./posts.ts";

/** The list's filters: a draft, published but due later (scheduled), shown to visitors. */
export const POST_FILTERS = ["all", "draft", "scheduled", "published"] as const;
export type PostFilter = (typeof POST_FILTERS)[number];
export type PostListState = Exclude<PostFilter, "all">;

/** The editor's fields, as the form sends them (tags: every ticked box). */
export const POST_FORM_FIELDS = [
  "title",
  "slug",
  "date",
  "author",
  "category",
  "tags",
  "excerpt",
  "midTitle",
  "quote",
  "thumb",
  "image",
  "inlineImage",
  "imageAlt",
  "body",
] as const;
export type PostFormField = (typeof POST_FORM_FIELDS)[number];
export type PostFormValues = Omit<Record<PostFormField, string>, "tags"> & { tags: string[] };
export type PostFormErrors = Partial<Record<PostFormField, string>>;

export type PostSummaryView = {
  id: number;
  title: string;
  slug: string;
  date: string;
  author: string;
  state: PostListState;
  /** When a scheduled post goes live (ms). */
  publishAt: number | null;
  updatedAt: number;
  updatedBy: string;
  revision: number;
};

export type PostPageView = {
  /** 50 a page, newest first (by the post's date). */
  items: PostSummaryView[];
  /** How many match the search under each filter. */
  counts: Record<PostFilter, number>;
  page: number;
  pages: number;
};

/** One post in full, as the editor shows it. */
export type PostEditView = PostSummaryView & { fields: PostFields; createdAt: number };

/** The post changed since the editor's revision: `current` is it as stored now (theirs), and
 *  nothing of the writer's was kept (they have it in the form). */
export type PostConflict = { ok: false; reason: "conflict"; current: PostEditView };

export type PostSaveResult =
  | { ok: true; id: number; changed: boolean }
  | { ok: false; reason: "invalid"; errors: PostFormErrors }
  | PostConflict
  | { ok: false; reason: "unknown" };

/** Posts in the console (staff and owners): every change is written to the audit log (`by`: the
 *  member's e-mail) and shows on this instance at once, on the others within a second. */
export type PostsConsolePort = {
  list(query: { state: PostFilter; q: string; page: number }): Promise<PostPageView>;
  get(id: number): Promise<PostEditView | null>;
  /** The editor's choices: the team's names, and the pictures there are (media names). */
  choices(): { authors: string[]; pictures: string[] };
  /** Creates a draft (id null), or saves the post's fields when `baseRevision` is still its
   *  revision (else: the conflict, nothing written). `input`: the form's fields, unchecked. */
  save(by: string, id: number | null, input: unknown, baseRevision?: number): Promise<PostSaveResult>;
  /** Shows it to visitors now (`at` later: from then). */
  publish(
    by: string,
    id: number,
    at?: number | null,
  ): Promise<{ ok: true; changed: boolean; publishAt: number | null } | { ok: false; reason: "unknown" }>;
  /** Back to a draft: its pages answer 404. */
  unpublish(
    by: string,
    id: number,
  ): Promise<{ ok: true; changed: boolean } | { ok: false; reason: "unknown" }>;
};
