// The staff console's service: what its pages ask of the server (app/lib/ports/staff.ts:
// StaffPort) and its sign-in endpoints. Staff owns sign-in, sessions and members:
//   ./sign-in.ts   the WebAuthn ceremonies (POST /api/admin/…)
//   ./sessions.ts  the session cookie, who it signs in, signing out
//   ./members.ts   members, invitations, a member's own passkeys and sessions, the audit log read
//   ./overview.ts  the first page's counts
// and serves, under its sign-in, the console's pages over the features' data: each feature owns
// its console front beside its data (server/comments/console.ts, server/contact/console.ts,
// server/newsletter/console-issues.ts and console-subscribers.ts, server/posts/console.ts,
// server/content/console.ts, server/traffic/console.ts) and the composition root
// (server/services.ts) builds them and hands them in (`fronts`), so staff imports no feature.
// Every staff action is written to the audit log through one helper (server/audit.ts,
// infrastructure: the features write it in their own transactions).
import type express from "express";
import type { StaffPort } from "#app/lib/ports/staff.ts";
import type { Db } from "../db/index.ts";
import type { Forms } from "../forms/index.ts";
import { consoleLogger, type Logger } from "../log.ts";
import type { MailService } from "../mail/index.ts";
import type { LinkSigner } from "../mail/links.ts";
import { auditLog } from "../audit.ts";
import { createMembers } from "./members.ts";
import { staffOverview } from "./overview.ts";
import { createStaffRepository, type StaffRepository } from "./repository.ts";
import { createSessions } from "./sessions.ts";
import { createSignIn } from "./sign-in.ts";

/** The console's pages over the features' data, each built by its feature's console front. */
export type ConsoleFronts = Pick<
  StaffPort,
  | "pendingComments"
  | "moderateComments"
  | "enquiries"
  | "issues"
  | "posts"
  | "subscribers"
  | "content"
  | "traffic"
>;

export type StaffSettings = {
  secret: string;
  siteOrigin?: string;
  /** Refused sign-in ceremonies per client (successes are never counted). */
  rateLimit?: { perMinute: number; perHour: number };
  bodyLimitBytes?: number;
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
    mail: MailService;
    links: LinkSigner;
    fronts: ConsoleFronts;
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
    overview: () => staffOverview(config.db, now()),
    ...config.fronts,
  };
}
