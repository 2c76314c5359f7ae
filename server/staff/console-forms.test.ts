// @vitest-environment node
// What the console's forms rely on, on SQLite and on PostgreSQL (issue 26): each session's form
// token (the same for the session's life, another for another session, useless without the
// secret), and the limit on tests of a newsletter issue (3 in 10 minutes, 10 a day, per member
// and issue, counted in the audit log, never passed by presses at the same moment).
import { afterEach, describe, expect, it } from "vitest";
import { testDatabases } from "../db/testing/databases.ts";
import { startHarness, type Harness } from "../testing/feature-harness.ts";
import { NEWSLETTER_ISSUE } from "../newsletter/issues.ts";
import { consoleFormToken } from "./form-token.ts";

const databases = await testDatabases("Staff console forms");
const MINUTE = 60_000;
/** Plain-HTTP loopback, where the plain `staff` cookie is the session's. */
const LOCAL = "http://localhost/admin";

let cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const f of cleanups.reverse()) await f();
  cleanups = [];
});

async function member(h: Harness, email: string) {
  const { member } = await h.s.staff.store.invite(
    { email, name: "Ngozi Eze", role: "staff", by: "shell" },
    h.c.now(),
  );
  return { id: member.id, email: member.email, name: member.name, role: member.role };
}

const testJobs = async (h: Harness) =>
  (
    await h.s.db.kysely
      .selectFrom("mail_outbox")
      .select("recordId")
      .where("kind", "=", NEWSLETTER_ISSUE)
      .execute()
  ).filter((j) => j.recordId.includes("~m:")).length;

for (const database of databases) {
  describe(`on ${database.name}`, () => {
    it("gives each session its own form token, the same for its whole life", async () => {
      const h = await startHarness(database, cleanups);
      const me = await member(h, "ngozi@techspark.ng");
      const one = await h.s.staff.store.startSession(me.id, "x", h.c.now());
      const two = await h.s.staff.store.startSession(me.id, "y", h.c.now());
      const first = (await h.s.staff.session(`staff=${one}`, LOCAL))!;
      const second = (await h.s.staff.session(`staff=${two}`, LOCAL))!;
      expect(first.formToken).toMatch(/^[\w-]{43}$/);
      expect(second.formToken).not.toBe(first.formToken);
      h.c.advance(2 * 3_600_000);
      expect((await h.s.staff.session(`staff=${one}`, LOCAL))!.formToken).toBe(first.formToken);
      // Neither the session's id nor its cookie is the token: it takes the secret.
      expect(first.formToken).not.toContain(first.sessionId);
      expect(consoleFormToken("another-secret-0123456789-abcdefghijkl", first.sessionId)).not.toBe(
        first.formToken,
      );
    });

    it("sends at most 3 tests of an issue in 10 minutes and 10 a day to a member, then says when the next can go", async () => {
      const h = await startHarness(database, cleanups);
      const me = await member(h, "ngozi@techspark.ng");
      const other = await member(h, "tunde@techspark.ng");
      const issues = h.s.staff.issues;
      const saved = await issues.save(me.email, null, { subject: "November", body: "Hello" });
      const next = await issues.save(me.email, null, { subject: "December", body: "Hello" });
      if (!saved.ok || !next.ok) throw new Error("not saved");

      const start = h.c.now();
      for (let i = 0; i < 3; i++) {
        expect(await issues.sendTest(me, saved.id)).toEqual({ ok: true });
        h.c.advance(MINUTE);
      }
      // The fourth press within 10 minutes: refused until the first leaves the window.
      expect(await issues.sendTest(me, saved.id)).toEqual({
        ok: false,
        reason: "limit",
        retryAt: start + 10 * MINUTE,
      });
      expect(await testJobs(h)).toBe(3);
      // Another member, or another issue, has a share of its own.
      expect(await issues.sendTest(other, saved.id)).toEqual({ ok: true });
      expect(await issues.sendTest(me, next.id)).toEqual({ ok: true });
      expect(await issues.sendTest(me, "no-such-issue")).toEqual({ ok: false, reason: "unknown" });

      // Then three more every ten minutes, up to ten in the day.
      h.c.t = start + 10 * MINUTE;
      let sent = 3;
      while (sent < 10) {
        const answer = await issues.sendTest(me, saved.id);
        if (answer.ok) sent++;
        else h.c.advance(10 * MINUTE);
      }
      const tenth = h.c.now();
      h.c.advance(30 * MINUTE);
      expect(await issues.sendTest(me, saved.id)).toEqual({
        ok: false,
        reason: "limit",
        retryAt: start + 24 * 60 * MINUTE,
      });
      h.c.t = start + 24 * 60 * MINUTE + 1;
      expect(await issues.sendTest(me, saved.id)).toEqual({ ok: true });
      expect(tenth).toBeLessThan(start + 24 * 60 * MINUTE);
      const audit = (await h.s.staff.store.auditLog()).filter((e) => e.action === "issue.test");
      expect(audit).toHaveLength(10 + 1 + 1 + 1);
    });

    it("never lets presses at the same moment pass the limit", async () => {
      const h = await startHarness(database, cleanups);
      const me = await member(h, "ngozi@techspark.ng");
      const saved = await h.s.staff.issues.save(me.email, null, { subject: "November", body: "Hello" });
      if (!saved.ok) throw new Error("not saved");
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => h.s.staff.issues.sendTest(me, saved.id)),
      );
      expect(answers.filter((a) => a.ok)).toHaveLength(3);
      expect(await testJobs(h)).toBe(3);
    });
  });
}
