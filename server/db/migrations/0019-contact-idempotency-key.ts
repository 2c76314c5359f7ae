// A contact message's idempotency key (issue 31): a random UUID the visitor's form makes for one
// filled-in message and sends with every try of it, so that a message resent after its answer was
// lost (the server died after storing it, the network dropped the reply) is stored and e-mailed
// once. Null for messages sent without one (older pages, and every message before this). Unique:
// the insert does nothing when the key is there already (ON CONFLICT DO NOTHING); both databases
// let any number of rows hold null in a unique index. Names no one.
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("contact_message").addColumn("idempotency_key", "text").execute();
    await db.schema
      .createIndex("contact_message_idempotency_key")
      .on("contact_message")
      .column("idempotency_key")
      .unique()
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("contact_message_idempotency_key").execute();
    await db.schema.alterTable("contact_message").dropColumn("idempotency_key").execute();
  },
};
