// npm run bench:newsletter — an issue to BENCH_SUBSCRIBERS (default 2,000) confirmed subscribers,
// sent by the real server (`node server/main.ts`, SQLite) to an SMTP server on loopback: e-mails a
// second, duplicates and e-mails lost, and the p99 of page views (autocannon on the home page)
// before the issue and while it is sent. BENCH_KILL=1 kills the server (SIGKILL) half-way through
// and starts it again: what the kill cost is counted. Prints a summary, writes
// bench/out/newsletter.json. (The production build first: `npm run build`.)
//   BENCH_SUBSCRIBERS, BENCH_PER_MINUTE (the issue's pace, default and most 6,000: 100 a second),
//   BENCH_SECONDS (each page-view window, default 10), BENCH_CONNECTIONS (default 10),
//   BENCH_VIEWS_PER_SECOND (page views a second in each window, default 20: a busy hour's
//   visitors, not a flood, so that the e-mails are measured beside pages, not against a flood),
//   MAIL_CONCURRENCY (the server's setting: default its own, 4)
import autocannon from "autocannon";
import { mkdirSync, writeFileSync } from "node:fs";
import { openDatabase } from "../db/index.ts";
import { createOutbox, IN_FLIGHT } from "../mail/outbox.ts";
import { startServerProcess, ROOT, type ServerProcess } from "../testing/server-process.ts";
import { startSmtp, waitFor } from "../testing/smtp.ts";
import { tempDir } from "../testing/temp-dir.ts";
import { createIssueStore, NEWSLETTER_ISSUE } from "./issues.ts";
import { insertSubscriber } from "./testing/subscribers.ts";

const subscribers = Number(process.env.BENCH_SUBSCRIBERS ?? 2000);
const perMinute = Number(process.env.BENCH_PER_MINUTE ?? 6000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const viewsPerSecond = Number(process.env.BENCH_VIEWS_PER_SECOND ?? 20);
const kill = process.env.BENCH_KILL === "1";

const tmp = tempDir("newsletter-bench-");
const smtp = await startSmtp();
const start = () =>
  startServerProcess({
    cwd: ROOT,
    command: [
      "node",
      ...(process.env.BENCH_PROF ? ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"] : []),
      "--max-semi-space-size=8",
      "--max-old-space-size=192",
      "server/main.ts",
    ],
    env: {
      DATA_DIR: tmp.dir,
      SMTP_URL: smtp.url,
      SECRET: "bench-secret-0123456789abcdefghijklmnop",
      LOG_REQUESTS: "false",
      NEWSLETTER_PER_MINUTE: String(perMinute),
      ...(process.env.MAIL_CONCURRENCY ? { MAIL_CONCURRENCY: process.env.MAIL_CONCURRENCY } : {}),
    },
    timeoutMs: 60_000,
  });

let server: ServerProcess = await start();
const db = await openDatabase({ dataDir: tmp.dir });
const at = Date.now();
await db.kysely.transaction().execute(async (trx) => {
  for (let i = 0; i < subscribers; i++)
    await insertSubscriber(trx, `reader${i}@example.com`, "subscribed", at);
});
const issues = createIssueStore(db, createOutbox(db, { transportAvailable: true }));

type Views = { p50: number; p99: number; max: number; perSecond: number; non2xx: number; errors: number };
const views = async (): Promise<Views> => {
  const r = await autocannon({
    url: `${server.url}/`,
    connections,
    duration: seconds,
    overallRate: viewsPerSecond,
  });
  return {
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    perSecond: Math.round(r.requests.average),
    non2xx: r.non2xx,
    errors: r.errors,
  };
};

await autocannon({ url: `${server.url}/`, connections, duration: 2 }); // warm-up: the page is kept
const quiet = await views();

const issue = await issues.create(
  { subject: "Bench issue", body: "## What we built this month\n\nA bakery's website, and a school's." },
  "bench",
  Date.now(),
);
const sentAt = Date.now();
const outcome = await issues.send(issue.id, "bench", sentAt, perMinute);
if (!outcome.ok) throw new Error(`the issue was not sent: ${outcome.reason}`);
const sending = await views();

let killedAt: number | null = null;
/** The issue's e-mails the kill left `sending`, and of those, how many were marked in flight (their
 *  message's end about to be written or written: failed, never sent again). */
let cutByKill: { sending: number; inFlight: number } | null = null;
if (kill) {
  await waitFor(() => smtp.received.length >= subscribers / 2, 600_000);
  server.child.kill("SIGKILL");
  killedAt = smtp.received.length;
  await server.stop();
  const cut = await db.kysely
    .selectFrom("mail_outbox")
    .select("lastError")
    .where("kind", "=", NEWSLETTER_ISSUE)
    .where("state", "=", "sending")
    .execute();
  cutByKill = { sending: cut.length, inFlight: cut.filter((j) => j.lastError === IN_FLIGHT).length };
  server = await start();
}
// Done when no e-mail of the issue is waiting or being sent.
await waitFor(async () => {
  const { counts } = await issues.progress(issue.id);
  return counts.queued + counts.sending + counts.retrying === 0;
}, 900_000);
const { counts } = await issues.progress(issue.id);
const lastAt = Date.now();

const ids = smtp.received.map((m) => m.headers.get("message-id"));
const unique = new Set(ids).size;
const seconds_ = (lastAt - sentAt) / 1000;
const summary = {
  date: new Date().toISOString(),
  node: process.version,
  storage: "sqlite (WAL, synchronous=FULL)",
  subscribers,
  perMinute,
  mailConcurrency: Number(process.env.MAIL_CONCURRENCY ?? 4),
  killedAfter: killedAt,
  cutByKill,
  seconds: Math.round(seconds_ * 10) / 10,
  mailsPerSecond: Math.round((unique / seconds_) * 10) / 10,
  received: smtp.received.length,
  duplicates: ids.length - unique,
  lost: subscribers - unique,
  jobs: counts,
  pageViews: { quiet, sending },
};
console.log(JSON.stringify(summary, null, 2));
mkdirSync("bench/out", { recursive: true });
writeFileSync("bench/out/newsletter.json", `${JSON.stringify(summary, null, 2)}\n`);

await server.stop();
await db.close();
await smtp.close();
tmp.remove();
process.exit(summary.duplicates === 0 ? 0 : 1);
