// @vitest-environment node
// Visitors' text in the operator's terminal (issue 45): whatever a stranger managed to store (as
// an older version kept it: raw escape sequences, bells, carriage returns, bidirectional
// overrides), the operator commands print it through one helper (./cli.ts terminalText), as
// visible escapes, never as characters the terminal acts on: the traffic's summary, the inbox,
// the comments, the newsletter.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openInbox } from "../server/contact/index.ts";
import { message } from "../server/contact/testing/repository-contract.ts";
import { createCommentRepository } from "../server/comments/repository.ts";
import { deferrals, freshDb, sqliteDatabase } from "../server/db/testing/databases.ts";
import { createOutbox } from "../server/mail/outbox.ts";
import { dayOf } from "../server/traffic/index.ts";
import { clip, fields, table, terminalText } from "./cli.ts";
import { main as comments } from "./comments.ts";
import { main as inbox } from "./inbox.ts";
import { main as newsletter } from "./newsletter.ts";
import { main as traffic } from "./traffic.ts";
import { commandRunner } from "./testing/command.ts";

const defer = deferrals();
const SECRET = "cli-test-secret-0123456789-abcdefghijklmn";

/** A terminal acts on these, or shows text in another order than it is: none may be printed. */
const RAW = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]/u;
/** RAW, but for the line breaks a command prints itself (and CSV's "\r\n"). */
const RAW_BUT_LINES = /\r(?!\n)|(?![\n\r])[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]/u;

/** The window's title set (OSC 0 … BEL), the screen cleared (CSI 2J), a line overwritten (CR),
 *  a C1 CSI, text shown backwards (RLO … PDF) and isolated (LRI … PDI), a NUL and a DEL. */
const HOSTILE =
  "Ada\u001b]0;pwned\u0007\u001b[2J\rOK\u009b31m\u202eevil\u202c\u2066x\u2069\u200f\u0000\u007f";

describe("terminalText", () => {
  it("shows every control character and bidirectional mark as a visible escape", () => {
    expect(terminalText(HOSTILE)).toBe(
      "Ada\\u001b]0;pwned\\u0007\\u001b[2J\\u000dOK\\u009b31m\\u202eevil\\u202c\\u2066x\\u2069\\u200f\\u0000\\u007f",
    );
    expect(terminalText("\u200e\u061c\u2028\u2029\u202a\u202b\u202d\u2067\u2068\u0085")).toBe(
      "\\u200e\\u061c\\u2028\\u2029\\u202a\\u202b\\u202d\\u2067\\u2068\\u0085",
    );
    // On one line, line breaks and tabs too; over several, they stay (and "\r" only before "\n").
    expect(terminalText("one\ntwo\tthree\r\n")).toBe("one\\u000atwo\\u0009three\\u000d\\u000a");
    expect(terminalText("one\ntwo\tthree\r\nfour\rfive", "several")).toBe(
      "one\ntwo\tthree\r\nfour\\u000dfive",
    );
    // Ordinary text, accents, other scripts, emoji (their joiners too) are as they are.
    const plain = "Chioma Ọkọ́nkwọ́ — ₦5,000 · سلام · 👩‍💻 \\path\\ “quoted”";
    expect(terminalText(plain)).toBe(plain);
    // Twice is once.
    expect(terminalText(terminalText(HOSTILE))).toBe(terminalText(HOSTILE));
    // JSON stays JSON, and means the same.
    const json = JSON.stringify({ name: HOSTILE }, null, 2);
    expect(terminalText(json, "several")).not.toMatch(RAW_BUT_LINES);
    expect(JSON.parse(terminalText(json, "several"))).toEqual({ name: HOSTILE });
  });

  it("is what every table, clipped value and field list prints", () => {
    expect(table(["NAME"], [[HOSTILE]])).not.toMatch(RAW_BUT_LINES);
    expect(table(["NAME"], [[HOSTILE]]).split("\n")).toHaveLength(3);
    // (A clipped value's whitespace, the carriage return too, is one space.)
    expect(clip(HOSTILE, 200)).toBe(terminalText(HOSTILE.replace("\r", " ")));
    expect(clip(HOSTILE, 10)).toBe("Ada\\u001b…");
    expect(fields([["Name", `two\nlines${HOSTILE}`]], 6)).not.toMatch(RAW);
  });
});

describe("the operator commands print stored hostile text escaped", () => {
  async function database() {
    const fresh = await freshDb(sqliteDatabase);
    defer(fresh.cleanup);
    return fresh;
  }

  it("npm run traffic -- summary", async () => {
    const { db, location } = await database();
    const now = Date.now();
    const day = dayOf(now);
    const row = (kind: "view" | "not-found", i: number) => ({
      id: randomUUID(),
      at: now - 1000 + i,
      day,
      kind,
      path: `/blog${HOSTILE}`,
      template: `blog${HOSTILE}`,
      referrer: `evil.example${HOSTILE}`,
      utmSource: HOSTILE,
      utmMedium: `social${HOSTILE}`,
      utmCampaign: `\u202e${HOSTILE}`,
      device: "phone" as const,
      visitor: "AAAAAAAAAAAAAAAA",
    });
    // As an older version stored them: every string as the visitor's request set it.
    await db.kysely
      .insertInto("traffic_event")
      .values([row("view", 0), row("view", 1), row("not-found", 2)])
      .execute();
    const run = commandRunner(traffic, { DATA_DIR: location.dataDir });
    const { code, stdout, stderr } = await run("summary", "--days", "1");
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(stdout).not.toMatch(RAW_BUT_LINES);
    // Each shown, escaped, on its row.
    expect(stdout).toContain(`/blog${terminalText(HOSTILE)}`);
    expect(stdout).toContain(`evil.example${terminalText(HOSTILE)}`);
    expect(stdout).toContain("\\u202eAda\\u001b]0;pwned");
  });

  it("npm run inbox -- list, show and export", async () => {
    const { location } = await database();
    const contact = await openInbox({ dataDir: location.dataDir });
    defer(() => contact.close());
    const hostile = message({
      name: HOSTILE,
      email: `ada${HOSTILE}@example.com`,
      phone: `+234${HOSTILE}`,
      message: `First line\nSecond line${HOSTILE}\n\u202eThird`,
    });
    await contact.store.insert(hostile);
    const run = commandRunner(inbox, { DATA_DIR: location.dataDir });

    const list = await run("list");
    expect(list.code).toBe(0);
    expect(list.stdout).not.toMatch(RAW_BUT_LINES);
    expect(list.stdout).toContain("Ada\\u001b]0;pwned");
    // One line a message: a carriage return overwrites nothing, a line break makes no line.
    expect(list.stdout.split("\n").filter((l) => l.includes(hostile.id.slice(0, 8)))).toHaveLength(1);

    const show = await run("show", hostile.id);
    expect(show.stdout).not.toMatch(RAW_BUT_LINES);
    expect(show.stdout).toContain(`Name        ${terminalText(HOSTILE)}\n`);
    // The message keeps its lines, and only them.
    expect(show.stdout).toContain(
      `Message:\nFirst line\nSecond line${terminalText(HOSTILE)}\n\\u202eThird\n`,
    );

    // An export to the terminal is escaped too; its JSON still reads back as stored.
    const json = await run("export", "--format", "json");
    expect(json.stdout).not.toMatch(RAW_BUT_LINES);
    expect((JSON.parse(json.stdout) as { name: string }[])[0]!.name).toBe(HOSTILE);
    const csv = await run("export", "--format", "csv");
    expect(csv.stdout).not.toMatch(RAW_BUT_LINES);
  });

  it("npm run comments -- list and show", async () => {
    const { db, location } = await database();
    const store = createCommentRepository(db, createOutbox(db), SECRET);
    const { id } = await store.write(
      {
        postId: 1,
        postTitle: `Why a fast website sells more${HOSTILE}`,
        parentId: null,
        name: HOSTILE,
        email: "ada@example.com",
        body: `${HOSTILE}\nSecond line\u202e`,
        client: "client-hash",
        spam: null,
      },
      Date.now(),
    );
    const run = commandRunner(comments, { DATA_DIR: location.dataDir, SECRET });
    for (const args of [["list"], ["show", id]]) {
      const { code, stdout } = await run(...args);
      expect(code, args.join(" ")).toBe(0);
      expect(stdout, args.join(" ")).not.toMatch(RAW_BUT_LINES);
      expect(stdout, args.join(" ")).toContain("Ada\\u001b]0;pwned");
    }
    expect((await run("show", id)).stdout).toContain(`${terminalText(HOSTILE)}\nSecond line\\u202e`);
  });

  it("npm run newsletter -- list, show and export", async () => {
    const { db, location } = await database();
    const email = `ada${HOSTILE}@example.com`.toLowerCase();
    await db.kysely
      .insertInto("newsletter_subscriber")
      .values({
        id: randomUUID(),
        email,
        state: "subscribed",
        createdAt: Date.now(),
        updatedAt: Date.now(),
        consentAt: Date.now(),
        consentSource: `/blog${HOSTILE}`,
        consentWording: `Yes, send me the newsletter.${HOSTILE}`,
        consentClient: "client-hash",
        confirmedAt: Date.now(),
        unsubscribedAt: null,
        confirmNonce: null,
        confirmSentAt: null,
        requestAt: null,
        requestSource: null,
        requestWording: null,
        requestClient: null,
      })
      .execute();
    const run = commandRunner(newsletter, { DATA_DIR: location.dataDir, SECRET });
    for (const args of [["list"], ["show", email], ["export"]]) {
      const { code, stdout } = await run(...args);
      expect(code, args.join(" ")).toBe(0);
      expect(stdout, args.join(" ")).not.toMatch(RAW_BUT_LINES);
      expect(stdout, args.join(" ")).toContain("ada\\u001b]0;pwned");
    }
  });
});
