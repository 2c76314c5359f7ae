// @vitest-environment node
// Two server processes on different ports sharing one PostgreSQL: messages posted to both, the
// way a browser posts them, each delivered exactly once to a real SMTP server on loopback.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type TestPostgres } from "./contact/testing/postgres.ts";
import { startSmtp, waitFor, type TestSmtp } from "./contact/testing/smtp.ts";

const built = existsSync("build/server/index.js");
if (!built && process.env.TEST_REQUIRE_BUILD === "1")
  throw new Error("build/ is missing: run `npm run build` first");
const started = built ? await startPostgres() : { skip: "no build" };
const cluster: TestPostgres | null = "url" in started ? started : null;
if (!cluster && "skip" in started) {
  if (process.env.TEST_REQUIRE_POSTGRES === "1")
    throw new Error(`PostgreSQL is required here: ${started.skip}`);
  console.warn(`\n  ⚠ multi-instance test SKIPPED: ${started.skip}\n`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

type Instance = { base: string; child: ChildProcess; dataDir: string };

describe.skipIf(!cluster)("two instances sharing PostgreSQL", () => {
  let smtp: TestSmtp;
  const instances: Instance[] = [];

  beforeAll(async () => {
    smtp = await startSmtp();
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const dataDir = mkdtempSync(path.join(tmpdir(), `instance-${i}-`));
      const child = spawn(process.execPath, ["server/main.ts"], {
        env: {
          PATH: process.env.PATH,
          HOST: "127.0.0.1",
          PORT: String(port),
          DATA_DIR: dataDir,
          DATABASE_URL: cluster!.url,
          SMTP_URL: smtp.url,
          // Both instances sign and check the same form tokens.
          SECRET: "multi-instance-test-secret-0123456789abcdef",
          MIN_SUBMIT_MS: "0",
          RATE_LIMIT_PER_MINUTE: "1000",
          RATE_LIMIT_PER_HOUR: "10000",
          LOG_REQUESTS: "false",
        },
        stdio: ["ignore", "ignore", "inherit"],
      });
      instances.push({ base: `http://127.0.0.1:${port}`, child, dataDir });
    }
    for (const { base } of instances) {
      await waitFor(async () => (await fetch(`${base}/healthz`).catch(() => null))?.ok === true, 20_000);
    }
  }, 40_000);

  afterAll(async () => {
    for (const { child, dataDir } of instances) {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
    await smtp?.close();
    await cluster?.stop();
  });

  /** What the browser does: a token from one instance, the message to another. */
  async function send(tokenFrom: Instance, postTo: Instance, marker: string) {
    const csrf = await fetch(`${tokenFrom.base}/api/csrf`);
    const cookie = csrf.headers.getSetCookie()[0]!.split(";")[0]!;
    const { token } = (await csrf.json()) as { token: string };
    return fetch(`${postTo.base}/api/send-email`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Cookie: cookie,
        "X-XSRF-TOKEN": token,
        Origin: postTo.base,
      },
      body: JSON.stringify({
        name: "Ada Okafor",
        email: "ada@example.com",
        phone: "+234 803 555 0199",
        message: `Message ${marker} for the two-instance test.`,
        website: "",
        startedAt: String(Date.now() - 30_000),
      }),
    });
  }

  it("delivers every message posted to either instance exactly once", async () => {
    const markers = Array.from({ length: 12 }, (_, i) => `M${i}-${Date.now()}`);
    const statuses = await Promise.all(
      markers.map((marker, i) =>
        send(instances[i % 2]!, instances[(i + 1) % 2]!, marker).then((r) => r.status),
      ),
    );
    expect(statuses).toEqual(markers.map(() => 200));

    await waitFor(() => smtp.received.length >= markers.length, 20_000);
    // Both workers keep polling: nothing is sent a second time.
    await new Promise((r) => setTimeout(r, 2_000));
    const counts = markers.map((m) => smtp.received.filter((mail) => mail.text.includes(m)).length);
    expect(counts).toEqual(markers.map(() => 1));
    expect(smtp.received).toHaveLength(markers.length);
  }, 40_000);
});
