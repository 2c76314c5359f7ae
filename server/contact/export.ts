// The inbox as CSV: `npm run inbox -- export --format csv` and the staff console's download.
import { toCsv } from "../csv.ts";
import type { StoredMessage } from "./repository.ts";

const CSV_COLUMNS = [
  "id",
  "received",
  "state",
  "attempts",
  "sent",
  "name",
  "email",
  "phone",
  "message",
  "last_error",
] as const;

/** A header, then one row per message (times in ISO 8601, UTC). */
export function messagesCsv(messages: StoredMessage[]): string {
  const iso = (ms: number | null) => (ms === null ? "" : new Date(ms).toISOString());
  return toCsv([
    CSV_COLUMNS,
    ...messages.map((m) => [
      m.id,
      iso(m.createdAt),
      m.state,
      String(m.attempts),
      iso(m.sentAt),
      m.name,
      m.email,
      m.phone,
      m.message,
      m.lastError ?? "",
    ]),
  ]);
}
