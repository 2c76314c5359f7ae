// @vitest-environment node
// The server is killed with SIGKILL while the SMTP server is still answering a delivery; after a
// restart the message is delivered (at least once) with the same Message-ID.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterEach, expect, it } from "vitest";
import { openInbox } from "./index.ts";
import { agedToken, MAIL_FROM, MAIL_TO, SECRET, tempDir, VALID } from "./testing/helpers.ts";
import { startSmtp, waitFor } from "./testing/smtp.ts";

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

it("delivers a message after the server was SIGKILLed mid-delivery, with the same Message-ID", async () => {
  const { dir, remove } = tempDir();
  cleanups.push(remove);
  const smtp = await startSmtp(0, { kind: "hold" }); // reads the message, does not answer yet
  cleanups.push(() => smtp.close());
  const config = {
    dataDir: join(dir, "data"),
    smtpUrl: smtp.url,
    mailFrom: MAIL_FROM,
    mailTo: MAIL_TO,
    secret: SECRET,
    rateLimit: { perMinute: 10, perHour: 100 },
    minSubmitMs: 3000,
    trustProxy: false,
    pollMs: 100,
    leaseMs: 1500,
    smtpTimeoutMs: 10_000,
  };

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
