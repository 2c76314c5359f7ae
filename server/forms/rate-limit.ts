// Per-client rate limit in memory: a one-minute and a one-hour fixed window per address.
// (With several instances each keeps its own count; the limit is per instance.)
import { isIPv4, isIPv6 } from "node:net";

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

export type RateLimiter = {
  hit(key: string): RateLimitResult;
  /** Number of tracked addresses (for tests and metrics). */
  size(): number;
};

type Windows = { minuteStart: number; minute: number; hourStart: number; hour: number };

const MINUTE = 60_000;
const HOUR = 3_600_000;
const SWEEP_EVERY = 1000;

export function createRateLimiter(options: {
  perMinute: number;
  perHour: number;
  now: () => number;
}): RateLimiter {
  const { perMinute, perHour, now } = options;
  const clients = new Map<string, Windows>();
  let hits = 0;

  function sweep(t: number) {
    for (const [key, w] of clients) if (t - w.hourStart >= HOUR) clients.delete(key);
  }

  return {
    hit(key) {
      const t = now();
      if (++hits % SWEEP_EVERY === 0) sweep(t);
      let w = clients.get(key);
      if (!w) {
        w = { minuteStart: t, minute: 0, hourStart: t, hour: 0 };
        clients.set(key, w);
      }
      if (t - w.minuteStart >= MINUTE) Object.assign(w, { minuteStart: t, minute: 0 });
      if (t - w.hourStart >= HOUR) Object.assign(w, { hourStart: t, hour: 0 });
      if (w.hour >= perHour) return blocked(w.hourStart + HOUR - t);
      if (w.minute >= perMinute) return blocked(w.minuteStart + MINUTE - t);
      w.minute++;
      w.hour++;
      return { ok: true };
    },
    size: () => clients.size,
  };
}

function blocked(ms: number): RateLimitResult {
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) };
}

/**
 * The client's address: the socket's peer, or — only when proxies are trusted — the address our
 * own reverse proxies recorded in X-Forwarded-For. Each proxy appends the peer it saw, so with N
 * trusted proxies the client is the N-th entry from the right (`true` means one proxy); entries
 * further left come from the client itself and can be forged.
 */
export function clientAddress(remoteAddress: string, headers: Headers, trustProxy: boolean | number): string {
  let address = remoteAddress;
  const hops = trustProxy === true ? 1 : trustProxy === false ? 0 : Math.max(0, Math.floor(trustProxy));
  if (hops > 0) {
    const entries = (headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((e) => e.trim())
      .filter(Boolean);
    const candidate = entries.length >= hops ? entries[entries.length - hops] : entries[0];
    if (candidate && (isIPv4(candidate) || isIPv6(candidate))) address = candidate;
  }
  return address.startsWith("::ffff:") && isIPv4(address.slice(7)) ? address.slice(7) : address;
}

/** The rate-limit key: the IPv4 address, or the /64 network of an IPv6 address (one subscriber). */
export function rateLimitKey(address: string): string {
  if (!isIPv6(address)) return address;
  const [head = "", tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = address.includes("::") && tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
