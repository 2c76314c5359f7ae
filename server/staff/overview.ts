// What needs the agency's attention now: the staff console's first page.
import type { Db } from "../db/index.ts";
import type { StaffOverview } from "#app/lib/ports/staff.ts";

const DAY = 86_400_000;

/** The first day of `now`'s month in Lagos (UTC+1 all year), as epoch ms. */
function monthStart(now: number): number {
  const lagos = new Date(now + 3_600_000);
  return Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), 1) - 3_600_000;
}

export async function staffOverview(db: Db, now: number): Promise<StaffOverview> {
  const k = db.kysely;
  const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: string | number | bigint }> }) =>
    Number((await query.executeTakeFirstOrThrow()).n);
  const [enquiries, failing, comments, signUps] = await Promise.all([
    count(
      k
        .selectFrom("contact_message")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("status", "=", "received")
        .where("createdAt", ">", now - 7 * DAY),
    ),
    count(
      k
        .selectFrom("mail_outbox")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("state", "in", ["retrying", "failed"]),
    ),
    count(
      k
        .selectFrom("blog_comment")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("state", "=", "pending"),
    ),
    count(
      k
        .selectFrom("newsletter_subscriber")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("state", "=", "subscribed")
        .where("confirmedAt", ">=", monthStart(now)),
    ),
  ]);
  return {
    enquiriesThisWeek: enquiries,
    deliveriesFailing: failing,
    commentsPending: comments,
    signUpsThisMonth: signUps,
  };
}
