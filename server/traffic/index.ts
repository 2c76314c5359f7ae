// What visitors do, counted first-party and without cookies (issue 30; docs/traffic.md): every
// page a person's browser asks for is counted as the server answers it (so without JavaScript
// too), with its template, where the visit came from and the kind of device; a visitor is the
// day's keyed hash of their address and browser, under a salt replaced every day and deleted after
// it, so that nothing kept can be tied to a person. Events wait in memory and are written in
// batches (never one write per page on the request path; a browser's report pays one, its count
// in the shared rate limit: ./beacon.ts); raw events are kept 30 days, and each
// day once over is rolled up into daily aggregates kept two years (./daily.ts).
//   const traffic = createTrafficService({ db, trustProxy, limiter: forms.guard.limiter });
//   createApp({ observe: traffic.observer });  npm run traffic -- summary
import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Db } from "../db/index.ts";
import { clientAddress, type RateLimiter } from "../forms/rate-limit.ts";
import { consoleLogger, describeError, type Logger } from "../log.ts";
import { oneAtATime } from "../one-at-a-time.ts";
import { keyedHash } from "../secret.ts";
import type { Router } from "express";
import { BEACONS_PER_MINUTE, beaconRouter, memoryLimiter } from "./beacon.ts";
import { browserName } from "./browser.ts";
import { classify, deviceOf, isPersonsPage, keptPath, type Counted } from "./classify.ts";
import { daysToRollUp, forgetDaysBefore, rollUpDay } from "./daily.ts";
import { summarize, type TrafficSummary } from "./summary.ts";
import type { Conversion } from "#app/lib/ports/traffic.ts";
import type { TrafficEventTable, TrafficVitalTable } from "./tables.ts";

export type { TrafficSummary };

/** Raw events are kept this long, once their day is rolled up (docs/traffic.md)... */
export const RAW_KEPT_DAYS = 30;
/** ...and the days' aggregates this long: two years, the longest span a summary may ask for. */
export const KEPT_DAYS = 730;
/** A day is rolled up once it has been over this long: the views counted before midnight are
 *  written within seconds (every 2 s, or at close), so none comes in after. */
const SETTLE_MS = 10 * 60_000;
/** A conversion's page when the post did not say it (no Referer, or another site's). */
const UNKNOWN_PAGE = "(unknown)";
/** Events kept in memory at most between two writes: beyond, a flood's are dropped (and said). */
const MAX_WAITING = 10_000;
/** A write takes this many events at most. */
const BATCH = 500;

/** The day in Lagos (WAT, UTC+1 all year) of a time in ms: "2026-11-27". */
export const dayOf = (at: number) => new Date(at + 3_600_000).toISOString().slice(0, 10);

/** What the fast path tells of the requests it answers (server/fast-path.ts). */
export type RequestObserver = {
  /** Whether this request may be counted (read before it is answered: cheap, headers only). */
  wants(req: IncomingMessage): boolean;
  /** The request was answered with `status`; `template` is its page's kind. */
  seen(req: IncomingMessage, status: number, template: string): void;
  /** The app's way from a path to its template, for the views the browser reports. */
  bind(templateOf: (path: string) => string): void;
};

type Waiting = Omit<TrafficEventTable, "visitor"> & { identity: string | null };

/** What a conversion is read from: the post's headers and the client's address (a form post's,
 *  app/lib/ports/common.ts FormPost). */
export type ConvertingRequest = { headers: Headers; ip: string };

export type TrafficService = {
  observer: RequestObserver;
  /** Counts a conversion on the page the form was on (the post's Referer, when it is ours),
   *  attributed to the visit's entry page and source by the summary. */
  convert(kind: Conversion, req: ConvertingRequest): void;
  /** POST /api/traffic: the views a visitor's browser reports after the first (./beacon.ts). */
  router: Router;
  /** Writes what waits now (tests, and before the database closes). */
  flush(): Promise<void>;
  /** The figures of the last `days` days to `now` (today included). */
  summary(days: number, now?: number): Promise<TrafficSummary>;
  /** Every day over and not yet rolled up, rolled up into the daily aggregates (idempotent);
   *  resolves with those days. A day that fails is logged and left for the next run. */
  rollUp(now?: number): Promise<string[]>;
  /** Rolls up what is over, then deletes raw events older than RAW_KEPT_DAYS of the days rolled
   *  up (never of a day that is not), aggregates older than KEPT_DAYS, and past days' salts. */
  prune(now?: number): Promise<{ events: number; salts: number }>;
  close(): Promise<void>;
};

export function createTrafficService(config: {
  db: Db;
  /** As the rate limits read the client's address (server/forms/rate-limit.ts). */
  trustProxy: boolean | number;
  now?: () => number;
  /** How often what waits is written (default every 2 s). */
  flushMs?: number;
  /** Pages a client's browser may report a minute (default BEACONS_PER_MINUTE). */
  beaconsPerMinute?: number;
  /** Makes the beacon's rate limiter, counted in the database for every instance: the forms'
   *  (`forms.guard.limiter`, server/forms/guard.ts), under the name "traffic-beacon". Without
   *  it each instance counts its own reports in memory (beaconsPerMinute on each). */
  limiter?: (name: string, limits: { perMinute: number; perHour: number }) => RateLimiter;
  /** Delete what is past its time at start (default true; tests call `prune`). */
  housekeeping?: boolean;
  logger?: Logger;
}): TrafficService {
  const k = config.db.kysely;
  const now = config.now ?? Date.now;
  const log = config.logger ?? consoleLogger;
  let waiting: Waiting[] = [];
  /** Page loads' Web Vitals, written with the events. */
  let vitals: TrafficVitalTable[] = [];
  let dropped = 0;
  const salts = new Map<string, string>();

  /** The day's salt, made by the first instance that needs it and shared through the database. */
  async function saltOf(day: string): Promise<string> {
    const known = salts.get(day);
    if (known) return known;
    await k
      .insertInto("traffic_salt")
      .values({ day, salt: randomBytes(32).toString("base64url") })
      .onConflict((oc) => oc.column("day").doNothing())
      .execute();
    const row = await k
      .selectFrom("traffic_salt")
      .select("salt")
      .where("day", "=", day)
      .executeTakeFirstOrThrow();
    salts.clear(); // one day's at a time in memory
    salts.set(day, row.salt);
    return row.salt;
  }

  const flush = oneAtATime(async () => {
    while (waiting.length > 0) {
      const batch = waiting.slice(0, BATCH);
      waiting = waiting.slice(BATCH);
      try {
        const rows: TrafficEventTable[] = [];
        for (const { identity, ...event } of batch) {
          const visitor =
            identity === null ? null : keyedHash(await saltOf(event.day), identity, "base64url", 12);
          rows.push({ ...event, visitor });
        }
        await k.insertInto("traffic_event").values(rows).execute();
      } catch (error) {
        log({
          level: "error",
          msg: "traffic.write-failed",
          events: batch.length,
          reason: describeError(error),
        });
      }
    }
    while (vitals.length > 0) {
      const batch = vitals.slice(0, BATCH);
      vitals = vitals.slice(BATCH);
      try {
        await k.insertInto("traffic_vital").values(batch).execute();
      } catch (error) {
        log({
          level: "error",
          msg: "traffic.write-failed",
          vitals: batch.length,
          reason: describeError(error),
        });
      }
    }
    if (dropped > 0) {
      log({ level: "warn", msg: "traffic.dropped", events: dropped });
      dropped = 0;
    }
  });

  const timer = setInterval(() => void flush(), config.flushMs ?? 2_000);
  timer.unref();

  async function rollUp(at = now()) {
    const done: string[] = [];
    for (const day of await daysToRollUp(k, dayOf(at - SETTLE_MS - 86_400_000))) {
      try {
        await rollUpDay(config.db, day);
        done.push(day);
      } catch (error) {
        log({ level: "error", msg: "traffic.roll-up-failed", day, reason: describeError(error) });
      }
    }
    if (done.length > 0) log({ msg: "traffic.rolled-up", days: done });
    return done;
  }

  async function prune(at = now()) {
    await rollUp(at);
    // Only the days rolled up: a day whose roll-up failed keeps its events until it succeeds.
    const rolled = k.selectFrom("traffic_day").select("day");
    const events = await k
      .deleteFrom("traffic_event")
      .where("at", "<", at - RAW_KEPT_DAYS * 86_400_000)
      .where("day", "in", rolled)
      .executeTakeFirst();
    await k
      .deleteFrom("traffic_vital")
      .where("at", "<", at - RAW_KEPT_DAYS * 86_400_000)
      .where("day", "in", rolled)
      .execute();
    // The first day of the longest span (KEPT_DAYS to today) stays.
    const forgotten = await forgetDaysBefore(config.db, dayOf(at - (KEPT_DAYS - 1) * 86_400_000));
    if (forgotten > 0) log({ msg: "traffic.days-forgotten", days: forgotten });
    // Yesterday's salt stays for a visit across midnight; older ones go.
    const salts = await k
      .deleteFrom("traffic_salt")
      .where("day", "<", dayOf(at - 86_400_000))
      .executeTakeFirst();
    return { events: Number(events.numDeletedRows), salts: Number(salts.numDeletedRows) };
  }
  // At start and every hour (a server restarted daily still rolls up and deletes on time).
  const housekeeping = oneAtATime(async () => {
    try {
      const removed = await prune();
      if (removed.events > 0 || removed.salts > 0) log({ msg: "traffic.pruned", ...removed });
    } catch (error) {
      log({ level: "error", msg: "traffic.prune-failed", reason: describeError(error) });
    }
  });
  if (config.housekeeping ?? true) void housekeeping();
  const pruner = setInterval(() => void housekeeping(), 3_600_000);
  pruner.unref();

  /** The client's address, as the rate limits read it (a proxy's header only when trusted). */
  const clientOf = (req: IncomingMessage) => {
    const forwarded = req.headers["x-forwarded-for"];
    return clientAddress(
      req.socket.remoteAddress ?? "",
      new Headers(forwarded ? { "x-forwarded-for": String(forwarded) } : {}),
      config.trustProxy,
    );
  };

  /** An event to write with the next batch. */
  function queue(req: IncomingMessage, counted: Counted, template: string) {
    if (waiting.length >= MAX_WAITING) {
      dropped++;
      return;
    }
    const { private: asked, ...event } = counted;
    const at = now();
    waiting.push({
      id: randomUUID(),
      at,
      day: dayOf(at),
      template,
      ...event,
      // Hashed when written (within seconds), then forgotten; never written as it is.
      // The browser's name, not its whole User-Agent (docs/traffic.md): "Chrome", not its version.
      identity: asked ? null : `visitor:${clientOf(req)}|${browserName(req.headers["user-agent"])}`,
    });
    // A batch's worth waiting: written now, not at the next tick (a busy site never drops).
    if (waiting.length === BATCH) void flush();
  }

  let templateOf = (_path: string) => "default";
  const observer: RequestObserver = {
    wants: (req) => isPersonsPage(req.method, req.url ?? "/", req.headers),
    seen(req, status, template) {
      // `wants` said it is a person's page: not asked again.
      const counted = classify(req, status, undefined, true);
      if (counted) queue(req, counted, template);
    },
    bind(fn) {
      templateOf = fn;
    },
  };
  function convert(kind: Conversion, req: ConvertingRequest) {
    const headers: IncomingMessage["headers"] = Object.fromEntries(req.headers);
    // The page the form was on, when the browser says and it is ours; else the form's own page.
    let path = UNKNOWN_PAGE;
    const referer = req.headers.get("referer");
    try {
      const from = referer ? new URL(referer) : null;
      if (from && from.host === req.headers.get("host")) path = keptPath(from.pathname);
    } catch {
      // not an address: the page is unknown
    }
    const counted: Counted = {
      kind,
      path,
      referrer: null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      device: deviceOf(headers),
      private: req.headers.get("sec-gpc") === "1",
    };
    queue(
      { headers, socket: { remoteAddress: req.ip } } as unknown as IncomingMessage,
      counted,
      // An unknown page has no template (not the missing page's).
      path === UNKNOWN_PAGE ? UNKNOWN_PAGE : templateOf(path),
    );
  }

  const perMinute = config.beaconsPerMinute ?? BEACONS_PER_MINUTE;
  let limiterFailed = 0;
  const router = beaconRouter({
    clientOf,
    // Shared by every instance: one address's limit whichever answers. The hour's window is as
    // wide as its minutes' (no stricter than a minute's): a carrier's shared address (CGNAT)
    // carries many people's pages all day.
    limiter: config.limiter
      ? config.limiter("traffic-beacon", { perMinute, perHour: perMinute * 60 })
      : memoryLimiter(perMinute, now),
    onLimiterError(error) {
      // Once a minute at most: a database that is down would otherwise log every report.
      const minute = Math.floor(now() / 60_000);
      if (minute === limiterFailed) return;
      limiterFailed = minute;
      log({ level: "error", msg: "traffic.rate-limit-failed", reason: describeError(error) });
    },
    count: (req, view) => queue(req, { ...view, kind: "view" }, templateOf(view.path)),
    measured: (view, measured) => {
      if (waiting.length + vitals.length >= MAX_WAITING) {
        dropped++;
        return;
      }
      const at = now();
      vitals.push({
        id: randomUUID(),
        at,
        day: dayOf(at),
        template: templateOf(view.path),
        device: view.device,
        lcp: measured.LCP ?? null,
        inp: measured.INP ?? null,
        cls: measured.CLS ?? null,
        fcp: measured.FCP ?? null,
        ttfb: measured.TTFB ?? null,
      });
      if (vitals.length === BATCH) void flush();
    },
  });

  return {
    observer,
    convert,
    router,
    flush,
    summary: async (days, at = now()) => {
      await flush();
      return summarize(config.db, days, dayOf, at);
    },
    rollUp,
    prune,
    async close() {
      clearInterval(timer);
      clearInterval(pruner);
      await housekeeping.settled();
      await flush();
      await flush.settled();
    },
  };
}
