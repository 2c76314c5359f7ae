// Real server processes for the tests: `node server/main.ts` (the production start command) on
// 127.0.0.1 and a free port, ready once /healthz answers; stopped with SIGTERM like in production.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const ROOT = join(import.meta.dirname, "..", "..");

/** Why the tests that start the built server cannot run here, or null when they can. */
export function missingBuild(buildDir = join(ROOT, "build")): string | null {
  const entry = join(buildDir, "server", "index.js");
  return existsSync(entry) ? null : `no production build (${entry} is missing; run \`npm run build\` first)`;
}

/**
 * Tests that need something this machine may lack (a build, PostgreSQL) are skipped with a
 * warning when it is missing — unless the environment variable `required` is "1" (as on CI),
 * in which case the missing prerequisite is an error.
 */
export function skipOrFail(reason: string | null, what: string, required: string): boolean {
  if (reason === null) return false;
  if (process.env[required] === "1") throw new Error(`${what}: ${reason} (and ${required}=1)`);
  console.warn(`\n  ⚠ ${what} SKIPPED: ${reason}\n`);
  return true;
}

/** `skipOrFail` for the tests that start the production build (TEST_REQUIRE_BUILD=1 on CI). */
export const skipWithoutBuild = (what: string) => skipOrFail(missingBuild(), what, "TEST_REQUIRE_BUILD");

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== "object" || !address) throw new Error("no free port");
  return address.port;
}

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** stdout lines that are JSON objects (the server's log). */
  logEntries(): Record<string, unknown>[];
  /** The first log entry `msg`, once it is written (the health port's "listening.health" comes
   *  after the site's port answers). */
  logged(msg: string, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
};

/**
 * Starts `command` (argv; a leading "node" is this test run's Node, the project's pinned one)
 * in `cwd` with PORT/HOST set, and waits until GET /healthz answers 200.
 */
type ServerProcessOptions = {
  cwd: string;
  env: Record<string, string>;
  command?: string[];
  timeoutMs?: number;
  /** The port of a server this one replaces (the same origin for the browser); a free one else. */
  port?: number;
};

/** Starts the server; on a free port, tried again on another when that port was taken meanwhile
 *  (between `freePort` closing it and the server binding it, an outgoing connection of another
 *  test may be given it by the kernel: seen in CI, "port 41597 … is in use"). */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (error) {
      const taken = error instanceof PortTaken;
      if (!taken || options.port !== undefined || attempt >= 3) throw taken ? error.cause : error;
    }
  }
}

class PortTaken extends Error {}

async function startOnce(options: ServerProcessOptions): Promise<ServerProcess> {
  const { cwd, env, command = ["node", "server/main.ts"], timeoutMs = 20_000 } = options;
  const port = options.port ?? (await freePort());
  const [file = "node", ...args] = command;
  const child = spawn(file === "node" ? process.execPath : file, args, {
    cwd,
    // No grace on a stop unless a test asks for one (STOP_GRACE_MS: tests/pages/shutdown.test.ts);
    // uploaded pictures converted at the encoders' quickest (PICTURE_EFFORT: checked for their
    // sizes, shapes and metadata, not their bytes).
    env: {
      PATH: process.env.PATH ?? "",
      STOP_GRACE_MS: "0",
      PICTURE_EFFORT: "fast",
      ...env,
      HOST: "127.0.0.1",
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  const exited = once(child, "exit");
  const output = () => stdout + stderr;
  const url = `http://127.0.0.1:${port}`;

  const proc: ServerProcess = {
    url,
    child,
    output,
    logEntries: () =>
      stdout
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as Record<string, unknown>),
    async logged(msg, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const entry = proc.logEntries().find((e) => e.msg === msg);
        if (entry) return entry;
        if (Date.now() > until) throw new Error(`the server did not log ${msg} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async stop(graceMs = 5000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const error = new Error(
        `the server exited (${child.exitCode ?? child.signalCode}) before answering:\n${output()}`,
      );
      const inUse = proc
        .logEntries()
        .some((e) => e.msg === "listen" && /port \d+ .* in use/.test(String(e.error)));
      throw inUse ? new PortTaken("port taken", { cause: error }) : error;
    }
    const ok = await fetch(`${url}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return proc;
    if (Date.now() > deadline) {
      await proc.stop(1000);
      throw new Error(`the server did not answer /healthz within ${timeoutMs} ms:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

export type BuiltServer = ServerProcess & {
  port: number;
  dataDir: string;
  /** Stops the server and removes its data directory. */
  close(): Promise<void>;
};

/**
 * The production build as `npm start` runs it (`node server/main.ts` in ROOT), on a new data
 * directory (named `prefix`… in the system's temp dir) with the request log off; `env` adds to or
 * replaces those settings. When it does not start, the directory is removed and the error thrown.
 */
export async function startBuiltServer(
  prefix: string,
  env: Record<string, string> = {},
): Promise<BuiltServer> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const remove = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const server = await startServerProcess({
      cwd: ROOT,
      env: { DATA_DIR: dataDir, LOG_REQUESTS: "false", ...env },
    });
    const close = async () => {
      await server.stop();
      remove();
    };
    return { ...server, port: Number(new URL(server.url).port), dataDir, close };
  } catch (error) {
    remove();
    throw error;
  }
}
