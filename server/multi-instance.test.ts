// @vitest-environment node
// Two real server processes (`node server/main.ts`, the production build) share one PostgreSQL
// database and one SMTP server, as several instances behind a load balancer do. Messages sent to
// both, the way the browser sends them, are each delivered exactly once; a comment approved on one
// instance shows on the other's kept page within a second. The rate limits are counted in that
// database: posts alternating between two instances are refused after the same number as posts
// to one instance.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET } from "./testing/config.ts";
import { VALID } from "./testing/form-input.ts";
import { openDatabase } from "./db/index.ts";
import { postgresDatabase, testPostgresUrl, type Location } from "./db/testing/databases.ts";
import { createPostRepository } from "./posts/repository.ts";
import { startSmtp, waitFor, type TestSmtp } from "./testing/smtp.ts";
import {
  skipOrFail,
  skipWithoutBuild,
  startBuiltServer,
  type BuiltServer,
} from "./testing/server-process.ts";
import { fetchToken, postForm } from "./testing/visitor.ts";

const MESSAGES = 12;
/** After the last expected mail, how long we watch for a duplicate. */
const GRACE_MS = 2000;

let postgresUrl: string | null = null;
let skip = skipWithoutBuild("Multi-instance test");
if (!skip) {
  postgresUrl = testPostgresUrl();
  if (!postgresUrl) skip = skipOrFail("no PostgreSQL", "Multi-instance test", "TEST_REQUIRE_POSTGRES");
}
const databases: Location[] = [];
/** The last started instances' database. */
let databaseUrl = "";
afterAll(async () => {
  for (const database of databases) await database.cleanup();
});

/** Two instances on a new, empty database of the run's cluster, each with its own data directory,
 *  started at once: their schema migrations race, which the migration lock must serialise. */
async function startInstances(prefix: string, env: Record<string, string>): Promise<BuiltServer[]> {
  const database = await postgresDatabase(postgresUrl!).fresh({ empty: true });
  databases.push(database);
  databaseUrl = database.databaseUrl!;
  return Promise.all(
    [0, 1].map((i) =>
      startBuiltServer(`${prefix}-${i}-`, {
        DATABASE_URL: database.databaseUrl!,
        SECRET,
        BUILD_DIR: "build",
        MIN_SUBMIT_MS: "0",
        ...env,
      }),
    ),
  );
}

describe.skipIf(skip)("two server instances sharing PostgreSQL", () => {
  let smtp: TestSmtp;
  let servers: BuiltServer[] = [];

  beforeAll(async () => {
    smtp = await startSmtp();
    servers = await startInstances("multi-instance", {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      RATE_LIMIT_PER_MINUTE: "10000",
      RATE_LIMIT_PER_HOUR: "100000",
    });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await smtp?.close();
  });

  /** As the form's script does: token from /api/csrf (cookie), then the post to the action. */
  async function send(tokenFrom: BuiltServer, postTo: BuiltServer, message: string) {
    const { status, body } = await postForm(
      `${postTo.url}/contact-us.data`,
      { ...VALID, message, website: "" },
      {
        xsrf: await fetchToken(tokenFrom.url),
        headers: { Origin: postTo.url, "Sec-Fetch-Site": "same-origin" },
      },
    );
    expect({ status, body }).toMatchObject({ status: 200, body: { success: true } });
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
    const count = (s: BuiltServer, msg: string) => s.logEntries().filter((e) => e.msg === msg).length;
    expect(servers.map((s) => count(s, "contact.accepted"))).toEqual([MESSAGES / 2, MESSAGES / 2]);
    expect(servers.reduce((n, s) => n + count(s, "mail.delivery.sent"), 0)).toBe(MESSAGES);
    // Nothing went wrong on the way (no retries, no internal errors).
    for (const s of servers)
      expect(s.output()).not.toMatch(
        /delivery\.retry|delivery\.failed|worker\.error|internal-error|storage-unavailable/,
      );
  }, 60_000);

  it("shows a comment approved on one instance on both instances' post pages within a second", async () => {
    const [a, b] = servers as [BuiltServer, BuiltServer];
    const post = "/blog-single-sidebar/2";
    const marker = `comment-${randomBytes(4).toString("hex")}`;
    // Both instances render and keep the post first: what follows must drop their copies.
    for (const s of [a, b]) {
      for (let i = 0; i < 2; i++) expect(await (await fetch(`${s.url}${post}`)).text()).not.toContain(marker);
    }
    const sent = await postForm(
      `${a.url}${post}.data`,
      { name: "Ngozi", email: "ngozi@example.com", comment: marker, website: "" },
      { xsrf: await fetchToken(a.url), headers: { Origin: a.url } },
    );
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
    // A second later, both instances show it (asked then: what is measured is when the change
    // is seen, not how long a busy machine takes to answer).
    await untilOneSecondAfter(Date.now());
    for (const s of [b, a]) expect(await (await fetch(`${s.url}${post}`)).text(), s.url).toContain(marker);
    const page = await (await fetch(`${a.url}${post}`)).text();
    expect(page).toMatch(/1 Comment on/);
    expect(page).not.toContain("ngozi@example.com");
  }, 60_000);

  it("shows a post changed in the database on both instances' pages within a second, and never the old one after", async () => {
    const [a, b] = servers as [BuiltServer, BuiltServer];
    const title = "A Revised Title for the Newest Post on the Blog";
    const db = await openDatabase({ dataDir: "", databaseUrl });
    try {
      const store = createPostRepository(db);
      // The newest post: on its page, the first page of the lists, the home page's teaser, the feed.
      const [newest] = await store.published(Date.now());
      const pages = [`/blog-single-sidebar/${newest!.id}`, "/blog-standard", "/", "/blog/rss.xml"];
      const text = async (s: BuiltServer, p: string) => (await fetch(`${s.url}${p}`)).text();
      /** Renames the post, then waits until both instances show the name on every page. */
      async function rename(to: string) {
        await store.importPosts([{ ...newest!, title: to }], "test", Date.now());
        await untilOneSecondAfter(Date.now());
        for (const s of [a, b]) for (const p of pages) expect(await text(s, p), `${s.url}${p}`).toContain(to);
      }
      await rename("An Earlier Title for the Newest Post on the Blog");
      // Both instances render and keep every page: what follows must drop their copies.
      for (const s of [a, b]) for (const p of pages) await text(s, p);
      await rename(title);
      // Once shown, never the earlier title again, on either instance.
      for (let i = 0; i < 3; i++)
        for (const s of [a, b])
          for (const p of pages) expect(await text(s, p), p).not.toContain("An Earlier Title");
    } finally {
      await db.close();
    }
  }, 60_000);
});

/** Resolves a second after `changedAt`: a change must be seen on every instance by then. */
const untilOneSecondAfter = (changedAt: number) =>
  new Promise((r) => setTimeout(r, Math.max(0, changedAt + 1000 - Date.now())));

describe.skipIf(skip)("rate limits shared by two server instances", () => {
  /** RATE_LIMIT_PER_MINUTE: the same for one instance as for two. */
  const LIMIT = 4;
  let servers: BuiltServer[] = [];

  beforeAll(async () => {
    servers = await startInstances("rate-limit", {
      RATE_LIMIT_PER_MINUTE: String(LIMIT),
      RATE_LIMIT_PER_HOUR: "1000",
      // Behind the balancer: the client is the address it appends to X-Forwarded-For.
      TRUST_PROXY: "1",
    });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });

  /** A contact message from `client` (as the balancer reports it) posted to `to`. */
  async function sendFrom(to: BuiltServer, client: string) {
    const forwarded = { "X-Forwarded-For": client };
    const response = await postForm(
      `${to.url}/contact-us.data`,
      { ...VALID, website: "" },
      { xsrf: await fetchToken(to.url, forwarded), headers: { Origin: to.url, ...forwarded } },
    );
    return { status: response.status, retryAfter: response.headers.get("retry-after") };
  }

  /** The answers to LIMIT + 2 messages from `client`, the i-th posted to `pick(i)`. */
  async function burst(client: string, pick: (i: number) => BuiltServer) {
    const results = [];
    for (let i = 0; i < LIMIT + 2; i++) results.push(await sendFrom(pick(i), client));
    return results;
  }

  it(`refuses the ${LIMIT + 1}th message a minute, alternating between instances as on one`, async () => {
    const [a, b] = servers as [BuiltServer, BuiltServer];
    // The windows follow the clock: start early in a minute, so the bursts stay within one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 100));

    const one = await burst("198.51.100.1", () => a);
    const two = await burst("198.51.100.2", (i) => (i % 2 ? b : a));
    const expected = [...Array<number>(LIMIT).fill(200), 429, 429];
    expect(one.map((r) => r.status)).toEqual(expected);
    expect(two.map((r) => r.status)).toEqual(expected);
    for (const r of [...one, ...two].filter((r) => r.status === 429)) {
      expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(r.retryAfter)).toBeLessThanOrEqual(60);
    }
    const refused = (s: BuiltServer) =>
      s.logEntries().filter((e) => e.msg === "contact.rejected" && e.reason === "rate-limit").length;
    await waitFor(() => refused(a) + refused(b) === 4, 5000); // log lines arrive a moment later
    // B refused the 6th having admitted only two itself: it counted A's admissions too.
    expect(refused(b)).toBe(1);
  }, 60_000);
});
