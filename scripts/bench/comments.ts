// The bench's blog discussion: approved comments (every fifth a reply) on one post, written
// through the comments' own repository into the bench server's database, so the post pages are
// measured as a busy post serves them.
import { openDatabase } from "../../server/db/index.ts";
import { createOutbox } from "../../server/mail/outbox.ts";
import { createCommentRepository } from "../../server/comments/repository.ts";

const WORDS =
  "We tried this at our shop in Wuse and it worked well. The part about backups was new to us, thank you. Could you write more about choosing a hosting provider in Nigeria? Our team has five people and no IT department.".split(
    " ",
  );

/** `count` approved comments on `postId`, oldest an hour apart; returns when they are stored. */
export async function seedComments(dataDir: string, postId: number, postTitle: string, count: number) {
  const db = await openDatabase({ dataDir });
  try {
    const store = createCommentRepository(db, createOutbox(db), "bench-secret");
    const start = Date.now() - count * 3_600_000;
    let thread: string | null = null;
    for (let i = 0; i < count; i++) {
      const words = WORDS.slice(i % 10, (i % 10) + 12 + (i % 7) * 4).join(" ");
      const body = i % 3 === 0 ? `${words}\n\nSee https://example.com/notes/${i} for our notes.` : words;
      const written = await store.write(
        {
          postId,
          postTitle,
          parentId: i % 5 === 4 ? thread : null,
          name: `Reader ${i + 1}`,
          email: `reader${i + 1}@example.com`,
          body: `${body} (${i + 1})`,
          client: "bench",
          spam: null,
        },
        start + i * 3_600_000,
      );
      await store.moderate(written.id, "approve", "bench", start + i * 3_600_000 + 60_000);
      if (i % 5 !== 4) thread = written.id;
    }
  } finally {
    await db.close();
  }
}
