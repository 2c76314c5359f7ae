// The production build served in this process as server/main.ts assembles it (SQLite in a fresh
// folder unless a PostgreSQL URL is given; no SMTP): for the tests that talk HTTP to every page.
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { createApp, loadBuild } from "#server/app.ts";
import { parseConfig } from "#server/config.ts";
import { loadDkim } from "#server/dkim.ts";
import { openServices, requestContext, type Services } from "#server/services.ts";
import { ROOT } from "#server/testing/server-process.ts";
import { site } from "#app/config/site.ts";

// React picks its build from NODE_ENV when first imported: these tests render with the
// production one, as the server does (server/production-env.ts), and in less than half the time.
// vitest.config.ts runs them in a project of their own ("built-app") that sets it.
if (process.env.NODE_ENV !== "production")
  throw new Error("The built app's tests need NODE_ENV=production (Vitest's built-app project sets it).");

export type InProcessSite = { base: string; dataDir: string; services: Services; stop(): Promise<void> };

export type Answer = { status: number; text: string };

/** The SECRET of the sites started here (a form token a test makes must be signed with it). */
export const SITE_SECRET = "pages-test-secret-0123456789abcdefghij";

export async function fetchPage(base: string, path: string): Promise<Answer> {
  const res = await fetch(base + path);
  return { status: res.status, text: await res.text() };
}

/** Polls the paths until each passes `check`; returns those that did not in a round asked for a
 *  second or more after the call. What is measured is when a change is seen, not how long a busy
 *  machine takes to answer: a round sent within the second may come back later. */
export async function within1s(
  base: string,
  paths: readonly string[],
  check: (page: Answer, path: string) => boolean,
): Promise<string[]> {
  const deadline = Date.now() + 1_000;
  for (;;) {
    const sent = Date.now();
    const pages = await Promise.all(paths.map(async (p) => [p, await fetchPage(base, p)] as const));
    const failing = pages.filter(([p, page]) => !check(page, p)).map(([p, page]) => `${page.status} ${p}`);
    if (failing.length === 0 || sent >= deadline) return failing;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** `dataDir`: the SQLite folder to serve (the caller's to remove; two sites on one folder are two
 *  instances of one database), else a fresh one; `env`: more
 *  settings (METRICS_TOKEN, MAX_IN_FLIGHT, BACKUP_DIR); `smtpUrl`: send e-mail there, with the worker running. */
export async function startSite(
  options: {
    databaseUrl?: string;
    dataDir?: string;
    env?: Record<string, string>;
    smtpUrl?: string;
    /** The services' clock (a test's, moved by hand: a time to publish at comes without waiting). */
    now?: () => number;
  } = {},
): Promise<InProcessSite> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "site-test-"));
  const config = parseConfig({ BUILD_DIR: path.join(ROOT, "build"), NODE_ENV: "production", ...options.env });
  await loadBuild(config.BUILD_DIR);
  const services = await openServices({
    dataDir,
    databaseUrl: options.databaseUrl,
    mailFrom: `${site.name} website <no-reply@example.org>`,
    mailTo: "inbox@example.org",
    secret: SITE_SECRET,
    rateLimit: { perMinute: config.RATE_LIMIT_PER_MINUTE, perHour: config.RATE_LIMIT_PER_HOUR },
    minSubmitMs: config.MIN_SUBMIT_MS,
    newsletterPerMinute: config.NEWSLETTER_PER_MINUTE,
    mailConcurrency: config.MAIL_CONCURRENCY,
    dkim: loadDkim(config),
    moderationMailsPerHour: config.COMMENT_MAILS_PER_HOUR,
    trustProxy: config.TRUST_PROXY,
    smtpUrl: options.smtpUrl,
    startWorker: options.smtpUrl !== undefined,
    backupDir: config.BACKUP_DIR,
    logger: () => {},
    now: options.now,
    // The pictures' encoders at their quickest (their files are checked, not their bytes).
    pictureEffort: "fast",
  });
  const app = await createApp({
    config,
    routers: services.routers,
    loadContext: requestContext(services),
    pageChanges: services.pageChanges,
    observe: services.traffic.observer,
    health: services.health,
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    dataDir,
    services,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await services.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Whether every one of `words` is in `text`, in this order (a list's items as a page shows them). */
export function inOrder(text: string, words: readonly string[]): boolean {
  const positions = words.map((w) => text.indexOf(w));
  return positions.every((p) => p > 0) && positions.every((p, i) => i === 0 || p > positions[i - 1]!);
}

/** What a page's HTML shows, as one line of text: scripts left out, tags as spaces, the five
 *  entities React writes decoded, spaces collapsed, and "( 3 )" (React's comments between text
 *  parts) as "(3)". */
export const shownText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .replace(/\( (\d+) \)/g, "($1)");
