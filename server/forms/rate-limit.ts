// Per-client rate limits kept in the database, so every instance behind a balancer counts the
// same attempts: a one-hour window per key aligned to the clock, and a one-minute window that
// starts at the key's first attempt (so a burst that straddles the clock's minute is still one
// minute's burst, counted once). One row per key and hour (table rate_limit, migration 0007;
// minute_start holds when the minute window opened); one atomic upsert per attempt counts it only
// if both windows still have room, so parallel attempts on any number of instances never admit
// more than the limit. The stored key is the limiter's name and a keyed hash of the caller's
// key: no client address reaches the database. Rows of past hours are deleted now and then.
import { isIPv4, isIPv6 } from "node:net";
import type { Db } from "../db/index.ts";
import { hashClient } from "./hash.ts";

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

export type RateLimiter = {
  /** Counts one attempt for `key` and answers whether it is within the limits. */
  hit(key: string): Promise<RateLimitResult>;
  /** Whether `key` is within the limits now, counting nothing. */
  peek(key: string): Promise<RateLimitResult>;
};

type RateLimiterOptions = {
  db: Db;
  /** Counts apart from other limiters ('contact', 'newsletter' …); the same name shares counts. */
  name: string;
  /** HMAC key for the stored keys (the server secret). */
  secret: string;
  perMinute: number;
  perHour: number;
  now: () => number;
  /** Told when deleting old rows failed (the attempt itself is still counted). */
  onPruneError?: (error: unknown) => void;
};

const MINUTE = 60_000;
const HOUR = 3_600_000;
/** How often one limiter deletes rows of past hours (any limiter's; idempotent across instances). */
const PRUNE_EVERY_MS = 10 * MINUTE;

type Counts = { hourStart: number; hourCount: number; minuteStart: number; minuteCount: number };

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { db, name, secret, now, onPruneError } = options;
  // Whole numbers from 1 to the largest `integer` column value (PostgreSQL's int4).
  const limit = (n: number) => Math.min(2_147_483_647, Math.max(1, Math.floor(n)));
  const perMinute = limit(options.perMinute);
  const perHour = limit(options.perHour);
  const storedKey = (key: string) => `${name}:${hashClient(secret, key)}`;
  let nextPrune = 0;

  /** What `counts` (the key's row of the current hour, if any) allows at time `t`. */
  function judge(counts: Counts | undefined, t: number): RateLimitResult {
    if (!counts || counts.hourStart !== startOf(t, HOUR)) return { ok: true };
    if (counts.hourCount >= perHour) return blocked(counts.hourStart + HOUR - t);
    if (counts.minuteStart > t - MINUTE && counts.minuteCount >= perMinute) {
      return blocked(counts.minuteStart + MINUTE - t);
    }
    return { ok: true };
  }

  async function read(key: string, t: number): Promise<Counts | undefined> {
    return db.kysely
      .selectFrom("rate_limit")
      .select(["hourStart", "hourCount", "minuteStart", "minuteCount"])
      .where("key", "=", key)
      .where("hourStart", "=", startOf(t, HOUR))
      .executeTakeFirst();
  }

  return {
    async hit(key) {
      const t = now();
      if (t >= nextPrune) {
        nextPrune = t + PRUNE_EVERY_MS;
        await pruneRateLimits(db, t).catch((error: unknown) => onPruneError?.(error));
      }
      const stored = storedKey(key);
      const hourStart = startOf(t, HOUR);
      // The stored minute window is still open when it opened after this.
      const openedAfter = t - MINUTE;
      // Counted only where both windows have room (the WHERE of the DO UPDATE): a refused
      // attempt changes nothing. The right-hand sides read the row as it was before.
      const counted = await db.kysely
        .insertInto("rate_limit")
        .values({ key: stored, hourStart, hourCount: 1, minuteStart: t, minuteCount: 1 })
        .onConflict((oc) =>
          oc
            .columns(["key", "hourStart"])
            .doUpdateSet((eb) => {
              const open = eb("rate_limit.minuteStart", ">", openedAfter);
              return {
                hourCount: eb("rate_limit.hourCount", "+", 1),
                minuteCount: eb
                  .case()
                  .when(open)
                  .then(eb("rate_limit.minuteCount", "+", 1))
                  .else(1)
                  .end(),
                minuteStart: eb.case().when(open).then(eb.ref("rate_limit.minuteStart")).else(t).end(),
              };
            })
            .where("rate_limit.hourCount", "<", perHour)
            .where((eb) =>
              eb.or([
                eb("rate_limit.minuteStart", "<=", openedAfter),
                eb("rate_limit.minuteCount", "<", perMinute),
              ]),
            ),
        )
        .returning("hourCount")
        .executeTakeFirst();
      if (counted) return { ok: true };
      const verdict = judge(await read(stored, t), t);
      // Refused a moment ago but free now (a window just rolled): try again in a second.
      return verdict.ok ? blocked(1000) : verdict;
    },

    async peek(key) {
      const t = now();
      return judge(await read(storedKey(key), t), t);
    },
  };
}

/** Deletes the counters of hours that are over; returns how many rows went. */
export async function pruneRateLimits(db: Db, now: number): Promise<number> {
  const result = await db.kysely
    .deleteFrom("rate_limit")
    .where("hourStart", "<", startOf(now, HOUR))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

const startOf = (t: number, span: number) => t - (((t % span) + span) % span);

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
