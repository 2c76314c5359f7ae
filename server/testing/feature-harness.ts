// A feature as its tests use it: the services on a fresh database (SQLite or PostgreSQL), a real
// SMTP server on loopback, the clock in the test's hands, the log kept, and the HTTP endpoints
// served on 127.0.0.1. `cleanups` collects what must be undone after the test (`cleanupsAfterEach`).
import { afterEach } from "vitest";
import type { TestDatabase } from "../db/testing/databases.ts";
import { clock, type Clock } from "./clock.ts";
import { config } from "./config.ts";
import { memoryLog } from "./log.ts";
import { serve } from "./serve.ts";
import { startSmtp, type ReceivedMail, type TestSmtp } from "./smtp.ts";
import { openServices, type Services, type ServicesConfig } from "../services.ts";

export type Harness = {
  s: Services;
  url: string;
  mailbox: TestSmtp;
  c: Clock;
  log: ReturnType<typeof memoryLog>;
};

/** What a test leaves to undo, in the order it was set up. */
export type Cleanups = (() => Promise<unknown> | unknown)[];

/** The cleanups of a test file's tests, undone (the last first) after each test. */
export function cleanupsAfterEach(): Cleanups {
  const cleanups: Cleanups = [];
  afterEach(async () => {
    for (const f of cleanups.splice(0).reverse()) await f();
  });
  return cleanups;
}

export async function startHarness(
  database: TestDatabase,
  cleanups: Cleanups,
  extra: Partial<ServicesConfig> = {},
): Promise<Harness> {
  const l = await database.fresh();
  cleanups.push(() => l.cleanup());
  const mailbox = await startSmtp();
  cleanups.push(() => mailbox.close());
  const c = clock(Date.now());
  const log = memoryLog();
  const s = await openServices(
    config({
      dataDir: l.dataDir,
      databaseUrl: l.databaseUrl,
      smtpUrl: mailbox.url,
      now: c.now,
      logger: log.logger,
      siteUrl: "https://techspark.ng",
      // Pictures checked for their sizes, shapes and metadata, not their bytes: converted about
      // four times quicker (PICTURE_EFFORT; the same files as the production effort: encode.test.ts).
      pictureEffort: "fast",
      ...extra,
    }),
  );
  cleanups.push(() => s.close());
  const server = await serve({ services: s });
  cleanups.push(() => server.close());
  return { s, url: server.url, mailbox, c, log };
}

/** Sends every due e-mail now; returns what the mailbox received meanwhile. */
export async function deliver(h: Harness): Promise<ReceivedMail[]> {
  const before = h.mailbox.received.length;
  await h.s.mail.worker.runOnce();
  return h.mailbox.received.slice(before);
}
