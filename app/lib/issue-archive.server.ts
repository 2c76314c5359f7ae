// The newsletter's web archive as its pages show it, on the server: the sent issues (the
// server's issueArchiveContext), each rendered by the posts' Markdown rules (raw HTML shown as
// text, links only to the web, e-mail and this site, pictures in the text as their description
// unless they are the uploaded pictures of the post it carries, which it keeps),
// with the post it carries whole drawn as the post's own page draws it. Nothing about who
// received it: the archive knows no subscriber.
import { data, type RouterContextProvider } from "react-router";
import { issueArchiveContext, type IssueArchivePort } from "./ports/issue-archive.ts";
import type { IssuePicture } from "./ports/issues.ts";
import { renderMarkdown } from "../content/blog-posts.server.ts";
import { articleExtras } from "./article.server.ts";
import { pictureFrom, type PictureData } from "./media.ts";
import { formatDay, lagosDay } from "./format.ts";
import { authorOf } from "./blog.server.ts";
import { contentContext } from "./ports/content.ts";
import { teamType } from "#app/content-types/team/type.ts";
import type { TeamMember } from "#app/content-types/team/schema.ts";

export function issueArchiveOf(context: Readonly<RouterContextProvider>): IssueArchivePort {
  const archive = context.get(issueArchiveContext);
  if (!archive) throw data("The newsletter's archive is not available on this server.", { status: 503 });
  return archive;
}

/** An issue's picture drawn from the entry it keeps (its files are `{base}-{width}.{format}`, the
 *  base read from its fallback's address); none when that address is not one of this site's. */
function picture({ entry }: IssuePicture): PictureData | null {
  const base = /^(\/(?:img|media\/u)\/[\w/-]+)-\d+\.(?:jpg|png)$/.exec(entry.fallback)?.[1];
  return base ? pictureFrom(entry, base) : null;
}

/** "3 February 2024" (Lagos). */
export const sentLabel = (ms: number) => formatDay(lagosDay(ms));

/** A sent issue as its page shows it; null when there is no such sent issue (or it cannot be
 *  rendered: a body stored before too-deep nesting was refused). */
export async function issuePageView(context: Readonly<RouterContextProvider>, id: string) {
  const issue = await issueArchiveOf(context).get(id);
  if (!issue) return null;
  const post = issue.post;
  // The pictures of the post's article that the issue kept, drawn as on the post's page.
  const kept = post?.pictures ?? [];
  const html = renderMarkdown(
    issue.body,
    post?.midTitle,
    articleExtras((name) => {
      const found = kept.find((p) => p.name === name);
      return found ? (picture(found) ?? undefined) : undefined;
    }),
  );
  if (typeof html === "string") return null;
  // Every member published, those who left too (as a post's byline: linked while shown).
  const members = (context.get(contentContext).published().items.get(teamType.name) ?? []) as TeamMember[];
  const author = post && authorOf(post.author, members);
  return {
    id: issue.id,
    subject: issue.subject,
    description: issue.description,
    sentAt: issue.sentAt,
    sentLabel: sentLabel(issue.sentAt),
    html,
    post: post && {
      href: post.path,
      author: { name: author!.name, ...(author!.href ? { href: author!.href } : {}) },
      dateLabel: formatDay(post.date),
      image: picture(post.image),
      imageAlt: post.image.alt,
      inlineImage: picture(post.inlineImage),
    },
  };
}
