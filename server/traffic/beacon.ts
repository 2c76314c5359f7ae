// POST /api/traffic: a page a visitor moved to after the first, or a page load's Web Vitals,
// reported by their browser (app/components/layout/page-views.tsx). Taken only from this site's own pages (the request
// guard refuses another origin; this route also wants the browser to say it is same-origin),
// at most TRAFFIC_BEACON_MAX_BYTES, at most BEACONS_PER_MINUTE a client (counted in the database
// for every instance when the service is given the forms' limiter); answered 204 at once,
// counted with the others in the next batch. A bad beacon gets its 4xx, never a 500.
import express, { type Request, type Response } from "express";
import { isbot } from "isbot";
import { z } from "zod";
import {
  deviceOfWidth,
  TRAFFIC_BEACON_MAX_BYTES,
  TRAFFIC_BEACON_PATH,
  WEB_VITAL_MAX,
  type TrafficBeacon,
} from "#app/lib/traffic.ts";
import { rateLimitKey, type RateLimiter } from "../forms/rate-limit.ts";
import { keptPath, tag, type Counted } from "./classify.ts";

/** More than a person clicking through pages as fast as they can read the titles (the default of
 *  TRAFFIC_BEACONS_PER_MINUTE). */
export const BEACONS_PER_MINUTE = 120;

/** What the beacon asks of a rate limiter: count one report of a client, and say whether it is
 *  within the limits (server/forms/rate-limit.ts `RateLimiter`, or `memoryLimiter`). */
export type BeaconLimiter = Pick<RateLimiter, "hit">;

/** `perMinute` a client in one clock minute, counted in this process alone: each instance counts
 *  its own (the count without the forms' limiter, as before issue 45). Forgotten when the minute
 *  turns (bounded by a flood's addresses in one minute). */
export function memoryLimiter(perMinute: number, now: () => number = Date.now): BeaconLimiter {
  let window = 0;
  let perClient = new Map<string, number>();
  return {
    hit(client) {
      const t = now();
      const minute = Math.floor(t / 60_000);
      if (minute !== window) [window, perClient] = [minute, new Map()];
      const sent = (perClient.get(client) ?? 0) + 1;
      perClient.set(client, sent);
      return Promise.resolve(
        sent > perMinute
          ? { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(((minute + 1) * 60_000 - t) / 1000)) }
          : { ok: true },
      );
    },
  };
}

/** A metric's value as a browser can measure it: from 0 to its WEB_VITAL_MAX. */
const vital = (name: keyof typeof WEB_VITAL_MAX) => z.number().min(0).max(WEB_VITAL_MAX[name]);

const beaconSchema = z.object({
  // A path on this site: one "/", not "//" or "/\" (another host to a URL parser).
  p: z
    .string()
    .max(2000)
    .regex(/^\/(?![/\\])/),
  w: z.number().int().min(0).max(100_000),
  // A page load's Web Vitals, each within what a browser can measure (WEB_VITAL_MAX): a report
  // with any value beyond is refused whole (nothing a browser sends, so nothing of it is trusted).
  v: z
    .object({
      LCP: vital("LCP"),
      INP: vital("INP"),
      CLS: vital("CLS"),
      FCP: vital("FCP"),
      TTFB: vital("TTFB"),
    })
    .partial()
    .strict()
    .optional(),
}) as z.ZodType<TrafficBeacon>;

/** A beacon's view as the count takes it (the referrer is this site: none is kept). */
export function beaconView(beacon: TrafficBeacon, gpc: boolean): Omit<Counted, "kind"> | null {
  const url = new URL(beacon.p, "http://site.invalid");
  if (url.pathname.startsWith("/admin")) return null;
  return {
    path: keptPath(url.pathname),
    referrer: null,
    utmSource: tag(url.searchParams.get("utm_source")),
    utmMedium: tag(url.searchParams.get("utm_medium")),
    utmCampaign: tag(url.searchParams.get("utm_campaign")),
    device: deviceOfWidth(beacon.w),
    private: gpc,
  };
}

export function beaconRouter(options: {
  /** The client's address, as the rate limits read it. */
  clientOf: (req: Request) => string;
  /** Counts each report that would be counted, per client (its rateLimitKey: an IPv6 /64). */
  limiter: BeaconLimiter;
  count: (req: Request, view: Omit<Counted, "kind">) => void;
  measured: (view: Omit<Counted, "kind">, vitals: NonNullable<TrafficBeacon["v"]>) => void;
  /** The limiter failed (its database unreachable): the report is answered 503, not counted. */
  onLimiterError: (error: unknown) => void;
}): express.Router {
  const { clientOf, limiter, count, measured, onLimiterError } = options;
  const router = express.Router();

  const answer = (res: Response, status: number, message?: string) => {
    res.status(status).set("Cache-Control", "no-store");
    if (message) res.type("text/plain").send(message);
    else res.end();
  };

  /** A report taken: counted within the client's limit, else 429 (503 when it cannot be told). */
  async function take(req: Request, res: Response, beacon: TrafficBeacon) {
    const agent = req.get("user-agent") ?? "";
    const view = agent !== "" && !isbot(agent) ? beaconView(beacon, req.get("sec-gpc") === "1") : null;
    // What counts nothing (a bot's, the console's, an empty report) costs no count of the limit.
    if (!view || (beacon.v && Object.keys(beacon.v).length === 0)) return answer(res, 204);
    let verdict;
    try {
      verdict = await limiter.hit(rateLimitKey(clientOf(req)));
    } catch (error) {
      onLimiterError(error);
      res.set("Retry-After", "60");
      return answer(res, 503, "Views cannot be counted just now.");
    }
    if (!verdict.ok) {
      res.set("Retry-After", String(verdict.retryAfterSeconds));
      return answer(res, 429, "Too many views reported from here this minute.");
    }
    // A page load's Web Vitals (not a view), or a view.
    if (beacon.v) measured(view, beacon.v);
    else count(req, view);
    answer(res, 204);
  }

  router.post(TRAFFIC_BEACON_PATH, (req, res) => {
    // The browser says where the page that sent it was: only this site's own are taken.
    const site = req.get("sec-fetch-site");
    if (site !== "same-origin" && !(site === undefined && req.get("origin")))
      return answer(res, 403, "Forbidden: views are reported by this site's own pages only.");
    const type = (req.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (type !== "text/plain" && type !== "application/json")
      return answer(res, 415, "A view is reported as JSON text.");
    if (Number(req.get("content-length")) > TRAFFIC_BEACON_MAX_BYTES) {
      res.set("Connection", "close");
      return answer(res, 413, `A view is reported in at most ${TRAFFIC_BEACON_MAX_BYTES} bytes.`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= TRAFFIC_BEACON_MAX_BYTES) chunks.push(chunk);
    });
    req.on("error", () => answer(res, 400, "The view could not be read."));
    req.on("end", () => {
      if (size > TRAFFIC_BEACON_MAX_BYTES)
        return answer(res, 413, `A view is reported in at most ${TRAFFIC_BEACON_MAX_BYTES} bytes.`);
      let beacon: TrafficBeacon;
      try {
        beacon = beaconSchema.parse(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      } catch {
        return answer(res, 400, 'A view is {"p": "/path", "w": width}.');
      }
      void take(req, res, beacon);
    });
  });

  router.all(TRAFFIC_BEACON_PATH, (_req, res) => {
    res.set("Allow", "POST");
    answer(res, 405, "A view is reported with POST.");
  });

  return router;
}
