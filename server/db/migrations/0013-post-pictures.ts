// The pictures staff upload for posts (issue 28, server/pictures/): the picture (its name is the
// hash of its bytes; its state, sizes and who uploaded it) and its generated files, the bytes in
// the database (SQLite BLOB, PostgreSQL BYTEA) so that every instance serves them.
import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const bytes = sql.raw(db.getExecutor().adapter instanceof PostgresAdapter ? "bytea" : "blob");
    await db.schema
      .createTable("post_picture")
      .addColumn("name", "text", (c) => c.primaryKey())
      // pending, ready, failed
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("source_type", "text", (c) => c.notNull())
      .addColumn("original", bytes)
      .addColumn("bytes", "integer", (c) => c.notNull())
      .addColumn("source_width", "integer", (c) => c.notNull())
      .addColumn("source_height", "integer", (c) => c.notNull())
      .addColumn("width", "integer", (c) => c.notNull())
      .addColumn("height", "integer", (c) => c.notNull())
      .addColumn("widths", "text", (c) => c.notNull())
      .addColumn("formats", "text", (c) => c.notNull())
      .addColumn("fallback", "text", (c) => c.notNull())
      .addColumn("placeholder", "text")
      .addColumn("error", "text")
      .addColumn("uploaded_by", "text", (c) => c.notNull())
      .addColumn("uploaded_at", "bigint", (c) => c.notNull())
      .addColumn("ready_at", "bigint")
      .addColumn("lease_owner", "text")
      .addColumn("lease_until", "bigint")
      .addColumn("unused_since", "bigint")
      .execute();
    // The converter's question: which pictures still wait.
    await db.schema.createIndex("post_picture_state").on("post_picture").column("state").execute();
    await db.schema
      .createTable("post_picture_file")
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("width", "integer", (c) => c.notNull())
      // avif, webp, jpg, png
      .addColumn("format", "text", (c) => c.notNull())
      .addColumn("data", bytes, (c) => c.notNull())
      .addColumn("etag", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("post_picture_file_pk", ["name", "width", "format"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("post_picture_file").execute();
    await db.schema.dropTable("post_picture").execute();
  },
};
