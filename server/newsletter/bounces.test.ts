// @vitest-environment node
// Bounces on SQLite and on PostgreSQL, with a real SMTP server on loopback that refuses one
// address: a refusal for good (550 at RCPT or at the message's end) bounces the subscriber at
// once, shown with the server's reply in the console's subscribers and in the bounced CSV, and
// the next issue does not go to them; three issues in a row undelivered on temporary refusals
// bounce too, a delivered one starts the count again, and an unreachable relay counts for nobody;
// a bounced address comes back only by signing up again and confirming.
import { afterEach, describe, expect, it } from "vitest";
import { testDatabases, type TestDatabase } from "../db/testing/databases.ts";
import { deliver, startHarness, type Harness } from "../testing/feature-harness.ts";
import { parseCsv } from "../testing/csv.ts";
import { NEWSLETTER_ISSUE, newsletterIssue } from "./issues.ts";
import { insertSubscriber } from "./testing/subscribers.ts";

const databases = await testDatabases("Newsletter bounces");
const DAY = 86_400_000;
const STAFF = "ngozi@techspark.ng";
const NO_SUCH_USER = "550 5.1.1 <bayo@example.com>: no such user";
const FULL = "452 4.2.2 <bayo@example.com>: mailbox full";

let cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const f of cleanups.reverse()) await f();
  cleanups = [];
});

const recipients = (mails: { envelopeTo: string[] }[]) => mails.flatMap((m) => m.envelopeTo).sort();

for (const database of databases) {
  describe(`on ${database.name}`, () => {
    async function start(database: TestDatabase) {
      const h = await startHarness(database, cleanups, { newsletterPerMinute: 60_000 });
      for (const email of ["ada@example.com", "bayo@example.com", "chi@example.com"]) {
        h.c.advance(1);
        await insertSubscriber(h.s.db.kysely, email, "subscribed", h.c.now());
      }
      return h;
    }

    /** Writes and sends an issue, and delivers what is due; returns what arrived. */
    async function issue(h: Harness, subject: string) {
      const saved = await h.s.staff.issues.save(STAFF, null, { subject, body: "Our news." });
      if (!saved.ok) throw new Error("not saved");
      const sent = await h.s.staff.issues.send(STAFF, saved.id);
      h.c.advance(1_000);
      return { sent, received: await deliver(h) };
    }
    const bayo = (h: Harness) => h.s.newsletter.store.findByEmail("bayo@example.com");

    for (const at of ["rcpt", "data"] as const) {
      it(`a 550 at ${at === "rcpt" ? "RCPT TO" : "the message's end"}: two delivered, one bounced at once with the reply, shown and exported; the next issue does not mail them`, async () => {
        const h = await start(database);
        h.mailbox.mode = {
          kind: "refuse",
          at,
          to: ["bayo@example.com"],
          code: 550,
          message: "5.1.1 <bayo@example.com>: no such user",
        };
        const first = await issue(h, "November at TechSpark");
        expect(first.sent).toEqual({ ok: true, recipients: 3 });
        expect(recipients(first.received)).toEqual(["ada@example.com", "chi@example.com"]);

        const bounced = (await bayo(h))!;
        expect(bounced).toMatchObject({ state: "bounced", bounceReason: NO_SUCH_USER, bouncedAt: h.c.now() });
        // Believed at once: one attempt, not three.
        const [job] = await h.s.mail.outbox.list({ kind: NEWSLETTER_ISSUE, state: "failed" });
        expect(job).toMatchObject({ totalAttempts: 1, recordId: expect.stringContaining(bounced.id) });

        // The console's subscribers: a "bounced" filter with its count, the reply and when.
        const list = await h.s.staff.subscribers.list({ state: "bounced", q: "", page: 1 });
        expect(list.counts).toEqual({ subscribed: 2, pending: 0, unsubscribed: 0, bounced: 1, all: 3 });
        expect(list.items).toEqual([
          expect.objectContaining({
            email: "bayo@example.com",
            state: "bounced",
            bouncedAt: h.c.now(),
            bounceReason: NO_SUCH_USER,
          }),
        ]);
        const subscribed = await h.s.staff.subscribers.list({ state: "subscribed", q: "", page: 1 });
        expect(subscribed.items.map((s) => s.email)).not.toContain("bayo@example.com");

        // The bounced CSV has them with when and why; the CSV of people to mail does not.
        const csv = parseCsv(await h.s.staff.subscribers.csv(STAFF, "bounced"));
        expect(csv[0]).toEqual([
          "Email Address",
          "OPTIN_TIME",
          "CONFIRM_TIME",
          "SOURCE",
          "CLEAN_TIME",
          "BOUNCE_REASON",
        ]);
        expect(csv.slice(1)).toEqual([
          [
            "bayo@example.com",
            expect.any(String),
            expect.any(String),
            "/blog-standard footer",
            new Date(h.c.now()).toISOString().slice(0, 19).replace("T", " "),
            NO_SUCH_USER,
          ],
        ]);
        const toMail = parseCsv(await h.s.staff.subscribers.csv(STAFF));
        expect(toMail.map((r) => r[0])).toEqual(["Email Address", "ada@example.com", "chi@example.com"]);

        // The server would take their e-mail now: none is sent.
        const seenBayo = () =>
          recipients(h.mailbox.dataSeen).filter((to) => to === "bayo@example.com").length;
        const seenBefore = seenBayo();
        h.mailbox.mode = { kind: "accept" };
        const next = await issue(h, "December at TechSpark");
        expect(next.sent).toEqual({ ok: true, recipients: 2 });
        expect(recipients(next.received)).toEqual(["ada@example.com", "chi@example.com"]);
        expect(seenBayo()).toBe(seenBefore);
      });
    }

    it("an issue of theirs still queued when they bounce is not sent", async () => {
      const h = await start(database);
      h.mailbox.mode = { kind: "refuse", at: "rcpt", to: ["bayo@example.com"], code: 550, message: "no" };
      // Two issues queued before either is delivered, the second's e-mails after the first's.
      for (const subject of ["One", "Two"]) {
        const saved = await h.s.staff.issues.save(STAFF, null, { subject, body: "x" });
        if (saved.ok) await h.s.staff.issues.send(STAFF, saved.id);
        h.c.advance(10);
      }
      h.c.advance(1_000);
      expect(recipients(await deliver(h))).toEqual([
        "ada@example.com",
        "ada@example.com",
        "chi@example.com",
        "chi@example.com",
      ]);
      expect((await bayo(h))!.state).toBe("bounced");
      const states = (await h.s.mail.outbox.list({ kind: NEWSLETTER_ISSUE })).map((j) => j.state).sort();
      // Four delivered (two people, two issues), one refused, one cancelled at its turn.
      expect(states).toEqual(["cancelled", "failed", "sent", "sent", "sent", "sent"]);
      expect(h.mailbox.dataSeen.filter((m) => m.envelopeTo.includes("bayo@example.com"))).toEqual([]);
    });

    it("temporary refusals: three issues in a row undelivered bounce them; a delivered one in between starts again; an unreachable relay counts for nobody", async () => {
      const h = await start(database);
      const full = () => {
        h.mailbox.mode = {
          kind: "refuse",
          at: "rcpt",
          to: ["bayo@example.com"],
          code: 452,
          message: "4.2.2 <bayo@example.com>: mailbox full",
        };
      };
      /** An issue that cannot reach Bayo for the two days it is tried. */
      async function undelivered(subject: string) {
        full();
        const { received } = await issue(h, subject);
        expect(recipients(received)).toEqual(["ada@example.com", "chi@example.com"]);
        expect((await bayo(h))!.state).toBe("subscribed"); // a 4xx is tried again
        h.c.advance(2 * DAY);
        await deliver(h);
        return (await bayo(h))!;
      }

      expect(await undelivered("One")).toMatchObject({ state: "subscribed", undeliveredIssues: 1 });
      expect(await undelivered("Two")).toMatchObject({ state: "subscribed", undeliveredIssues: 2 });
      let seen = await h.s.staff.subscribers.list({ state: "subscribed", q: "bayo", page: 1 });
      expect(seen.items[0]).toMatchObject({ undeliveredIssues: 2, bouncedAt: null });

      h.mailbox.mode = { kind: "accept" };
      const delivered = await issue(h, "Three");
      expect(recipients(delivered.received)).toContain("bayo@example.com");
      expect(await bayo(h)).toMatchObject({ state: "subscribed", undeliveredIssues: 0 });

      // Nobody answered (the relay down, our credentials refused): says nothing about the mailbox.
      const id = (await bayo(h))!.id;
      await h.s.db.kysely
        .transaction()
        .execute((trx) =>
          newsletterIssue.onOutcome!(
            trx,
            `any-issue~s:${id}`,
            { result: "undelivered", reason: "ECONNREFUSED", reply: null },
            h.c.now(),
          ),
        );
      expect((await bayo(h))!.undeliveredIssues).toBe(0);

      expect(await undelivered("Four")).toMatchObject({ state: "subscribed", undeliveredIssues: 1 });
      expect(await undelivered("Five")).toMatchObject({ state: "subscribed", undeliveredIssues: 2 });
      const third = await undelivered("Six");
      expect(third).toMatchObject({ state: "bounced", bouncedAt: h.c.now() });
      expect(third.bounceReason).toBe(`3 issues in a row undelivered; the last: EENVELOPE: ${FULL}`);
      seen = await h.s.staff.subscribers.list({ state: "bounced", q: "", page: 1 });
      expect(seen.items.map((s) => [s.email, s.bounceReason])).toEqual([
        ["bayo@example.com", third.bounceReason],
      ]);

      h.mailbox.mode = { kind: "accept" };
      const after = await issue(h, "Seven");
      expect(recipients(after.received)).toEqual(["ada@example.com", "chi@example.com"]);
    });

    it("a refused confirmation bounces the sign-up; signing up again and confirming lifts it; erasure removes it all", async () => {
      const h = await start(database);
      const store = h.s.newsletter.store;
      const consent = (source: string) => ({ source, wording: "Subscribe", client: "0123456789abcdef" });
      h.mailbox.mode = {
        kind: "refuse",
        at: "rcpt",
        to: ["typo@gmial.com"],
        code: 550,
        message: "5.1.1 no such user",
      };
      expect(await store.signUp("typo@gmial.com", consent("/newsletter#page"), h.c.now())).toBe(
        "confirmation-queued",
      );
      await deliver(h);
      // The confirmation kind tries a 5xx three times (a minute, then two) before it believes it.
      for (const wait of [60_000, 120_000]) {
        h.c.advance(wait);
        await deliver(h);
      }
      const bounced = (await store.findByEmail("typo@gmial.com"))!;
      expect(bounced).toMatchObject({
        state: "bounced",
        bounceReason: "550 5.1.1 no such user",
        confirmNonce: null,
      });

      // Signing up again: a fresh confirmation (their mailbox works now), the bounce stays until
      // it is confirmed.
      h.mailbox.mode = { kind: "accept" };
      h.c.advance(2 * 3_600_000);
      expect(await store.signUp("typo@gmial.com", consent("/blog-standard#footer"), h.c.now())).toBe(
        "confirmation-queued",
      );
      const [confirmation] = await deliver(h);
      expect(confirmation!.envelopeTo).toEqual(["typo@gmial.com"]);
      const asking = (await store.findByEmail("typo@gmial.com"))!;
      expect(asking).toMatchObject({ state: "bounced", bounceReason: "550 5.1.1 no such user" });
      expect(await store.confirm(asking.id, asking.confirmNonce!, h.c.now())).toBe("confirmed");
      expect(await store.findByEmail("typo@gmial.com")).toMatchObject({
        state: "subscribed",
        bouncedAt: null,
        bounceReason: null,
        consentSource: "/blog-standard#footer",
      });

      // Bayo bounces on an issue, then asks to be erased: the record, the reply, the jobs go.
      h.mailbox.mode = { kind: "refuse", at: "rcpt", to: ["bayo@example.com"], code: 550, message: "no" };
      await issue(h, "One");
      expect((await bayo(h))!.state).toBe("bounced");
      expect(await h.s.staff.subscribers.erase("bayo@example.com", STAFF)).toBe(true);
      expect(await bayo(h)).toBeNull();
      expect((await h.s.staff.subscribers.list({ state: "bounced", q: "", page: 1 })).counts.bounced).toBe(0);
      expect(await store.suppression("bayo@example.com")).toBe("erased");
    });

    it("retention: a bounce 90 days old leaves only a keyed hash (reason 'bounced'), which an opt-out replaces", async () => {
      const h = await start(database);
      h.mailbox.mode = { kind: "refuse", at: "rcpt", to: ["bayo@example.com"], code: 550, message: "no" };
      await issue(h, "One");
      const store = h.s.newsletter.store;
      expect(await store.prune(h.c.now() + 89 * DAY)).toMatchObject({ bounced: 0 });
      expect((await bayo(h))!.state).toBe("bounced");
      expect(await store.prune(h.c.now() + 91 * DAY)).toMatchObject({ bounced: 1 });
      expect(await bayo(h)).toBeNull();
      expect(await store.suppression("bayo@example.com")).toBe("bounced");
      // A sign-up is a new record; confirmed, the hash goes.
      const consent = { source: "/newsletter#page", wording: "Subscribe", client: "0123456789abcdef" };
      h.mailbox.mode = { kind: "accept" };
      expect(await store.signUp("bayo@example.com", consent, h.c.now())).toBe("confirmation-queued");
      const back = (await bayo(h))!;
      expect(await store.unsubscribe(back.id, h.c.now())).toBe(true);
      expect(await store.suppression("bayo@example.com")).toBe("unsubscribed");
    });
  });
}
