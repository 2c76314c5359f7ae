// GET/HEAD /readyz and /metrics, answered by the fast path (server/fast-path.ts) before it sheds
// work: a load balancer and Prometheus must get an answer when the site is busiest. /readyz is
// public (a balancer sends no credentials) and says which check fails, never why (the log does);
// /metrics only with `Authorization: Bearer $METRICS_TOKEN`, compared in constant time, and
// without the setting it is not there at all (404 like any unknown path, from the app).
import { createHash } from "node:crypto";
import { safeEqual } from "#app/lib/digest.server.ts";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Metrics } from "./metrics.ts";
import type { ReadinessCheck } from "./readiness.ts";

export type HealthOptions = {
  readiness: ReadinessCheck;
  metrics: Metrics;
  /** METRICS_TOKEN; unset: no /metrics. */
  metricsToken?: string;
  /** The headers every answer carries (server/security.ts). */
  security: readonly string[];
  log: (entry: Record<string, unknown>) => void;
};

/** Answers /readyz and /metrics (true), or leaves the request to the next handler (false);
 *  `ended` is called once the answer is sent. */
export type HealthEndpoints = (
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  id: string,
  ended: () => void,
) => boolean;

const digest = (value: string) => createHash("sha256").update(value).digest();

export function healthEndpoints({
  readiness,
  metrics,
  metricsToken,
  security,
  log,
}: HealthOptions): HealthEndpoints {
  const expected = metricsToken ? digest(metricsToken) : null;
  if (expected) metrics.collectDefaults();

  /** Compared as digests: equal lengths, so the comparison tells nothing of the token's length. */
  const authorised = (header: string | undefined) =>
    expected !== null &&
    typeof header === "string" &&
    header.startsWith("Bearer ") &&
    safeEqual(digest(header.slice("Bearer ".length)), expected);

  const send = (
    req: IncomingMessage,
    res: ServerResponse,
    id: string,
    status: number,
    type: string,
    body: string,
    extra: string[] = [],
  ) => {
    const bytes = Buffer.from(body);
    res.writeHead(status, [
      ...security,
      ...extra,
      "X-Request-Id",
      id,
      "Content-Type",
      type,
      "Content-Length",
      String(bytes.length),
      "Cache-Control",
      "no-store",
    ]);
    res.end(req.method === "HEAD" ? undefined : bytes);
  };

  const failed = (res: ServerResponse, what: string, error: unknown) => {
    log({ level: "error", msg: `${what}.failed`, error: String(error) });
    if (!res.headersSent)
      res.writeHead(500, [...security, "Content-Length", "0", "Cache-Control", "no-store"]);
    res.end();
  };

  return (req, res, path, id, ended) => {
    if (path === "/readyz") {
      res.once("finish", ended);
      readiness.check().then(
        (answer) =>
          send(
            req,
            res,
            id,
            answer.ready ? 200 : 503,
            "application/json; charset=utf-8",
            JSON.stringify(answer),
          ),
        (error: unknown) => failed(res, "readiness", error),
      );
      return true;
    }
    if (path === "/metrics" && expected) {
      res.once("finish", ended);
      if (!authorised(req.headers.authorization)) {
        send(req, res, id, 401, "text/plain; charset=utf-8", "Unauthorized", ["WWW-Authenticate", "Bearer"]);
        return true;
      }
      metrics.scrape().then(
        ({ contentType, body }) => send(req, res, id, 200, contentType, body),
        (error: unknown) => failed(res, "metrics", error),
      );
      return true;
    }
    return false;
  };
}
