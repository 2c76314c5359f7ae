// @vitest-environment node
// The staff console's subscribers on SQLite and on PostgreSQL, through the whole server stack
// (the newsletter repository, the mail outbox): filters by state and their counts, search in the
// address whatever the letter case (% and _ plain), pages of 50, the CSV of the confirmed ones
// (the shell's export), erasure (suppressed, its e-mails gone) and an audit log that never keeps
// the erased person's address.
import { afterEach, describe, expect, it } from "vitest";
import { testDatabases } from "../db/testing/databases.ts";
import { startHarness } from "../testing/feature-harness.ts";
import type { SubscriberFilter } from "#app/lib/ports/subscribers.ts";
import { NEWSLETTER_CONFIRM } from "./mail.ts";
import { PAGE_SIZE } from "./console-subscribers.ts";
import { parseCsv } from "../testing/csv.ts";

const databases = await testDatabases("Staff subscribers");
const MINUTE = 60_000;
const AMAKA = "amaka@techspark.ng";

let cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const f of cleanups.reverse()) await f();
  cleanups = [];
});

for (const database of databases) {
  describe(`on ${database.name}`, () => {
    async function start() {
      const h = await startHarness(database, cleanups);
      const subscribers = h.s.staff.subscribers;
      const store = h.s.newsletter.store;
      /** A sign-up `minutesAgo` before the test's now, confirmed (or left) a minute later. */
      const add = async (
        email: string,
        { minutesAgo = 0, state = "subscribed", source = "/blog-standard#footer" } = {},
      ) => {
        const at = h.c.t - minutesAgo * MINUTE;
        const consent = { source, wording: "We will ask you to confirm.", client: "0123456789abcdef" };
        await store.signUp(email, consent, at);
        const s = (await store.findByEmail(email))!;
        if (state !== "pending")
          expect(await store.confirm(s.id, s.confirmNonce!, at + MINUTE)).toBe("confirmed");
        if (state === "unsubscribed") await store.unsubscribe(s.id, at + 2 * MINUTE);
        return (await store.findByEmail(email))!;
      };
      const emails = async (state: SubscriberFilter, q = "", page = 1) =>
        (await subscribers.list({ state, q, page })).items.map((s) => s.email);
      const audit = async () =>
        (await h.s.staff.store.auditLog()).map(({ actor, action, subject, detail }) => ({
          actor,
          action,
          subject,
          detail,
        }));
      return { h, subscribers, store, add, emails, audit };
    }

    it("filters: subscribed, pending, unsubscribed, all, with a count each, latest sign-up first", async () => {
      const { h, subscribers, add, emails } = await start();
      const ada = await add("ada@example.com", { minutesAgo: 10, source: "/newsletter#page" });
      await add("bayo@example.com", { minutesAgo: 20, state: "pending" });
      await add("chi@example.com", { minutesAgo: 30, state: "unsubscribed" });
      await add("dayo@example.com", { minutesAgo: 5 });

      const page = await subscribers.list({ state: "subscribed", q: "", page: 1 });
      expect(page.counts).toEqual({ subscribed: 2, pending: 1, unsubscribed: 1, bounced: 0, all: 4 });
      expect(page).toMatchObject({ page: 1, pages: 1 });
      expect(page.items.map((s) => s.email)).toEqual(["dayo@example.com", "ada@example.com"]);
      expect(page.items[1]).toEqual({
        email: "ada@example.com",
        state: "subscribed",
        signedUpAt: ada.consentAt,
        confirmedAt: h.c.t - 9 * MINUTE,
        unsubscribedAt: null,
        source: "/newsletter#page",
        bouncedAt: null,
        bounceReason: null,
        undeliveredIssues: 0,
      });
      expect(await emails("pending")).toEqual(["bayo@example.com"]);
      expect((await subscribers.list({ state: "pending", q: "", page: 1 })).items[0]).toMatchObject({
        state: "pending",
        confirmedAt: null,
        unsubscribedAt: null,
      });
      expect((await subscribers.list({ state: "unsubscribed", q: "", page: 1 })).items).toEqual([
        expect.objectContaining({
          email: "chi@example.com",
          state: "unsubscribed",
          unsubscribedAt: h.c.t - 28 * MINUTE,
        }),
      ]);
      expect(await emails("all")).toEqual([
        "dayo@example.com",
        "ada@example.com",
        "bayo@example.com",
        "chi@example.com",
      ]);
    });

    it("search: part of the address, whatever the letter case; % and _ are plain characters", async () => {
      const { subscribers, add, emails } = await start();
      await add("chidinma.okeke@mail.ng", { minutesAgo: 1 });
      await add("ops_team@example.ng", { minutesAgo: 2, state: "pending" });
      await add("opsxteam@example.ng", { minutesAgo: 3 });
      await add("100%real@example.com", { minutesAgo: 4, state: "unsubscribed" });
      await add("1000real@example.com", { minutesAgo: 5 });
      await add("back\\slash@example.com", { minutesAgo: 6 });

      expect(await emails("all", "okeke")).toEqual(["chidinma.okeke@mail.ng"]);
      expect(await emails("all", "OKEKE@MAIL")).toEqual(["chidinma.okeke@mail.ng"]);
      expect(await emails("all", "  Okeke  ")).toEqual(["chidinma.okeke@mail.ng"]);
      expect(await emails("all", "EXAMPLE.NG")).toEqual(["ops_team@example.ng", "opsxteam@example.ng"]);
      // As wildcards, "_" would match "opsxteam" and "%" every address.
      expect(await emails("all", "ops_team")).toEqual(["ops_team@example.ng"]);
      expect(await emails("all", "_")).toEqual(["ops_team@example.ng"]);
      expect(await emails("all", "100%")).toEqual(["100%real@example.com"]);
      expect(await emails("all", "%")).toEqual(["100%real@example.com"]);
      expect(await emails("all", "10_0")).toEqual([]);
      expect(await emails("all", "\\")).toEqual(["back\\slash@example.com"]);
      expect(await emails("all", "nobody")).toEqual([]);
      // The counts are of what matches; the filter applies on top.
      const found = await subscribers.list({ state: "subscribed", q: "Example.NG", page: 1 });
      expect(found.counts).toEqual({ subscribed: 1, pending: 1, unsubscribed: 0, bounced: 0, all: 2 });
      expect(found.items.map((s) => s.email)).toEqual(["opsxteam@example.ng"]);
    });

    it(`pages of ${PAGE_SIZE}, latest first; a page past the end shows the last one`, async () => {
      const { subscribers, add } = await start();
      const all = [];
      for (let i = 0; i < PAGE_SIZE + 3; i++)
        all.push((await add(`person${i}@example.com`, { minutesAgo: i, state: "pending" })).email);
      const first = await subscribers.list({ state: "pending", q: "", page: 1 });
      expect(first).toMatchObject({ page: 1, pages: 2 });
      expect(first.items.map((s) => s.email)).toEqual(all.slice(0, PAGE_SIZE));
      const second = await subscribers.list({ state: "pending", q: "", page: 2 });
      expect(second.items.map((s) => s.email)).toEqual(all.slice(PAGE_SIZE));
      expect(await subscribers.list({ state: "pending", q: "", page: 99 })).toMatchObject({ page: 2 });
      expect(await subscribers.list({ state: "pending", q: "", page: Number.NaN })).toMatchObject({
        page: 1,
      });
      expect(await subscribers.list({ state: "subscribed", q: "", page: 3 })).toMatchObject({
        items: [],
        page: 1,
        pages: 1,
      });
    });

    it("CSV: the confirmed subscribers only, as the shell's export writes them; the export is audited", async () => {
      const { h, subscribers, add, audit } = await start();
      await add("first@example.com", { minutesAgo: 30 });
      await add("=cmd@example.com", { minutesAgo: 20, source: "/faq#footer, the side panel" });
      await add("waiting@example.com", { minutesAgo: 10, state: "pending" });
      await add("gone@example.com", { minutesAgo: 5, state: "unsubscribed" });

      const csv = await subscribers.csv(AMAKA);
      expect(csv.endsWith("\r\n")).toBe(true);
      const time = (minutesAgo: number) =>
        new Date(h.c.t - minutesAgo * MINUTE).toISOString().slice(0, 19).replace("T", " ");
      expect(parseCsv(csv)).toEqual([
        ["Email Address", "OPTIN_TIME", "CONFIRM_TIME", "SOURCE"],
        ["first@example.com", time(30), time(29), "/blog-standard#footer"],
        ["'=cmd@example.com", time(20), time(19), "/faq#footer, the side panel"],
      ]);
      expect(await audit()).toEqual([
        { actor: AMAKA, action: "subscriber.export", subject: null, detail: "2 subscribers" },
      ]);
    });

    it("erase: the record and its e-mails go, the address is suppressed, the audit log does not keep it", async () => {
      const { h, subscribers, store, add, emails, audit } = await start();
      const gone = await add("Erase.Me@Example.com", { minutesAgo: 2, state: "pending" });
      await add("kept@example.com", { minutesAgo: 1 });
      const jobs = () =>
        h.s.db.kysely
          .selectFrom("mail_outbox")
          .select("id")
          .where("kind", "=", NEWSLETTER_CONFIRM)
          .where("recordId", "=", gone.id)
          .execute();
      expect(await jobs()).toHaveLength(1);

      expect(await subscribers.erase("erase.me@example.com", AMAKA)).toBe(true);
      expect(await store.findByEmail("erase.me@example.com")).toBeNull();
      expect(await jobs()).toHaveLength(0);
      expect(await store.isSuppressed("erase.me@example.com")).toBe(true);
      expect(await emails("all")).toEqual(["kept@example.com"]);
      expect((await subscribers.list({ state: "all", q: "", page: 1 })).counts.all).toBe(1);

      // Gone already, or never there: nothing to erase, and nothing added to the suppression list.
      expect(await subscribers.erase("erase.me@example.com", AMAKA)).toBe(false);
      expect(await subscribers.erase("stranger@example.com", AMAKA)).toBe(false);
      expect(await store.isSuppressed("stranger@example.com")).toBe(false);

      const log = await audit();
      expect(log).toEqual([{ actor: AMAKA, action: "subscriber.erased", subject: null, detail: null }]);
      const everything = JSON.stringify(await h.s.db.kysely.selectFrom("staff_audit").selectAll().execute());
      expect(everything.toLowerCase()).not.toContain("erase.me");
      expect(everything).not.toContain(gone.id);
    });
  });
}
