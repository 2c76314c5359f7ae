// Lighthouse 13 (mobile) over every page of the built site:
//   npm run bench:lighthouse [-- --runs 3] [-- /about-us /faq]
// Starts the production server on a free loopback port, runs Lighthouse in Debian's
// Chromium for each page (median of --runs by performance score), and writes
// bench/out/lighthouse.md and bench/out/lighthouse.json.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { chromiumArgs, chromiumPath } from "../tests/chromium.ts";

type Row = {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
};

const args = process.argv.slice(2);
const runsAt = args.indexOf("--runs");
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 1;
const only = args.filter((a, i) => a.startsWith("/") && args[i - 1] !== "--runs");
const pages = (JSON.parse(readFileSync("build/pages.json", "utf8")) as Array<{ path: string }>).map(
  (p) => p.path,
);
const paths = only.length ? only : pages;

const port = await new Promise<number>((resolve) => {
  const srv = createServer().listen(0, "127.0.0.1", () => {
    const { port } = srv.address() as { port: number };
    srv.close(() => resolve(port));
  });
});
const server = spawn(process.execPath, ["server/main.ts"], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_REQUESTS: "false",
    DATA_DIR: "bench/out/data",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {
    if (i > 100) throw new Error("the server did not start");
  }
  await new Promise((r) => setTimeout(r, 100));
}

const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ["--headless=new", ...chromiumArgs],
});
const rows: Row[] = [];
try {
  for (const path of paths) {
    const samples: Row[] = [];
    for (let r = 0; r < runs; r++) {
      const result = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      const lhr = result!.lhr;
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      samples.push({
        path,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcpMs: Math.round(audit("largest-contentful-paint")),
        tbtMs: Math.round(audit("total-blocking-time")),
        cls: Number(audit("cumulative-layout-shift").toFixed(3)),
        bytes: Math.round(audit("total-byte-weight")),
      });
    }
    samples.sort((a, b) => a.performance - b.performance);
    const median = samples[Math.floor(samples.length / 2)]!;
    rows.push(median);
    console.log(
      `${path}: perf ${median.performance}, a11y ${median.accessibility}, bp ${median.bestPractices}, seo ${median.seo}, LCP ${median.lcpMs} ms, TBT ${median.tbtMs} ms, CLS ${median.cls}, ${(median.bytes / 1024).toFixed(0)} KB`,
    );
  }
} finally {
  await chrome.kill();
  server.kill("SIGTERM");
}

const table = [
  `# Lighthouse ${"13"} (mobile emulation), ${new Date().toISOString()}`,
  "",
  `Median of ${runs} run(s) per page, production build served by server/main.ts on loopback.`,
  "",
  "| Page | Perf | A11y | Best pr. | SEO | LCP (ms) | TBT (ms) | CLS | Bytes (KB) |",
  "|---|---|---|---|---|---|---|---|---|",
  ...rows.map(
    (r) =>
      `| ${r.path} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${(r.bytes / 1024).toFixed(0)} |`,
  ),
  "",
].join("\n");
mkdirSync("bench/out", { recursive: true });
writeFileSync("bench/out/lighthouse.md", table);
writeFileSync("bench/out/lighthouse.json", JSON.stringify(rows, null, 2));
console.log("wrote bench/out/lighthouse.md");
