// @vitest-environment node
// The staff console's enquiries on SQLite and on PostgreSQL, through the whole server stack (the
// contact inbox, the mail outbox and a real SMTP server on loopback): filters and their counts,
// search in every field whatever the letter case, handled and by whom, retry (never a sent one),
// erasure with the e-mail job, the CSV export, and the audit log of every change.
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { testDatabases } from "../db/testing/databases.ts";
import { startHarness } from "../testing/feature-harness.ts";
import type { NewMessage } from "./repository.ts";
import type { EnquiryFilter } from "#app/lib/ports/enquiries.ts";
import { PAGE_SIZE } from "./console.ts";
import { parseCsv } from "../testing/csv.ts";

const databases = await testDatabases("Staff enquiries");
const MINUTE = 60_000;
const AMAKA = "amaka@techspark.ng";
const IFY = "ify@techspark.ng";

let cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const f of cleanups.reverse()) await f();
  cleanups = [];
});

for (const database of databases) {
  describe(`on ${database.name}`, () => {
    async function start() {
      const h = await startHarness(database, cleanups);
      const enquiries = h.s.staff.enquiries;
      /** A message received `minutesAgo` before the test's now, through the contact inbox. */
      const receive = async (fields: Partial<NewMessage> & { minutesAgo?: number } = {}) => {
        const { minutesAgo = 0, ...rest } = fields;
        const m: NewMessage = {
          id: randomUUID(),
          createdAt: h.c.t - minutesAgo * MINUTE,
          name: "Ada Obi",
          email: "ada@example.com",
          phone: "+234 803 555 0142",
          message: "We need a new website.\nCan you help?",
          clientHash: "0123456789abcdef",
          state: "queued",
          ...rest,
        };
        await h.s.contact.store.insert(m);
        return m;
      };
      /** Its e-mail job's state, set as the worker would leave it. */
      const setJob = (id: string, state: "failed" | "retrying", lastError = "ECONNECTION: refused") =>
        h.s.db.kysely
          .updateTable("mail_outbox")
          .set({ state, lastError, totalAttempts: 3 })
          .where("recordId", "=", id)
          .execute();
      const ids = async (state: EnquiryFilter, q = "", page = 1) =>
        (await enquiries.list({ state, q, page })).items.map((e) => e.id);
      const audit = async () =>
        (await h.s.staff.store.auditLog()).map(({ actor, action, subject, detail }) => ({
          actor,
          action,
          subject,
          detail,
        }));
      return { h, enquiries, receive, setJob, ids, audit };
    }

    it("filters: new, handled, spam, failing, all, with a count each, newest first", async () => {
      const { enquiries, receive, setJob, ids } = await start();
      const fresh = await receive({ minutesAgo: 1, message: "  \n  First line here  \nsecond line" });
      const handled = await receive({ minutesAgo: 2 });
      const spam = await receive({ minutesAgo: 3, state: "spam" });
      const failed = await receive({ minutesAgo: 4 });
      const retrying = await receive({ minutesAgo: 5 });
      await setJob(failed.id, "failed");
      await setJob(retrying.id, "retrying");
      expect(await enquiries.markHandled(handled.id, AMAKA)).toBe(true);

      const page = await enquiries.list({ state: "new", q: "", page: 1 });
      expect(page.counts).toEqual({ new: 3, handled: 1, spam: 1, failing: 2, all: 5 });
      expect(page).toMatchObject({ page: 1, pages: 1 });
      expect(page.items.map((e) => e.id)).toEqual([fresh.id, failed.id, retrying.id]);
      expect(page.items[0]).toEqual({
        id: fresh.id,
        createdAt: fresh.createdAt,
        name: "Ada Obi",
        email: "ada@example.com",
        firstLine: "First line here",
        delivery: "queued",
        handledAt: null,
        handledBy: null,
      });
      expect(await ids("handled")).toEqual([handled.id]);
      expect(await ids("spam")).toEqual([spam.id]);
      expect(await ids("failing")).toEqual([failed.id, retrying.id]);
      expect(await ids("all")).toEqual([fresh, handled, spam, failed, retrying].map((m) => m.id));
      expect(
        (await enquiries.list({ state: "failing", q: "", page: 1 })).items.map((e) => e.delivery),
      ).toEqual(["failed", "retrying"]);
    });

    it(`pages of ${PAGE_SIZE}, newest first; a page past the end shows the last one`, async () => {
      const { enquiries, receive } = await start();
      const all = [];
      for (let i = 0; i < PAGE_SIZE + 3; i++) all.push(await receive({ minutesAgo: i, name: `Person ${i}` }));
      const first = await enquiries.list({ state: "all", q: "", page: 1 });
      expect(first).toMatchObject({ page: 1, pages: 2 });
      expect(first.items.map((e) => e.id)).toEqual(all.slice(0, PAGE_SIZE).map((m) => m.id));
      const second = await enquiries.list({ state: "all", q: "", page: 2 });
      expect(second.items.map((e) => e.id)).toEqual(all.slice(PAGE_SIZE).map((m) => m.id));
      expect(await enquiries.list({ state: "all", q: "", page: 99 })).toMatchObject({ page: 2 });
      expect(await enquiries.list({ state: "all", q: "", page: Number.NaN })).toMatchObject({ page: 1 });
    });

    it("search: name, e-mail, phone and message, whatever the letter case; % and _ are plain characters", async () => {
      const { enquiries, receive, ids } = await start();
      const chidinma = await receive({ minutesAgo: 1, name: "Chidinma OKEKE", email: "c.okeke@mail.ng" });
      const ops = await receive({ minutesAgo: 2, name: "Bayo", email: "Ops@Example.NG" });
      const phone = await receive({ minutesAgo: 3, name: "Musa", phone: "+234 809 111 2233" });
      const school = await receive({
        minutesAgo: 4,
        name: "Ngozi",
        message: "Hello,\nWe need a SCHOOL Portal with 100% uptime and user_roles.",
      });
      const emeka = await receive({ minutesAgo: 5, name: "Émeka Ñ", state: "spam" });

      expect(await ids("all", "okeke")).toEqual([chidinma.id]); // name and e-mail
      expect(await ids("all", "ops@example.ng")).toEqual([ops.id]);
      expect(await ids("all", "EXAMPLE.ng")).toEqual([ops.id]);
      expect(await ids("all", "111 2233")).toEqual([phone.id]);
      expect(await ids("all", "school portal")).toEqual([school.id]);
      expect(await ids("all", "100%")).toEqual([school.id]);
      expect(await ids("all", "%")).toEqual([school.id]);
      expect(await ids("all", "_")).toEqual([school.id]);
      // As wildcards they would match "100%" and "Portal with 100% uptime".
      expect(await ids("all", "100_")).toEqual([]);
      expect(await ids("all", "portal%uptime")).toEqual([]);
      expect(await ids("all", "Émeka")).toEqual([emeka.id]);
      expect(await ids("all", "nobody like this")).toEqual([]);
      expect(await ids("all", "  okeke  ")).toEqual([chidinma.id]);
      // The counts are of what matches; the filter applies on top.
      const found = await enquiries.list({ state: "new", q: "example.NG", page: 1 });
      expect(found.counts).toEqual({ new: 1, handled: 0, spam: 0, failing: 0, all: 1 });
    });

    it("handled, and by whom: kept with the message; the first one stays; new again", async () => {
      const { h, enquiries, receive, ids, audit } = await start();
      const m = await receive();
      expect(await enquiries.markHandled(m.id, AMAKA)).toBe(true);
      expect(await enquiries.get(m.id)).toMatchObject({ handledAt: h.c.t, handledBy: AMAKA });
      h.c.advance(MINUTE);
      expect(await enquiries.markHandled(m.id, IFY)).toBe(false);
      expect(await enquiries.get(m.id)).toMatchObject({ handledAt: h.c.t - MINUTE, handledBy: AMAKA });
      expect((await enquiries.list({ state: "handled", q: "", page: 1 })).items).toMatchObject([
        { id: m.id, handledBy: AMAKA },
      ]);
      expect(await ids("new")).toEqual([]);

      expect(await enquiries.markNew(m.id, IFY)).toBe(true);
      expect(await enquiries.markNew(m.id, IFY)).toBe(false);
      expect(await enquiries.get(m.id)).toMatchObject({ handledAt: null, handledBy: null });
      expect(await ids("new")).toEqual([m.id]);
      expect(await enquiries.markHandled(randomUUID(), AMAKA)).toBe(false);
      expect(await audit()).toEqual([
        { actor: IFY, action: "enquiry.new", subject: m.id, detail: null },
        { actor: AMAKA, action: "enquiry.handled", subject: m.id, detail: null },
      ]);
    });

    it("retry: never a sent message; a failed one is queued again and delivered", async () => {
      const { h, enquiries, receive, setJob, audit } = await start();
      const sent = await receive({ minutesAgo: 1 });
      expect(await h.s.mail.worker.runOnce()).toBe(1);
      expect(await enquiries.get(sent.id)).toMatchObject({ delivery: "sent", sentAt: expect.any(Number) });
      expect(await enquiries.retry(sent.id, AMAKA)).toBe(false);
      h.c.advance(MINUTE);
      expect(await h.s.mail.worker.runOnce()).toBe(0);
      expect(h.mailbox.received).toHaveLength(1);

      const failed = await receive();
      await setJob(failed.id, "failed", "EENVELOPE: 550 No such mailbox");
      expect(await enquiries.get(failed.id)).toMatchObject({
        delivery: "failed",
        attempts: 3,
        lastError: "EENVELOPE: 550 No such mailbox",
      });
      expect(await enquiries.retry(failed.id, AMAKA)).toBe(true);
      expect(await enquiries.get(failed.id)).toMatchObject({ delivery: "queued" });
      expect(await h.s.mail.worker.runOnce()).toBe(1);
      expect(await enquiries.get(failed.id)).toMatchObject({ delivery: "sent" });
      expect(await enquiries.retry(randomUUID(), AMAKA)).toBe(false);
      expect(await audit()).toEqual([
        { actor: AMAKA, action: "enquiry.retry", subject: failed.id, detail: null },
      ]);
    });

    it("erase: the message and its e-mail job go for good", async () => {
      const { h, enquiries, receive, ids, audit } = await start();
      const gone = await receive({ minutesAgo: 1 });
      const kept = await receive({ minutesAgo: 2 });
      const jobs = (id: string) =>
        h.s.db.kysely.selectFrom("mail_outbox").select("id").where("recordId", "=", id).execute();
      expect(await jobs(gone.id)).toHaveLength(1);

      expect(await enquiries.erase(gone.id, AMAKA)).toBe(true);
      expect(await enquiries.get(gone.id)).toBeNull();
      expect(await jobs(gone.id)).toHaveLength(0);
      expect(await ids("all")).toEqual([kept.id]);
      expect(await jobs(kept.id)).toHaveLength(1);
      expect(await enquiries.erase(gone.id, AMAKA)).toBe(false);
      // Nothing is e-mailed for it afterwards.
      expect(await h.s.mail.worker.runOnce()).toBe(1);
      expect(h.mailbox.received).toHaveLength(1);
      expect(await audit()).toEqual([
        { actor: AMAKA, action: "enquiry.erased", subject: gone.id, detail: null },
      ]);
    });

    it("CSV: a header and one row per message, commas, quotes and line breaks quoted; the export is audited", async () => {
      const { enquiries, receive, setJob, audit } = await start();
      const plain = await receive({ minutesAgo: 2, name: "Musa Bello", email: "musa@example.com" });
      const awkward = await receive({
        minutesAgo: 1,
        name: 'Obi, Ada "Adaeze"',
        phone: "+234 803 555 0142",
        message: 'Line one, with a comma.\r\nLine "two".\nLine three',
      });
      await setJob(awkward.id, "failed", 'EENVELOPE: 550 "no", sorry');
      const spam = await receive({ name: "=cmd()", state: "spam" });

      const csv = await enquiries.csv(AMAKA);
      expect(csv.endsWith("\r\n")).toBe(true);
      const rows = parseCsv(csv);
      expect(rows[0]!.join(",")).toBe("id,received,state,attempts,sent,name,email,phone,message,last_error");
      expect(rows).toHaveLength(4); // oldest first
      expect(rows[1]).toEqual([
        plain.id,
        new Date(plain.createdAt).toISOString(),
        "queued",
        "0",
        "",
        "Musa Bello",
        "musa@example.com",
        "'+234 803 555 0142",
        "We need a new website.\nCan you help?",
        "",
      ]);
      expect(rows[2]).toEqual([
        awkward.id,
        new Date(awkward.createdAt).toISOString(),
        "failed",
        "3",
        "",
        'Obi, Ada "Adaeze"',
        "ada@example.com",
        "'+234 803 555 0142",
        'Line one, with a comma.\r\nLine "two".\nLine three',
        'EENVELOPE: 550 "no", sorry',
      ]);
      expect(rows[3]).toMatchObject({ 0: spam.id, 2: "spam", 5: "'=cmd()" });
      expect(csv).toContain('"Obi, Ada ""Adaeze"""');
      expect(await audit()).toEqual([
        { actor: AMAKA, action: "enquiry.export", subject: null, detail: "3 messages" },
      ]);
    });
  });
}
