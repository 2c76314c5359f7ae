// Which backups to keep: the newest of each of the last 7 days, of each of the last 4 weeks and of
// each of the last 12 months (calendar days, ISO weeks and months in UTC, counted back from now),
// and always the newest of all. Everything else is deleted. Counting calendar periods back from
// now, rather than the last N periods that have a backup, is what bounds how long a person erased
// from the database stays in the backups: 12 months at most (docs/deploy.md, "Backups").
// A pure function: the scheduler and `npm run backup` apply it to the folder's manifests.

export type Retention = { daily: number; weekly: number; monthly: number };

export const RETENTION: Retention = { daily: 7, weekly: 4, monthly: 12 };

/** A backup as the rule sees it: its name and when it was taken (ms since the epoch). */
export type Dated = { name: string; createdAt: number };

const DAY = 86_400_000;

/** Days since the epoch (UTC). */
const dayOf = (at: number) => Math.floor(at / DAY);
/** ISO weeks since the epoch: weeks start on Monday (1970-01-01 was a Thursday). */
const weekOf = (at: number) => Math.floor((dayOf(at) + 3) / 7);
/** Months since the epoch (UTC). */
const monthOf = (at: number) => {
  const d = new Date(at);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
};

/** The names of the backups to keep at `now`; the others are to be deleted. */
export function retained(backups: readonly Dated[], now: number, rule: Retention = RETENTION): Set<string> {
  const newestFirst = [...backups].sort((a, b) => b.createdAt - a.createdAt);
  const keep = new Set<string>();
  if (newestFirst[0]) keep.add(newestFirst[0].name);
  const periods: [(at: number) => number, number][] = [
    [dayOf, rule.daily],
    [weekOf, rule.weekly],
    [monthOf, rule.monthly],
  ];
  for (const [periodOf, count] of periods) {
    const current = periodOf(now);
    const seen = new Set<number>();
    for (const backup of newestFirst) {
      const period = periodOf(backup.createdAt);
      // The newest of its period, and the period among the last `count` (a backup dated in the
      // future, a clock set wrong, counts as the current period's).
      if (seen.has(period) || current - period >= count) continue;
      seen.add(period);
      keep.add(backup.name);
    }
  }
  return keep;
}
