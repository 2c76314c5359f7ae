// The site's content other than the posts (issue 29): the FAQ first, then the projects, the team,
// the services, the testimonials, the pricing plans and the agency's details. One table of items
// with typed payloads (each checked by its type's zod schema, app/content/schemas.ts), not a
// table per type: a new type is a declaration, not a migration (decision 020).
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("content_item")
      // The type's name ("faq"), and the item's key within it (its id).
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("key", "text", (c) => c.notNull())
      // Its place on the lists that show the type (0 first).
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("state", "text", (c) => c.notNull())
      // A published item is shown from then (ms), or at once when null.
      .addColumn("publish_at", "bigint")
      // The item's fields as JSON.
      .addColumn("payload", "text", (c) => c.notNull())
      .addColumn("revision", "integer", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .addColumn("updated_by", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("content_item_pk", ["type", "key"])
      .execute();
    await db.schema
      .createTable("content_revision")
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("key", "text", (c) => c.notNull())
      .addColumn("revision", "integer", (c) => c.notNull())
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("payload", "text", (c) => c.notNull())
      .addColumn("saved_at", "bigint", (c) => c.notNull())
      .addColumn("saved_by", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("content_revision_pk", ["type", "key", "revision"])
      .execute();
    // One row per type, written when the type was first imported (its seed): from then on the
    // database is its source. A type added by a later version is seeded on that version's start.
    await db.schema
      .createTable("content_type")
      .addColumn("type", "text", (c) => c.primaryKey())
      .addColumn("seeded_at", "bigint", (c) => c.notNull())
      .execute();
    // One row (id 1): moves with every change of any item; every instance polls it.
    await db.schema
      .createTable("content_version")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("version", "bigint", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("content_version").execute();
    await db.schema.dropTable("content_type").execute();
    await db.schema.dropTable("content_revision").execute();
    await db.schema.dropTable("content_item").execute();
  },
};
