// The shared rate-limit counters (migration 0007; server/forms/rate-limit.ts).

export type RateLimitTable = {
  /** `{limiter name}:{keyed hash of the client's network}`: no address is stored. */
  key: string;
  /** The clock hour (ms since the epoch, a multiple of 3,600,000) this row counts. */
  hourStart: number;
  /** Attempts admitted in that hour. */
  hourCount: number;
  /** The clock minute of the latest admitted attempt, and how many that minute admitted. */
  minuteStart: number;
  minuteCount: number;
};

// These tables join the database's type by declaration merging: server/db imports nothing built on it.
declare module "../db/schema.ts" {
  interface Database {
    rate_limit: RateLimitTable;
  }
}
