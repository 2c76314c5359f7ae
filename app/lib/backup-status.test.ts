// The overview's backup line: the words an operator reads, and which states are warnings.
import { describe, expect, it } from "vitest";
import { backupLine, timeAgo } from "./backup-status.ts";

const NOW = Date.UTC(2026, 10, 27, 13, 0, 0);
const HOUR = 3_600_000;

describe("the overview's backup line", () => {
  it("says how long ago the last backup was, as a person would", () => {
    expect(timeAgo(10_000)).toBe("less than a minute ago");
    expect(timeAgo(60_000)).toBe("1 minute ago");
    expect(timeAgo(59 * 60_000)).toBe("59 minutes ago");
    expect(timeAgo(3 * HOUR + 5 * 60_000)).toBe("3 hours ago");
    expect(timeAgo(47 * HOUR)).toBe("47 hours ago");
    expect(timeAgo(72 * HOUR)).toBe("3 days ago");
  });

  it("is calm for a recent backup and a warning for anything that needs the operator", () => {
    const done = { state: "done", at: NOW - 3 * HOUR, file: "f", bytes: 1, everyHours: 24 } as const;
    expect(backupLine(done, NOW)).toEqual({ text: "Last backup: 3 hours ago", warning: false });
    // Two intervals without a backup: the server has stopped taking them.
    expect(backupLine({ ...done, at: NOW - 49 * HOUR }, NOW)).toEqual({
      text: "Last backup: 2 days ago",
      warning: true,
    });
    expect(backupLine({ state: "none" }, NOW)).toEqual({ text: "No backup yet", warning: true });
    expect(backupLine({ state: "off" }, NOW)).toEqual({
      text: "Backups are off: set BACKUP_DIR",
      warning: true,
    });
    expect(
      backupLine(
        { state: "failed", at: NOW, reason: "ENOSPC: no space left on device", lastDone: null },
        NOW,
      ),
    ).toEqual({ text: "Last backup failed: ENOSPC: no space left on device", warning: true });
  });
});
