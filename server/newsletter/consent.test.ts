// @vitest-environment node
// Newsletter consent that a stranger cannot change (issue 26), on SQLite and on PostgreSQL.
// Anyone can post any address to the sign-up form; only the address's owner, from their inbox,
// can change what is recorded about it. A sign-up never rewrites a record's consent, source or
// unsubscription; an erased address gets nothing; an opt-out outlives every prune; confirmation
// e-mails are capped per address (hour, day, week) and overall (hour), with the same answer.
import { afterEach, describe, expect, it } from "vitest";
import { testDatabases, type TestDatabase } from "../db/testing/databases.ts";
import { SECRET } from "../testing/config.ts";
import { deliver, startHarness, type Harness } from "../testing/feature-harness.ts";
import { CONFIRM_CAPS, createNewsletterRepository, type Consent } from "./repository.ts";
import { NEWSLETTER_CONFIRM } from "./mail.ts";
import { linkIn, signUp, THANKS } from "./testing/visitor.ts";

const databases = await testDatabases("Newsletter consent");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const f of cleanups.reverse()) await f();
  cleanups = [];
});

const start = (database: TestDatabase) => startHarness(database, cleanups);

/** The consent as the record keeps it (what a stranger must not be able to change). */
const consentOf = async (h: Harness, email: string) => {
  const s = await h.s.newsletter.store.findByEmail(email);
  return s && { consentAt: s.consentAt, consentSource: s.consentSource, consentClient: s.consentClient };
};

/** Signs up, confirms, and unsubscribes by the e-mail's one-click link: the first step. */
async function subscribeThenLeave(h: Harness, email: string) {
  await signUp(h, { email });
  const mail = (await deliver(h))[0]!;
  await h.s.newsletter.confirm(linkIn(mail, "/newsletter/confirm"));
  h.c.advance(DAY);
  await h.s.newsletter.unsubscribe(linkIn(mail, "/newsletter/unsubscribe"));
  return { mail, unsubscribedAt: h.c.t };
}

const stranger = { page: "/attacker-page", placement: "footer" };

for (const database of databases) {
  describe(`on ${database.name}`, () => {
    it("a stranger's sign-up leaves an unsubscribed person unsubscribed, with their date and source", async () => {
      const h = await start(database);
      const { unsubscribedAt } = await subscribeThenLeave(h, "left@example.com");
      const before = await consentOf(h, "left@example.com");
      h.c.advance(HOUR);
      expect(await signUp(h, { email: "left@example.com", ...stranger })).toEqual({
        status: 200,
        body: THANKS,
      });
      expect(await h.s.newsletter.store.findByEmail("left@example.com")).toMatchObject({
        state: "unsubscribed",
        unsubscribedAt,
        consentSource: "/blog-standard#footer",
        // The request waits apart, for the owner to confirm or ignore.
        requestAt: h.c.t,
        requestSource: "/attacker-page#footer",
      });
      expect(await consentOf(h, "left@example.com")).toEqual(before);
      expect(await h.s.newsletter.store.isSuppressed("left@example.com")).toBe(true);

      // The owner is asked once; ignoring it changes nothing, and "Do not e-mail me" declines it.
      const [ask, ...more] = await deliver(h);
      expect(more).toEqual([]);
      expect(ask!.envelopeTo).toEqual(["left@example.com"]);
      const decline = linkIn(ask!, "/newsletter/unsubscribe");
      expect(await h.s.newsletter.viewUnsubscribeLink(decline)).toEqual({
        kind: "unsubscribe",
        email: "left@example.com",
      });
      await h.s.newsletter.unsubscribe(decline);
      expect(await h.s.newsletter.store.findByEmail("left@example.com")).toMatchObject({
        state: "unsubscribed",
        unsubscribedAt,
        requestAt: null,
        requestSource: null,
        confirmNonce: null,
      });
      expect(await h.s.newsletter.confirm(linkIn(ask!, "/newsletter/confirm"))).toEqual({ kind: "used" });
    });

    it("the owner confirming from their inbox makes the request their consent and ends the opt-out", async () => {
      const h = await start(database);
      await subscribeThenLeave(h, "back@example.com");
      h.c.advance(HOUR);
      await signUp(h, { email: "back@example.com", page: "/pricing", placement: "side-panel" });
      const asked = h.c.t;
      const ask = (await deliver(h))[0]!;
      // A second sign-up meanwhile (within the hour: no e-mail) does not replace the request.
      await signUp(h, { email: "back@example.com", ...stranger });
      expect(await deliver(h)).toEqual([]);
      h.c.advance(60_000);
      const token = linkIn(ask, "/newsletter/confirm");
      expect(await h.s.newsletter.viewConfirmLink(token)).toEqual({
        kind: "confirm",
        email: "back@example.com",
      });
      expect(await h.s.newsletter.confirm(token)).toEqual({ kind: "confirmed", email: "back@example.com" });
      expect(await h.s.newsletter.store.findByEmail("back@example.com")).toMatchObject({
        state: "subscribed",
        confirmedAt: h.c.t,
        unsubscribedAt: null,
        consentAt: asked,
        consentSource: "/pricing#side-panel",
        requestAt: null,
        requestSource: null,
      });
      expect(await h.s.newsletter.store.isSuppressed("back@example.com")).toBe(false);
    });

    it("a stranger's sign-up leaves a pending person's consent as it was; the same link comes again", async () => {
      const h = await start(database);
      await signUp(h, { email: "wait@example.com" });
      const first = (await deliver(h))[0]!;
      const before = await consentOf(h, "wait@example.com");
      h.c.advance(2 * HOUR);
      expect(await signUp(h, { email: "wait@example.com", ...stranger })).toEqual({
        status: 200,
        body: THANKS,
      });
      expect(await consentOf(h, "wait@example.com")).toEqual(before);
      expect((await h.s.newsletter.store.findByEmail("wait@example.com"))?.consentSource).toBe(
        "/blog-standard#footer",
      );
      const again = (await deliver(h))[0]!;
      expect(linkIn(again, "/newsletter/confirm").split("~")[1]!.split(".")[0]).toBe(
        linkIn(first, "/newsletter/confirm").split("~")[1]!.split(".")[0],
      );
      // So the pending prune still runs from the person's own sign-up, not the stranger's.
      expect(await h.s.newsletter.store.prune(before!.consentAt + 31 * DAY)).toMatchObject({ pending: 1 });
    });

    it("an erased address: a sign-up stores nothing and sends nothing, with the same answer", async () => {
      const h = await start(database);
      await signUp(h, { email: "gone@example.com" });
      await deliver(h);
      await h.s.newsletter.store.erase("gone@example.com", h.c.t);
      h.c.advance(2 * HOUR);
      expect(await signUp(h, { email: "Gone@Example.com", ...stranger })).toEqual({
        status: 200,
        body: THANKS,
      });
      expect(await h.s.newsletter.store.findByEmail("gone@example.com")).toBeNull();
      expect(await deliver(h)).toEqual([]);
      const jobs = await h.s.db.kysely
        .selectFrom("mail_outbox")
        .select("id")
        .where("kind", "=", NEWSLETTER_CONFIRM)
        .execute();
      expect(jobs).toEqual([]);
      expect(h.log.entries.filter((e) => e.msg === "newsletter.sign-up").map((e) => e.outcome)).toEqual([
        "confirmation-queued",
        "suppressed",
      ]);
      // Unsubscribed is no erasure: an operator cannot end an opt-out by hand.
      await subscribeThenLeave(h, "opted-out@example.com");
      expect(await h.s.newsletter.store.unsuppress("opted-out@example.com")).toBe("unsubscribed");
      expect(await h.s.newsletter.store.isSuppressed("opted-out@example.com")).toBe(true);
    });

    it("the opt-out outlives every prune: records go after 30 days, the keyed hash stays", async () => {
      const h = await start(database);
      await subscribeThenLeave(h, "keep-out@example.com");
      h.c.advance(HOUR);
      // The sequence: a stranger's sign-up, then the 30-day prune.
      await signUp(h, { email: "keep-out@example.com", ...stranger });
      await deliver(h);
      h.c.advance(31 * DAY);
      expect(await h.s.newsletter.store.prune(h.c.t)).toMatchObject({ pending: 0, unsubscribed: 1 });
      expect(await h.s.newsletter.store.findByEmail("keep-out@example.com")).toBeNull();
      expect(await h.s.newsletter.store.suppression("keep-out@example.com")).toBe("unsubscribed");
      // Asked again with only the hash left: a pending record of its own, the hash untouched by
      // its prune; it ends only when the owner confirms.
      await signUp(h, { email: "keep-out@example.com", ...stranger });
      expect((await h.s.newsletter.store.findByEmail("keep-out@example.com"))?.state).toBe("pending");
      expect(await deliver(h)).toHaveLength(1);
      h.c.advance(31 * DAY);
      expect(await h.s.newsletter.store.prune(h.c.t)).toMatchObject({ pending: 1 });
      expect(await h.s.newsletter.store.suppression("keep-out@example.com")).toBe("unsubscribed");
      // Asking back keeps a long-unsubscribed record as long as a pending sign-up would be kept
      // (its link must still find it); then it goes, and the opt-out stays.
      await subscribeThenLeave(h, "recent@example.com");
      h.c.advance(20 * DAY);
      await signUp(h, { email: "recent@example.com", ...stranger });
      h.c.advance(11 * DAY);
      expect(await h.s.newsletter.store.prune(h.c.t)).toMatchObject({ unsubscribed: 0 });
      expect((await h.s.newsletter.store.findByEmail("recent@example.com"))?.state).toBe("unsubscribed");
      h.c.advance(20 * DAY);
      expect(await h.s.newsletter.store.prune(h.c.t)).toMatchObject({ unsubscribed: 1 });
      expect(await h.s.newsletter.store.suppression("recent@example.com")).toBe("unsubscribed");
    });

    it("caps confirmations per address: one an hour, three a day, five a week (the resend page too)", async () => {
      const h = await start(database);
      const mailsTo = async () => (await deliver(h)).length;
      await signUp(h, { email: "target@example.com" });
      const token = linkIn((await deliver(h))[0]!, "/newsletter/confirm");
      const sent: number[] = [1];
      for (const hours of [1, 1, 1, 21, 1, 1]) {
        h.c.advance(hours * HOUR);
        expect(await signUp(h, { email: "target@example.com", ...stranger })).toEqual({
          status: 200,
          body: THANKS,
        });
        sent.push(await mailsTo());
      }
      // Hours 0, 1, 2 (three a day); hour 3 not; hours 24 and 25; then five this week: no more.
      expect(sent).toEqual([1, 1, 1, 0, 1, 1, 0]);
      h.c.advance(8 * DAY);
      // An expired link's page asks for a new one within the same caps.
      expect(await h.s.newsletter.resend(token)).toEqual({ kind: "resent" });
      expect(await mailsTo()).toBe(1);
      expect(await h.s.newsletter.resend(token)).toEqual({ kind: "resent" });
      expect(await mailsTo()).toBe(0);
      expect(h.log.entries.filter((e) => e.msg === "newsletter.resend").map((e) => e.outcome)).toEqual([
        "confirmation-queued",
        "confirmation-throttled",
      ]);
    });

    it("caps confirmations to all addresses an hour, even when sign-ups arrive at once", async () => {
      const h = await start(database);
      const caps = { ...CONFIRM_CAPS, allPerHour: 3 };
      const store = createNewsletterRepository(h.s.db, h.s.mail.outbox, SECRET, { caps });
      const consent: Consent = { source: "/x#footer", wording: "w", client: "c" };
      const emails = Array.from({ length: 8 }, (_, i) => `burst${i}@example.com`);
      const outcomes = await Promise.all(emails.map((e) => store.signUp(e, consent, h.c.t)));
      expect(outcomes.filter((o) => o === "confirmation-queued")).toHaveLength(3);
      expect(outcomes.filter((o) => o === "confirmation-capped")).toHaveLength(5);
      // Past the cap nothing is kept either: the address is not stored without its e-mail.
      expect((await h.s.newsletter.store.countByState()).pending).toBe(3);
      expect(await deliver(h)).toHaveLength(3);
      h.c.advance(HOUR);
      expect(await store.signUp("late@example.com", consent, h.c.t)).toBe("confirmation-queued");

      // The service with its own cap (100 an hour): the visitor's answer is the same, nothing is
      // queued, and the log says so once, as a warning.
      await h.s.db.kysely
        .insertInto("newsletter_confirm_sent")
        .values(Array.from({ length: CONFIRM_CAPS.allPerHour }, () => ({ emailHash: "x", sentAt: h.c.t })))
        .execute();
      expect(await signUp(h, { email: "one-more@example.com" })).toEqual({ status: 200, body: THANKS });
      expect(await h.s.newsletter.store.findByEmail("one-more@example.com")).toBeNull();
      expect(await deliver(h)).toHaveLength(1); // late@example.com's
      expect(h.log.entries.filter((e) => e.msg === "newsletter.sign-up")).toMatchObject([
        { level: "warn", outcome: "confirmation-capped" },
      ]);
    });
  });
}
