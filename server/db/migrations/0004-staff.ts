// The staff console: members, passkeys, invitations, sessions, WebAuthn challenges, audit log.
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("staff_member")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull().unique())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("role", "text", (c) => c.notNull())
      .addColumn("webauthn_user_id", "text", (c) => c.notNull().unique())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("invited_by", "text", (c) => c.notNull())
      .addColumn("removed_at", "bigint")
      .execute();
    await db.schema
      .createTable("staff_passkey")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("member_id", "text", (c) => c.notNull())
      .addColumn("public_key", "text", (c) => c.notNull())
      .addColumn("counter", "bigint", (c) => c.notNull())
      .addColumn("transports", "text", (c) => c.notNull())
      .addColumn("device_type", "text", (c) => c.notNull())
      .addColumn("backed_up", "integer", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("last_used_at", "bigint")
      .execute();
    await db.schema.createIndex("staff_passkey_member").on("staff_passkey").column("member_id").execute();
    await db.schema
      .createTable("staff_invitation")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("member_id", "text", (c) => c.notNull())
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("expires_at", "bigint", (c) => c.notNull())
      .addColumn("used_at", "bigint")
      .addColumn("created_by", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("staff_session")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("member_id", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("last_seen_at", "bigint", (c) => c.notNull())
      .addColumn("expires_at", "bigint", (c) => c.notNull())
      .addColumn("device", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("staff_session_member").on("staff_session").column("member_id").execute();
    await db.schema
      .createTable("staff_challenge")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("purpose", "text", (c) => c.notNull())
      .addColumn("subject", "text")
      .addColumn("expires_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("staff_audit")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("at", "bigint", (c) => c.notNull())
      .addColumn("actor", "text", (c) => c.notNull())
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("subject", "text")
      .addColumn("detail", "text")
      .execute();
    await db.schema.createIndex("staff_audit_at").on("staff_audit").column("at").execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      "staff_audit",
      "staff_challenge",
      "staff_session",
      "staff_invitation",
      "staff_passkey",
      "staff_member",
    ])
      await db.schema.dropTable(table).execute();
  },
};
