// What of a request is counted as a visitor's (docs/traffic.md), read from its headers alone: a
// page a person's browser asked for as a document, not a bot's, not a prefetch, not the console;
// where it came from (another site's domain, a campaign's tags) and the kind of device.
import type { IncomingHttpHeaders } from "node:http";
import { isbot } from "isbot";
import type { TrafficDevice, TrafficKind } from "./tables.ts";

/** The longest UTM tag or path kept: longer is cut (a tag is a word, not a text). */
const MAX_TAG = 100;
const MAX_PATH = 300;

/** Paths that are never a visitor's page: the console, the server's own, files with a type. */
const NOT_PAGES = /^\/(?:admin(?:\/|$)|healthz$|assets\/|media\/|img\/|videos\/|fonts\/)|\.[a-z0-9]{1,8}$/i;

export type Counted = {
  kind: TrafficKind;
  path: string;
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  device: TrafficDevice;
  /** The visitor asked not to be tracked (Sec-GPC: 1): counted, not hashed. */
  private: boolean;
};

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** A person's browser asking for a page to show: a document, not a prefetch, not a bot. */
export function isPersonsPage(
  method: string | undefined,
  url: string,
  headers: IncomingHttpHeaders,
): boolean {
  if (method !== "GET") return false;
  const dest = header(headers, "sec-fetch-dest");
  if (dest !== undefined ? dest !== "document" : !(header(headers, "accept") ?? "").includes("text/html"))
    return false;
  const purpose = `${header(headers, "sec-purpose") ?? ""} ${header(headers, "purpose") ?? ""} ${header(headers, "x-moz") ?? ""}`;
  if (/prefetch|prerender/i.test(purpose)) return false;
  const at = url.indexOf("?");
  if (NOT_PAGES.test(at === -1 ? url : url.slice(0, at))) return false;
  const agent = header(headers, "user-agent") ?? "";
  return agent !== "" && !isbot(agent);
}

/** What is counted of an answer: a page seen (2xx), missing (404, 410) or failed (5xx). */
export function kindOf(status: number): TrafficKind | null {
  if (status >= 200 && status < 300) return "view";
  if (status === 404 || status === 410) return "not-found";
  if (status >= 500) return "error";
  return null; // a redirect's target is counted, a refusal is not a page
}

/** The phone, tablet or desktop: from the browser's client hint, else its name. */
export function deviceOf(headers: IncomingHttpHeaders): TrafficDevice {
  const agent = header(headers, "user-agent") ?? "";
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(agent) || (/Android/i.test(agent) && !/Mobile/i.test(agent)))
    return "tablet";
  if (header(headers, "sec-ch-ua-mobile") === "?1" || /Mobi|iPhone|iPod|Android|Opera Mini/i.test(agent))
    return "phone";
  return "desktop";
}

/** A referrer's domain (no "www."), unless it is this site's own (a visitor moving within it). */
export function referrerDomain(referrer: string | undefined, ownHost: string | undefined): string | null {
  if (!referrer) return null;
  let host: string;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    host = url.hostname.toLowerCase();
  } catch {
    return null;
  }
  const bare = (h: string) => h.replace(/^www\./, "");
  if (ownHost && bare(host) === bare(ownHost.toLowerCase().replace(/:\d+$/, ""))) return null;
  return bare(host).slice(0, MAX_TAG) || null;
}

const tag = (value: string | null) => {
  const trimmed = value?.trim().slice(0, MAX_TAG);
  return trimmed ? trimmed : null;
};

/** What is counted of a request answered with `status`; null for what is not counted. */
export function classify(
  req: { method?: string; url?: string; headers: IncomingHttpHeaders },
  status: number,
  kind: TrafficKind | null = kindOf(status),
  /** `isPersonsPage` already said yes (the fast path's `wants`). */
  checked = false,
): Counted | null {
  const url = req.url ?? "/";
  if (kind === null || (!checked && !isPersonsPage(req.method, url, req.headers))) return null;
  const parsed = new URL(url, "http://site.invalid");
  const query = parsed.searchParams;
  return {
    kind,
    path: parsed.pathname.slice(0, MAX_PATH),
    referrer: referrerDomain(header(req.headers, "referer"), header(req.headers, "host")),
    utmSource: tag(query.get("utm_source")),
    utmMedium: tag(query.get("utm_medium")),
    utmCampaign: tag(query.get("utm_campaign")),
    device: deviceOf(req.headers),
    private: header(req.headers, "sec-gpc") === "1",
  };
}
