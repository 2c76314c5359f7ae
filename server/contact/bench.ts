// npm run bench:contact — accepted messages per second and latency of the contact form's action (POST /contact-us) under
// concurrent load (autocannon), SQLite storage, rate limit raised, with the delivery worker sending
// to a local SMTP server meanwhile. Prints a summary and writes bench/out/contact.json.
//   BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 20)
import autocannon from "autocannon";
import express from "express";
import { formActionsRouter } from "../testing/form-actions.ts";
import { mkdirSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { openServices } from "../services.ts";
import { tempDir } from "../testing/temp-dir.ts";
import { startSmtp } from "../testing/smtp.ts";

type Result = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  non2xx: number;
  errors: number;
  duration: number;
};

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

const tmp = tempDir("contact-bench-");
const smtp = await startSmtp();
const services = await openServices({
  dataDir: join(tmp.dir, "data"),
  smtpUrl: smtp.url,
  mailFrom: "TechSpark website <no-reply@techspark.ng>",
  mailTo: "hello@techspark.ng",
  secret: "bench-secret-0123456789abcdefghijklmnop",
  rateLimit: { perMinute: 1e9, perHour: 1e9 },
  minSubmitMs: 0,
  trustProxy: false,
  logger: () => {},
});
const app = express();
app.use(services.routers);
app.use(formActionsRouter(services));
const server = app.listen(0, "127.0.0.1");
await new Promise((resolve) => server.once("listening", resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/contact-us`;
const { token } = services.contact.issueToken();
const request = {
  url,
  method: "POST" as const,
  headers: { "content-type": "application/x-www-form-urlencoded", cookie: `XSRF-TOKEN=${token}` },
  body: new URLSearchParams({
    name: "Ada Obi",
    email: "ada@example.com",
    phone: "+234 803 555 0142",
    message: "We would like a quote for a school website with an admissions form. ".repeat(8),
    website: "",
    _xsrf: token,
    _script: "1",
  }).toString(),
};

const run = (duration: number): Promise<Result> => autocannon({ ...request, connections, duration });

await run(2); // warm-up
global.gc?.();
const before = process.memoryUsage();
const result = await run(seconds);
global.gc?.();
const after = process.memoryUsage();
const counts = await services.contact.store.countByState();
const stored = Object.values(counts).reduce((a, b) => a + b, 0);

const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
const summary = {
  date: new Date().toISOString(),
  node: process.version,
  storage: "sqlite (WAL, synchronous=FULL)",
  connections,
  seconds,
  acceptedPerSecond: Math.round(result.requests.average),
  requests: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors,
  latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
  storedMessages: stored,
  deliveredDuringRun: smtp.received.length,
  memoryMb: {
    rssBefore: mb(before.rss),
    rssAfter: mb(after.rss),
    heapUsedBefore: mb(before.heapUsed),
    heapUsedAfter: mb(after.heapUsed),
  },
};
console.log(JSON.stringify(summary, null, 2));
mkdirSync("bench/out", { recursive: true });
writeFileSync("bench/out/contact.json", `${JSON.stringify(summary, null, 2)}\n`);

server.closeAllConnections();
server.close();
await services.close();
await smtp.close();
tmp.remove();
process.exit(result.non2xx === 0 && result.errors === 0 ? 0 : 1);
