// Bounces (server/newsletter/bounces.ts): a subscriber whose e-mail the receiving server refused
// for good, or who missed three issues in a row on temporary refusals, becomes 'bounced' (a
// state, in the text column it already has): when, and the server's reply. `undelivered_issues`
// counts the issues in a row that ended undelivered (0 for everyone before this). Suppression
// rows may now have the reason 'bounced' (a text column too).
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("newsletter_subscriber").addColumn("bounced_at", "bigint").execute();
    await db.schema.alterTable("newsletter_subscriber").addColumn("bounce_reason", "text").execute();
    await db.schema
      .alterTable("newsletter_subscriber")
      .addColumn("undelivered_issues", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const column of ["undelivered_issues", "bounce_reason", "bounced_at"])
      await db.schema.alterTable("newsletter_subscriber").dropColumn(column).execute();
  },
};
