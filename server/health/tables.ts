// The readiness probe's row (server/health/readiness.ts): each instance writes its own on every
// /readyz check, so a database that answers reads but takes no writes (a full disk, a read-only
// PostgreSQL) is not ready. Migration 0021.

export type ReadinessProbeTable = {
  /** A random id per process. */
  instance: string;
  /** When this instance last wrote it (ms since the epoch). */
  checkedAt: number;
};

// These tables join the database's type by declaration merging: server/db imports nothing built on it.
declare module "../db/schema.ts" {
  interface Database {
    readiness_probe: ReadinessProbeTable;
  }
}
