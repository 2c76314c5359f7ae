// Everything the server keeps and sends, opened once: the database (SQLite or PostgreSQL), the
// mail service (outbox + worker) and the features on top of them. server/main.ts uses it; the
// tests and benchmarks use it the same way.
import type { Router } from "express";
import { site } from "#app/config/site.ts";
import { consoleLogger } from "./contact/log.ts";
import { openDatabase, type Db } from "./db/index.ts";
import { createMailService, type MailService, type MailTuning } from "./mail/index.ts";
import { createContactService, type ContactService, type ContactSettings } from "./contact/index.ts";
import { createForms, type Forms, type FormSettings } from "./forms/index.ts";

export type ServicesConfig = FormSettings &
  ContactSettings &
  MailTuning & {
    dataDir: string; // SQLite file lives here (created if missing): `${dataDir}/contact.sqlite`
    databaseUrl?: string; // when set: PostgreSQL instead of SQLite
    smtpUrl?: string; // when unset: e-mails are kept with state 'waiting-for-transport'
    mailFrom: string; // e.g. 'TechSpark website <no-reply@techspark.ng>'
    mailTo: string; // the agency address (from the site config)
    /** Public origin for links in e-mails (default: siteOrigin, else the site config's URL). */
    siteUrl?: string;
    /** SQLite busy timeout (default 5 s). */
    busyTimeoutMs?: number;
  };

export type Services = {
  db: Db;
  mail: MailService;
  /** XSRF tokens and the guard every form post passes; its router serves GET /api/csrf. */
  forms: Forms;
  contact: ContactService;
  /** Every feature's HTTP endpoints, to mount before the pages. */
  routers: Router[];
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
  let mail: MailService;
  try {
    mail = await createMailService({
      db,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      agency: config.mailTo,
      siteUrl: config.siteUrl ?? config.siteOrigin ?? site.url,
      logger: config.logger,
      now: config.now,
      retry: config.retry,
      pollMs: config.pollMs,
      leaseMs: config.leaseMs,
      smtpTimeoutMs: config.smtpTimeoutMs,
      startWorker: false, // once every feature is ready (below)
    });
  } catch (error) {
    await db.close();
    throw error;
  }
  const forms = createForms(config);
  const contact = createContactService({ ...config, db, mail, forms });
  if (config.startWorker ?? true) mail.worker.start();

  let closed: Promise<void> | null = null;
  return {
    db,
    mail,
    forms,
    contact,
    routers: [forms.router, contact.router],
    close() {
      closed ??= (async () => {
        await mail.close();
        await db.close();
      })();
      return closed;
    },
  };
}
