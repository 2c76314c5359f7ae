// Bounces: what the newsletter makes of an e-mail that did not reach a subscriber (the kinds'
// onOutcome, server/mail/kind.ts; run by the mail worker in the same transaction as the job's
// final state, so a refusal recorded is a refusal acted on).
//
// - Refused for good (a 5xx at RCPT or at the message's end): the subscriber is 'bounced' at
//   once, with the server's reply and when. Nothing more is sent to them: an issue goes to
//   'subscribed' people only, and a job of theirs still queued is cancelled when its turn comes.
// - An issue given up after temporary refusals (4xx replies for two days): one more in a row;
//   the third in a row is a bounce too. A delivered issue starts the count again. An issue
//   given up because no server answered (the relay down, our credentials refused) counts for
//   nobody: it says nothing about their mailbox, and would bounce the whole list at once.
// - Bounced people come back by signing up again and confirming from their inbox (the
//   repository's signUp and confirm): the confirmation proves the mailbox works.
import { UNDELIVERED_ISSUES_TO_BOUNCE } from "#app/config/newsletter.ts";
import type { Queries } from "../db/index.ts";
import type { MailOutcome } from "../mail/kind.ts";
import { truncateError } from "../mail/outbox.ts";

const NO_REQUEST = { requestAt: null, requestSource: null, requestWording: null, requestClient: null };

/** Marks a subscriber in one of `from` states bounced: nothing is sent to them any more, and a
 *  request to come back that was waiting is dropped (its confirmation cannot reach them). */
async function bounce(
  trx: Queries,
  id: string,
  from: readonly ("subscribed" | "pending" | "bounced")[],
  reason: string,
  at: number,
) {
  await trx
    .updateTable("newsletter_subscriber")
    .set({
      ...NO_REQUEST,
      state: "bounced",
      bouncedAt: at,
      bounceReason: truncateError(reason),
      undeliveredIssues: 0,
      confirmNonce: null,
      updatedAt: at,
    })
    .where("id", "=", id)
    .where("state", "in", from)
    .execute();
}

/** An issue's e-mail to subscriber `id` ended so. */
export async function issueOutcome(trx: Queries, id: string, outcome: MailOutcome, at: number) {
  if (outcome.result === "delivered") {
    await trx
      .updateTable("newsletter_subscriber")
      .set({ undeliveredIssues: 0 })
      .where("id", "=", id)
      .where("undeliveredIssues", ">", 0)
      .execute();
  } else if (outcome.result === "refused") {
    await bounce(trx, id, ["subscribed"], outcome.reason, at);
  } else if (outcome.result === "undelivered" && outcome.reply !== null && outcome.reply >= 400) {
    const counted = await trx
      .updateTable("newsletter_subscriber")
      .set((eb) => ({ undeliveredIssues: eb("undeliveredIssues", "+", 1) }))
      .where("id", "=", id)
      .where("state", "=", "subscribed")
      .returning("undeliveredIssues")
      .executeTakeFirst();
    const inARow = counted ? Number(counted.undeliveredIssues) : 0;
    if (inARow >= UNDELIVERED_ISSUES_TO_BOUNCE)
      await bounce(
        trx,
        id,
        ["subscribed"],
        `${inARow} issues in a row undelivered; the last: ${outcome.reason}`,
        at,
      );
  }
  // 'unknown' (the process stopped mid-send, or no answer to the message's end) proves nothing.
}

/** A confirmation e-mail to subscriber `id` ended so: refused for good, the sign-up (or their
 *  request to come back after a bounce) is bounced; an unsubscribed person's request to come back
 *  stays until it ages out, their opt-out untouched. */
export async function confirmationOutcome(trx: Queries, id: string, outcome: MailOutcome, at: number) {
  if (outcome.result === "refused") await bounce(trx, id, ["pending", "bounced"], outcome.reason, at);
}
