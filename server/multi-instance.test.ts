// @vitest-environment node
// Two real server processes (`node server/main.ts`, the production build) share one PostgreSQL
// database and one SMTP server, as several instances behind a load balancer do. Messages sent to
// both, the way the browser sends them, are each delivered exactly once; a comment approved on one
// instance shows on the other's kept page within a second.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET, VALID } from "./contact/testing/helpers.ts";
import { startPostgres, type TestPostgres } from "./db/testing/postgres.ts";
import { startSmtp, waitFor, type TestSmtp } from "./contact/testing/smtp.ts";
import {
  missingBuild,
  ROOT,
  skipOrFail,
  startServerProcess,
  type ServerProcess,
} from "./testing/server-process.ts";

const MESSAGES = 12;
/** After the last expected mail, how long we watch for a duplicate. */
const GRACE_MS = 2000;

let cluster: TestPostgres | null = null;
let skip = skipOrFail(missingBuild(), "Multi-instance test", "TEST_REQUIRE_BUILD");
if (!skip) {
  const started = await startPostgres();
  if ("url" in started) cluster = started;
  else skip = skipOrFail(started.skip, "Multi-instance test", "TEST_REQUIRE_POSTGRES");
}

describe.skipIf(skip)("two server instances sharing PostgreSQL", () => {
  let smtp: TestSmtp;
  const servers: ServerProcess[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtp();
    const env = (dataDir: string) => ({
      DATABASE_URL: cluster!.url,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      SECRET,
      DATA_DIR: dataDir,
      BUILD_DIR: "build",
      MIN_SUBMIT_MS: "0",
      RATE_LIMIT_PER_MINUTE: "10000",
      RATE_LIMIT_PER_HOUR: "100000",
      LOG_REQUESTS: "false",
    });
    for (let i = 0; i < 2; i++) dirs.push(mkdtempSync(join(tmpdir(), `multi-instance-${i}-`)));
    // Both at once: their schema migrations race, which the migration lock must serialise.
    servers.push(...(await Promise.all(dirs.map((d) => startServerProcess({ cwd: ROOT, env: env(d) })))));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await smtp?.close();
    await cluster?.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  /** As app/lib/form-client.ts does: token from /api/csrf (cookie), then the JSON POST. */
  async function send(tokenFrom: ServerProcess, postTo: ServerProcess, message: string) {
    const csrf = await fetch(`${tokenFrom.url}/api/csrf`);
    expect(csrf.status).toBe(200);
    const cookie = csrf.headers.getSetCookie().find((c) => c.startsWith("XSRF-TOKEN="));
    expect(cookie).toBeDefined();
    const { token } = (await csrf.json()) as { token: string };
    const response = await fetch(`${postTo.url}/api/send-email`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-XSRF-TOKEN": token,
        Cookie: cookie!.split(";")[0]!,
        Origin: postTo.url,
        "Sec-Fetch-Site": "same-origin",
      },
      body: JSON.stringify({ ...VALID, message, website: "" }),
    });
    const body = (await response.json()) as { success: boolean; message: string };
    expect({ status: response.status, body }).toMatchObject({ status: 200, body: { success: true } });
  }

  it(`delivers ${MESSAGES} messages sent alternately to both instances, each exactly once`, async () => {
    const run = randomBytes(4).toString("hex");
    const markers = Array.from({ length: MESSAGES }, (_, i) => `marker-${run}-${String(i).padStart(2, "0")}`);
    for (const [i, marker] of markers.entries()) {
      const postTo = servers[i % 2]!;
      // Behind a load balancer the page and the POST may reach different instances: for half of
      // the messages the token comes from the other one (same SECRET, so it is valid there).
      const tokenFrom = i % 4 < 2 ? postTo : servers[(i + 1) % 2]!;
      await send(tokenFrom, postTo, `Message ${i + 1} of the multi-instance test.\n${marker}`);
    }

    await waitFor(() => smtp.received.length >= MESSAGES, 30_000);
    await new Promise((r) => setTimeout(r, GRACE_MS));

    const found = smtp.received.map((mail) => mail.text.match(new RegExp(`marker-${run}-\\d\\d`, "g")) ?? []);
    expect(found.every((m) => m.length === 1)).toBe(true);
    expect(found.map((m) => m[0]).sort()).toEqual(markers);
    expect(smtp.received).toHaveLength(MESSAGES);
    const messageIds = new Set(smtp.received.map((mail) => mail.headers.get("message-id")));
    expect(messageIds.size).toBe(MESSAGES);

    // Each instance accepted its half; the deliveries logged by both add up to one per message.
    const count = (s: ServerProcess, msg: string) => s.logEntries().filter((e) => e.msg === msg).length;
    expect(servers.map((s) => count(s, "contact.accepted"))).toEqual([MESSAGES / 2, MESSAGES / 2]);
    expect(servers.reduce((n, s) => n + count(s, "mail.delivery.sent"), 0)).toBe(MESSAGES);
    // Nothing went wrong on the way (no retries, no internal errors).
    for (const s of servers)
      expect(s.output()).not.toMatch(
        /delivery\.retry|delivery\.failed|worker\.error|internal-error|storage-unavailable/,
      );
  }, 60_000);

  it("shows a comment approved on one instance on both instances' post pages within a second", async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const post = "/blog-single-sidebar/2";
    const marker = `comment-${randomBytes(4).toString("hex")}`;
    // Both instances render and keep the post first: what follows must drop their copies.
    for (const s of [a, b]) {
      for (let i = 0; i < 2; i++) expect(await (await fetch(`${s.url}${post}`)).text()).not.toContain(marker);
    }
    const csrf = await fetch(`${a.url}/api/csrf`);
    const cookie = csrf.headers
      .getSetCookie()
      .find((c) => c.startsWith("XSRF-TOKEN="))!
      .split(";")[0]!;
    const { token } = (await csrf.json()) as { token: string };
    const sent = await fetch(`${a.url}/api/comments`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-XSRF-TOKEN": token, Cookie: cookie, Origin: a.url },
      body: JSON.stringify({
        name: "Ngozi",
        email: "ngozi@example.com",
        comment: marker,
        postId: 2,
        website: "",
      }),
    });
    expect(sent.status).toBe(200);
    const before = smtp.received.length;
    await waitFor(() => smtp.received.slice(before).some((m) => m.text.includes(marker)), 30_000);
    const mail = smtp.received.slice(before).find((m) => m.text.includes(marker))!;
    const approve = /Approve: https?:\/\/[^/\s]+(\/comments\/moderate\?token=[\w~.-]+)/.exec(mail.text)![1]!;

    // The agency presses Approve on instance B (no JavaScript needed: a form post).
    const pressed = await fetch(`${b.url}${approve}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: b.url },
      body: "",
    });
    expect(pressed.status).toBe(200);
    expect(await pressed.text()).toContain("Comment approved");
    const approvedAt = Date.now();
    for (const s of [b, a]) {
      await waitFor(async () => (await (await fetch(`${s.url}${post}`)).text()).includes(marker), 1000);
    }
    expect(Date.now() - approvedAt).toBeLessThan(1000);
    const page = await (await fetch(`${a.url}${post}`)).text();
    expect(page).toMatch(/1 Comment on/);
    expect(page).not.toContain("ngozi@example.com");
  }, 60_000);
});
