// The staff console's enquiries: the contact form's messages with filters and search, one in full,
// handled (by whom) or new again, delivery retried, erased, exported. Reads and erasure go
// through the contact inbox (server/contact); every change is written to the audit log.
import { sql, type SqlBool } from "kysely";
import type { EnquiriesPort, EnquiryFilter, EnquirySummary, EnquiryView } from "#app/lib/ports/enquiries.ts";
import type { Db } from "../db/index.ts";
import type { Audit } from "../audit.ts";
import type { ContactRepository, StoredMessage } from "./repository.ts";
import { selectMessages, toMessage, whereFailing } from "./repository.ts";
import { messagesCsv } from "./export.ts";

export const PAGE_SIZE = 50;

type Query = ReturnType<typeof selectMessages>;

const FILTERS: Record<EnquiryFilter, (q: Query) => Query> = {
  new: (q) => q.where("m.status", "=", "received").where("m.handledAt", "is", null),
  handled: (q) => q.where("m.handledAt", "is not", null),
  spam: (q) => q.where("m.status", "=", "spam"),
  failing: whereFailing,
  all: (q) => q,
};

/** Messages with `text` in a field, whatever the letter case (SQLite's lower() changes ASCII only:
 *  both sides go through it, so an exact "Émeka" still matches). */
function search(q: Query, text: string): Query {
  if (!text) return q;
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return q.where((eb) =>
    eb.or(
      (["m.name", "m.email", "m.phone", "m.message"] as const).map(
        (column) => sql<SqlBool>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`,
      ),
    ),
  );
}

/** What the list and the full view share. */
const base = (m: StoredMessage) => ({
  id: m.id,
  createdAt: m.createdAt,
  name: m.name,
  email: m.email,
  delivery: m.state,
  handledAt: m.handledAt,
  handledBy: m.handledBy,
});

const view = (m: StoredMessage): EnquiryView => ({
  ...base(m),
  phone: m.phone,
  message: m.message,
  attempts: m.attempts,
  lastError: m.lastError,
  sentAt: m.sentAt,
  nextAttemptAt: m.nextAttemptAt,
});

function summary(m: StoredMessage): EnquirySummary {
  const line = m.message.trim().split("\n", 1)[0]!.trim();
  return { ...base(m), firstLine: line.length > 120 ? `${line.slice(0, 119)}…` : line };
}

export function createEnquiries(config: {
  db: Db;
  store: ContactRepository;
  now: () => number;
  audit: Audit;
  /** Wakes the mail worker (a retried message goes at once). */
  poke: () => void;
}): EnquiriesPort {
  const { db, store, now, audit } = config;
  const k = db.kysely;

  async function count(q: Query): Promise<number> {
    const row = await q
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Sets or clears the handled mark; false when it already was so (or there is no such message). */
  async function mark(id: string, by: string | null): Promise<boolean> {
    const result = await k
      .updateTable("contact_message")
      .set({ handledAt: by ? now() : null, handledBy: by, updatedAt: now() })
      .where("id", "=", id)
      .where("handledAt", by ? "is" : "is not", null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  return {
    async list({ state, q, page }) {
      const matching = search(selectMessages(k), q.trim());
      const filters = Object.keys(FILTERS) as EnquiryFilter[];
      const totals = await Promise.all(filters.map((f) => count(FILTERS[f](matching))));
      const counts = Object.fromEntries(filters.map((f, i) => [f, totals[i]!])) as Record<
        EnquiryFilter,
        number
      >;
      const pages = Math.max(1, Math.ceil(counts[state] / PAGE_SIZE));
      const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
      const rows = await FILTERS[state](matching)
        .orderBy("m.createdAt", "desc")
        .orderBy("m.id")
        .limit(PAGE_SIZE)
        .offset((current - 1) * PAGE_SIZE)
        .execute();
      return { items: rows.map((r) => summary(toMessage(r))), counts, page: current, pages };
    },

    async get(id) {
      const m = await store.get(id);
      return m ? view(m) : null;
    },

    async markHandled(id, by) {
      const changed = await mark(id, by);
      if (changed) await audit(by, "enquiry.handled", id);
      return changed;
    },

    async markNew(id, by) {
      const changed = await mark(id, null);
      if (changed) await audit(by, "enquiry.new", id);
      return changed;
    },

    async retry(id, by) {
      const queued = await store.retry(id, now());
      if (queued) {
        await audit(by, "enquiry.retry", id);
        config.poke();
      }
      return queued;
    },

    async erase(id, by) {
      const erased = (await store.erase({ id })) > 0;
      if (erased) await audit(by, "enquiry.erased", id);
      return erased;
    },

    async csv(by) {
      const messages = await store.exportAll();
      await audit(by, "enquiry.export", null, `${messages.length} messages`);
      return messagesCsv(messages);
    },
  };
}
