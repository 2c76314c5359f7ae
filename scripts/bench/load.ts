// Load on loopback with autocannon: our server beside nginx serving the same files.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";

export type LoadResult = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors, timeouts and answers other than 2xx. */
  errors: number;
  requests: number;
};

export type LoadOptions = { seconds: number; connections: number };

export async function load(
  url: string,
  { seconds, connections }: LoadOptions,
  request: {
    method?: "GET" | "POST";
    headers?: Record<string, string>;
    body?: string;
    /**
     * A new value of this query parameter for every request (`?q=1`, `?q=2` …): nothing can be
     * answered from memory. It must be a parameter the page reads (others are ignored).
     */
    unique?: string;
  } = {},
): Promise<LoadResult> {
  let n = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    ...(request.unique
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => ({
                ...req,
                path: `${req.path}${req.path?.includes("?") ? "&" : "?"}${request.unique}=${++n}`,
              }),
            },
          ],
        }
      : {}),
    method: request.method ?? "GET",
    // What a browser sends: the server may answer with its precompressed files.
    headers: { "accept-encoding": "br, gzip", ...request.headers },
    body: request.body,
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  };
}

export type FloodResult = {
  requests: number;
  requestsPerSecond: number;
  p99Ms: number;
  /** Answered 503 + Retry-After: work beyond what the server takes at once, shed on purpose. */
  shed: number;
  /** Connection errors, timeouts and 5xx answers other than a shed 503. */
  errors: number;
  /** The slowest /healthz answer during the flood (probed every 100 ms beside it). */
  worstHealthMs: number;
};

/**
 * A flood of URLs that are all different, of the kinds an attacker (or a careless crawler)
 * sends: searches, junk query parameters on pages, unknown paths.
 */
export async function flood(base: string, { seconds, connections }: LoadOptions): Promise<FloodResult> {
  const kinds = [
    (i: number) => `/search?q=flood-${i}`,
    (i: number) => `/blog-standard?page=2&utm_source=flood-${i}`,
    (i: number) => `/no-such-page/flood-${i}`,
    (i: number) => `/about-us?ref=flood-${i}`,
  ];
  let n = 0;
  let worstHealthMs = 0;
  let probing = true;
  const prober = (async () => {
    while (probing) {
      const started = performance.now();
      try {
        await (await fetch(`${base}/healthz`)).arrayBuffer();
      } catch {
        // counted as slow as the flood lasted
      }
      worstHealthMs = Math.max(worstHealthMs, Math.round(performance.now() - started));
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  let shed = 0;
  let failed = 0;
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    headers: { "accept-encoding": "br, gzip" },
    requests: [
      {
        setupRequest: (req: autocannon.Request) => ({ ...req, path: kinds[n % kinds.length]!(n++) }),
        onResponse: (status: number) => {
          if (status === 503) shed++;
          else if (status >= 500) failed++;
        },
      },
    ],
  });
  probing = false;
  await prober;
  return {
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    shed,
    // autocannon's `errors` already counts its timeouts.
    errors: result.errors + failed,
    worstHealthMs,
  };
}

/** Debian's nginx, installed if missing and we are root; the reason it is unavailable otherwise. */
export function ensureNginx(): { bin: string } | { missing: string } {
  const bin = "/usr/sbin/nginx";
  const brotli = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";
  if (existsSync(bin) && existsSync(brotli)) return { bin };
  const packages = ["nginx-light", "libnginx-mod-http-brotli-static"];
  if (process.getuid?.() !== 0)
    return { missing: `nginx is not installed: run \`sudo apt-get install -y ${packages.join(" ")}\`` };
  console.log(`installing ${packages.join(", ")} (apt-get) …`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  const done = spawnSync("apt-get", ["install", "-y", "-qq", ...packages], { stdio: "inherit", env });
  return done.status === 0 && existsSync(bin) && existsSync(brotli)
    ? { bin }
    : { missing: `apt-get could not install ${packages.join(" ")}` };
}

/** nginx on loopback serving build/client as our server does: precompressed .br/.gz, index.html. */
export async function startNginx(bin: string, clientDir: string, port: number, workers: number) {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-nginx-"));
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(
    conf,
    `load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;
worker_processes ${workers};
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${path.resolve(clientDir)};
    brotli_static on;
    gzip_static on;
    etag on;
    location /assets/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
    location / { try_files $uri $uri/index.html =404; add_header Cache-Control "public, max-age=0, must-revalidate"; }
  }
}
`,
  );
  const child: ChildProcess = spawn(bin, ["-p", dir, "-c", conf], { stdio: ["ignore", "ignore", "inherit"] });
  try {
    await waitFor(`http://127.0.0.1:${port}/`, 50);
  } catch {
    child.kill("SIGKILL");
    const log = existsSync(`${dir}/error.log`) ? readFileSync(`${dir}/error.log`, "utf8") : "";
    throw new Error(`nginx did not start: ${log.slice(-300)}`);
  }
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGQUIT");
      }),
    errors: () => (existsSync(`${dir}/error.log`) ? readFileSync(`${dir}/error.log`, "utf8") : ""),
  };
}

export async function waitFor(url: string, tries = 150) {
  for (let i = 0; ; i++) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not up yet
    }
    if (i > tries) throw new Error(`${url} did not answer`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Peak resident memory of a process (Linux), in MB. */
/** Starts the peak (VmHWM) afresh, so that the next reading is that of what follows (Linux). */
export function resetPeakRss(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
}

export function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}
