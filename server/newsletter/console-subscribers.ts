// The staff console's subscribers: the newsletter's list with filters by state and a search,
// the confirmed (or the bounced) subscribers as CSV (the shell's `npm run newsletter -- export`),
// and erasure on a data-protection request. Erasure goes through the newsletter repository
// (server/newsletter), which keeps a keyed hash on the suppression list; the audit log records who
// erased someone and when, never whom (no address, no id that mails to the person carried).
import { sql, type SqlBool } from "kysely";
import type { SubscribersPort, SubscriberView } from "#app/lib/ports/subscribers.ts";
import type { Db } from "../db/index.ts";
import type { Audit } from "../audit.ts";
import type { NewsletterRepository, Subscriber } from "./repository.ts";
import { bouncedCsv, subscribersCsv } from "./export.ts";

export const PAGE_SIZE = 50;

const view = (s: Subscriber): SubscriberView => ({
  email: s.email,
  state: s.state,
  signedUpAt: Number(s.consentAt),
  confirmedAt: s.confirmedAt === null ? null : Number(s.confirmedAt),
  unsubscribedAt: s.unsubscribedAt === null ? null : Number(s.unsubscribedAt),
  source: s.consentSource,
  bouncedAt: s.bouncedAt === null ? null : Number(s.bouncedAt),
  bounceReason: s.bounceReason,
  undeliveredIssues: Number(s.undeliveredIssues),
});

export function createSubscribers(config: {
  db: Db;
  store: NewsletterRepository;
  now: () => number;
  audit: Audit;
}): SubscribersPort {
  const { store, now, audit } = config;
  const k = config.db.kysely;

  /** Subscribers whose address holds `text`, whatever the letter case (`%`, `_` and `\` are
   *  plain characters). */
  const matching = (text: string) => {
    const q = k.selectFrom("newsletter_subscriber");
    if (!text) return q;
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return q.where(sql<SqlBool>`lower(${sql.ref("email")}) like lower(${pattern}) escape '\\'`);
  };

  return {
    async list({ state, q, page }) {
      const found = matching(q.trim());
      const rows = await found
        .select(["state", (eb) => eb.fn.countAll<number>().as("n")])
        .groupBy("state")
        .execute();
      const counts = { subscribed: 0, pending: 0, unsubscribed: 0, bounced: 0, all: 0 };
      for (const r of rows) {
        counts[r.state] = Number(r.n);
        counts.all += Number(r.n);
      }
      const pages = Math.max(1, Math.ceil(counts[state] / PAGE_SIZE));
      const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
      const items = await (state === "all" ? found : found.where("state", "=", state))
        .selectAll()
        .orderBy("consentAt", "desc")
        .orderBy("id")
        .limit(PAGE_SIZE)
        .offset((current - 1) * PAGE_SIZE)
        .execute();
      return { items: items.map(view), counts, page: current, pages };
    },

    async csv(by, which = "subscribed") {
      if (which === "bounced") {
        const bounced = await store.bounced();
        await audit(by, "subscriber.export", null, `${bounced.length} bounced subscribers`);
        return bouncedCsv(bounced);
      }
      const subscribers = await store.subscribed();
      await audit(by, "subscriber.export", null, `${subscribers.length} subscribers`);
      return subscribersCsv(subscribers);
    },

    async erase(email, by) {
      // Only someone on the list: a stale or forged form adds no address to the suppression list.
      if (!(await store.findByEmail(email))) return false;
      const erased = await store.erase(email, now());
      if (erased) await audit(by, "subscriber.erased");
      return erased;
    },
  };
}
