// The overview's backup line in words (app/routes/admin/overview.tsx): when the last backup was
// taken ("Last backup: 3 hours ago"), or what needs the operator (no backup yet, backups off, the
// last one failed), which the page shows as a warning. Worded on the server, at the request's
// time, so the page and its hydration read the same.
import type { BackupStatus } from "./ports/backups.ts";

export type BackupLine = { text: string; warning: boolean };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "less than a minute ago", "1 minute ago", "3 hours ago", "2 days ago". */
export function timeAgo(ms: number): string {
  const [n, unit] =
    ms < MINUTE
      ? [0, ""]
      : ms < HOUR
        ? [Math.floor(ms / MINUTE), "minute"]
        : ms < 2 * DAY
          ? [Math.floor(ms / HOUR), "hour"]
          : [Math.floor(ms / DAY), "day"];
  return n === 0 ? "less than a minute ago" : `${n} ${unit}${n === 1 ? "" : "s"} ago`;
}

/** The line, and whether it is a warning (a backup older than twice the interval is one too:
 *  the server has stopped taking them). */
export function backupLine(status: BackupStatus, now: number): BackupLine {
  switch (status.state) {
    case "off":
      return { text: "Backups are off: set BACKUP_DIR", warning: true };
    case "none":
      return { text: "No backup yet", warning: true };
    case "failed":
      return { text: `Last backup failed: ${status.reason}`, warning: true };
    case "done":
      return {
        text: `Last backup: ${timeAgo(Math.max(0, now - status.at))}`,
        warning: now - status.at > 2 * status.everyHours * HOUR,
      };
  }
}
