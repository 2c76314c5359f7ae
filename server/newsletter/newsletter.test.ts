// @vitest-environment node
// The newsletter as a visitor and their mailbox see it, on SQLite and on PostgreSQL: sign up over
// HTTP, the confirmation e-mail arrives at a real SMTP server on loopback, its link confirms (by
// POST only), the unsubscribe link and its one-click header work, bad links get clear answers,
// and nobody can tell from the answer whether an address is on the list.
import { afterEach, describe, expect, it } from "vitest";
import { testDatabases, type TestDatabase } from "../db/testing/databases.ts";
import type { ServicesConfig } from "../services.ts";
import { deliver, startHarness } from "../testing/feature-harness.ts";
import { agedToken } from "../testing/config.ts";
import { CONFIRM_THROTTLE_MS } from "./repository.ts";
import { main as newsletterCli } from "../../scripts/newsletter.ts";
import { SECRET } from "../testing/config.ts";
import { linkIn, signUp, THANKS } from "./testing/visitor.ts";
import { postForm } from "../testing/visitor.ts";

const databases = await testDatabases("Newsletter");
const DAY = 86_400_000;

let cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const f of cleanups.reverse()) await f();
  cleanups = [];
});

const start = (database: TestDatabase, extra: Partial<ServicesConfig> = {}) =>
  startHarness(database, cleanups, extra);

for (const database of databases) {
  describe(`on ${database.name}`, () => {
    it("double opt-in: sign up → confirmation e-mail → the link's page changes nothing → POST confirms", async () => {
      const h = await start(database);
      expect(await signUp(h, { email: "  Ada.Obi@Example.com " })).toEqual({ status: 200, body: THANKS });
      const [mail, ...more] = await deliver(h);
      expect(more).toEqual([]);
      expect(mail!.envelopeTo).toEqual(["ada.obi@example.com"]);
      expect(mail!.headers.get("subject")).toBe(
        "Confirm your subscription to the TechSpark Innovations newsletter",
      );
      // Every e-mail to a subscriber: an https unsubscribe link and RFC 8058 one-click.
      expect(mail!.headers.get("list-unsubscribe")).toMatch(
        /^<https:\/\/techspark\.ng\/newsletter\/unsubscribe\?token=[\w~.-]+>$/,
      );
      expect(mail!.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");

      const token = linkIn(mail!, "/newsletter/confirm");
      const nl = h.s.newsletter;
      // A mail scanner opening the link (GET) changes nothing, however often.
      expect(await nl.viewConfirmLink(token)).toEqual({ kind: "confirm", email: "ada.obi@example.com" });
      expect(await nl.viewConfirmLink(token)).toEqual({ kind: "confirm", email: "ada.obi@example.com" });
      expect((await nl.store.findByEmail("ada.obi@example.com"))?.state).toBe("pending");

      h.c.advance(60_000);
      expect(await nl.confirm(token)).toEqual({ kind: "confirmed", email: "ada.obi@example.com" });
      const s = (await nl.store.findByEmail("ADA.OBI@example.com"))!;
      expect(s).toMatchObject({
        state: "subscribed",
        confirmedAt: h.c.t,
        consentSource: "/blog-standard#footer",
        consentWording: expect.stringContaining("We will ask you to confirm"),
        confirmNonce: null,
      });
      // The client's address is kept only as a keyed hash.
      expect(s.consentClient).toMatch(/^[0-9a-f]{16}$/);
      expect(JSON.stringify(s)).not.toContain("127.0.0.1");
      // Single use: the same link again says so (the person is subscribed: nothing to fear).
      expect(await nl.confirm(token)).toEqual({ kind: "confirmed", email: "ada.obi@example.com" });
    });

    it("gives every address the same answer and sends at most one confirmation an hour", async () => {
      const h = await start(database);
      const first = await signUp(h, { email: "new@example.com" });
      expect(await deliver(h)).toHaveLength(1);
      // Pending, again within the hour: same answer, no second e-mail.
      expect(await signUp(h, { email: "new@example.com" })).toEqual(first);
      expect(await deliver(h)).toHaveLength(0);
      h.c.advance(CONFIRM_THROTTLE_MS);
      expect(await signUp(h, { email: "new@example.com" })).toEqual(first);
      const [again] = await deliver(h);
      expect(again).toBeDefined();
      // Subscribed: same answer, no e-mail at all.
      await h.s.newsletter.confirm(linkIn(again!, "/newsletter/confirm"));
      expect(await signUp(h, { email: "new@example.com" })).toEqual(first);
      expect(await deliver(h)).toHaveLength(0);
      // Unsubscribed: same answer; they stay unsubscribed until they confirm (never silently back).
      await h.s.newsletter.unsubscribe(linkIn(again!, "/newsletter/unsubscribe"));
      expect(await signUp(h, { email: "new@example.com" })).toEqual(first);
      expect((await h.s.newsletter.store.findByEmail("new@example.com"))?.state).toBe("unsubscribed");
    });

    it("answers tampered, expired and used links with a page that says so, never an error", async () => {
      const h = await start(database);
      await signUp(h, { email: "late@example.com" });
      const token = linkIn((await deliver(h))[0]!, "/newsletter/confirm");
      const nl = h.s.newsletter;
      const [payload, expiry, mac] = token.split(".") as [string, string, string];
      for (const bad of [
        "",
        "garbage",
        `${payload}.${expiry}`,
        `${payload}.${expiry}.${mac.slice(1)}x`,
        `${payload.replace(/^./, (c) => (c === "0" ? "1" : "0"))}.${expiry}.${mac}`,
      ]) {
        expect(await nl.viewConfirmLink(bad)).toEqual({ kind: "invalid" });
        expect(await nl.confirm(bad)).toEqual({ kind: "invalid" });
      }
      // A link for unsubscribing is no confirmation link (and the other way round).
      const leave = linkIn((await deliver(h))[0] ?? h.mailbox.received[0]!, "/newsletter/unsubscribe");
      expect(await nl.confirm(leave)).toEqual({ kind: "invalid" });
      expect(await nl.unsubscribe(token)).toEqual({ kind: "invalid" });

      // Eight days later: expired, and a new link can be asked for (one an hour).
      h.c.advance(8 * DAY);
      expect(await nl.viewConfirmLink(token)).toEqual({ kind: "expired", canResend: true });
      expect(await nl.confirm(token)).toEqual({ kind: "expired", canResend: true });
      expect((await nl.store.findByEmail("late@example.com"))?.state).toBe("pending");
      expect(await nl.resend(token)).toEqual({ kind: "resent" });
      const fresh = linkIn((await deliver(h))[0]!, "/newsletter/confirm");
      expect(await nl.resend(token)).toEqual({ kind: "resent" });
      expect(await deliver(h)).toHaveLength(0);
      expect(await nl.confirm(fresh)).toEqual({ kind: "confirmed", email: "late@example.com" });

      // Used, then unsubscribed: the old link cannot subscribe them again.
      await nl.unsubscribe(leave);
      expect(await nl.confirm(fresh)).toEqual({ kind: "used" });
      expect((await nl.store.findByEmail("late@example.com"))?.state).toBe("unsubscribed");
    });

    it("unsubscribes at once by POST (the page's button or one-click), never by GET", async () => {
      const h = await start(database);
      await signUp(h, { email: "bye@example.com" });
      const mail = (await deliver(h))[0]!;
      await h.s.newsletter.confirm(linkIn(mail, "/newsletter/confirm"));
      const leave = linkIn(mail, "/newsletter/unsubscribe");
      expect(mail.headers.get("list-unsubscribe")).toBe(
        `<https://techspark.ng/newsletter/unsubscribe?token=${leave}>`,
      );
      expect(await h.s.newsletter.viewUnsubscribeLink(leave)).toEqual({
        kind: "unsubscribe",
        email: "bye@example.com",
      });
      expect((await h.s.newsletter.store.findByEmail("bye@example.com"))?.state).toBe("subscribed");
      expect(await h.s.newsletter.unsubscribe(leave)).toEqual({
        kind: "unsubscribed",
        email: "bye@example.com",
      });
      expect(await h.s.newsletter.unsubscribe(leave)).toEqual({
        kind: "unsubscribed",
        email: "bye@example.com",
      });
      expect(await h.s.newsletter.store.findByEmail("bye@example.com")).toMatchObject({
        state: "unsubscribed",
        unsubscribedAt: h.c.t,
      });
    });

    it("refuses bad input with a clear 4xx and keeps nothing", async () => {
      const h = await start(database, { rateLimit: { perMinute: 6, perHour: 100 } });
      for (const email of ["", "not-an-address", "a@b", `${"x".repeat(250)}@example.com`, 42]) {
        const r = await signUp(h, { email });
        expect(r.status).toBe(400);
        expect(r.body).toMatchObject({
          success: false,
          errors: { email: expect.stringMatching(/e-mail address/) },
        });
      }
      // Cross-site, and without a token.
      expect((await signUp(h, { email: "x@example.com" }, { "sec-fetch-site": "cross-site" })).status).toBe(
        403,
      );
      // Without a token nothing is kept: the visitor is asked to confirm (a prerendered page's form).
      const noToken = await fetch(`${h.url}/newsletter`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "email=x%40example.com",
      });
      expect(noToken.status).toBe(200);
      expect(await noToken.json()).toMatchObject({ notice: /press Subscribe to confirm/ });
      const forged = await postForm(
        `${h.url}/newsletter`,
        { email: "x@example.com" },
        {
          xsrf: { token: "forged.token.value", cookie: "XSRF-TOKEN=forged.token.value" },
        },
      );
      expect(forged.status).toBe(403);
      // Not a form, too large.
      const notForm = await fetch(`${h.url}/newsletter`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "x@example.com" }),
      });
      expect(notForm.status).toBe(415);
      const tooBig = await signUp(h, { email: "x".repeat(65 * 1024) });
      expect(tooBig.status).toBe(413);
      // The rate limit per client (cross-site posts are refused before they count): the seventh.
      const limited = await signUp(h, { email: "y@example.com" });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(/Too many sign-ups/);
      expect(await h.s.newsletter.store.countByState()).toEqual({
        pending: 0,
        subscribed: 0,
        unsubscribed: 0,
        bounced: 0,
      });
      expect(await deliver(h)).toHaveLength(0);
    });

    it("refuses markup in the address, and records only a path and a known placement", async () => {
      const h = await start(database);
      for (const email of ["<script>alert(1)</script>@example.com", '"><img src=x onerror=alert(1)>@x.io']) {
        expect((await signUp(h, { email })).status).toBe(400);
      }
      const r = await signUp(h, {
        email: "ada@example.com",
        page: '/x"><script>alert(1)</script>',
        placement: "<img src=x onerror=alert(1)>",
      });
      expect(r.status).toBe(200);
      const kept = await h.s.newsletter.store.findByEmail("ada@example.com");
      expect(kept?.consentSource).toBe("/newsletter#page");
      const [mail] = await deliver(h);
      expect(mail!.raw).not.toMatch(/<script|onerror/i);
    });

    it("answers bots like everyone, and keeps and sends nothing for them", async () => {
      const h = await start(database);
      expect(await signUp(h, { email: "bot@example.com", website: "http://spam.example" })).toEqual({
        status: 200,
        body: THANKS,
      });
      // A fresh token sent at once (the page's script always waits the minimum time).
      const token = agedToken(h.c.t, 100);
      const quick = await postForm(
        `${h.url}/newsletter`,
        { email: "quick@example.com", website: "" },
        { xsrf: { token, cookie: `XSRF-TOKEN=${token}` } },
      );
      expect(quick.body).toEqual(THANKS);
      expect(await h.s.newsletter.store.countByState()).toEqual({
        pending: 0,
        subscribed: 0,
        unsubscribed: 0,
        bounced: 0,
      });
      expect(h.log.entries.filter((e) => e.msg === "newsletter.spam").map((e) => e.reason)).toEqual([
        "honeypot",
        "too-fast",
      ]);
    });

    it("erases a person: record and e-mails gone, only a keyed hash left on the suppression list", async () => {
      const h = await start(database);
      await signUp(h, { email: "erase.me@example.com" });
      expect(await h.s.newsletter.store.erase("Erase.Me@example.com", h.c.t)).toBe(true);
      expect(await h.s.newsletter.store.findByEmail("erase.me@example.com")).toBeNull();
      expect(await h.s.newsletter.store.isSuppressed("erase.me@EXAMPLE.com")).toBe(true);
      // Its confirmation e-mail is not sent after all.
      expect(await deliver(h)).toHaveLength(0);
      const rows = await h.s.db.kysely.selectFrom("newsletter_suppression").selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.emailHash).toMatch(/^[0-9a-f]{64}$/);
      // Coming back: once an operator has lifted the erasure (they wrote from that address), a
      // sign-up is handled like anyone's, and confirming it takes the address off the list.
      expect(await h.s.newsletter.store.unsuppress("erase.me@example.com")).toBe("lifted");
      h.c.advance(CONFIRM_THROTTLE_MS); // one confirmation an hour, erased or not
      await signUp(h, { email: "erase.me@example.com" });
      await h.s.newsletter.confirm(linkIn((await deliver(h))[0]!, "/newsletter/confirm"));
      expect(await h.s.newsletter.store.isSuppressed("erase.me@example.com")).toBe(false);
    });

    it("keeps unconfirmed sign-ups 30 days and unsubscribed people 30 days, then only a hash", async () => {
      const h = await start(database);
      await signUp(h, { email: "never@example.com" });
      await signUp(h, { email: "left@example.com" });
      const mails = await deliver(h);
      const left = mails.find((m) => m.envelopeTo[0] === "left@example.com")!;
      await h.s.newsletter.confirm(linkIn(left, "/newsletter/confirm"));
      await h.s.newsletter.unsubscribe(linkIn(left, "/newsletter/unsubscribe"));
      expect(await h.s.newsletter.store.prune(h.c.t + 29 * DAY)).toEqual({
        pending: 0,
        unsubscribed: 0,
        bounced: 0,
        sends: 2, // the count of confirmation e-mails forgets after a week
      });
      expect(await h.s.newsletter.store.prune(h.c.t + 31 * DAY)).toEqual({
        pending: 1,
        unsubscribed: 1,
        bounced: 0,
        sends: 0,
      });
      expect(await h.s.newsletter.store.list()).toEqual([]);
      expect(await h.s.newsletter.store.isSuppressed("left@example.com")).toBe(true);
      expect(await h.s.newsletter.store.isSuppressed("never@example.com")).toBe(false);
    });
  });
}

describe("npm run newsletter (the operator's commands)", () => {
  it("lists, counts, shows, exports confirmed subscribers as CSV, and erases", async () => {
    const h = await start(databases[0]!);
    await signUp(h, { email: "one@example.com" });
    await signUp(h, { email: "-two@example.com", placement: "side-panel", page: "/" });
    for (const mail of await deliver(h)) await h.s.newsletter.confirm(linkIn(mail, "/newsletter/confirm"));
    await signUp(h, { email: "pending@example.com" });
    const dataDir = h.s.db.location.replace(/\/contact\.sqlite$/, "");
    const run = async (...args: string[]) => {
      const io = { stdout: "", stderr: "" };
      const code = await newsletterCli(
        args,
        { DATA_DIR: dataDir, SECRET },
        {
          stdout: (t) => (io.stdout += t),
          stderr: (t) => (io.stderr += t),
        },
      );
      return { code, ...io };
    };
    expect((await run("count")).stdout).toMatch(/pending\s+1\nsubscribed\s+2\nunsubscribed\s+0/);
    expect((await run("list", "--state", "pending")).stdout).toContain("pending@example.com");
    expect((await run("show", "one@example.com")).stdout).toMatch(
      /From\s+\/blog-standard#footer[\s\S]*Words seen\s+About one e-mail a month/,
    );
    const csv = (await run("export")).stdout.split("\r\n");
    expect(csv[0]).toBe('"Email Address","OPTIN_TIME","CONFIRM_TIME","SOURCE"');
    // Both were confirmed in the same instant: their order is not the point.
    expect(
      csv
        .slice(1, -1)
        .map((line) => line.split(",")[0])
        .sort(),
    ).toEqual(['"\'-two@example.com"', '"one@example.com"']);
    expect(csv.find((line) => line.startsWith('"one@'))).toMatch(
      /^"one@example\.com","\d{4}-\d\d-\d\d \d\d:\d\d:\d\d","\d{4}-\d\d-\d\d \d\d:\d\d:\d\d","\/blog-standard#footer"$/,
    );
    expect((await run("erase", "one@example.com")).stdout).toMatch(/^Erased one@example\.com/);
    expect((await run("show", "one@example.com")).stdout).toMatch(/suppression list/);
    expect((await run("count")).stdout).toMatch(/subscribed\s+1/);
    // The person wrote from that address asking to come back: the erasure is lifted, audited
    // (who and when, never whom); a sign-up is then handled like anyone's.
    expect((await run("show", "one@example.com")).stdout).toMatch(/erased: sign-ups are ignored/);
    expect((await run("unsuppress", "One@Example.com")).stdout).toMatch(
      /^Lifted the erasure of one@example\.com/,
    );
    expect(
      (await h.s.staff.store.auditLog()).map(({ actor, action, subject }) => ({ actor, action, subject })),
    ).toEqual([{ actor: "shell", action: "subscriber.unsuppressed", subject: null }]);
    expect((await run("unsuppress", "one@example.com")).stdout).toMatch(/not on the suppression list/);
    expect(await h.s.newsletter.store.isSuppressed("one@example.com")).toBe(false);
    expect(await run("unsuppress")).toMatchObject({ code: 2 });
    expect(await run("list", "--state", "nope")).toMatchObject({ code: 2 });
    expect(await run("frobnicate")).toMatchObject({ code: 2 });
  });
});
