// @vitest-environment node
// Upgrading in place: a database made by the code before the data layer (its schema kept in
// ./testing/legacy-schema.ts), with messages in every state and pending delivery jobs, is opened
// by the current code. Every message is still there, and every pending job is delivered (with
// the Message-ID the old code used) to a real SMTP server on loopback. SQLite and PostgreSQL.
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { clock } from "../testing/clock.ts";
import { config } from "../testing/config.ts";
import { startSmtp, type TestSmtp } from "../testing/smtp.ts";
import { openServices, type Services } from "../services.ts";
import { deferrals, testDatabases, type Location } from "./testing/databases.ts";
import { writeLegacyDatabase, type LegacyMessage } from "./testing/legacy-schema.ts";
import { migrations } from "./migrate.ts";
import { openDatabase } from "./index.ts";

const MIGRATIONS = await migrations.getMigrations();
const T0 = Date.UTC(2031, 0, 6, 9, 0, 0);
const MINUTE = 60_000;

function legacy(state: LegacyMessage["state"], extra: Partial<LegacyMessage> = {}): LegacyMessage {
  return {
    id: randomUUID(),
    createdAt: T0 - 30 * MINUTE,
    updatedAt: T0 - 20 * MINUTE,
    name: `Ada ${state}`,
    email: `${state}@example.com`,
    phone: "+234 803 555 0142",
    message: `A message that was ${state}.\nSecond line & <b>markup</b>.`,
    clientHash: "0123456789abcdef",
    state,
    attempts: 0,
    lastError: null,
    sentAt: null,
    ...extra,
  };
}

const job = (extra: Partial<NonNullable<LegacyMessage["job"]>> = {}) => ({
  enqueuedAt: T0 - 30 * MINUTE,
  attempts: 0,
  nextAttemptAt: T0 - 30 * MINUTE,
  leaseOwner: null,
  leaseUntil: null,
  ...extra,
});

const databases = await testDatabases("Upgrade from the hand-written stores");

for (const database of databases) {
  describe(`on ${database.name}`, () => {
    const defer = deferrals();
    async function location(): Promise<Location> {
      const l = await database.fresh({ empty: true }); // the old stores are found before migrating
      defer(() => l.cleanup());
      return l;
    }
    async function smtp(): Promise<TestSmtp> {
      const s = await startSmtp();
      defer(() => s.close());
      return s;
    }
    async function start(l: Location, extra: Parameters<typeof config>[0]): Promise<Services> {
      const s = await openServices(config({ ...extra, dataDir: l.dataDir, databaseUrl: l.databaseUrl }));
      defer(() => s.close());
      return s;
    }

    it("keeps every message and delivers every pending job with its old Message-ID", async () => {
      const l = await location();
      const sent = legacy("sent", { attempts: 1, sentAt: T0 - 25 * MINUTE });
      const failed = legacy("failed", { attempts: 3, lastError: "EENVELOPE: 550 5.1.1 No such mailbox" });
      const spam = legacy("spam", { name: "Émeka Ñ 😀" });
      const queued = legacy("queued", { job: job() });
      const retrying = legacy("retrying", {
        attempts: 2,
        lastError: "ECONNECTION: refused",
        job: job({ attempts: 2, nextAttemptAt: T0 + 2 * MINUTE }),
      });
      // A worker of the old code died mid-delivery: its lease runs out a minute from now.
      const sending = legacy("sending", {
        attempts: 1,
        job: job({ attempts: 1, leaseOwner: "old-host:123:abcd", leaseUntil: T0 + MINUTE }),
      });
      const waiting = legacy("waiting-for-transport", { job: job() });
      const all = [sent, failed, spam, queued, retrying, sending, waiting];
      await writeLegacyDatabase(l, all);

      const mailbox = await smtp();
      const c = clock(T0);
      const s = await start(l, { dataDir: l.dataDir, smtpUrl: mailbox.url, now: c.now });

      // Every message, every field, as it was.
      const stored = await s.contact.store.exportAll();
      expect(stored.map((m) => m.id).sort()).toEqual(all.map((m) => m.id).sort());
      for (const m of all) {
        expect(await s.contact.store.get(m.id)).toMatchObject({
          id: m.id,
          createdAt: m.createdAt,
          name: m.name,
          email: m.email,
          phone: m.phone,
          message: m.message,
          clientHash: m.clientHash,
          attempts: m.attempts,
        });
      }
      expect(await s.contact.store.get(sent.id)).toMatchObject({ state: "sent", sentAt: sent.sentAt });
      expect(await s.contact.store.get(failed.id)).toMatchObject({
        state: "failed",
        lastError: failed.lastError,
      });
      expect(await s.contact.store.get(spam.id)).toMatchObject({ state: "spam", nextAttemptAt: null });
      // Pending jobs keep their schedule (the waiting one is queued now that SMTP is set).
      expect(await s.contact.store.get(retrying.id)).toMatchObject({
        state: "retrying",
        nextAttemptAt: T0 + 2 * MINUTE,
      });
      expect(await s.contact.store.get(waiting.id)).toMatchObject({ state: "queued" });

      // Now: the queued and waiting ones go; the retrying one is not due, the dead lease not free.
      expect(await s.mail.worker.runOnce()).toBe(2);
      c.advance(2 * MINUTE);
      expect(await s.mail.worker.runOnce()).toBe(2);
      const ids = (mails: typeof mailbox.received) => mails.map((m) => m.headers.get("message-id")).sort();
      const pending = [queued, retrying, sending, waiting];
      expect(ids(mailbox.received)).toEqual(pending.map((m) => `<contact-${m.id}@techspark.ng>`).sort());
      for (const m of pending) {
        expect(await s.contact.store.get(m.id)).toMatchObject({ state: "sent", sentAt: expect.any(Number) });
      }
      expect(await s.contact.store.get(retrying.id)).toMatchObject({ attempts: 3 });
      const delivered = mailbox.received.find((m) => m.headers.get("message-id")?.includes(sending.id))!;
      expect(delivered.text).toContain(sending.message);
      expect(delivered.html).toContain("Second line &amp; &lt;b&gt;markup&lt;/b&gt;.");
      // Nothing else is sent: the finished and the spam messages stay as they were.
      c.advance(60 * MINUTE);
      expect(await s.mail.worker.runOnce()).toBe(0);
      expect(mailbox.received).toHaveLength(4);

      // The old bookkeeping is gone; the migration is recorded once.
      const tables = (await s.db.kysely.introspection.getTables()).map((t) => t.name);
      expect(tables).not.toContain("schema_version");
      expect(tables).not.toContain("contact_outbox");
      expect(tables.filter((t) => t.startsWith("legacy_"))).toEqual([]);
      const ran = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
        s.db.kysely,
      );
      expect(ran.rows.map((r) => r.name)).toEqual(Object.keys(MIGRATIONS).sort());
    });

    it("adopts a large inbox in batches, and a reopened database runs nothing again", async () => {
      const l = await location();
      const many = Array.from({ length: 1203 }, (_, i) =>
        legacy(i % 3 === 0 ? "spam" : "sent", { createdAt: T0 - i * MINUTE, attempts: i % 3 === 0 ? 0 : 1 }),
      );
      await writeLegacyDatabase(l, many);
      const first = await openDatabase(l);
      const count = async () =>
        Number(
          (
            await first.kysely
              .selectFrom("contact_message")
              .select((eb) => eb.fn.countAll().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await count()).toBe(1203);
      const jobs = await first.kysely
        .selectFrom("mail_outbox")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(jobs.n)).toBe(802);
      await first.close();
      const again = await openDatabase(l);
      const ran = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
        again.kysely,
      );
      expect(ran.rows).toHaveLength(Object.keys(MIGRATIONS).length);
      await again.close();
    });
  });
}
