// The console's pages over the other features' data: the overview, comments waiting for
// approval, the contact form's enquiries, newsletter issues and subscribers. Each change is
// recorded in the audit log; sign-in and the members are elsewhere (./sign-in.ts, ./members.ts).
import { postPath } from "#app/config/blog.ts";
import type { StaffPort } from "#app/lib/ports/staff.ts";
import type { CommentService } from "../comments/index.ts";
import type { ContactRepository } from "../contact/repository.ts";
import type { Db } from "../db/index.ts";
import type { MailService } from "../mail/index.ts";
import type { LinkSigner } from "../mail/links.ts";
import type { NewsletterRepository } from "../newsletter/repository.ts";
import type { Audit } from "../audit.ts";
import { createEnquiries } from "../contact/console.ts";
import { createIssues } from "../newsletter/console-issues.ts";
import { createPostsConsole } from "../posts/console.ts";
import { pictureNames } from "../posts/pictures.ts";
import type { PostDependents } from "../posts/editor.ts";
import type { UploadedPictures } from "../pictures/index.ts";
import { staffOverview } from "./overview.ts";
import { createSubscribers } from "../newsletter/console-subscribers.ts";

type ConsolePort = Pick<
  StaffPort,
  "overview" | "pendingComments" | "moderateComments" | "enquiries" | "issues" | "posts" | "subscribers"
>;

export function createConsole(config: {
  db: Db;
  comments: CommentService;
  /** The contact inbox. */
  inbox: ContactRepository;
  /** The newsletter's list. */
  subscribers: NewsletterRepository;
  mail: MailService;
  links: LinkSigner;
  /** The public origin for links in e-mails (the previews' unsubscribe link). */
  siteUrl: string;
  /** NEWSLETTER_PER_MINUTE: how fast an issue goes out. */
  newsletterPerMinute: number;
  /** Wakes the mail worker (a retried enquiry, a test issue go at once). */
  pokeMail: () => void;
  /** Reads the published posts again on this instance, after a change made here. */
  refreshPosts: () => Promise<void>;
  /** The pictures staff uploaded (server/pictures/), choosable for posts once ready. */
  uploaded?: UploadedPictures;
  /** The team published now (server/content/): the posts' authors. */
  team: () => readonly { name: string; hidden?: boolean }[];
  /** What goes with a post deleted for good (its comments). */
  postDependents: PostDependents;
  now: () => number;
  audit: Audit;
}): ConsolePort {
  const { db, now, audit, pokeMail: poke } = config;
  const issues = createIssues({
    db,
    outbox: config.mail.outbox,
    links: config.links,
    siteUrl: config.siteUrl,
    perMinute: config.newsletterPerMinute,
    now,
    poke,
    audit,
  });
  return {
    overview: () => staffOverview(db, now()),
    async pendingComments() {
      const pending = await config.comments.store.list({ state: "pending", limit: 500 });
      return pending.reverse().map((c) => ({
        id: c.id,
        postTitle: c.postTitle,
        postHref: postPath(c.postId, "sidebar"),
        name: c.name,
        email: c.email,
        body: c.body,
        createdAt: c.createdAt,
        reply: c.parentId !== null,
      }));
    },
    async moderateComments(by, ids, action) {
      const changed = await config.comments.moderate(ids, action, by);
      for (const id of ids) await audit(by, `comment.${action}`, id);
      return changed;
    },
    enquiries: createEnquiries({ db, store: config.inbox, now, poke, audit }),
    issues,
    posts: createPostsConsole({
      db,
      now,
      audit,
      pictures: pictureNames(),
      uploaded: config.uploaded,
      refresh: config.refreshPosts,
      team: config.team,
      // "Send to subscribers" starts an issue here, linking to the post on the public site.
      issues,
      siteUrl: config.siteUrl,
      dependents: config.postDependents,
    }),
    subscribers: createSubscribers({ db, store: config.subscribers, now, audit }),
  };
}
