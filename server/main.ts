// Starts the site: `npm start` (after a build). Configuration comes from the environment
// (server/config.ts); see README for every variable.
import "./production-env.ts";
import { createServer } from "node:http";
import { ConfigError, parseConfig } from "./config.ts";
import { createApp } from "./app.ts";
import { loadSecret } from "./secret.ts";
import { openServices, requestContext } from "./services.ts";
import { site } from "#app/config/site.ts";
import { agencyType } from "#app/config/content-types.ts";
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
    moderationMailsPerHour: config.COMMENT_MAILS_PER_HOUR,
    trustProxy: config.TRUST_PROXY,
    siteOrigin: config.SITE_ORIGIN,
    picturesDir: config.PICTURES_DIR,
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
  });
  const server = createServer(app);
  server.keepAliveTimeout = 65_000;
  // A slow client holds a socket, not the thread; still, none may hold one forever: headers within
  // 20 s, the whole request (at most MAX_BODY_BYTES) within 30 s, even on a slow mobile line.
  server.headersTimeout = 20_000;
  server.requestTimeout = 30_000;

  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  log({ msg: "listening", url: `http://${config.HOST === "0.0.0.0" ? "localhost" : config.HOST}:${port}` });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log({ msg: "stopping", signal });
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(() => {
      void services.close().finally(() => {
        log({ msg: "stopped" });
        process.exit(0);
      });
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  // A bad setting is the operator's to fix: its message names it. Anything else is ours.
  if (error instanceof ConfigError) log({ level: "error", msg: "config", error: error.message });
  else
    log({
      level: "error",
      msg: "start failed",
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  process.exit(1); // pino writes stdout synchronously: the line is out
});
