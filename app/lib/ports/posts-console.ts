// The console's posts (server/posts/console.ts): the list, the editor, publish and unpublish, the
// revisions (compare two, restore one), the trash, and a newsletter issue started from a post.
import type { PostIssueMode } from "./issues.ts";
import type { MediaEntry } from "../media.server.ts";
import type { PostFields } from "./posts.ts";
import type { StaffSessionView } from "./staff-session.ts";

/** The list's filters: a draft, published but due later (scheduled), shown to visitors; and the
 *  trash (a post there is in no other filter, "all" included). */
export const POST_FILTERS = ["all", "draft", "scheduled", "published", "trash"] as const;
export type PostFilter = (typeof POST_FILTERS)[number];
export type PostListState = Exclude<PostFilter, "all">;

/** How long a post stays in the trash before it is deleted for good (server/posts/editor.ts). */
export const POST_TRASH_DAYS = 30;

/** How many posts the console lists a page (server/posts/editor.ts). */
export const POSTS_PAGE_SIZE = 50;

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
  /** Its list picture's name (the list's thumbnail). */
  thumb: string;
  state: PostListState;
  /** When a scheduled post goes live (ms). */
  publishAt: number | null;
  /** When it went to the trash (ms); null when it is not there. */
  trashedAt: number | null;
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
  /** The entries of the uploaded list pictures the page's posts name (their thumbnails). */
  pictures: Readonly<Record<string, MediaEntry>>;
};

/** One post in full, as the editor shows it; `pictures`: the entries of the uploaded pictures
 *  it names (its preview draws them: app/lib/post-preview.server.ts). */
export type PostEditView = PostSummaryView & {
  fields: PostFields;
  createdAt: number;
  pictures?: Readonly<Record<string, MediaEntry>>;
};

/** The post changed since the editor's revision: `current` is it as stored now (theirs), and
 *  nothing of the writer's was kept (they have it in the form). */
export type PostConflict = { ok: false; reason: "conflict"; current: PostEditView };

export type PostSaveResult =
  | { ok: true; id: number; changed: boolean }
  | { ok: false; reason: "invalid"; errors: PostFormErrors }
  | PostConflict
  | { ok: false; reason: "unknown" };

/** One revision as the console lists it: the post's counter then, what was done, who, when. */
export type PostRevisionView = {
  revision: number;
  action: string;
  by: string;
  at: number;
  state: "draft" | "published";
  publishAt: number | null;
};

/** One line of a field's difference between two revisions (`skipped`: that many unchanged lines
 *  left out between two changes). */
export type PostDiffLine =
  { kind: "same" | "added" | "removed"; text: string } | { kind: "skipped"; count: number };

/** What changed from one revision to another: the fields that differ, each line by line. */
export type PostComparisonView = {
  from: PostRevisionView;
  to: PostRevisionView;
  changes: { field: PostFormField; lines: PostDiffLine[] }[];
};

/** A change the trash refused: no such post (or not in the trash); `forbidden`: owners only. */
type PostTrashRefusal = { ok: false; reason: "unknown" | "forbidden" };

/** Posts in the console (staff and owners): every change is written to the audit log (`by`: the
 *  member's e-mail) and shows on this instance at once, on the others within a second. */
export type PostsConsolePort = {
  list(query: { state: PostFilter; q: string; page: number }): Promise<PostPageView>;
  get(id: number): Promise<PostEditView | null>;
  /** The editor's choices: the team's names, and the pictures there are (media names). */
  choices(): { authors: string[]; pictures: string[] };
  /** The form's fields checked as a save checks them, and nothing kept (the editor's live
   *  preview): the post's fields (`id`: 0 for a new post) with the uploaded pictures they name. */
  draft(
    input: unknown,
    id: number | null,
  ): Promise<
    | { ok: true; fields: PostFields; pictures: Readonly<Record<string, MediaEntry>> }
    | { ok: false; errors: PostFormErrors }
  >;
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
  /** The post's revisions, the newest first (null: no such post). */
  revisions(id: number): Promise<PostRevisionView[] | null>;
  /** What changed from revision `from` to `to` (null: the post or either revision is not there). */
  compare(id: number, from: number, to: number): Promise<PostComparisonView | null>;
  /** Saves revision `revision`'s fields again, as a new revision based on `baseRevision` (the
   *  conflict rule applies); the state is left as it is. `invalid`: those fields break today's
   *  rules (a picture no longer there…), the message says which. */
  restoreRevision(
    by: string,
    id: number,
    revision: number,
    baseRevision: number,
  ): Promise<
    | { ok: true; changed: boolean; revision: number }
    | PostConflict
    | { ok: false; reason: "unknown" | "no-revision" }
    | { ok: false; reason: "invalid"; message: string }
  >;
  /** To the trash (staff and owners): its pages answer 410; restorable for POST_TRASH_DAYS. */
  trash(by: string, id: number): Promise<{ ok: true; changed: boolean } | { ok: false; reason: "unknown" }>;
  /** Out of the trash, as a draft. */
  restore(by: string, id: number): Promise<{ ok: true; changed: boolean } | { ok: false; reason: "unknown" }>;
  /** Deletes a post in the trash for good, with its revisions and comments: owners only. */
  deleteForGood(
    member: StaffSessionView["member"],
    id: number,
  ): Promise<{ ok: true; title: string } | PostTrashRefusal>;
  /** Deletes every post in the trash for good: owners only. */
  emptyTrash(
    member: StaffSessionView["member"],
  ): Promise<{ ok: true; removed: number } | { ok: false; reason: "forbidden" }>;
  /** Starts a newsletter issue draft from a published post: the whole post (its pictures, byline
   *  and article, and a link to it) or its title, excerpt and a link (the default);
   *  `not-published`: a draft, scheduled or trashed post has no page to link to yet;
   *  `missing-picture`: a picture it names is no longer there (its page cannot show either). */
  sendToSubscribers(
    by: string,
    id: number,
    mode?: PostIssueMode,
  ): Promise<
    { ok: true; issueId: string } | { ok: false; reason: "unknown" | "not-published" | "missing-picture" }
  >;
};
