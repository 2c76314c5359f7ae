// The console's view of the backups the server takes (server/backup/, docs/deploy.md "Backups"):
// one line on the overview page saying when the last one was taken, or that it failed, or that
// backups are off.
import { createContext } from "react-router";

/** The newest backup of BACKUP_DIR, or the last failure when it is newer. Times in ms. */
export type BackupStatus =
  | { state: "off" }
  | { state: "none" }
  /** `everyHours`: BACKUP_EVERY_HOURS (a backup much older than it is a warning). */
  | { state: "done"; at: number; file: string; bytes: number; everyHours: number }
  | { state: "failed"; at: number; reason: string; lastDone: number | null };

export type BackupsPort = { status(): Promise<BackupStatus> };

export const backupsContext = createContext<BackupsPort | null>(null);
