import type { IssueSummaryView } from "#app/lib/ports/issues.ts";

/** Where an issue is, in words. */
export function issueStatus(i: IssueSummaryView): string {
  const p = i.progress;
  if (i.state === "draft" || !p) return "Draft";
  const done = `${p.sent} of ${p.recipients} sent`;
  const extra = [p.failed > 0 && `${p.failed} failed`, p.skipped > 0 && `${p.skipped} left before their turn`]
    .filter(Boolean)
    .join(", ");
  return `${i.state === "sending" ? "Sending" : "Sent"}: ${done}${extra ? ` (${extra})` : ""}`;
}
