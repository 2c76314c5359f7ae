// The outbox as Prometheus sees it, read at each scrape in one query (Outbox.backlog): jobs per
// state (failed deliveries among them), the depth still to send, and how long the job that has
// waited longest since it fell due has waited. An alert on that age finds mail that is not going
// out, whatever the reason (SMTP down, no worker, SMTP_URL unset).
import { PENDING_STATES, type Outbox } from "../mail/outbox.ts";
import { shared, type Metrics } from "./metrics.ts";

export function outboxMetrics(metrics: Metrics, outbox: Outbox, now: () => number = Date.now): void {
  // The three gauges of one scrape share one query.
  const read = shared(async () => ({ at: now(), ...(await outbox.backlog(now())) }));
  metrics.gauge("outbox_jobs", "E-mail jobs in the outbox by state", async () => (await read()).counts, {
    label: "state",
  });
  metrics.gauge(
    "outbox_depth",
    "E-mail jobs still to send (queued, retrying, sending, waiting for transport)",
    async () => {
      const { counts } = await read();
      return PENDING_STATES.reduce((sum, state) => sum + counts[state], 0);
    },
  );
  metrics.gauge(
    "outbox_oldest_due_age_seconds",
    "How long the job still to send that fell due first has waited, in seconds (0: none due)",
    async () => {
      const { at, oldestDueAt } = await read();
      return oldestDueAt === null ? 0 : (at - oldestDueAt) / 1000;
    },
  );
}
