// A post as its page will show it, from fields not (or not yet) published: the console's preview.
// The same rendering as the post pages' (blogFrom: app/lib/blog.server.ts), with its pictures
// resolved here on the server, as the post page's loader does.
import { blogFrom } from "./blog.server.ts";
import { postView } from "./blog-view.server.ts";
import { rememberPictures, type MediaEntry } from "./media.server.ts";
import type { PostFields } from "./ports/posts.ts";

export type PostPreviewData = NonNullable<ReturnType<typeof postPreview>>;

/** The post page's data for these fields; null when they cannot be shown (a picture or an author
 *  that is not there, a body nested too deeply): the editor says so. `pictures`: the entries of
 *  the uploaded pictures it names (PostEditView's). */
export function postPreview(fields: PostFields, pictures?: Readonly<Record<string, MediaEntry>>) {
  rememberPictures(pictures);
  try {
    const post = blogFrom([fields]).getPost(fields.id)!;
    return postView(post);
  } catch {
    return null;
  }
}

/** The editor's live preview (app/routes/admin/post-preview.ts): the post as its page would show
 *  the form's fields, or what keeps them from being shown. */
export type LivePreviewReply = { ok: true; preview: PostPreviewData } | { ok: false; problems: string[] };
