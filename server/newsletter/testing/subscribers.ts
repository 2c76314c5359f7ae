// A subscriber written straight into the database, in any state, for tests that need a list.
import { randomUUID } from "node:crypto";
import type { Queries } from "../../db/index.ts";
import type { SubscriberState } from "../tables.ts";

export async function insertSubscriber(
  db: Queries,
  email: string,
  state: SubscriberState,
  at: number,
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("newsletter_subscriber")
    .values({
      id,
      email,
      state,
      createdAt: at,
      updatedAt: at,
      consentAt: at,
      consentSource: "/blog-standard footer",
      consentWording: "Subscribe",
      consentClient: "h",
      confirmedAt: state === "pending" ? null : at,
      unsubscribedAt: state === "unsubscribed" ? at : null,
      confirmNonce: null,
      confirmSentAt: null,
    })
    .execute();
  return id;
}
