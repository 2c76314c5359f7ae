// What of a request is counted as a visitor's (docs/traffic.md), read from its headers alone: a
// page a person's browser asked for as a document, not a bot's, not a prefetch, not the console;
// where it came from (another site's domain, a campaign's tags) and the kind of device. Every
// string a visitor's request sets is kept without control characters (visitorText).
import type { IncomingHttpHeaders } from "node:http";
import { isbot } from "isbot";
import type { TrafficDevice, TrafficKind } from "./tables.ts";

/** The longest UTM tag or path kept: longer is cut (a tag is a word, not a text). */
const MAX_TAG = 100;
const MAX_PATH = 300;

/** Paths that are never a visitor's page: the console, the server's own, files with a type. */
const NOT_PAGES = /^\/(?:admin(?:\/|$)|healthz$|assets\/|media\/|img\/|videos\/|fonts\/)|\.[a-z0-9]{1,8}$/i;

/** What is never kept of a visitor's text (issue 45): the control characters (C0, DEL, C1: a
 *  terminal's escapes, bells, carriage returns), the bidirectional marks, embeddings, overrides
 *  and isolates (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069: text shown in another
 *  order than stored), the line and paragraph separators, and lone surrogates (half a character,
 *  after a cut). */
const UNSHOWABLE = /[\p{Cc}\p{Cs}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]/gu;

/** A string a visitor's request set (a path, a tag, a domain) as it is kept: without the
 *  characters above (removed, the rest kept), trimmed, at most `max` long; null when nothing is
 *  left. */
export function visitorText(value: string | null | undefined, max: number): string | null {
  if (!value) return null;
  // Cleaned again after the cut, which may halve a character made of two (an emoji).
  const kept = value.replace(UNSHOWABLE, "").trim().slice(0, max).replace(UNSHOWABLE, "").trim();
  return kept || null;
}

/** A page's path as it is kept ("/" when nothing is left of it). */
export const keptPath = (path: string) => visitorText(path, MAX_PATH) ?? "/";

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
  return visitorText(bare(host), MAX_TAG);
}

/** A campaign's tag as it is kept. */
export const tag = (value: string | null) => visitorText(value, MAX_TAG);

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
    path: keptPath(parsed.pathname),
    referrer: referrerDomain(header(req.headers, "referer"), header(req.headers, "host")),
    utmSource: tag(query.get("utm_source")),
    utmMedium: tag(query.get("utm_medium")),
    utmCampaign: tag(query.get("utm_campaign")),
    device: deviceOf(req.headers),
    private: header(req.headers, "sec-gpc") === "1",
  };
}
