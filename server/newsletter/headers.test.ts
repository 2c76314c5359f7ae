// @vitest-environment node
// What a mailbox provider sees of the newsletter's e-mails (a confirmation, an issue), received by a
// real SMTP server on loopback: the list's identity, a Reply-To that reaches the agency (not the
// sending address), one-click unsubscribe, the issue's feedback id and its links to the site tagged
// with its campaign, and a DKIM signature that verifies against the public key as DNS would publish
// it (mailauth, as a receiving server checks it), and fails once the message is changed on the way.
import { generateKeyPairSync } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { dkimVerify } from "mailauth/lib/dkim/verify.js";
import { afterEach, describe, expect, it } from "vitest";
import { testDatabases } from "../db/testing/databases.ts";
import { ConfigError, parseConfig } from "../config.ts";
import { loadDkim } from "../dkim.ts";
import { seedDetails } from "../mail/index.ts";
import { deliver, startHarness } from "../testing/feature-harness.ts";
import { tempDir } from "../testing/temp-dir.ts";
import { insertSubscriber } from "./testing/subscribers.ts";
import { signUp } from "./testing/visitor.ts";

// The headers are not the database's: one database is enough.
const [database] = await testDatabases("Newsletter headers");

let cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const f of cleanups.reverse()) await f();
  cleanups = [];
});

const rsa = (bits: number) =>
  generateKeyPairSync("rsa", {
    modulusLength: bits,
    publicKeyEncoding: { type: "spki", format: "der" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });

/** A resolver answering the DKIM key record `selector._domainkey.domain` as DNS would. */
function dns(record: string, publicKey: Buffer) {
  return async (name: string, type: string) => {
    if (type === "TXT" && name === record) return [[`v=DKIM1; k=rsa; p=${publicKey.toString("base64")}`]];
    throw Object.assign(new Error(`no ${type} record for ${name}`), { code: "ENOTFOUND" });
  };
}

/** The links of an e-mail's HTML, entities read. */
const hrefs = (html: string) =>
  [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));

describe.skipIf(!database)("the newsletter's e-mails as a mailbox provider receives them", () => {
  it("carry List-Id, Reply-To the agency, one-click unsubscribe, each issue a Feedback-ID and tagged links, and a DKIM signature that verifies", async () => {
    const keys = rsa(2048);
    const h = await startHarness(database!, cleanups, {
      newsletterPerMinute: 6000,
      dkim: { domainName: "techspark.ng", keySelector: "mail2026", privateKey: keys.privateKey },
    });
    const resolver = dns("mail2026._domainkey.techspark.ng", keys.publicKey);
    const verified = async (raw: string) =>
      (await dkimVerify(Buffer.from(raw), { resolver })).results.map((r) => [
        r.signingDomain,
        r.selector,
        r.status.result,
      ]);
    const agency = `TechSpark Innovations <${seedDetails().emails[0]}>`;

    // A visitor signs up: the confirmation.
    expect((await signUp(h, { email: "bola@example.com" })).status).toBe(200);
    const [confirmation] = await deliver(h);
    expect(confirmation!.headers.get("list-id")).toBe(
      "TechSpark Innovations newsletter <newsletter.techspark.ng>",
    );
    expect(confirmation!.headers.get("reply-to")).toBe(agency);
    expect(confirmation!.headers.get("from")).toMatch(/no-reply@/);
    expect(confirmation!.headers.get("list-unsubscribe")).toMatch(
      /^<https:\/\/techspark\.ng\/newsletter\/unsubscribe\?token=/,
    );
    expect(confirmation!.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(confirmation!.headers.has("feedback-id")).toBe(false);
    expect(await verified(confirmation!.raw)).toEqual([["techspark.ng", "mail2026", "pass"]]);

    // An issue to a subscriber.
    await insertSubscriber(h.s.db.kysely, "ada@example.com", "subscribed", h.c.now());
    const me = "amina@techspark.ng";
    const issues = h.s.staff.issues;
    const saved = await issues.save(me, null, {
      subject: "November at TechSpark",
      body: [
        "## A clinic's bookings",
        "",
        "Read on. [Our services](https://techspark.ng/services) and [a friend's site](https://example.org/a?b=c).",
      ].join("\n"),
    });
    if (!saved.ok) throw new Error("not saved");
    const id = saved.id;
    expect(await issues.send(me, id)).toEqual({ ok: true, recipients: 1 });
    const [mail] = await deliver(h);

    expect(mail!.headers.get("list-id")).toBe("TechSpark Innovations newsletter <newsletter.techspark.ng>");
    expect(mail!.headers.get("reply-to")).toBe(agency);
    expect(mail!.headers.get("from")).toMatch(/no-reply@/);
    expect(mail!.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(mail!.headers.get("feedback-id")).toBe(`${id}:newsletter:techspark`);
    // A link to the site carries the issue's campaign; a link elsewhere and the unsubscribe link
    // are as written.
    const links = hrefs(mail!.html);
    expect(links).toContain(
      "https://techspark.ng/services?utm_source=newsletter&utm_medium=email&utm_campaign=november-at-techspark",
    );
    expect(links).toContain("https://example.org/a?b=c");
    const leave = links.filter((l) => l.includes("/newsletter/unsubscribe"));
    expect(leave).toHaveLength(1);
    expect(leave[0]).not.toContain("utm_");

    expect(await verified(mail!.raw)).toEqual([["techspark.ng", "mail2026", "pass"]]);
    // A word of the body changed on the way: the body no longer matches what was signed.
    const body = mail!.raw.replace("Read on.", "Read us.");
    expect(body).not.toBe(mail!.raw);
    expect((await dkimVerify(Buffer.from(body), { resolver })).results[0]!.status).toMatchObject({
      result: "neutral",
      comment: "body hash did not verify",
    });
    // The subject changed: the signature itself fails.
    const subject = mail!.raw.replace("Subject: November at TechSpark", "Subject: November at TechSp4rk");
    expect(subject).not.toBe(mail!.raw);
    expect((await dkimVerify(Buffer.from(subject), { resolver })).results[0]!.status.result).toBe("fail");
  });
});

describe("DKIM's configuration", () => {
  it("takes the three settings together or none, and stops at start on a key it cannot use", () => {
    expect(() => parseConfig({ DKIM_DOMAIN: "techspark.ng" })).toThrow(/set together, or none of them/);
    expect(() =>
      parseConfig({ DKIM_DOMAIN: "not a domain", DKIM_SELECTOR: "s", DKIM_PRIVATE_KEY_FILE: "k" }),
    ).toThrow(ConfigError);
    expect(loadDkim(parseConfig({}))).toBeUndefined();

    const dir = tempDir("dkim-");
    cleanups.push(() => dir.remove());
    const file = (name: string, text: string) => {
      const path = join(dir.dir, name);
      writeFileSync(path, text);
      return path;
    };
    const settings = (path: string) =>
      parseConfig({ DKIM_DOMAIN: "techspark.ng", DKIM_SELECTOR: "mail2026", DKIM_PRIVATE_KEY_FILE: path });
    const good = rsa(2048).privateKey;
    expect(loadDkim(settings(file("good.pem", good)))).toEqual({
      domainName: "techspark.ng",
      keySelector: "mail2026",
      privateKey: good,
    });
    expect(() => loadDkim(settings(join(dir.dir, "missing.pem")))).toThrow(
      /cannot read .*missing\.pem \(ENOENT\)/,
    );
    expect(() => loadDkim(settings(file("text.pem", "not a key")))).toThrow(/holds no private key/);
    expect(() => loadDkim(settings(file("small.pem", rsa(512).privateKey)))).toThrow(/at least 1024 bits/);
  });
});
