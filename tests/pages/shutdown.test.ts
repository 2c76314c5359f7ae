// @vitest-environment node
// Stopping the built server (`node server/main.ts`) as an upgrade does, with SIGTERM (issue 31): it
// answers every request it has begun, lets the mail worker finish the one e-mail it is sending and
// hands the rest back unclaimed, closes the database and exits 0; the next start sends the rest,
// each e-mail once. And after a SIGKILL mid-conversation the next start does not wait out the
// dead process's lease.
import { once } from "node:events";
import { Agent, request as httpRequest } from "node:http";
import { spawn } from "node:child_process";
import { connect, createServer as createNetServer, type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startSmtp, type TestSmtp } from "#server/testing/smtp.ts";
import { VALID } from "#server/testing/form-input.ts";
import { heldToken, postForm } from "#server/testing/visitor.ts";
import {
  skipWithoutBuild,
  startServerProcess,
  ROOT,
  type ServerProcess,
} from "#server/testing/server-process.ts";
import { query } from "../hostile/helpers.ts";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const skip = skipWithoutBuild("shutdown");
const SECRET = "shutdown-test-secret-0123456789-abcdefgh";

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const f of cleanups.splice(0).reverse()) await f();
});

async function startSink(mode: Parameters<typeof startSmtp>[1]): Promise<TestSmtp> {
  const smtp = await startSmtp(0, mode);
  cleanups.push(() => smtp.close());
  return smtp;
}

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "shutdown-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function start(dir: string, smtp: TestSmtp, env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await startServerProcess({
    cwd: ROOT,
    env: {
      DATA_DIR: dir,
      SECRET,
      SMTP_URL: smtp.url,
      MIN_SUBMIT_MS: "0",
      RATE_LIMIT_PER_MINUTE: "1000",
      RATE_LIMIT_PER_HOUR: "10000",
      LOG_REQUESTS: "false",
      ...env,
    },
  });
  cleanups.push(() => server.stop(1000));
  return server;
}

const exitOf = async (server: ServerProcess) => {
  const { child } = server;
  if (child.exitCode === null && child.signalCode === null) await once(child, "exit");
  return child.exitCode;
};

/** A visitor's token, and their n-th message as the contact form's script posts it. */
function visitor(n: number) {
  const xsrf = heldToken(Date.now(), SECRET);
  const fields = { ...VALID, message: `Message number ${n}: ${VALID.message}`, website: "" };
  const body = new URLSearchParams({ ...fields, _xsrf: xsrf.token, _script: "1" }).toString();
  return { xsrf, fields, body };
}

type Outbox = { state: string; leaseOwner: string | null; messageId: string };
const outbox = (dir: string) =>
  query<Outbox>(dir, "select state, lease_owner as leaseOwner, message_id as messageId from mail_outbox");

/** GET /readyz on `port`: the status line, or the connection's error code (ECONNREFUSED). */
function readyz(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (d: Buffer) => (answer += d.toString()));
    socket.on("close", () => resolve(answer.split("\r\n", 1)[0]!));
    socket.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    socket.write("GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  });
}

describe.skipIf(skip)("stopping the built server", () => {
  it("answers the requests it has begun, stores each, and exits 0; the health port closes at once", async () => {
    const dir = dataDir();
    const smtp = await startSink({ kind: "accept" });
    const server = await start(dir, smtp, { HEALTH_PORT: "0" });
    const { port } = new URL(server.url);
    const healthPort = Number(new URL(String((await server.logged("listening.health")).url)).port);
    expect(await readyz(healthPort)).toBe("HTTP/1.1 200 OK");
    // Six visitors whose posts have begun (the head and half the body are in) when the signal comes.
    const posts = Array.from({ length: 6 }, (_, i) => {
      const { xsrf, body: fields } = visitor(i + 1);
      const body = Buffer.from(fields);
      const socket = connect(Number(port), "127.0.0.1");
      let answer = "";
      socket.on("data", (d: Buffer) => (answer += d.toString()));
      const ended = new Promise<string>((resolve) => {
        socket.on("close", () => resolve(answer));
        socket.on("error", (error) => resolve(`error: ${error.message}`));
      });
      const head =
        `POST /contact-us.data HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nCookie: ${xsrf.cookie}\r\n` +
        `Content-Length: ${body.length}\r\n\r\n`;
      socket.write(head + body.subarray(0, 20).toString());
      return { socket, ended, rest: body.subarray(20) };
    });
    await new Promise((r) => setTimeout(r, 300)); // the server has read their heads
    server.child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 200));
    // The load balancer's check fails while the requests begun are still being answered.
    expect(await readyz(healthPort)).toBe("ECONNREFUSED");
    // The rest of each body (the socket stays open, as a browser's does: a half-closed one is
    // a client that left, whose request Node drops).
    for (const p of posts) p.socket.write(p.rest);
    const answers = await Promise.all(posts.map((p) => p.ended));
    for (const answer of answers) expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    // Each was told to close its connection: it will not send the next request to a closing server.
    for (const answer of answers) expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(await exitOf(server)).toBe(0);
    const rows = query<{ n: number }>(dir, "select count(*) as n from contact_message");
    expect(rows[0]!.n).toBe(6);
    expect(server.logEntries().map((e) => e.msg)).toEqual(expect.arrayContaining(["stopping", "stopped"]));
  });

  it("resets no connection on a stop behind a balancer: /readyz says 503 at once, new connections are answered for STOP_GRACE_MS, then it drains and exits 0", async () => {
    const dir = dataDir();
    const smtp = await startSink({ kind: "accept" });
    const server = await start(dir, smtp, { STOP_GRACE_MS: "1500" });
    const port = Number(new URL(server.url).port);
    expect((await fetch(`${server.url}/about-us`)).status).toBe(200); // rendered once, kept
    // The balancer: checks /readyz every 100 ms and sends no new request once it failed.
    let out = false;
    const checks: string[] = [];
    const balancer = (async () => {
      while (!out) {
        const status = await readyz(port);
        checks.push(status);
        if (!status.startsWith("HTTP/1.1 200")) out = true;
        else await new Promise((r) => setTimeout(r, 100));
      }
    })();
    // 20 visitors, one connection per request, and one keep-alive client (a proxy's pool).
    const outcomes: string[] = [];
    let signalled = false;
    const get = (agent: Agent | false) =>
      new Promise<string>((resolve) => {
        const req = httpRequest({ host: "127.0.0.1", port, path: "/about-us", agent }, (res) => {
          res.resume();
          res.on("end", () => resolve(`${res.statusCode}${signalled ? ` ${res.headers.connection}` : ""}`));
        });
        req.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
        req.end();
      });
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    const clients = [...Array.from({ length: 20 }, () => false as const), keepAlive].map(async (agent) => {
      while (!out) outcomes.push(await get(agent));
    });
    await new Promise((r) => setTimeout(r, 400)); // mid-stream
    const before = outcomes.length;
    signalled = true;
    server.child.kill("SIGTERM");
    await Promise.all([balancer, ...clients]);
    keepAlive.destroy();
    const after = outcomes.slice(before);
    const failures = outcomes.filter((o) => !o.startsWith("200"));
    const kinds = Object.entries(Object.groupBy(failures, (f) => f)).map(([k, v]) => `${v!.length} ${k}`);
    console.info(
      `stop behind a balancer: ${outcomes.length} requests, ${after.length} after SIGTERM, ${failures.length} failed (${kinds.join(", ")})`,
    );
    // The balancer saw "not ready" from a live server, not a closed port.
    expect(checks.at(-1)).toMatch(/^HTTP\/1\.1 503/);
    expect(failures).toEqual([]);
    expect(before).toBeGreaterThan(0);
    // Answered while stopping (those the server read after the signal, on a connection closed
    // after them; a few answers were on their way as the signal came).
    expect(after).toContain("200 close");
    expect(await exitOf(server)).toBe(0);
  });

  it("lets the worker finish the e-mail it is sending, hands the rest back, exits 0; the next start sends each once", async () => {
    const dir = dataDir();
    const smtp = await startSink({ kind: "delay", ms: 300 });
    const server = await start(dir, smtp, { MAIL_CONCURRENCY: "2" });
    for (let i = 1; i <= 12; i++) {
      const { xsrf, fields } = visitor(i);
      const sent = await postForm(`${server.url}/contact-us.data`, fields, { xsrf });
      expect(sent.status).toBe(200);
    }
    await smtp.waitFor(() => smtp.dataSeen.length >= 1);
    const t0 = Date.now();
    server.child.kill("SIGTERM");
    expect(await exitOf(server)).toBe(0);
    const stoppedIn = Date.now() - t0;
    // Not a batch of 300 ms e-mails, nor a connection held for the drain (8 s) or the forced exit.
    expect(stoppedIn, JSON.stringify(server.logEntries().slice(-6))).toBeLessThan(3000);
    const left = outbox(dir);
    // The e-mails under way (two conversations at once: MAIL_CONCURRENCY), not the rest.
    expect(left.filter((j) => j.state === "sent").length).toBeLessThanOrEqual(2);
    // Nothing is left claimed: the rest is due again at once, for whichever instance starts next.
    expect(left.filter((j) => j.leaseOwner !== null || j.state === "sending")).toEqual([]);
    expect(smtp.received.length).toBe(left.filter((j) => j.state === "sent").length);

    smtp.mode = { kind: "accept" };
    await start(dir, smtp);
    await smtp.waitFor(() => smtp.received.length >= 12, 15_000);
    await new Promise((r) => setTimeout(r, 500)); // a duplicate would come now
    const ids = smtp.received.map((m) => m.headers.get("message-id"));
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
  });

  it("after a SIGKILL mid-conversation, the next start on this machine takes the dead process's e-mail back at once", async () => {
    const dir = dataDir();
    const smtp = await startSink({ kind: "hold" });
    const first = await start(dir, smtp);
    const { xsrf, fields } = visitor(1);
    expect((await postForm(`${first.url}/contact-us.data`, fields, { xsrf })).status).toBe(200);
    await smtp.waitFor(() => smtp.dataSeen.length === 1);
    first.child.kill("SIGKILL");
    await exitOf(first);
    expect(outbox(dir)).toMatchObject([{ state: "sending" }]);

    smtp.mode = { kind: "accept" };
    const t0 = Date.now();
    await start(dir, smtp);
    await smtp.waitFor(() => smtp.received.length === 1, 20_000);
    // The lease was minutes long; the process that held it is gone, and this one knows it.
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(smtp.received[0]!.headers.get("message-id")).toBe(smtp.dataSeen[0]!.headers.get("message-id"));
  });
});

describe.skipIf(skip)("starting the built server", () => {
  it("on a port in use: one line naming PORT, no stack, exit 1", async () => {
    const taken = createNetServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise((resolve) => taken.close(resolve)));
    const { port } = taken.address() as AddressInfo;
    const child = spawn(process.execPath, ["server/main.ts"], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir(), HOST: "127.0.0.1", PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    const [code] = (await once(child, "exit")) as [number | null];
    expect(code).toBe(1);
    expect(output).not.toMatch(/\n\s+at |EADDRINUSE.*\n.*node:/);
    const lines = output
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.at(-1)).toMatchObject({ level: "error", msg: "listen" });
    expect(String(lines.at(-1)!.error)).toMatch(new RegExp(`port ${port} .*in use.*set PORT`));
  });
});
