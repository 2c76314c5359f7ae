// @vitest-environment node
// An upgrade without a maintenance window (issue 31): two built server processes on one
// PostgreSQL and one mail server, with a steady stream of page views and contact posts, and each
// instance stopped with SIGTERM and started again in turn. The stream goes through a balancer as
// the usual ones behave: a fresh connection per request, the other instance when a connection is
// refused (nothing was sent) or, for a page (a GET), broke before any answer (nginx's default
// `proxy_next_upstream error`: a connection that opened in the instant the stopping instance
// closed its listener is reset by it, unread); and a post whose connection broke before any
// answer sent once more, as a visitor presses Send again. Nothing may fail, no message be lost or
// stored twice, and no e-mail be sent twice.
import { randomBytes, randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { IDEMPOTENCY_FIELD } from "#app/config/forms.ts";
import { SECRET } from "./testing/config.ts";
import { VALID } from "./testing/form-input.ts";
import { startSmtp, waitFor, type TestSmtp } from "./testing/smtp.ts";
import { openDatabase } from "./db/index.ts";
import { postgresDatabase, testPostgresUrl, type Location } from "./db/testing/databases.ts";
import {
  skipOrFail,
  skipWithoutBuild,
  startBuiltServer,
  type BuiltServer,
} from "./testing/server-process.ts";
import { heldToken } from "./testing/visitor.ts";

let postgresUrl: string | null = null;
let skip = skipWithoutBuild("Rolling restart test");
if (!skip) {
  postgresUrl = testPostgresUrl();
  if (!postgresUrl) skip = skipOrFail("no PostgreSQL", "Rolling restart test", "TEST_REQUIRE_POSTGRES");
}

type Answer = { status: number; body: string } | { error: string; sent: boolean };

/** One request on its own connection: its answer, or the socket's error and whether any of the
 *  answer had arrived. */
function send(base: string, path: string, post?: { body: string; cookie: string }): Promise<Answer> {
  return new Promise((resolve) => {
    const url = new URL(path, base);
    const req = httpRequest(url, {
      agent: false,
      method: post ? "POST" : "GET",
      headers: post
        ? {
            "Content-Type": "application/x-www-form-urlencoded",
            "Content-Length": Buffer.byteLength(post.body),
            Cookie: post.cookie,
            Origin: base,
            "Sec-Fetch-Site": "same-origin",
          }
        : {},
      timeout: 15_000,
    });
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      res.on("error", (error) => resolve({ error: error.message, sent: true }));
    });
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message, sent: answered }),
    );
    req.end(post?.body);
  });
}

describe.skipIf(skip)("two instances restarted in turn under a steady stream", () => {
  const databases: Location[] = [];
  const servers: BuiltServer[] = [];
  let smtp: TestSmtp | undefined;
  afterAll(async () => {
    for (const s of servers) await s.close();
    await smtp?.close();
    for (const d of databases) await d.cleanup();
  });

  it("answers every request, stores each message once and e-mails it once", async () => {
    const database = await postgresDatabase(postgresUrl!).fresh({ empty: true });
    databases.push(database);
    smtp = await startSmtp();
    const start = (i: number) =>
      startBuiltServer(`rolling-${i}-`, {
        DATABASE_URL: database.databaseUrl!,
        SECRET,
        SMTP_URL: smtp!.url,
        MIN_SUBMIT_MS: "0",
        RATE_LIMIT_PER_MINUTE: "100000",
        RATE_LIMIT_PER_HOUR: "1000000",
      });
    const instances = await Promise.all([start(0), start(1)]);
    servers.push(...instances);

    const run = randomBytes(4).toString("hex");
    const accepted: string[] = [];
    const failures: string[] = [];
    let resent = 0;
    let views = 0;
    let posts = 0;
    let retried = 0;
    /** The balancer: instance `i % 2` first, the other one when the connection is refused, or for
     *  a GET when it broke before any answer. */
    async function balance(i: number, path: string, post?: { body: string; cookie: string }) {
      const order = [instances[i % 2]!, instances[(i + 1) % 2]!];
      let answer: Answer = { error: "no instance", sent: false };
      for (const [n, instance] of order.entries()) {
        answer = await send(instance.url, path, post);
        if (!("error" in answer)) return answer;
        const again = answer.error === "ECONNREFUSED" || (!post && !answer.sent);
        if (!again) return answer;
        if (n === 0 && answer.error !== "ECONNREFUSED") retried++;
      }
      return answer;
    }

    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    let streaming = true;
    async function stream(lane: number) {
      for (let i = lane; streaming; i += 4) {
        await pause(20); // four visitors, each a request every 20 ms or so: not a flood
        if (i % 3 === 0) {
          const marker = `rolling-${run}-${lane}-${i}`;
          const xsrf = heldToken(Date.now(), SECRET);
          const fields = { ...VALID, message: `A message sent during the upgrade.\n${marker}`, website: "" };
          // The form's key, the same for the resend: a message stored before its answer was lost is
          // not stored again.
          const body = new URLSearchParams({
            ...fields,
            _xsrf: xsrf.token,
            _script: "1",
            [IDEMPOTENCY_FIELD]: randomUUID(),
          }).toString();
          let answer = await balance(i, "/contact-us.data", { body, cookie: xsrf.cookie });
          if ("error" in answer && !answer.sent) {
            resent++; // the visitor presses Send again
            answer = await balance(i + 1, "/contact-us.data", { body, cookie: xsrf.cookie });
          }
          posts++;
          if ("error" in answer) failures.push(`post ${marker}: ${answer.error}`);
          else if (answer.status !== 200 || !answer.body.includes("success"))
            failures.push(`post ${marker}: ${answer.status}`);
          else accepted.push(marker);
        } else {
          const path = ["/", "/about-us", "/blog-standard", "/services"][i % 4]!;
          const answer = await balance(i, path);
          views++;
          if ("error" in answer) failures.push(`GET ${path}: ${answer.error}`);
          else if (answer.status !== 200) failures.push(`GET ${path}: ${answer.status}`);
        }
      }
    }
    const lanes = [0, 1, 2, 3].map(stream);
    await pause(1500);
    for (const i of [0, 1]) {
      await instances[i]!.stop(20_000); // SIGTERM; it must exit by itself
      expect(instances[i]!.child.exitCode, `instance ${i} exit code`).toBe(0);
      await pause(300); // a moment with one instance only
      const next = await start(i);
      servers.push(next);
      instances[i] = next;
      await pause(1500);
    }
    streaming = false;
    await Promise.all(lanes);

    expect(failures).toEqual([]);
    // A stop resets at most the connections opened in the instant its listener closed: one per
    // visitor (four) per stop, never a stream of them.
    expect(retried, "pages sent to the other instance after a broken connection").toBeLessThanOrEqual(8);
    expect(views).toBeGreaterThan(50);
    expect(accepted.length).toBeGreaterThan(20);
    expect(accepted.length).toBe(posts);

    // Each accepted message is stored once…
    const db = await openDatabase({ dataDir: "", databaseUrl: database.databaseUrl! });
    try {
      const rows = await db.kysely
        .selectFrom("contact_message")
        .select("message")
        .where("message", "like", `%rolling-${run}-%`)
        .execute();
      const stored = rows.map((r) => /rolling-\w+-\d+-\d+/.exec(r.message)![0]);
      expect(stored.sort()).toEqual([...accepted].sort());
    } finally {
      await db.close();
    }
    // …and e-mailed once, each with its own Message-ID.
    await waitFor(() => smtp!.received.length >= accepted.length, 30_000);
    await pause(1000); // a second e-mail would come now
    const mailed = smtp.received.map((m) => /rolling-\w+-\d+-\d+/.exec(m.text)?.[0]);
    expect(mailed.sort()).toEqual([...accepted].sort());
    expect(new Set(smtp.received.map((m) => m.headers.get("message-id"))).size).toBe(accepted.length);
    console.info(
      `rolling restart: ${views} views (${retried} on the other instance after a broken connection), ${posts} posts, ${resent} sent again after a broken connection`,
    );
  }, 120_000);
});
