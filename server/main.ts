// Starts the site: `npm start` (after a build). Configuration comes from the environment
// (server/config.ts); see README for every variable.
import "./production-env.ts";
import { createServer, type Server, type ServerResponse } from "node:http";
import { ConfigError, parseConfig } from "./config.ts";
import { createApp } from "./app.ts";
import { NewerDatabaseError } from "./db/migrate.ts";
import { loadDkim } from "./dkim.ts";
import { loadSecret } from "./secret.ts";
import { openServices, requestContext } from "./services.ts";
import { site } from "#app/config/site.ts";
import { agencyType } from "#app/content-types/agency/type.ts";
import { log } from "#app/lib/log.server.ts";

async function main() {
  const config = parseConfig(process.env);
  const services = await openServices({
    dataDir: config.DATA_DIR,
    databaseUrl: config.DATABASE_URL,
    smtpUrl: config.SMTP_URL,
    mailFrom: config.MAIL_FROM ?? `${site.name} website <no-reply@${new URL(site.url).hostname}>`,
    // The inbox is the operator's setting: the e-mail addresses the site shows are content, and
    // a change to them in the console does not move where the enquiries go.
    mailTo: config.MAIL_TO ?? agencyType.seed[0]!.emails[0]!,
    secret: loadSecret(config.SECRET, config.DATA_DIR),
    rateLimit: { perMinute: config.RATE_LIMIT_PER_MINUTE, perHour: config.RATE_LIMIT_PER_HOUR },
    minSubmitMs: config.MIN_SUBMIT_MS,
    trafficBeaconsPerMinute: config.TRAFFIC_BEACONS_PER_MINUTE,
    newsletterPerMinute: config.NEWSLETTER_PER_MINUTE,
    mailConcurrency: config.MAIL_CONCURRENCY,
    // The outbox's work off the thread that answers pages (decision 026).
    mailThread: true,
    dkim: loadDkim(config),
    moderationMailsPerHour: config.COMMENT_MAILS_PER_HOUR,
    trustProxy: config.TRUST_PROXY,
    siteOrigin: config.SITE_ORIGIN,
    picturesDir: config.PICTURES_DIR,
    uploadsPerDay: config.UPLOADS_PER_DAY,
    pictureEffort: config.PICTURE_EFFORT,
    backupDir: config.BACKUP_DIR,
    backupEveryHours: config.BACKUP_EVERY_HOURS,
    backupKeepMonths: config.BACKUP_KEEP_MONTHS,
    logger: log,
  });
  const app = await createApp({
    config,
    log,
    routers: services.routers,
    loadContext: requestContext(services),
    pageChanges: services.pageChanges,
    observe: services.traffic.observer,
    health: services.health,
  });
  // The responses being written: on a stop each is told to close its connection after it.
  const open = new Set<ServerResponse>();
  let stopping = false;
  const server = createServer((req, res) => {
    open.add(res);
    res.once("close", () => open.delete(res));
    if (stopping) res.setHeader("Connection", "close");
    app(req, res);
  });
  server.keepAliveTimeout = 65_000;
  // A slow client holds a socket, not the thread; still, none may hold one forever: headers within
  // 20 s, the whole request (at most MAX_BODY_BYTES) within 30 s, even on a slow mobile line.
  server.headersTimeout = 20_000;
  server.requestTimeout = 30_000;

  await listen(server, config.PORT, config.HOST, "PORT");
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const shown = config.HOST === "0.0.0.0" ? "localhost" : config.HOST;
  log({ msg: "listening", url: `http://${shown}:${port}` });
  // Health and metrics on a port of their own (HEALTH_PORT): a flood on the site's port waits in
  // that port's queue, not this one's.
  const healthServer = config.HEALTH_PORT === undefined ? undefined : createServer(app.healthOnly);
  if (healthServer && config.HEALTH_PORT !== undefined) {
    healthServer.headersTimeout = 5_000;
    healthServer.requestTimeout = 5_000;
    await listen(healthServer, config.HEALTH_PORT, config.HOST, "HEALTH_PORT");
    const health = healthServer.address();
    const healthPort = typeof health === "object" && health ? health.port : config.HEALTH_PORT;
    log({ msg: "listening.health", url: `http://${shown}:${healthPort}` });
  }

  // A stop (an upgrade, a restart): /readyz answers 503 at once, so the load balancer takes this
  // instance out; for STOP_GRACE_MS it still takes new connections (a connection the kernel had
  // accepted but Node had not when the listener closed would be reset, and a balancer that does
  // not retry shows that visitor an error), each request answered with `Connection: close`. Then
  // no new connections; every request begun is answered (within DRAIN_MS), each on a connection
  // closed after it; the mail worker finishes the e-mail it is sending and claims no more (the
  // rest stays due for the next start); the features write what they hold (the traffic's batch),
  // the database closes, and the process exits 0.
  const DRAIN_MS = 8_000;
  const closeAfterAnswer = () => {
    // Node closes a connection after a response that says `Connection: close`; one whose head is
    // out already is ended once it is sent. (server.close() closes the idle ones.)
    for (const res of open) {
      if (!res.headersSent) res.setHeader("Connection", "close");
      else if (res.writableFinished) res.socket?.end();
      else res.once("finish", () => res.socket?.end());
    }
  };
  const drain = () => {
    log({ msg: "stopping.drain", requests: open.size });
    const timedOut = setTimeout(() => {
      log({ level: "warn", msg: "stop.drain-timed-out", requests: open.size });
      server.closeAllConnections();
    }, DRAIN_MS);
    timedOut.unref();
    closeAfterAnswer();
    healthServer?.close();
    healthServer?.closeAllConnections();
    const worker = services.mail.worker.stop();
    // server.close() closes the keep-alive connections idle at this moment; one that becomes idle
    // later (its response ending as the signal came) would be held for the keep-alive timeout, so
    // for the drain's 8 s (a stop in CI took 8.06 s that way): each is closed as it goes idle.
    const reap = setInterval(() => server.closeIdleConnections(), 100);
    reap.unref();
    server.close(() => {
      clearTimeout(timedOut);
      clearInterval(reap);
      void worker
        .then(() => services.close())
        .then(
          () => {
            log({ msg: "stopped" });
            process.exit(0);
          },
          (error: unknown) => {
            log({
              level: "error",
              msg: "stop failed",
              error: error instanceof Error ? error.message : String(error),
            });
            process.exit(1);
          },
        );
    });
  };
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    services.health.readiness.stopping();
    log({ msg: "stopping", signal, requests: open.size, graceMs: config.STOP_GRACE_MS });
    const force = setTimeout(
      () => {
        log({ level: "error", msg: "stop timed out", note: "exiting before the database was closed" });
        process.exit(1);
      },
      config.STOP_GRACE_MS + DRAIN_MS + 7_000,
    );
    force.unref();
    // Requests under way close their connection once answered; so does every new one.
    closeAfterAnswer();
    if (config.STOP_GRACE_MS === 0) drain();
    else setTimeout(drain, config.STOP_GRACE_MS);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/** Listens, or rejects with a ListenError naming the setting (a port in use, a host not here). */
function listen(server: Server, port: number, host: string, setting: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      const why =
        error.code === "EADDRINUSE"
          ? `port ${port} on ${host} is in use by another program: stop it, or set ${setting} to a free port`
          : error.code === "EACCES"
            ? `port ${port} needs more rights than this process has: set ${setting} to a port above 1023`
            : `cannot listen on ${host}:${port} (${error.code ?? error.message}): check ${setting} and HOST`;
      reject(new ListenError(why));
    };
    server.once("error", failed);
    server.listen(port, host, () => {
      server.off("error", failed);
      resolve();
    });
  });
}

class ListenError extends Error {}

main().catch((error: unknown) => {
  // A bad setting is the operator's to fix: its message names it. So is a database a newer
  // version migrated (one line: which version to run), and a port in use. Anything else is ours.
  if (error instanceof ConfigError) log({ level: "error", msg: "config", error: error.message });
  else if (error instanceof ListenError) log({ level: "error", msg: "listen", error: error.message });
  else if (error instanceof NewerDatabaseError)
    log({ level: "error", msg: "database", error: error.message });
  else
    log({
      level: "error",
      msg: "start failed",
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  process.exit(1); // pino writes stdout synchronously: the line is out
});
