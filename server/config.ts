// Server configuration: every environment variable the server reads, parsed and validated
// once at start. A bad value stops the server with a message naming the variable.
import { isIP } from "node:net";
import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

const schema = z
  .object({
    NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
    HOST: z.string().min(1).default("127.0.0.1"),
    PORT: int(0, 65535).default(3000),
    /** Honour X-Forwarded-For / -Proto from this many proxies in front (true = any). */
    TRUST_PROXY: z.union([bool, int(1, 10)]).default(false),
    BUILD_DIR: z.string().default("build"),
    DATA_DIR: z.string().default("data"),
    /** The uploaded pictures' files in this folder (shared by every instance) instead of the
     *  database (docs/posts.md, "Large sites"). */
    PICTURES_DIR: z.string().min(1).optional(),
    /** New pictures one member may upload in 24 hours (server/pictures/, docs/posts.md "How many"). */
    UPLOADS_PER_DAY: int(1, 100_000).default(100),
    /** The encoders' effort for uploaded pictures: "fast" converts about four times quicker into
     *  larger files (a small server; the tests). docs/posts.md, "How many". */
    PICTURE_EFFORT: z.enum(["standard", "fast"]).default("standard"),
    /** The server takes backups into this folder (server/backup/, docs/deploy.md "Backups"). */
    BACKUP_DIR: z.string().min(1).optional(),
    /** Hours between two backups (a week at most). */
    BACKUP_EVERY_HOURS: int(1, 168).default(24),
    /** Months the newest backup of each month is kept (how long an erased person stays in them). */
    BACKUP_KEEP_MONTHS: int(1, 12).default(12),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
    MAIL_FROM: z.string().min(3).optional(),
    MAIL_TO: z.email().optional(),
    /** Key for signing XSRF tokens; required when several instances share a database. */
    SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    /** Passkeys are bound to its host name (the WebAuthn RP ID), which cannot be an IP address: a
     *  browser refuses it ("This is an invalid domain"), so an address here would only fail later. */
    SITE_ORIGIN: z
      .url()
      .refine(
        (value) => !URL.canParse(value) || isIP(new URL(value).hostname.replace(/^\[|\]$/g, "")) === 0,
        "must name the host, not an IP address (passkeys cannot be bound to an address): use http://localhost:PORT on this machine, or the site's domain",
      )
      .optional(),
    RATE_LIMIT_PER_MINUTE: int(1, 100_000).default(5),
    RATE_LIMIT_PER_HOUR: int(1, 1_000_000).default(20),
    MIN_SUBMIT_MS: int(0, 600_000).default(3000),
    /** Pages a visitor's browser may report a minute (server/traffic/beacon.ts; the benchmark
     *  raises it: its load comes from one address). */
    TRAFFIC_BEACONS_PER_MINUTE: int(1, 10_000_000).default(120),
    /** How many newsletter e-mails a minute at most when an issue is sent (mail providers limit
     *  bulk senders; a slow pace also keeps the agency's own notices first). */
    NEWSLETTER_PER_MINUTE: int(1, 6_000).default(60),
    /** How many e-mails the worker sends at once, each on its own SMTP conversation (a relay
     *  answering in 100 ms caps one conversation at 10 a second). */
    MAIL_CONCURRENCY: int(1, 32).default(4),
    /** Comment-moderation e-mails of their own per clock hour; later comments that hour are
     *  summarised in one digest e-mail (default 10, server/comments/digest.ts). */
    COMMENT_MAILS_PER_HOUR: int(1, 100_000).optional(),
    LOG_REQUESTS: bool.default(true),
    /** The site's service worker (docs/offline.md): `off` answers /sw.js with a worker that
     *  deletes what the phones keep and unregisters itself (the kill switch, docs/deploy.md). */
    SERVICE_WORKER: z.enum(["on", "off"]).default("on"),
    /** Largest request body on a public route, in bytes (a contact message is at most ~45 KB
     *  encoded); the console's pages take their largest form (server/request-guard.ts). */
    MAX_BODY_BYTES: int(1024, 10 * 1024 * 1024).default(64 * 1024),
    /** Requests being worked on (renders, posts) at once at most; more get 503 + Retry-After. */
    MAX_IN_FLIGHT: int(1, 10_000).default(64),
    /** /healthz, /readyz and /metrics (with METRICS_TOKEN) also on this port, alone, on HOST: the
     *  load balancer's checks and Prometheus's scrapes are not queued behind the site's visitors.
     *  Keep it off the internet. Unset: on the site's port only. */
    HEALTH_PORT: int(0, 65535).optional(),
    /** On SIGTERM, how long the server still takes new connections (each answered with
     *  `Connection: close`) while /readyz answers 503, before it closes its listener and drains:
     *  at least the balancer's check interval times its failure threshold (docs/deploy.md). A
     *  connection still arriving when the listener closes is reset. */
    STOP_GRACE_MS: int(0, 120_000).default(2000),
    /** Bearer token Prometheus sends for GET /metrics; unset: no /metrics (server/health/). */
    METRICS_TOKEN: z.string().min(32, "must be at least 32 characters").optional(),
    /** DKIM signing of every e-mail (docs/deploy.md "E-mail that arrives"): the signing domain
     *  (MAIL_FROM's), the selector its public key is published under, and the file holding the
     *  private key (PEM). All three or none. */
    DKIM_DOMAIN: z
      .string()
      .regex(/^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z]{2,63}$/i, "must be a domain, such as techspark.ng")
      .optional(),
    DKIM_SELECTOR: z
      .string()
      .regex(/^[a-z0-9][a-z0-9._-]{0,62}$/i, "must be a DNS label, such as mail2026")
      .optional(),
    DKIM_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  })
  .superRefine((config, ctx) => {
    const dkim = [config.DKIM_DOMAIN, config.DKIM_SELECTOR, config.DKIM_PRIVATE_KEY_FILE];
    if (dkim.some((v) => v !== undefined) && dkim.some((v) => v === undefined))
      ctx.addIssue({
        code: "custom",
        path: ["DKIM_DOMAIN"],
        message: "DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE are set together, or none of them",
      });
  });

export type ServerConfig = z.output<typeof schema>;

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): ServerConfig {
  // Empty strings mean "not set", as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}
