// @vitest-environment node
// Issue 26, newsletter consent, against the real built server (`node server/main.ts`) with a real
// SMTP server on loopback: a stranger who posts someone else's address to the sign-up form must
// not change what is recorded about it. The sequence over HTTP: the person unsubscribes
// by the e-mail's one-click POST, then another client posts their address from "/attacker-page";
// the database still holds the opt-out, its date and the original source. Then: a pending
// person's consent, an erased address, and a burst of sign-ups that must not make the site a
// mailer. Every answer to the stranger is the same 200.
import { describe, expect, it } from "vitest";
import { SECRET } from "#server/testing/config.ts";
import type { ReceivedMail } from "#server/testing/smtp.ts";
import { CONFIRM_CAPS } from "#server/newsletter/repository.ts";
import { linkIn as tokenIn, THANKS } from "#server/newsletter/testing/visitor.ts";
import { skipWithoutBuild } from "#server/testing/server-process.ts";
import { postForm } from "#server/testing/visitor.ts";
import { main as newsletterCli } from "../../scripts/newsletter.ts";
import { mailingServer, query as queryIn } from "./helpers.ts";

const skip = skipWithoutBuild("newsletter consent probes");

describe.skipIf(skip)("newsletter consent against the built server (issue 26)", () => {
  // The stranger is told apart by X-Forwarded-For.
  const site = mailingServer("hostile-newsletter-", {
    RATE_LIMIT_PER_MINUTE: "1000",
    RATE_LIMIT_PER_HOUR: "10000",
    MAX_IN_FLIGHT: "1000", // the burst arrives at once, not 503'd away
  });

  /** POST /newsletter.data as the form's script does, from the client `ip`. */
  async function signUp(email: string, ip: string, page = "/blog-standard", placement = "footer") {
    const { status, body } = await postForm(
      `${site.server.url}/newsletter.data`,
      { email, page, placement, website: "" },
      { headers: { "x-forwarded-for": ip } },
    );
    return { status, body };
  }

  const mailsTo = (email: string) => site.smtp.received.filter((m) => m.envelopeTo.includes(email));
  async function mailFor(email: string, count = 1): Promise<ReceivedMail> {
    await site.smtp.waitFor(() => mailsTo(email).length >= count, 10_000);
    return mailsTo(email).at(-1)!;
  }
  /** A link of the e-mail, on the test server (the e-mail names the public site). */
  const linkIn = (mail: ReceivedMail, p: string) => `${site.server.url}${p}?token=${tokenIn(mail, p)}`;
  const form = { "content-type": "application/x-www-form-urlencoded" };
  const query = <T>(sql: string, ...params: unknown[]) => queryIn<T>(site.server.dataDir, sql, ...params);
  type Row = {
    state: string;
    consent_at: number;
    consent_source: string;
    consent_client: string;
    unsubscribed_at: number | null;
  };
  const record = (email: string) =>
    query<Row>(
      "SELECT state, consent_at, consent_source, consent_client, unsubscribed_at FROM newsletter_subscriber WHERE email = ?",
      email,
    )[0];
  /** Waits for the worker to have sent what it would, so that "nothing came" means something. */
  const settle = (ms = 1_500) => new Promise((r) => setTimeout(r, ms));

  it("an unsubscribed person stays unsubscribed, with their date and source, after a stranger's sign-up", async () => {
    const victim = "victim@example.com";
    expect(await signUp(victim, "203.0.113.10")).toEqual({ status: 200, body: THANKS });
    const mail = await mailFor(victim);
    expect((await fetch(linkIn(mail, "/newsletter/confirm"), { method: "POST", headers: form })).status).toBe(
      200,
    );
    expect(record(victim)?.state).toBe("subscribed");
    // The mail provider's one-click unsubscribe (RFC 8058).
    const oneClick = await fetch(linkIn(mail, "/newsletter/unsubscribe"), {
      method: "POST",
      headers: form,
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    const left = record(victim)!;
    expect(left).toMatchObject({ state: "unsubscribed", consent_source: "/blog-standard#footer" });
    expect(left.unsubscribed_at).toEqual(expect.any(Number));

    // Another client, the post.
    expect(await signUp(victim, "198.51.100.66", "/attacker-page", "footer")).toEqual({
      status: 200,
      body: THANKS,
    });
    expect(record(victim)).toEqual(left);
    // The opt-out is kept as a keyed hash too (so no prune can lose it).
    expect(query<{ reason: string }>("SELECT reason FROM newsletter_suppression")).toEqual([
      { reason: "unsubscribed" },
    ]);
  });

  it("a pending person's consent stays theirs; a stranger gets no extra e-mail within the hour", async () => {
    const waiting = "waiting@example.com";
    await signUp(waiting, "203.0.113.11", "/pricing", "side-panel");
    await mailFor(waiting);
    const before = record(waiting);
    expect(before).toMatchObject({ state: "pending", consent_source: "/pricing#side-panel" });
    expect(await signUp(waiting, "198.51.100.66", "/attacker-page", "footer")).toEqual({
      status: 200,
      body: THANKS,
    });
    expect(record(waiting)).toEqual(before);
    await settle();
    expect(mailsTo(waiting)).toHaveLength(1);
  });

  it("an erased address: the stranger's sign-up stores nothing and sends nothing", async () => {
    const erased = "erased@example.com";
    await signUp(erased, "203.0.113.12");
    await mailFor(erased);
    const io = { stdout: "", stderr: "" };
    const cli = (...args: string[]) =>
      newsletterCli(
        args,
        { DATA_DIR: site.server.dataDir, SECRET },
        { stdout: (t) => (io.stdout += t), stderr: () => {} },
      );
    expect(await cli("erase", erased)).toBe(0);
    expect(record(erased)).toBeUndefined();
    expect(await signUp(erased, "198.51.100.66", "/attacker-page", "footer")).toEqual({
      status: 200,
      body: THANKS,
    });
    expect(record(erased)).toBeUndefined();
    await settle();
    expect(mailsTo(erased)).toHaveLength(1);
  });

  it("a burst of sign-ups from many clients gets the same answer, and at most the hourly cap of e-mails", async () => {
    const count = () => query<{ n: number }>("SELECT count(*) AS n FROM newsletter_confirm_sent")[0]!.n;
    const before = count();
    const burst = Array.from({ length: CONFIRM_CAPS.allPerHour + 20 }, (_, i) => `burst${i}@example.com`);
    const answers = await Promise.all(burst.map((email, i) => signUp(email, `192.0.2.${i % 250}`)));
    expect(answers.every((a) => a.status === 200 && JSON.stringify(a.body) === JSON.stringify(THANKS))).toBe(
      true,
    );
    // The earlier tests' e-mails count too: this hour, the cap in all.
    expect(count()).toBe(CONFIRM_CAPS.allPerHour);
    const queued = CONFIRM_CAPS.allPerHour - before;
    // Past the cap the address is not even kept.
    expect(
      query<{ n: number }>("SELECT count(*) AS n FROM newsletter_subscriber WHERE email LIKE 'burst%'")[0]!.n,
    ).toBe(queued);
    // The log is written asynchronously: wait for its lines.
    const capped = () =>
      site.server
        .logEntries()
        .filter((e) => e.msg === "newsletter.sign-up" && e.outcome === "confirmation-capped");
    for (let i = 0; i < 50 && capped().length < burst.length - queued; i++) await settle(100);
    expect(capped()).toHaveLength(burst.length - queued);
    expect(capped().every((e) => e.level === "warn")).toBe(true);
  }, 60_000);
});
