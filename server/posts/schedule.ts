// When the next scheduled post goes live: a published post whose time (`publish_at`) is still to
// come. Each server instance sets a timer for it (./index.ts), so the post shows at its time on
// every instance with nobody signed in and nothing written to the database then.
import type { Db } from "../db/index.ts";
import "./tables.ts";

/** The earliest time after `now` at which a published post (not in the trash) goes live, if any. */
export async function nextPublishAt(db: Db, now: number): Promise<number | null> {
  const row = await db.kysely
    .selectFrom("blog_post")
    .select((eb) => eb.fn.min("publishAt").as("at"))
    .where("state", "=", "published")
    .where("trashedAt", "is", null)
    .where("publishAt", ">", now)
    .executeTakeFirst();
  return row?.at == null ? null : Number(row.at);
}
