const format = new Intl.DateTimeFormat("en-NG", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Africa/Lagos",
});

/** A time as the console shows it: Lagos time, "25 Nov 2026, 10:04". */
export function When({ ms, className = "text-sm text-ink-muted" }: { ms: number; className?: string }) {
  return (
    <time dateTime={new Date(ms).toISOString()} className={className}>
      {format.format(ms)}
    </time>
  );
}
