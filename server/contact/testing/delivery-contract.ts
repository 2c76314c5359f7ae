// End-to-end delivery behaviour against a real SMTP server (run for SQLite and PostgreSQL).
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { IDEMPOTENCY_FIELD } from "#app/config/forms.ts";
import { CONTACT_NOTICE } from "../mail.ts";
import { openServices, type Services, type ServicesConfig } from "../../services.ts";
import type { Location, TestDatabase } from "../../db/testing/databases.ts";
import { clock, type Clock } from "../../testing/clock.ts";
import { config, MAIL_TO } from "../../testing/config.ts";
import { formInput, VALID } from "../../testing/form-input.ts";
import { memoryLog } from "../../testing/log.ts";
import { decodeHeader, startSmtp, type TestSmtp } from "../../testing/smtp.ts";

const MINUTE = 60_000;

export function deliveryContract(backend: () => TestDatabase) {
  describe("delivery through the outbox", () => {
    let cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const f of cleanups.reverse()) await f();
      cleanups = [];
    });

    async function location(): Promise<Location> {
      const l = await backend().fresh();
      cleanups.push(() => l.cleanup());
      return l;
    }
    async function smtp(port = 0, mode?: Parameters<typeof startSmtp>[1]): Promise<TestSmtp> {
      const s = await startSmtp(port, mode);
      cleanups.push(() => s.close());
      return s;
    }
    async function service(l: Location, c: Clock, extra: Partial<ServicesConfig> = {}): Promise<Services> {
      const s = await openServices(
        config({ dataDir: l.dataDir, databaseUrl: l.databaseUrl, now: c.now, smtpTimeoutMs: 3000, ...extra }),
      );
      cleanups.push(() => s.close());
      return s;
    }
    async function submit(s: Services, c: Clock, fields: Record<string, unknown> = VALID) {
      const before = new Set((await s.contact.store.list()).map((m) => m.id));
      const result = await s.contact.submitForm(formInput(c.t, fields));
      expect(result).toEqual({
        status: 200,
        body: { success: true, message: "Thanks For Your Message! We'll get back to you soon." },
      });
      const stored = (await s.contact.store.list()).filter((m) => !before.has(m.id));
      expect(stored).toHaveLength(1);
      return stored[0]!;
    }

    it("delivers a valid message with the right fields, escaped HTML, Reply-To and a stable Message-ID", async () => {
      const l = await location();
      const mailbox = await smtp();
      const c = clock();
      const log = memoryLog();
      const s = await service(l, c, { smtpUrl: mailbox.url, logger: log.logger });
      const fields = {
        name: `Ada "O'Neil" <b>Obi</b> & Sons`,
        email: "ada.obi+web@example.com",
        phone: "+234 803 555 0142",
        message: `Hello <script>alert("x")</script>\nWe need a quote & a call.`,
      };
      const stored = await submit(s, c, fields);
      expect(stored.state).toBe("queued");
      expect(await s.mail.worker.runOnce()).toBe(1);

      expect(mailbox.received).toHaveLength(1);
      const mail = mailbox.received[0]!;
      expect(mail.envelopeTo).toEqual([MAIL_TO]);
      expect(mail.envelopeFrom).toBe("no-reply@techspark.ng");
      expect(mail.headers.get("message-id")).toBe(`<contact-${stored.id}@techspark.ng>`);
      expect(decodeHeader(mail.headers.get("subject")!)).toBe(`New enquiry from ${fields.name}`);
      expect(decodeHeader(mail.headers.get("reply-to")!)).toContain("<ada.obi+web@example.com>");
      expect(decodeHeader(mail.headers.get("to")!)).toBe(MAIL_TO);
      expect(mail.text).toContain(`Name:    ${fields.name}`);
      expect(mail.text).toContain(`Phone:   +234 803 555 0142`);
      expect(mail.text).toContain(fields.message);
      expect(mail.html).toContain("Ada &quot;O&#39;Neil&quot; &lt;b&gt;Obi&lt;/b&gt; &amp; Sons");
      expect(mail.html).toContain(
        "Hello &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;\nWe need a quote &amp; a call.",
      );
      expect(mail.html).not.toContain("<script");
      expect(mail.html).not.toContain("<b>Obi");

      expect(await s.contact.store.get(stored.id)).toMatchObject({ state: "sent", attempts: 1, sentAt: c.t });
      // Logs: ids and hashes, never what the visitor wrote or their address.
      const logs = log.json();
      expect(logs).toContain(stored.id);
      expect(logs).toContain("mail.delivery.sent");
      // (The phone as typed and as digits: a short fragment such as "803" can occur in a random id.)
      for (const secret of ["ada.obi", "Neil", "alert", "803 555", "5550142", "203.0.113.7"])
        expect(logs).not.toContain(secret);
    });

    it("accepts messages while SMTP is down and delivers them when it is back, backing off 1, 2… minutes", async () => {
      const l = await location();
      const probe = await startSmtp();
      const port = probe.port;
      await probe.close(); // the agency's mail server is down
      const c = clock();
      const s = await service(l, c, { smtpUrl: `smtp://127.0.0.1:${port}` });
      const stored = await submit(s, c);

      expect(await s.mail.worker.runOnce()).toBe(1);
      let m = await s.contact.store.get(stored.id);
      expect(m).toMatchObject({ state: "retrying", attempts: 1, nextAttemptAt: c.t + MINUTE });
      expect(m?.lastError).toMatch(/ECONNECTION|ECONNREFUSED/);

      c.advance(MINUTE);
      expect(await s.mail.worker.runOnce()).toBe(1);
      m = await s.contact.store.get(stored.id);
      expect(m).toMatchObject({ state: "retrying", attempts: 2, nextAttemptAt: c.t + 2 * MINUTE });

      const mailbox = await smtp(port); // back up
      c.advance(MINUTE);
      expect(await s.mail.worker.runOnce()).toBe(0); // not due yet
      c.advance(MINUTE);
      expect(await s.mail.worker.runOnce()).toBe(1);
      expect(mailbox.received.map((r) => r.headers.get("message-id"))).toEqual([
        `<contact-${stored.id}@techspark.ng>`,
      ]);
      expect(await s.contact.store.get(stored.id)).toMatchObject({
        state: "sent",
        attempts: 3,
        nextAttemptAt: null,
      });
    });

    it("marks a message failed after a few permanent (550) rejections, and delivers it on operator retry", async () => {
      const l = await location();
      const mailbox = await smtp(0, { kind: "reject", code: 550, message: "5.1.1 Mailbox unavailable" });
      const c = clock();
      const log = memoryLog();
      const s = await service(l, c, { smtpUrl: mailbox.url, logger: log.logger });
      const stored = await submit(s, c);
      const states: string[] = [];
      for (let i = 0; i < 4; i++) {
        await s.mail.worker.runOnce();
        states.push((await s.contact.store.get(stored.id))!.state);
        c.advance(60 * MINUTE);
      }
      expect(states).toEqual(["retrying", "retrying", "failed", "failed"]);
      const failed = await s.contact.store.get(stored.id);
      expect(failed).toMatchObject({ attempts: 3, nextAttemptAt: null });
      expect(failed?.lastError).toContain("550");
      expect(mailbox.received).toHaveLength(0);
      expect(log.entries.filter((e) => e.msg === "mail.delivery.failed")).toHaveLength(1);

      mailbox.mode = { kind: "accept" }; // the agency fixed its mailbox
      expect(await s.contact.store.retryFailed(c.t)).toBe(1);
      expect(await s.mail.worker.runOnce()).toBe(1);
      expect(mailbox.received).toHaveLength(1);
      expect(await s.contact.store.get(stored.id)).toMatchObject({ state: "sent", attempts: 4 });
    });

    it("gives up on a transient failure after 5 days, retrying at most hourly", async () => {
      const l = await location();
      const probe = await startSmtp();
      await probe.close();
      const c = clock();
      const s = await service(l, c, { smtpUrl: `smtp://127.0.0.1:${probe.port}`, smtpTimeoutMs: 1000 });
      const stored = await submit(s, c);
      const start = c.t;
      const gaps: number[] = [];
      for (let i = 0; i < 500; i++) {
        await s.mail.worker.runOnce();
        const m = (await s.contact.store.get(stored.id))!;
        if (m.state === "failed") break;
        expect(m.state).toBe("retrying");
        gaps.push(m.nextAttemptAt! - c.t);
        c.t = m.nextAttemptAt!;
      }
      expect(gaps.slice(0, 7).map((g) => g / MINUTE)).toEqual([1, 2, 4, 8, 16, 32, 60]);
      expect(Math.max(...gaps)).toBe(60 * MINUTE);
      expect(c.t - start).toBeGreaterThanOrEqual(5 * 24 * 60 * MINUTE);
      expect(c.t - start).toBeLessThan(5 * 24 * 60 * MINUTE + 60 * MINUTE);
    });

    it("keeps messages waiting without SMTP_URL and delivers them once a transport is configured", async () => {
      const l = await location();
      const c = clock();
      const without = await service(l, c);
      const stored = await submit(without, c);
      expect(stored.state).toBe("waiting-for-transport");
      expect(await without.mail.worker.runOnce()).toBe(0);
      await without.close();

      const mailbox = await smtp();
      const s = await service(l, c, { smtpUrl: mailbox.url });
      expect((await s.contact.store.get(stored.id))?.state).toBe("queued");
      expect(await s.mail.worker.runOnce()).toBe(1);
      expect(mailbox.received).toHaveLength(1);
      expect((await s.contact.store.get(stored.id))?.state).toBe("sent");
    });

    it("answers spam like a success but never delivers it, and keeps count", async () => {
      const l = await location();
      const mailbox = await smtp();
      const c = clock();
      const log = memoryLog();
      const s = await service(l, c, { smtpUrl: mailbox.url, logger: log.logger });
      const attempts = [
        formInput(c.t, { ...VALID, website: "http://spam.example" }), // honeypot
        // The script waits out the minimum time itself: sooner, it is not a person.
        formInput(c.t, VALID, { fillMs: 1000, via: "script" }),
      ];
      for (const input of attempts) {
        expect(await s.contact.submitForm(input)).toMatchObject({ status: 200, body: { success: true } });
      }
      // Without JavaScript a quick sender is asked to confirm; nothing is kept yet.
      expect(await s.contact.submitForm(formInput(c.t, VALID, { fillMs: 1000 }))).toMatchObject({
        status: 200,
        confirm: true,
      });
      // A token minted in the future (forged time, or the clock moved back) is refused.
      expect(await s.contact.submitForm(formInput(c.t, VALID, { fillMs: -60_000 }))).toMatchObject({
        status: 403,
      });
      expect(await s.mail.worker.runOnce()).toBe(0);
      expect(mailbox.received).toHaveLength(0);
      expect((await s.contact.store.countByState()).spam).toBe(2);
      expect(log.entries.filter((e) => e.msg === "contact.spam").map((e) => e.reason)).toEqual([
        "honeypot",
        "too-fast",
      ]);
    });

    it("stores and e-mails a message resent with its idempotency key once, answering it as the first time", async () => {
      const l = await location();
      const mailbox = await smtp();
      const c = clock();
      const log = memoryLog();
      const s = await service(l, c, { smtpUrl: mailbox.url, logger: log.logger });
      const key = randomUUID();
      const keyed = (k: string, fields: Record<string, unknown> = VALID) =>
        formInput(c.t, { ...fields, [IDEMPOTENCY_FIELD]: k }, { via: "script" });
      // The first answer was lost (the server died, the network dropped it): the visitor sends
      // the same form again, with the same key, on whichever instance answers.
      const first = await s.contact.submitForm(keyed(key));
      c.advance(MINUTE);
      const again = await s.contact.submitForm(keyed(key));
      expect(first).toEqual({
        status: 200,
        body: { success: true, message: "Thanks For Your Message! We'll get back to you soon." },
      });
      expect(again).toMatchObject(first);
      expect(again.body).toEqual(first.body);
      expect(await s.contact.store.list()).toHaveLength(1);
      expect(await s.mail.outbox.list({ kind: CONTACT_NOTICE })).toHaveLength(1);
      // Another message is another key: stored and sent too.
      await s.contact.submitForm(keyed(randomUUID(), { ...VALID, message: "A second question." }));
      expect(await s.mail.worker.runOnce()).toBe(2);
      const ids = (await s.contact.store.list()).map((m) => `<contact-${m.id}@techspark.ng>`);
      expect(ids).toHaveLength(2);
      expect(mailbox.received.map((m) => m.headers.get("message-id")).sort()).toEqual(ids.sort());
      expect(log.entries.filter((e) => e.msg === "contact.repeat")).toHaveLength(1);
      // A key that is not one the form makes is refused, never a 500; nothing stored.
      for (const bad of ["not-a-key", "x".repeat(5000), `${key}'; --`]) {
        expect(await s.contact.submitForm(keyed(bad))).toEqual({
          status: 400,
          body: {
            success: false,
            message: "We could not read the form. Please reload the page and send your message again.",
          },
        });
      }
      expect(await s.contact.store.list()).toHaveLength(2);
    });

    it("delivers right after a submit when the worker runs (woken, not polled)", async () => {
      const l = await location();
      const mailbox = await smtp();
      const s = await service(
        l,
        { t: 0, now: Date.now, advance() {} },
        {
          smtpUrl: mailbox.url,
          startWorker: true,
          pollMs: 60 * MINUTE,
        },
      );
      await new Promise((r) => setTimeout(r, 50)); // the first poll has run
      await submit(s, { t: Date.now(), now: Date.now, advance() {} });
      await mailbox.waitFor(() => mailbox.received.length === 1, 5000);
    });

    it("never delivers a job twice with two workers on one database", async () => {
      const l = await location();
      const mailbox = await smtp(0, { kind: "delay", ms: 15 });
      const c = clock();
      const a = await service(l, c, { smtpUrl: mailbox.url });
      const b = await service(l, c, { smtpUrl: mailbox.url });
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) ids.push((await submit(i % 2 ? a : b, c)).id);
      const [byA, byB] = await Promise.all([a.mail.worker.runOnce(), b.mail.worker.runOnce()]);
      expect(byA + byB).toBe(12);
      expect(byA).toBeGreaterThan(0);
      expect(byB).toBeGreaterThan(0);
      const delivered = mailbox.received.map((m) => m.headers.get("message-id"));
      expect(delivered).toHaveLength(12);
      expect(new Set(delivered)).toEqual(new Set(ids.map((id) => `<contact-${id}@techspark.ng>`)));
      expect((await a.contact.store.countByState()).sent).toBe(12);
    });
  });
}
