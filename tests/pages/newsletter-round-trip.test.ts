// @vitest-environment node
// The newsletter as a reader meets it, end to end, through the built app in this process, its mail
// worker, DKIM signing and a real SMTP server on loopback: a sign-up's confirmation e-mail, the
// confirmation, a post sent whole, and what that e-mail holds as a mailbox provider and a reader
// see it: its picture and headings, the agency's address, List-Id, Reply-To, a DKIM signature
// that verifies against the published key, a "View in your browser" link that opens the issue, and
// an unsubscribe link that changes nothing when opened and unsubscribes at one click (RFC 8058).
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { dkimVerify } from "mailauth/lib/dkim/verify.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agedToken } from "#server/testing/config.ts";
import { formInput } from "#server/testing/form-input.ts";
import { skipWithoutBuild } from "#server/testing/server-process.ts";
import { startSmtp, type ReceivedMail, type TestSmtp } from "#server/testing/smtp.ts";
import { fetchPage, SITE_SECRET, startSite, type InProcessSite } from "./site.ts";

const skip = skipWithoutBuild("the newsletter's round trip");

const READER = "kemi.adeyemi@example.org";
const AMINA = "amina@techspark.ng";
/** Post 16 of the seed, with its header picture. */
const POST = 16;

describe.skipIf(skip)("the newsletter, from sign-up to a post sent whole", () => {
  let smtp: TestSmtp;
  let site: InProcessSite;
  let keyDir: string;
  let resolver: (name: string, type: string) => Promise<string[][]>;

  beforeAll(async () => {
    const keys = generateKeyPairSync("rsa", {
      modulusLength: 2048,
      publicKeyEncoding: { type: "spki", format: "der" },
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
    });
    keyDir = mkdtempSync(path.join(tmpdir(), "dkim-"));
    const keyFile = path.join(keyDir, "dkim.pem");
    writeFileSync(keyFile, keys.privateKey);
    // The key record as the agency's DNS publishes it (docs/deploy.md, "E-mail that arrives").
    resolver = async (name, type) => {
      if (type === "TXT" && name === "mail2026._domainkey.techspark.ng")
        return [[`v=DKIM1; k=rsa; p=${keys.publicKey.toString("base64")}`]];
      throw Object.assign(new Error(`no ${type} record for ${name}`), { code: "ENOTFOUND" });
    };
    smtp = await startSmtp();
    site = await startSite({
      smtpUrl: smtp.url,
      env: {
        DKIM_DOMAIN: "techspark.ng",
        DKIM_SELECTOR: "mail2026",
        DKIM_PRIVATE_KEY_FILE: keyFile,
        NEWSLETTER_PER_MINUTE: "6000",
      },
    });
  });

  afterAll(async () => {
    await site?.stop();
    await smtp?.close();
    if (keyDir) rmSync(keyDir, { recursive: true, force: true });
  });

  /** The next e-mail to arrive. */
  async function next(): Promise<ReceivedMail> {
    const before = smtp.received.length;
    await smtp.waitFor(() => smtp.received.length > before);
    return smtp.received[before]!;
  }

  /** A link of the e-mail's plain text that starts with this site's `path`. */
  const link = (mail: ReceivedMail, pathname: string) => {
    const found = new RegExp(`https://techspark\\.ng${pathname}[^\\s]*`).exec(mail.text)?.[0];
    expect(found, `a link to ${pathname}`).toBeDefined();
    return new URL(found!);
  };

  /** What a mail provider checks: signed for the agency's domain, the list named, replies to people. */
  async function asProviderSeesIt(mail: ReceivedMail) {
    const signed = await dkimVerify(Buffer.from(mail.raw), { resolver });
    expect(signed.results.map((r) => r.status.result)).toEqual(["pass"]);
    expect(mail.headers.get("list-id")).toBe("TechSpark Innovations newsletter <newsletter.techspark.ng>");
    expect(mail.headers.get("reply-to")).toBe("TechSpark Innovations <hello@techspark.ng>");
    expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
  }

  it("confirms a sign-up, then delivers a post whole that a provider trusts and a reader can open and leave", async () => {
    // The footer form's post, filled in 20 s, with a token of this site's secret.
    const token = agedToken(Date.now(), 20_000, SITE_SECRET);
    const signUp = await site.services.newsletter.signUpForm(
      formInput(Date.now(), { email: READER }, { token, cookieHeader: `XSRF-TOKEN=${token}` }),
    );
    expect(signUp).toMatchObject({ status: 200 });
    const confirmation = await next();
    expect(confirmation.envelopeTo).toEqual([READER]);
    await asProviderSeesIt(confirmation);
    const confirm = link(confirmation, "/newsletter/confirm");
    // Opening the link (a mail scanner does) confirms nothing; the page's button does.
    expect((await fetchPage(site.base, confirm.pathname + confirm.search)).status).toBe(200);
    expect((await site.services.newsletter.store.findByEmail(READER))!.state).toBe("pending");
    expect(await site.services.newsletter.confirm(confirm.searchParams.get("token")!)).toMatchObject({
      kind: "confirmed",
    });

    const started = await site.services.staff.posts.sendToSubscribers(AMINA, POST, "whole");
    if (!started.ok) throw new Error(`not started: ${started.reason}`);
    expect(await site.services.staff.issues.send(AMINA, started.issueId)).toEqual({
      ok: true,
      recipients: 1,
    });
    const issue = await next();
    expect(issue.envelopeTo).toEqual([READER]);
    await asProviderSeesIt(issue);
    expect(issue.headers.get("feedback-id")).toBe(`${started.issueId}:newsletter:techspark`);
    // The post: its header picture (this site's JPEG, with its alt), its headings, the agency's address.
    expect(issue.html).toMatch(
      /<img\s[^>]*src="https:\/\/techspark\.ng\/img\/blog-16-full-640\.jpg"[^>]*alt="Illustration: [^"]+"/,
    );
    expect(issue.html).toMatch(/<h2 [^>]*>Who we designed for<\/h2>/);
    expect(issue.text).toContain("Kubwa");

    // "View in your browser" opens the issue, on the site, with nothing of the reader's.
    const web = link(issue, "/newsletter/issues/");
    const page = await fetchPage(site.base, web.pathname);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Who we designed for");
    expect(page.text).not.toContain(READER);

    // Unsubscribe: opening the link changes nothing; the provider's one-click POST ends it.
    const leave = link(issue, "/newsletter/unsubscribe");
    expect((await fetchPage(site.base, leave.pathname + leave.search)).status).toBe(200);
    expect((await site.services.newsletter.store.findByEmail(READER))!.state).toBe("subscribed");
    const oneClick = await fetch(`${site.base}${leave.pathname}${leave.search}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect((await site.services.newsletter.store.findByEmail(READER))!.state).toBe("unsubscribed");
  });
});
