// When an e-mail "may have been delivered" (server/mail/worker.ts): the SMTP server went silent
// or the connection broke after the message's end was sent, before its answer. Such a job is
// tried once more later; found set on a second such attempt, the job is failed instead of tried
// in a loop (each try could be one more copy). Null for every job before this. Names no one.
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("mail_outbox").addColumn("maybe_delivered_at", "bigint").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("mail_outbox").dropColumn("maybe_delivered_at").execute();
  },
};
