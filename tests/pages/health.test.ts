// @vitest-environment node
// /readyz and /metrics over HTTP, as a load balancer and Prometheus see them (server/health/),
// on the built site served in this process: ready on a healthy server, 503 naming the check when
// the mail worker stops or the database goes (SQLite and PostgreSQL); /metrics absent without
// METRICS_TOKEN, 401 with a wrong token, and counts that move with known requests: pages,
// kept pages' hits, a request shed while MAX_IN_FLIGHT are under way (/readyz still answered),
// an e-mail job waiting in the outbox.
import { mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipWithoutBuild } from "#server/testing/server-process.ts";
import { startSmtp, type TestSmtp } from "#server/testing/smtp.ts";
import { deferrals, testDatabases } from "#server/db/testing/databases.ts";
import { startSite, type InProcessSite } from "./site.ts";

const skip = skipWithoutBuild("/readyz and /metrics");
const TOKEN = "metrics-test-token-0123456789abcdefghij";
const defer = deferrals();

const readyz = async (base: string, method = "GET") => {
  const res = await fetch(`${base}/readyz`, { method });
  return { status: res.status, cache: res.headers.get("cache-control"), text: await res.text() };
};

/** One sample's value from the metrics' text (0 when the series is not there). */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const scrape = async (base: string, token = TOKEN) => {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return res.text();
};

describe.skipIf(skip)("/readyz", async () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp?.close());

  for (const database of await testDatabases("/readyz")) {
    it(`on ${database.name}: 200 when ready, 503 naming the worker once it stops, then the database once it is gone`, async () => {
      const location = await database.fresh();
      defer(() => location.cleanup());
      const site = await startSite({
        dataDir: location.dataDir === "/nonexistent/unused-with-postgres" ? undefined : location.dataDir,
        databaseUrl: location.databaseUrl,
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      });
      // The database is taken away under it: closing may find it gone.
      defer(() => site.stop().catch(() => {}));

      const ready = await readyz(site.base);
      expect(ready.status).toBe(200);
      expect(ready.cache).toBe("no-store");
      expect(JSON.parse(ready.text)).toMatchObject({
        ready: true,
        checks: { database: { ok: true }, migrations: { ok: true }, mailWorker: { ok: true } },
      });
      const head = await readyz(site.base, "HEAD");
      expect([head.status, head.text]).toEqual([200, ""]);

      await site.services.mail.worker.stop();
      const stopped = await readyz(site.base);
      expect(stopped.status).toBe(503);
      expect(stopped.cache).toBe("no-store");
      expect(JSON.parse(stopped.text)).toMatchObject({
        ready: false,
        checks: { database: { ok: true }, mailWorker: { ok: false, state: "stopped" } },
      });

      if (location.takeAway) await location.takeAway();
      else await site.services.db.close();
      const gone = await readyz(site.base);
      expect(gone.status).toBe(503);
      expect(JSON.parse(gone.text)).toMatchObject({
        ready: false,
        checks: { database: { ok: false, error: "unreachable" } },
      });
      // What went wrong is the log's: no host, port or driver message for whoever asks.
      expect(gone.text).not.toMatch(/127\.0\.0\.1|ECONN|destroyed|does not exist/);
      // /healthz is still the process answering.
      expect((await fetch(`${site.base}/healthz`)).status).toBe(200);
    });
  }
});

describe.skipIf(skip)("/metrics", () => {
  let site: InProcessSite;
  beforeAll(async () => {
    site = await startSite({ env: { METRICS_TOKEN: TOKEN, MAX_IN_FLIGHT: "1" } });
  });
  afterAll(() => site?.stop());

  it("is not there without METRICS_TOKEN (404 like any unknown path)", async () => {
    const plain = await startSite();
    defer(() => plain.stop());
    const res = await fetch(`${plain.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toMatch(/http_requests_total/);
  });

  it("answers 401 without the token or with a wrong one, saying nothing more", async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN.slice(0, -1)}x`,
      `Bearer ${TOKEN}x`,
      TOKEN,
      "Basic x",
    ]) {
      const res = await fetch(`${site.base}/metrics`, {
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.status, authorization).toBe(401);
      expect(await res.text(), authorization).toBe("Unauthorized");
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("counts pages and kept pages' hits, by kind of route, never by path", async () => {
    const before = await scrape(site.base);
    // Each read to its end: a request is counted once its answer is sent, and fetch resolves
    // with the head (a rendered 404 streams on).
    const load = async (page: string) => {
      const res = await fetch(`${site.base}${page}`);
      await res.text();
      return res.status;
    };
    for (let i = 0; i < 3; i++) expect(await load("/about-us")).toBe(200);
    expect(await load(`/a-page-nobody-has-${Date.now()}`)).toBe(404);
    // The server counts on its "finish", which can come a moment after the client's last byte.
    const notFound = 'http_requests_total{kind="page",status="4xx"}';
    let after = await scrape(site.base);
    for (let i = 0; i < 40 && sample(after, notFound) === sample(before, notFound); i++) {
      await new Promise((r) => setTimeout(r, 50));
      after = await scrape(site.base);
    }
    const delta = (series: string) => sample(after, series) - sample(before, series);
    expect(delta('http_requests_total{kind="page",status="2xx"}')).toBe(3);
    expect(delta('http_requests_total{kind="page",status="4xx"}')).toBe(1);
    expect(delta('http_request_duration_seconds_count{kind="page"}')).toBe(4);
    // The first /about-us was rendered (unless an earlier test had it kept), the others kept.
    expect(delta('page_cache_requests_total{result="hit"}')).toBeGreaterThanOrEqual(2);
    expect(
      delta('page_cache_requests_total{result="hit"}') + delta('page_cache_requests_total{result="miss"}'),
    ).toBe(4);
    expect(after).not.toMatch(/about-us|a-page-nobody-has/);
    // Node's own figures.
    expect(after).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(after).toMatch(/^nodejs_heap_size_used_bytes /m);
  });

  it("counts a request shed while MAX_IN_FLIGHT are under way, and still answers /readyz and /metrics", async () => {
    const before = await scrape(site.base);
    // A form post whose body never ends holds the one request allowed in flight.
    const held = await holdOpen(site.base);
    try {
      await new Promise((r) => setTimeout(r, 100));
      const shed = await fetch(`${site.base}/search?q=shed-${Date.now()}`);
      expect(shed.status).toBe(503);
      expect((await readyz(site.base)).status).toBe(200);
      const during = await scrape(site.base);
      expect(sample(during, "http_requests_shed_total") - sample(before, "http_requests_shed_total")).toBe(1);
      expect(
        sample(during, 'http_requests_total{kind="page",status="5xx"}') -
          sample(before, 'http_requests_total{kind="page",status="5xx"}'),
      ).toBe(1);
    } finally {
      held.destroy();
    }
  });

  it("shows when the newest backup was taken, only where BACKUP_DIR is set", async () => {
    expect(await scrape(site.base)).not.toMatch(/^backup_last_success_timestamp_seconds/m);
    const backupDir = mkdtempSync(path.join(tmpdir(), "metrics-backups-"));
    defer(() => rmSync(backupDir, { recursive: true, force: true }));
    const backed = await startSite({ env: { METRICS_TOKEN: TOKEN, BACKUP_DIR: backupDir } });
    defer(() => backed.stop());
    await backed.services.backups.settled(); // the start's backup
    const at = sample(await scrape(backed.base), "backup_last_success_timestamp_seconds");
    expect(Math.abs(at - Date.now() / 1000)).toBeLessThan(60);
  });

  it("shows an e-mail job waiting: the depth and how long the oldest has waited", async () => {
    const before = await scrape(site.base);
    expect(sample(before, "outbox_depth")).toBe(0);
    expect(sample(before, "outbox_oldest_due_age_seconds")).toBe(0);
    await site.services.mail.outbox.enqueue(site.services.db.kysely, {
      kind: "contact-notice",
      recordId: "metrics-test",
      at: Date.now() - 5000,
    });
    const after = await scrape(site.base);
    expect(sample(after, "outbox_depth")).toBe(1);
    // No SMTP_URL here: the job waits for a transport.
    expect(sample(after, 'outbox_jobs{state="waiting-for-transport"}')).toBe(1);
    expect(sample(after, 'outbox_jobs{state="failed"}')).toBe(0);
    expect(sample(after, "outbox_oldest_due_age_seconds")).toBeGreaterThanOrEqual(5);
  });
});

/** A same-origin form post that sends its headers and half its body, then waits. */
async function holdOpen(base: string): Promise<Socket> {
  const { hostname, port } = new URL(base);
  const socket = connect(Number(port), hostname);
  await new Promise((resolve) => socket.once("connect", resolve));
  socket.on("error", () => {});
  socket.write(
    [
      "POST /contact-us HTTP/1.1",
      `Host: ${hostname}:${port}`,
      `Origin: ${base}`,
      "Content-Type: application/x-www-form-urlencoded",
      "Content-Length: 1000",
      "",
      "name=Ada",
    ].join("\r\n"),
  );
  return socket;
}
