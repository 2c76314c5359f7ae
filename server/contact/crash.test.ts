// @vitest-environment node
// The server is killed with SIGKILL while the SMTP server is still answering a delivery; after a
// restart the message is delivered (at least once) with the same Message-ID. And killed after
// storing a message, before its answer left, while other visitors' posts are on the way: each
// visitor's browser sends the same form again with its key, and every message is stored and
// e-mailed once.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterEach, expect, it } from "vitest";
import { openInbox } from "./index.ts";
import { agedToken, config as servicesConfig } from "../testing/config.ts";
import { VALID } from "../testing/form-input.ts";
import { tempDir } from "../testing/temp-dir.ts";
import { startSmtp, waitFor } from "../testing/smtp.ts";

const FIXTURE = join(import.meta.dirname, "testing", "fixture-server.ts");
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const f of cleanups.splice(0).reverse()) await f();
});

async function startServer(config: object): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [FIXTURE, JSON.stringify(config)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  const lines = createInterface({ input: child.stdout! });
  const [line] = (await Promise.race([
    once(lines, "line"),
    once(child, "exit").then(() => {
      throw new Error(`fixture server exited: ${stderr}`);
    }),
  ])) as [string];
  const { port } = JSON.parse(line) as { port: number };
  return { child, url: `http://127.0.0.1:${port}` };
}

/** The fixture server's settings (sent as JSON): its data in `dir`, e-mail to `smtpUrl`, quick
 *  polls and short leases. */
const fixtureConfig = (dir: string, smtpUrl: string) =>
  servicesConfig({
    dataDir: join(dir, "data"),
    smtpUrl,
    startWorker: true,
    pollMs: 100,
    leaseMs: 1500,
    smtpTimeoutMs: 10_000,
  });

it("delivers a message after the server was SIGKILLed mid-delivery, with the same Message-ID", async () => {
  const { dir, remove } = tempDir();
  cleanups.push(remove);
  const smtp = await startSmtp(0, { kind: "hold" }); // reads the message, does not answer yet
  cleanups.push(() => smtp.close());
  const config = { ...fixtureConfig(dir, smtp.url), rateLimit: { perMinute: 10, perHour: 100 } };

  const first = await startServer(config);
  const token = agedToken(Date.now()); // a visitor who has had the form 20 s
  const res = await fetch(`${first.url}/contact-us.data`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: `XSRF-TOKEN=${token}` },
    body: new URLSearchParams({ ...VALID, website: "", _xsrf: token, _script: "1" }).toString(),
  });
  expect(res.status).toBe(200);

  await waitFor(() => smtp.dataSeen.length === 1, 10_000); // delivery in progress…
  first.child.kill("SIGKILL"); // …and the server dies before the SMTP server answered
  await once(first.child, "exit");
  expect(smtp.received).toHaveLength(0);
  const firstTry = smtp.dataSeen[0]!.headers.get("message-id");

  smtp.mode = { kind: "accept" };
  const second = await startServer(config);
  await waitFor(() => smtp.received.length === 1, 10_000); // after the dead worker's lease expired
  const delivered = smtp.received[0]!;
  expect(delivered.headers.get("message-id")).toBe(firstTry);
  expect(delivered.text).toContain(VALID.message);

  second.child.kill("SIGTERM");
  await once(second.child, "exit");
  const inbox = await openInbox({ dataDir: config.dataDir, mustExist: true });
  try {
    const [message] = await inbox.store.list();
    expect(firstTry).toBe(`<contact-${message!.id}@techspark.ng>`);
    expect(message).toMatchObject({ state: "sent", attempts: 2, name: VALID.name });
  } finally {
    await inbox.close();
  }
});

it("stores and e-mails each message once when visitors resend it after the server died before answering", async () => {
  const { dir, remove } = tempDir();
  cleanups.push(remove);
  const smtp = await startSmtp();
  cleanups.push(() => smtp.close());
  const config = fixtureConfig(dir, smtp.url);
  const token = agedToken(Date.now());
  // A visitor's filled-in form: its key is made once and sent with every try (app/lib/form-submit.ts).
  const visitors = Array.from({ length: 10 }, (_, i) => ({
    message: `Crash round message number ${i}: please call us back.`,
    key: randomUUID(),
  }));
  const send = async (url: string, v: (typeof visitors)[number]) => {
    const res = await fetch(`${url}/contact-us.data`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: `XSRF-TOKEN=${token}` },
      body: new URLSearchParams({
        ...VALID,
        message: v.message,
        website: "",
        _xsrf: token,
        _script: "1",
        _key: v.key,
      }),
    });
    return { status: res.status, text: await res.text() };
  };

  const delivered = () => new Set(smtp.received.map((m) => m.headers.get("message-id")));
  let answered = "";
  for (let round = 0; round < 2; round++) {
    const group = visitors.slice(round * 5, round * 5 + 5);
    // The third post of this server's life is stored, then the server dies before answering it;
    // the posts sent with it are wherever they are.
    const dying = await startServer({ ...config, dieBeforeReply: 3 });
    const exited = once(dying.child, "exit");
    const tries = await Promise.allSettled(group.map((v) => send(dying.url, v)));
    await exited;
    const lost = group.filter((_, i) => tries[i]!.status === "rejected");
    expect(lost.length).toBeGreaterThanOrEqual(1);
    // "We could not reach our server": each of them presses Send again, on the restarted server.
    const back = await startServer(config);
    const resent = await Promise.all(lost.map((v) => send(back.url, v)));
    const firsts = tries.flatMap((t) => (t.status === "fulfilled" ? [t.value] : []));
    // Every visitor sees "sent", the same answer whether their first try's or their resend's.
    for (const answer of [...firsts, ...resent]) {
      expect(answer.status).toBe(200);
      answered ||= answer.text;
      expect(answer.text).toBe(answered);
    }
    if (round < 1) {
      back.child.kill("SIGTERM");
      await once(back.child, "exit");
      continue;
    }
    // Every message reaches the agency, each under one Message-ID (a delivery the kill cut
    // short may be sent again, with the same Message-ID).
    await waitFor(() => delivered().size >= visitors.length, 15_000);
    back.child.kill("SIGTERM");
    await once(back.child, "exit");
  }

  const inbox = await openInbox({ dataDir: config.dataDir, mustExist: true });
  try {
    const stored = await inbox.store.list();
    expect(stored.map((m) => m.message).sort()).toEqual(visitors.map((v) => v.message).sort());
    expect(delivered()).toEqual(new Set(stored.map((m) => `<contact-${m.id}@techspark.ng>`)));
    for (const v of visitors) {
      const mails = smtp.received.filter((m) => m.text.includes(v.message));
      expect(new Set(mails.map((m) => m.headers.get("message-id"))).size, v.message).toBe(1);
    }
  } finally {
    await inbox.close();
  }
});
