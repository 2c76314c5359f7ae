// The server's Prometheus metrics (GET /metrics, server/health/endpoints.ts), with prom-client:
// requests by kind of route and status class with their latency, the kept pages' hits and misses,
// requests shed, Node's own figures (event-loop lag, heap, RSS, GC), and gauges the services
// read at scrape time (the outbox's backlog; a feature adds its own with `gauge`). One registry
// per server instance, never prom-client's global one: tests start several servers in one
// process. Counting on the request path is an array lookup and an increment: the label
// combinations are made once, here.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { ROUTE_KINDS, type RouteKind } from "./route-kind.ts";

const STATUS_CLASSES = ["1xx", "2xx", "3xx", "4xx", "5xx"] as const;

/** Seconds: a page from memory takes well under a millisecond, a render tens of them. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What a gauge's `collect` returns: its value, or with a `label`, a value per label value. */
export type GaugeValue = number | Record<string, number>;

export type Metrics = {
  /** Adds a gauge read when Prometheus scrapes (`collect` may query: it runs once a scrape).
   *  Names follow Prometheus's conventions: `backup_last_success_timestamp_seconds`. With
   *  `label`, `collect` gives a value per value of that label (`{ queued: 2, failed: 0 }`). */
  gauge(
    name: string,
    help: string,
    collect: () => GaugeValue | Promise<GaugeValue>,
    options?: { label?: string },
  ): void;
  /** A request answered: its kind of route, status and time taken (seconds). */
  request(kind: RouteKind, status: number, seconds: number): void;
  /** A page asked for was kept (hit) or had to be rendered (miss). */
  pageCache(result: "hit" | "miss"): void;
  /** A request answered 503 at once: too much work under way (MAX_IN_FLIGHT). */
  shed(): void;
  /** Starts Node's own metrics (once; only a server that shows them needs their observers). */
  collectDefaults(): void;
  /** The text Prometheus reads, and its content type. */
  scrape(): Promise<{ contentType: string; body: string }>;
};

export function createMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const requests = new Counter({
    name: "http_requests_total",
    help: "Requests answered, by kind of route (page, asset, api, form, console, other) and status class",
    labelNames: ["kind", "status"] as const,
    registers,
  });
  const latency = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by kind of route",
    labelNames: ["kind"] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const pages = new Counter({
    name: "page_cache_requests_total",
    help: "Pages answered from memory (hit) or rendered (miss)",
    labelNames: ["result"] as const,
    registers,
  });
  const shed = new Counter({
    name: "http_requests_shed_total",
    help: "Requests answered 503 at once because MAX_IN_FLIGHT requests were under way",
    registers,
  });
  // Every combination made once: counting needs no label lookup, and each count is shown from 0
  // (a rate over a series that appears only with its first 5xx would miss that first one).
  const byKind = new Map(
    ROUTE_KINDS.map((kind) => {
      const counts = STATUS_CLASSES.map((status) => requests.labels(kind, status));
      for (const count of counts) count.inc(0);
      return [kind, { counts, latency: latency.labels(kind) }] as const;
    }),
  );
  const hit = pages.labels("hit");
  const miss = pages.labels("miss");
  hit.inc(0);
  miss.inc(0);
  let defaults = false;

  return {
    gauge(name, help, collect, { label } = {}) {
      new Gauge({
        name,
        help,
        labelNames: label ? [label] : [],
        registers,
        async collect() {
          const value = await collect();
          this.reset();
          if (typeof value === "number") this.set(value);
          else if (label) for (const [v, n] of Object.entries(value)) this.set({ [label]: v }, n);
        },
      });
    },
    request(kind, status, seconds) {
      const series = byKind.get(kind)!;
      series.counts[Math.min(4, Math.max(0, Math.floor(status / 100) - 1))]!.inc();
      series.latency.observe(seconds);
    },
    pageCache: (result) => (result === "hit" ? hit : miss).inc(),
    shed: () => shed.inc(),
    collectDefaults() {
      if (defaults) return;
      defaults = true;
      collectDefaultMetrics({ register: registry });
    },
    async scrape() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

/** Runs `read` once for callers that overlap (the gauges of one scrape share one query). */
export function shared<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= read().finally(() => {
      pending = null;
    }));
}
