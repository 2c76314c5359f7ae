// POST /api/traffic: a page a visitor moved to after the first, or a page load's Web Vitals,
// reported by their browser (app/components/layout/page-views.tsx). Taken only from this site's own pages (the request
// guard refuses another origin; this route also wants the browser to say it is same-origin),
// at most TRAFFIC_BEACON_MAX_BYTES, at most BEACONS_PER_MINUTE a client; answered 204 at once,
// counted with the others in the next batch. A bad beacon gets its 4xx, never a 500.
import express, { type Request, type Response } from "express";
import { isbot } from "isbot";
import { z } from "zod";
import {
  deviceOfWidth,
  TRAFFIC_BEACON_MAX_BYTES,
  TRAFFIC_BEACON_PATH,
  type TrafficBeacon,
} from "#app/lib/traffic.ts";
import type { Counted } from "./classify.ts";

/** More than a person clicking through pages as fast as they can read the titles (the default of
 *  TRAFFIC_BEACONS_PER_MINUTE). */
export const BEACONS_PER_MINUTE = 120;

const beaconSchema = z.object({
  // A path on this site: one "/", not "//" or "/\" (another host to a URL parser).
  p: z
    .string()
    .max(2000)
    .regex(/^\/(?![/\\])/),
  w: z.number().int().min(0).max(100_000),
  // A page load's Web Vitals: ms up to ten minutes, CLS a score (a page that jumps about for a
  // long time may pass 1, never 100).
  v: z
    .object({
      LCP: z.number().min(0).max(600_000),
      INP: z.number().min(0).max(600_000),
      CLS: z.number().min(0).max(100),
      FCP: z.number().min(0).max(600_000),
      TTFB: z.number().min(0).max(600_000),
    })
    .partial()
    .strict()
    .optional(),
}) as z.ZodType<TrafficBeacon>;

const tag = (value: string | null) => value?.trim().slice(0, 100) || null;

/** A beacon's view as the count takes it (the referrer is this site: none is kept). */
export function beaconView(beacon: TrafficBeacon, gpc: boolean): Omit<Counted, "kind"> | null {
  const url = new URL(beacon.p, "http://site.invalid");
  if (url.pathname.startsWith("/admin")) return null;
  return {
    path: url.pathname.slice(0, 300),
    referrer: null,
    utmSource: tag(url.searchParams.get("utm_source")),
    utmMedium: tag(url.searchParams.get("utm_medium")),
    utmCampaign: tag(url.searchParams.get("utm_campaign")),
    device: deviceOfWidth(beacon.w),
    private: gpc,
  };
}

export function beaconRouter(
  clientOf: (req: Request) => string,
  perMinute: number,
  count: (req: Request, view: Omit<Counted, "kind">) => void,
  measured: (view: Omit<Counted, "kind">, vitals: NonNullable<TrafficBeacon["v"]>) => void,
): express.Router {
  const router = express.Router();
  // Per client, in one minute's window; forgotten when the window turns (bounded by a flood's
  // addresses in one minute).
  let window = 0;
  let perClient = new Map<string, number>();

  const answer = (res: Response, status: number, message?: string) => {
    res.status(status).set("Cache-Control", "no-store");
    if (message) res.type("text/plain").send(message);
    else res.end();
  };

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
      const minute = Math.floor(Date.now() / 60_000);
      if (minute !== window) [window, perClient] = [minute, new Map()];
      const client = clientOf(req);
      const sent = (perClient.get(client) ?? 0) + 1;
      perClient.set(client, sent);
      if (sent > perMinute) {
        res.set("Retry-After", "60");
        return answer(res, 429, "Too many views reported from here this minute.");
      }
      const agent = req.get("user-agent") ?? "";
      const view = agent !== "" && !isbot(agent) ? beaconView(beacon, req.get("sec-gpc") === "1") : null;
      // A page load's Web Vitals (not a view), or a view.
      if (view && beacon.v) {
        if (Object.keys(beacon.v).length > 0) measured(view, beacon.v);
      } else if (view) count(req, view);
      answer(res, 204);
    });
  });

  router.all(TRAFFIC_BEACON_PATH, (_req, res) => {
    res.set("Allow", "POST");
    answer(res, 405, "A view is reported with POST.");
  });

  return router;
}
