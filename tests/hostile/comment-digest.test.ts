// @vitest-environment node
// Issue 26, the overall cap on comment-moderation e-mails, against the real built server (`node
// server/main.ts`, default settings) with a real SMTP server on loopback: many clients, each well
// within its own rate limit, write a comment each. The agency gets the hour's cap of e-mails
// (COMMENT_MAILS_PER_HOUR, 10), not one per comment; every comment is kept, and the rest wait for
// one digest due at the end of the hour. Each client gets the same thanks.
import { describe, expect, it } from "vitest";
import { COMMENT_MAILS_PER_HOUR, HOUR_MS } from "#server/comments/digest.ts";
import { skipWithoutBuild } from "#server/testing/server-process.ts";
import { postForm } from "#server/testing/visitor.ts";
import { mailingServer, query } from "./helpers.ts";

const skip = skipWithoutBuild("comment digest probes");
const CLIENTS = 30;

describe.skipIf(skip)("comment moderation e-mails against the built server (issue 26)", () => {
  // The clients are told apart by X-Forwarded-For (each has its own rate limit, left at its default).
  const site = mailingServer("hostile-comment-digest-");

  /** POST the post's action (its `.data` twin) as the form's script does, from client `n`. */
  const comment = (n: number) =>
    postForm(
      `${site.server.url}/blog-single-sidebar/1.data`,
      {
        name: `Visitor ${n}`,
        email: `visitor-${n}@example.com`,
        comment: `Comment ${n} of a crowd.`,
        website: "",
      },
      { headers: { "x-forwarded-for": `198.51.100.${n + 1}` } },
    );

  it(`${CLIENTS} clients, one comment each: ${COMMENT_MAILS_PER_HOUR} e-mails, the rest in one digest at the end of the hour`, async () => {
    const started = Date.now();
    // Not across an hour's end: the cap counts per clock hour.
    if (HOUR_MS - (started % HOUR_MS) < 60_000) await new Promise((r) => setTimeout(r, 61_000));
    const answers = await Promise.all(Array.from({ length: CLIENTS }, (_, n) => comment(n)));
    expect(answers.map((a) => a.status)).toEqual(Array(CLIENTS).fill(200));
    expect(answers.every((a) => a.body.success)).toBe(true);

    await site.smtp.waitFor(() => site.smtp.received.length >= COMMENT_MAILS_PER_HOUR, 10_000);
    await new Promise((r) => setTimeout(r, 2_000)); // the worker has sent what it would
    expect(site.smtp.received).toHaveLength(COMMENT_MAILS_PER_HOUR);

    const comments = query<{ state: string; digest_id: string | null }>(
      site.server.dataDir,
      "SELECT state, digest_id FROM blog_comment",
    );
    expect(comments).toHaveLength(CLIENTS);
    expect(comments.every((c) => c.state === "pending")).toBe(true);
    const digests = query<{ record_id: string; state: string; next_attempt_at: number }>(
      site.server.dataDir,
      "SELECT record_id, state, next_attempt_at FROM mail_outbox WHERE kind = 'comment-digest'",
    );
    expect(digests).toHaveLength(1);
    expect(digests[0]!.state).toBe("queued");
    expect(Number(digests[0]!.next_attempt_at) % HOUR_MS).toBe(0); // the end of the clock hour
    expect(comments.filter((c) => c.digest_id === digests[0]!.record_id)).toHaveLength(
      CLIENTS - COMMENT_MAILS_PER_HOUR,
    );
  }, 120_000);
});
