// One poll for what each server instance keeps in memory of the database (the published posts,
// the content): every change to such data moves its feature's version row in the same
// transaction, and each tick one query reads every watched row together; a reader is told each
// version, and reads its data again when its version moved. Two instances on one database show
// each other's changes within a tick (250 ms by default).
//   const watch = createVersionWatch({ db });
//   watch.add((eb) => eb.selectFrom("content_version").select("version").where("id", "=", 1), (v) => …);
import type { ExpressionBuilder, SelectQueryBuilder } from "kysely";
import type { Db, Schema } from "./db/index.ts";
import { consoleLogger, describeError, type Logger } from "./log.ts";
import { oneAtATime } from "./one-at-a-time.ts";

/** A version row's read, as a subquery of the tick's one query (its one column named `version`). */
export type VersionSource = (
  eb: ExpressionBuilder<Schema, never>,
) => SelectQueryBuilder<Schema, keyof Schema, { version: number }>;

export type VersionWatch = {
  /** Tells `seen` every tick the version `source` reads (0 while its row is missing); returns a
   *  function that stops it. */
  add(source: VersionSource, seen: (version: number) => void): () => void;
  /** Reads every version now (after a change here, so that this instance shows it at once). */
  tick(): Promise<void>;
  /** Stops the ticks (before the database closes). */
  close(): Promise<void>;
};

export function createVersionWatch(config: { db: Db; watchMs?: number; logger?: Logger }): VersionWatch {
  const log = config.logger ?? consoleLogger;
  const readers = new Set<{ source: VersionSource; seen: (version: number) => void }>();

  const tick = oneAtATime(async () => {
    const list = [...readers];
    if (list.length === 0) return;
    let row: Record<string, unknown> | undefined;
    try {
      row = await config.db.kysely
        .selectNoFrom((eb) => list.map((r, i) => r.source(eb).as(`v${i}`)))
        .executeTakeFirst();
    } catch (error) {
      log({ level: "warn", msg: "watch.failed", reason: describeError(error) });
      return;
    }
    for (const [i, reader] of list.entries()) {
      if (!readers.has(reader)) continue; // stopped meanwhile
      try {
        reader.seen(Number(row?.[`v${i}`] ?? 0));
      } catch (error) {
        log({ level: "error", msg: "watch.reader-failed", reason: describeError(error) });
      }
    }
  });

  const timer = setInterval(() => void tick(), config.watchMs ?? 250);
  timer.unref();

  return {
    add(source, seen) {
      const reader = { source, seen };
      readers.add(reader);
      return () => void readers.delete(reader);
    },
    tick,
    async close() {
      clearInterval(timer);
      readers.clear();
      await tick.settled();
    },
  };
}
