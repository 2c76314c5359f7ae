// The retention rule: 7 daily, 4 weekly, 12 monthly (the newest backup of each), the rest deleted;
// nothing older than 12 months stays, which is what docs/deploy.md promises an erased person.
import { describe, expect, it } from "vitest";
import { retained, type Dated } from "./retention.ts";

const DAY = 86_400_000;
/** 2026-11-27 (a Friday), 13:05 UTC. */
const NOW = Date.UTC(2026, 10, 27, 13, 5);
const at = (iso: string): Dated => ({ name: iso, createdAt: Date.parse(iso) });
const kept = (backups: Dated[], now = NOW) => [...retained(backups, now)].sort();

/** A backup every day at 02:00 UTC for `days` days up to NOW. */
const daily = (days: number) =>
  Array.from({ length: days }, (_, i) => {
    const t = Date.UTC(2026, 10, 27, 2) - i * DAY;
    return { name: new Date(t).toISOString(), createdAt: t };
  });

describe("retention", () => {
  it("keeps every backup while there are few", () => {
    const backups = daily(3);
    expect(kept(backups)).toEqual(backups.map((b) => b.name).sort());
  });

  it("after two years of daily backups keeps 7 days, the newest of 4 weeks and of 12 months", () => {
    const keep = kept(daily(730));
    // The last 7 days, each day's backup.
    for (let i = 0; i < 7; i++) expect(keep).toContain(new Date(Date.UTC(2026, 10, 27 - i, 2)).toISOString());
    // The newest of each earlier ISO week (weeks start on Monday): Sun 15 and Sun 8 November.
    expect(keep).toContain("2026-11-15T02:00:00.000Z");
    expect(keep).toContain("2026-11-08T02:00:00.000Z");
    // The newest of each earlier month, back to December 2025 (12 months with this one).
    expect(keep).toContain("2026-10-31T02:00:00.000Z");
    expect(keep).toContain("2025-12-31T02:00:00.000Z");
    expect(keep).not.toContain("2025-11-30T02:00:00.000Z");
    // Nothing older than 12 months: an erased person is out of the backups within a year.
    expect(Math.min(...keep.map(Date.parse))).toBeGreaterThan(NOW - 366 * DAY);
    // 7 days + 2 more weeks (this week's and last week's newest are among the days) + 11 months.
    expect(keep).toHaveLength(7 + 2 + 11);
  });

  it("keeps the newest of a day when several were taken, and drops the others", () => {
    const backups = [at("2026-11-27T02:00:00Z"), at("2026-11-27T08:00:00Z"), at("2026-11-27T13:00:00Z")];
    expect(kept(backups)).toEqual(["2026-11-27T13:00:00Z"]);
  });

  it("always keeps the newest backup, however old (a server off for a long time)", () => {
    const backups = [at("2024-01-10T02:00:00Z"), at("2024-01-09T02:00:00Z")];
    expect(kept(backups)).toEqual(["2024-01-10T02:00:00Z"]);
    expect(kept([])).toEqual([]);
  });

  it("takes other counts", () => {
    const keep = retained(daily(400), NOW, { daily: 2, weekly: 0, monthly: 3 });
    expect([...keep].sort()).toEqual([
      "2026-09-30T02:00:00.000Z",
      "2026-10-31T02:00:00.000Z",
      "2026-11-26T02:00:00.000Z",
      "2026-11-27T02:00:00.000Z",
    ]);
  });
});
