// The staff console's service: what its pages ask of the server (app/lib/ports/staff.ts:
// StaffPort) and its sign-in endpoints. Staff owns sign-in, sessions and members:
//   ./sign-in.ts   the WebAuthn ceremonies (POST /api/admin/…)
//   ./sessions.ts  the session cookie, who it signs in, signing out
//   ./members.ts   members, invitations, a member's own passkeys and sessions, the audit log read
// and is the console's top floor, composing the fronts each feature owns beside its data
// (./console.ts): server/contact/console.ts (enquiries), server/newsletter/console-issues.ts and
// console-subscribers.ts, server/posts/console.ts, server/content/console.ts,
// server/traffic/console.ts. Every staff action is written to the audit log through one helper
// (server/audit.ts, infrastructure: the features write it in their own transactions).
import type express from "express";
import type { StaffPort } from "#app/lib/ports/staff.ts";
import type { CommentService } from "../comments/index.ts";
import type { ContactRepository } from "../contact/repository.ts";
import type { Db } from "../db/index.ts";
import type { Forms } from "../forms/index.ts";
import { consoleLogger, type Logger } from "../log.ts";
import type { MailService } from "../mail/index.ts";
import type { LinkSigner } from "../mail/links.ts";
import type { NewsletterRepository } from "../newsletter/repository.ts";
import type { UploadedPictures } from "../pictures/index.ts";
import type { PostDependents } from "../posts/editor.ts";
import { auditLog } from "../audit.ts";
import { createConsole } from "./console.ts";
import { createContentConsole } from "../content/console.ts";
import type { ContentRepository } from "../content/repository.ts";
import { teamType } from "#app/content-types/team/type.ts";
import type { ContentType } from "#app/content-types/define.ts";
import type { TeamMember } from "#app/content-types/team/schema.ts";
import type { ContentPort } from "#app/lib/ports/content.ts";
import { createMembers } from "./members.ts";
import { createStaffRepository, type StaffRepository } from "./repository.ts";
import { createSessions } from "./sessions.ts";
import { createSignIn } from "./sign-in.ts";
import { createTrafficConsole } from "../traffic/console.ts";
import type { TrafficService } from "../traffic/index.ts";

export type StaffSettings = {
  secret: string;
  siteOrigin?: string;
  /** Refused sign-in ceremonies per client (successes are never counted). */
  rateLimit?: { perMinute: number; perHour: number };
  bodyLimitBytes?: number;
  /** NEWSLETTER_PER_MINUTE: how fast an issue goes out (default 60 a minute). */
  newsletterPerMinute?: number;
  now?: () => number;
  logger?: Logger;
};

export type StaffService = StaffPort & {
  store: StaffRepository;
  router: express.Router;
};

export function createStaffService(
  config: StaffSettings & {
    db: Db;
    forms: Forms;
    comments: CommentService;
    mail: MailService;
    links: LinkSigner;
    /** The contact inbox, and what wakes the mail worker (a retried enquiry goes at once). */
    inbox: ContactRepository;
    pokeMail: () => void;
    /** The public origin for links in e-mails (the previews' unsubscribe link). */
    siteUrl: string;
    /** The newsletter's list (the console's subscribers). */
    subscribers: NewsletterRepository;
    /** Reads the published posts again on this instance (the posts service's refresh). */
    refreshPosts: () => Promise<void>;
    /** What goes with a post deleted for good (its comments: server/comments/posts-removed.ts). */
    postDependents: PostDependents;
    /** The pictures staff uploaded for posts (server/pictures/). */
    uploaded?: UploadedPictures;
    /** The site's content (server/content/) and its types. */
    content: { store: ContentRepository; refresh: () => Promise<void>; port: ContentPort };
    contentTypes: readonly ContentType<unknown>[];
    /** The pages visitors saw (server/traffic/): the console's Traffic page. */
    traffic: Pick<TrafficService, "summary">;
  },
): StaffService {
  const now = config.now ?? Date.now;
  const log = config.logger ?? consoleLogger;
  const store = createStaffRepository(config.db);
  const audit = auditLog(config.db.kysely, now);
  const sessions = createSessions({
    store,
    secret: config.secret,
    siteOrigin: config.siteOrigin,
    now,
    audit,
  });
  const router = createSignIn({
    store,
    sessions,
    forms: config.forms,
    audit,
    siteOrigin: config.siteOrigin,
    rateLimit: config.rateLimit,
    bodyLimitBytes: config.bodyLimitBytes,
    now,
    log,
  });
  return {
    store,
    router,
    session: sessions.view,
    signOut: sessions.signOut,
    ...createMembers({ store, mail: config.mail, links: config.links, now, audit }),
    ...createConsole({
      db: config.db,
      comments: config.comments,
      inbox: config.inbox,
      subscribers: config.subscribers,
      mail: config.mail,
      links: config.links,
      siteUrl: config.siteUrl,
      newsletterPerMinute: config.newsletterPerMinute ?? 60,
      pokeMail: config.pokeMail,
      refreshPosts: config.refreshPosts,
      postDependents: config.postDependents,
      uploaded: config.uploaded,
      // Every member published, those who left too (their posts keep them).
      team: () => (config.content.port.published().items.get(teamType.name) ?? []) as readonly TeamMember[],
      now,
      audit,
    }),
    content: createContentConsole({
      store: config.content.store,
      types: config.contentTypes,
      // A change shows here at once; a member's rename renames them on their posts in the same
      // transaction (server/posts/authors.ts), which show here at once too.
      refresh: async () => {
        await config.content.refresh();
        await config.refreshPosts();
      },
      uploaded: config.uploaded,
      published: (type) => config.content.port.published().items.get(type) ?? [],
      now,
      audit,
    }),
    traffic: createTrafficConsole(config.traffic),
  };
}
