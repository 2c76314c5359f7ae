// Everything the server keeps and sends, opened once: the database (SQLite or PostgreSQL), the
// mail service (outbox + worker) and the features on top of them. server/main.ts uses it; the
// tests and benchmarks use it the same way.
import type { IncomingHttpHeaders } from "node:http";
import type { Router } from "express";
import { RouterContextProvider } from "react-router";
import type { AppOptions } from "./app.ts";
import type { FormsPort, SubmitForm } from "#app/lib/ports/forms.ts";
import type { PortValues, Ports } from "#app/lib/ports/ports.ts";
import type { Conversion } from "#app/lib/ports/traffic.ts";
import { site } from "#app/config/site.ts";
import { consoleLogger, describeError } from "./log.ts";
import { openDatabase, type Db } from "./db/index.ts";
import { createLinkSigner } from "./mail/links.ts";
import { createMailService, seedDetails, type MailService, type MailTuning } from "./mail/index.ts";
import { MAIL_KINDS } from "./mail-kinds.ts";
import type { MailThreadData } from "./mail-thread.ts";
import { createContactService, type ContactService, type ContactSettings } from "./contact/index.ts";
import { createForms, type Forms, type FormSettings } from "./forms/index.ts";
import { postPath } from "#app/config/blog.ts";
import {
  createCommentService,
  type CommentService,
  type CommentSettings,
  type PostDirectory,
} from "./comments/index.ts";
import { createStaffService, type ConsoleFronts, type StaffService } from "./staff/index.ts";
import { auditLog } from "./audit.ts";
import { createCommentsConsole } from "./comments/console.ts";
import { createEnquiries } from "./contact/console.ts";
import { createIssues } from "./newsletter/console-issues.ts";
import { createSubscribers } from "./newsletter/console-subscribers.ts";
import { createPostsConsole } from "./posts/console.ts";
import { manifestEntries } from "./posts/pictures.ts";
import { createContentConsole } from "./content/console.ts";
import { createTrafficConsole } from "./traffic/console.ts";
import { agencyType } from "#app/content-types/agency/type.ts";
import type { Agency } from "#app/lib/agency.ts";
import { teamType } from "#app/content-types/team/type.ts";
import type { TeamMember } from "#app/content-types/team/schema.ts";
import { createPostsService, type PostsService } from "./posts/index.ts";
import { createContentService, type ContentService } from "./content/index.ts";
import { createContentRepository } from "./content/repository.ts";
import { contentTypes } from "#app/content-types/index.ts";
import { createPostRepository } from "./posts/repository.ts";
import { startBackups, type BackupScheduler, type BackupSettings } from "./backup/scheduler.ts";
import { createPictureService, type PictureService, type PictureSettings } from "./pictures/index.ts";
import {
  createNewsletterService,
  type NewsletterService,
  type NewsletterSettings,
} from "./newsletter/index.ts";
import { createIssueArchive, type IssueArchive } from "./newsletter/archive.ts";
import { removeCommentsOfPosts } from "./comments/posts-removed.ts";
import { createVersionWatch } from "./version-watch.ts";
import { renamedAuthors } from "./posts/authors.ts";
import { createTrafficService, type TrafficService } from "./traffic/index.ts";
import { createMetrics, type Metrics } from "./health/metrics.ts";
import { createReadiness, type ReadinessCheck } from "./health/readiness.ts";
import { outboxMetrics } from "./health/outbox-metrics.ts";

export type ServicesConfig = FormSettings &
  ContactSettings &
  NewsletterSettings &
  Pick<CommentSettings, "watchMs" | "moderationMailsPerHour"> &
  Omit<PictureSettings, "now" | "logger"> &
  BackupSettings &
  MailTuning & {
    dataDir: string; // SQLite file lives here (created if missing): `${dataDir}/contact.sqlite`
    databaseUrl?: string; // when set: PostgreSQL instead of SQLite
    smtpUrl?: string; // when unset: e-mails are kept with state 'waiting-for-transport'
    mailFrom: string; // e.g. 'TechSpark website <no-reply@techspark.ng>'
    mailTo: string; // the agency address (from the site config)
    /** NEWSLETTER_PER_MINUTE: how fast an issue goes out (default 60 a minute). */
    newsletterPerMinute?: number;
    /** Pages a visitor's browser may report a minute (default 120: server/traffic/beacon.ts). */
    trafficBeaconsPerMinute?: number;
    /** Public origin for links in e-mails (default: siteOrigin, else the site config's URL). */
    siteUrl?: string;
    /** SQLite busy timeout (default 5 s). */
    busyTimeoutMs?: number;
    /** The posts that take comments (default: the published posts, server/posts/; tests of the
     *  comments give their own). */
    posts?: PostDirectory;
    /** Deliver e-mail on a thread of its own (server/mail/thread-worker.ts): the server process
     *  does; tests that give their own clock cannot (the thread keeps the wall clock). */
    mailThread?: boolean;
  };

export type Services = {
  db: Db;
  /** What visitors do, counted without cookies (createApp's `observe`). */
  traffic: TrafficService;
  mail: MailService;
  /** XSRF tokens and the guard every form post passes; its router serves GET /api/csrf. */
  forms: Forms;
  /** What the public forms' route actions get (app/lib/ports/forms.ts): the token, and each
   *  form's post under the name its action gives (`formAction(request, context, "contact", …)`). */
  formPosts: FormsPort;
  contact: ContactService;
  newsletter: NewsletterService;
  /** The newsletter's sent issues, as their public pages read them (issueArchiveContext). */
  issueArchive: IssueArchive;
  /** The blog's posts: the app's pages read `posts.port` (postsContext). */
  posts: PostsService;
  /** The site's other content (server/content/): the app's pages read `content.port`. */
  content: ContentService;
  /** The pictures staff upload for posts (server/pictures/). */
  pictures: PictureService;
  comments: CommentService;
  /** The staff console's sign-in and sessions. */
  staff: StaffService;
  /** Backups taken by the server when BACKUP_DIR is set (server/backup/). */
  backups: BackupScheduler;
  /** Calls `drop` with the paths of pages whose content changed (a post's comments), or "all"
   *  (the published posts changed), here or on another instance: the app drops its kept copies
   *  (createApp's `pageChanges`). */
  pageChanges(drop: (paths: string[] | "all") => void): () => void;
  /** Every feature's HTTP endpoints, to mount before the pages. */
  routers: Router[];
  /** /readyz's checks and /metrics' registry (createApp's `health`); a feature adds a gauge
   *  read at scrape time with `health.metrics.gauge(name, help, collect)`. */
  health: { readiness: ReadinessCheck; metrics: Metrics };
  /** Stops the mail worker (finishing a delivery in progress), then closes the database. */
  close(): Promise<void>;
};

export async function openServices(config: ServicesConfig): Promise<Services> {
  const db = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    busyTimeoutMs: config.busyTimeoutMs,
  });
  (config.logger ?? consoleLogger)({ msg: "database.open", dialect: db.dialect, location: db.location });
  const links = createLinkSigner(config.secret);
  // The details the pages show now (read when each e-mail is rendered; the worker starts once
  // the content is read, below).
  const details = () =>
    (content.port.published().items.get(agencyType.name)?.[0] as Agency | undefined) ?? seedDetails();
  let mail: MailService;
  const mailSettings = {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    agency: config.mailTo,
    siteUrl: config.siteUrl ?? config.siteOrigin ?? site.url,
    retry: config.retry,
    pollMs: config.pollMs,
    leaseMs: config.leaseMs,
    smtpTimeoutMs: config.smtpTimeoutMs,
    smtpReplyTimeoutMs: config.smtpReplyTimeoutMs,
    stopSendWaitMs: config.stopSendWaitMs,
    mailConcurrency: config.mailConcurrency,
    dkim: config.dkim,
  };
  // The thread logs to the server's output (consoleLogger) on the wall clock.
  if (config.mailThread && config.now)
    throw new Error("the mail thread keeps its own clock: mailThread with now");
  const threadData: MailThreadData | undefined =
    config.mailThread && config.smtpUrl
      ? {
          ...mailSettings,
          smtpUrl: config.smtpUrl,
          secret: config.secret,
          // Its own connection (SQLite) or pool (PostgreSQL: two, beside the pages' five).
          database: {
            dataDir: config.dataDir,
            databaseUrl: config.databaseUrl,
            busyTimeoutMs: config.busyTimeoutMs,
            poolSize: 2,
          },
        }
      : undefined;
  try {
    mail = await createMailService({
      ...mailSettings,
      db,
      links,
      details,
      kinds: MAIL_KINDS,
      logger: config.logger,
      now: config.now,
      ...(threadData
        ? { thread: { entry: new URL("./mail-thread.ts", import.meta.url), data: threadData } }
        : {}),
      startWorker: false, // once every feature is ready (below)
    });
  } catch (error) {
    await db.close();
    throw error;
  }
  const postStore = createPostRepository(db);
  const contentStore = createContentRepository(db);
  // Uploaded pictures: who may upload is the staff service's (below) to say, at the first upload.
  const pictures = createPictureService({
    ...config,
    db,
    session: (cookie, url) => staff.session(cookie, url),
    // A post or a content item imported before its pictures were converted is shown once they
    // are, everywhere (their version moves).
    onReady: async (name) => {
      const at = (config.now ?? Date.now)();
      await postStore.pictureReady(name, at);
      await contentStore.pictureReady(name, at);
    },
  });
  // The posts first imported (app/content/blog/) and read before any page is served, with the
  // uploaded pictures they name.
  let posts: PostsService;
  let content: ContentService;
  let issueArchive: IssueArchive;
  // One query a tick for all: the posts', the content's and the sent issues' versions
  // (server/version-watch.ts).
  const watch = createVersionWatch({ db, watchMs: config.watchMs, logger: config.logger });
  try {
    posts = await createPostsService({
      db,
      logger: config.logger,
      now: config.now,
      watch,
      pictures: pictures.entries,
      // A post deleted for good takes its comments with it (the comments' own hook).
      dependents: removeCommentsOfPosts,
    });
    // The site's other content (app/content-types/), seeded from its modules on the first start.
    content = await createContentService({
      db,
      types: contentTypes,
      logger: config.logger,
      now: config.now,
      watch,
      pictures: pictures.entries,
      cascades: { "post-authors": renamedAuthors(db) },
    }).catch(async (error: unknown) => {
      await posts.close();
      throw error;
    });
    // The newsletter's sent issues, for their public pages, the sitemap and the search.
    issueArchive = await createIssueArchive({ db, watch }).catch(async (error: unknown) => {
      await posts.close();
      await content.close();
      throw error;
    });
  } catch (error) {
    await watch.close();
    await pictures.close();
    await mail.close();
    await db.close();
    throw error;
  }
  const forms = createForms({ ...config, db });
  const traffic = createTrafficService({
    beaconsPerMinute: config.trafficBeaconsPerMinute,
    // Counted in the database for every instance, as the forms' posts are (issue 45).
    limiter: forms.guard.limiter,
    db,
    trustProxy: config.trustProxy,
    now: config.now,
    logger: config.logger,
  });
  const contact = createContactService({ ...config, db, mail, forms });
  const newsletter = createNewsletterService({ ...config, db, mail, forms, links });
  const comments = createCommentService({
    ...config,
    db,
    mail,
    forms,
    links,
    posts: config.posts ?? posts.directory,
  });
  // The console's pages over each feature's data: every feature keeps its console front beside
  // itself (server/<feature>/console.ts), built here; the staff service serves them under its
  // sign-in and imports no feature.
  const now = config.now ?? Date.now;
  const audit = auditLog(db.kysely, now);
  const siteUrl = config.siteUrl ?? config.siteOrigin ?? site.url;
  const pokeMail = () => mail.worker.poke();
  const issues = createIssues({
    db,
    outbox: mail.outbox,
    links,
    siteUrl,
    details,
    perMinute: config.newsletterPerMinute ?? 60,
    now,
    poke: pokeMail,
    // A sent issue's page and its place in the archive, the sitemap and the search: here at once.
    // (A failed read: the version watch reads it again within a tick.)
    sent: () => issueArchive.refresh().catch(() => undefined),
    audit,
  });
  // The site's own pictures (app/content/media-manifest.json): what a post may name.
  const manifest = manifestEntries();
  const fronts: ConsoleFronts = {
    ...createCommentsConsole({ comments, audit }),
    enquiries: createEnquiries({ db, store: contact.store, now, poke: pokeMail, audit }),
    issues,
    subscribers: createSubscribers({ db, store: newsletter.store, now, audit }),
    posts: createPostsConsole({
      db,
      now,
      audit,
      pictures: Object.keys(manifest),
      manifest,
      uploaded: pictures,
      refresh: () => posts.refresh(),
      // Every member published, those who left too (their posts keep them).
      team: () => (content.port.published().items.get(teamType.name) ?? []) as readonly TeamMember[],
      // "Send to subscribers" starts an issue here, linking to the post on the public site.
      issues,
      siteUrl,
      // A post deleted for good takes its comments with it (the comments' own hook).
      dependents: removeCommentsOfPosts,
    }),
    content: createContentConsole({
      store: content.store,
      types: contentTypes,
      // A change shows here at once; a member's rename renames them on their posts in the same
      // transaction (server/posts/authors.ts), which show here at once too.
      refresh: async () => {
        await content.refresh();
        await posts.refresh();
      },
      uploaded: pictures,
      published: (type) => content.port.published().items.get(type) ?? [],
      now,
      audit,
    }),
    traffic: createTrafficConsole(traffic),
  };
  // Refused sign-in ceremonies per client (an office shares one address): at least 10 a minute, 60 an hour.
  const staff = createStaffService({
    ...config,
    db,
    forms,
    mail,
    links,
    fronts,
    rateLimit: {
      perMinute: Math.max(10, config.rateLimit.perMinute),
      perHour: Math.max(60, config.rateLimit.perHour),
    },
  });
  if (config.startWorker ?? true) mail.worker.start();
  const log = config.logger ?? consoleLogger;
  const health = { readiness: createReadiness({ db, mail, logger: log }), metrics: createMetrics() };
  outboxMetrics(health.metrics, mail.outbox);
  // Retention (docs/newsletter.md): once a day, unconfirmed sign-ups and long-unsubscribed people go.
  const housekeeping = setInterval(() => {
    newsletter.store.prune(Date.now()).then(
      (removed) => log({ msg: "newsletter.prune", ...removed }),
      (error: unknown) =>
        log({ level: "error", msg: "newsletter.prune-failed", reason: describeError(error) }),
    );
    // Rejected and spam comments are kept 30 days for review (docs/comments.md).
    comments.store.prune(Date.now()).then(
      (removed) => log({ msg: "comment.prune", removed }),
      (error: unknown) => log({ level: "error", msg: "comment.prune-failed", reason: describeError(error) }),
    );
    // Ended sessions, stale challenges and invitations, audit entries past a year.
    staff.store
      .prune(Date.now())
      .catch((error: unknown) =>
        log({ level: "error", msg: "staff.prune-failed", reason: describeError(error) }),
      );
  }, 86_400_000);
  housekeeping.unref();
  // The database's backups into BACKUP_DIR, on their own schedule (docs/deploy.md "Backups").
  const backups = startBackups({ ...config, db, logger: config.logger, now: config.now });
  if (config.backupDir) {
    // For the alert "no backup for a day" (docs/deploy.md): 0 until the first one is taken.
    health.metrics.gauge(
      "backup_last_success_timestamp_seconds",
      "When the newest backup in BACKUP_DIR was taken (Unix seconds; 0: none yet)",
      async () => {
        const status = await backups.status();
        const at = status.state === "done" ? status.at : status.state === "failed" ? status.lastDone : null;
        return at === null ? 0 : Math.floor(at / 1000);
      },
    );
  }

  // One line a form: its name (declared beside its action, app/lib/ports/forms.ts) and its post.
  // A form that did what it is for is a conversion of the visit (server/traffic/), once: a resent
  // message (its idempotency key) is not another.
  const converting =
    (kind: Conversion, submit: SubmitForm): SubmitForm =>
    async (input) => {
      const answer = await submit(input);
      if (answer.status < 300 && answer.body.success && !answer.confirm && !answer.repeat)
        traffic.convert(kind, input);
      return answer;
    };
  const formPosts: FormsPort = {
    issueToken: forms.issueToken,
    submit: {
      contact: converting("contact", contact.submitForm),
      newsletter: converting("newsletter", newsletter.signUpForm),
      comment: converting("comment", comments.submitForm),
    },
  };

  let closed: Promise<void> | null = null;
  return {
    db,
    traffic,
    mail,
    forms,
    formPosts,
    contact,
    newsletter,
    issueArchive,
    posts,
    content,
    pictures,
    comments,
    staff,
    backups,
    pageChanges(drop) {
      const stops = [
        comments.watch((postIds) =>
          drop(postIds.flatMap((id) => [postPath(id, "sidebar"), postPath(id, "full")])),
        ),
        // The posts show on the lists, the home pages, the sidebar, search, the feed and the sitemap.
        posts.onChange(() => drop("all")),
        // The content shows on many pages (the FAQ on /faq, /pricing and home pages): all of them.
        content.onChange(() => drop("all")),
        // A sent issue shows on the archive's list, in the sitemap and in the search's answers.
        issueArchive.onChange(() => drop("all")),
      ];
      return () => stops.forEach((stop) => stop());
    },
    routers: [forms.router, staff.router, pictures.router, traffic.router],
    health,
    close() {
      closed ??= (async () => {
        clearInterval(housekeeping);
        await backups.close();
        await traffic.close();
        await comments.close();
        await posts.close();
        await content.close();
        issueArchive.close();
        await watch.close();
        await pictures.close();
        await mail.close();
        await db.close();
      })();
      return closed;
    },
  };
}

/** The request a context is built for: its headers and the socket's peer address. */
export type ContextRequest = { headers: IncomingHttpHeaders; ip: string };

/** What React Router's loaders and actions get of the services on one request: a value for every
 *  port in the app's record (app/lib/ports/ports.ts), the client's address among them. `PortValues`
 *  is typed from the record, so a port left out here fails `tsc`. `record` is the built bundle's
 *  (createApp's `loadContext`) or the source's (tests calling the source's routes, as
 *  server/testing/form-actions.ts does): the contexts must be the very objects the routes read. */
export function servicesContext(
  record: Ports,
  services: Services,
  req: ContextRequest,
): RouterContextProvider {
  const values: PortValues = {
    forms: services.formPosts,
    // A confirmation (one press of the e-mailed link's button) is a conversion too; pressed
    // again, the link says "confirmed before" and counts nothing.
    newsletter: {
      ...services.newsletter,
      async confirm(token) {
        const before = await services.newsletter.viewConfirmLink(token);
        const after = await services.newsletter.confirm(token);
        if (before.kind === "confirm" && after.kind === "confirmed")
          services.traffic.convert("newsletter-confirmed", {
            headers: new Headers(
              Object.entries(req.headers).flatMap(([k, v]) =>
                typeof v === "string" ? [[k, v] as [string, string]] : [],
              ),
            ),
            ip: req.ip,
          });
        return after;
      },
    },
    issueArchive: services.issueArchive,
    comments: services.comments,
    staff: services.staff,
    posts: services.posts.port,
    content: services.content.port,
    backups: { status: services.backups.status },
    clientIp: req.ip,
  };
  const keys = Object.keys(record) as (keyof Ports)[];
  return new RouterContextProvider(new Map(keys.map((key) => [record[key], values[key]])));
}

/** createApp's `loadContext`: each request's context from the built bundle's record of ports. */
export function requestContext(services: Services): NonNullable<AppOptions["loadContext"]> {
  return (req, build) =>
    servicesContext(build.entry.module.ports, services, {
      headers: req.headers,
      ip: req.socket.remoteAddress ?? "",
    });
}
