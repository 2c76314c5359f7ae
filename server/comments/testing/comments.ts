// The comments as their tests use them: the services on a fresh database with two blog posts, and
// a reader's comment posted over HTTP as the form's script posts it.
import type { TestDatabase } from "../../db/testing/databases.ts";
import type { ServicesConfig } from "../../services.ts";
import { startHarness, type Cleanups, type Harness } from "../../testing/feature-harness.ts";
import { heldToken, postForm } from "../../testing/visitor.ts";

const POSTS = new Map([
  [1, { title: "NDPA 2023: What it means" }],
  [2, { title: "Choosing a stack" }],
]);

/** The harness with the two posts, pages' changes watched every 50 ms. */
export const startComments = (
  database: TestDatabase,
  cleanups: Cleanups,
  extra: Partial<ServicesConfig> = {},
) => startHarness(database, cleanups, { posts: POSTS, watchMs: 50, ...extra });

/** What the form's script does: POST the fields to the post's page with the token it has held
 *  for 20 s (`postId`: the post the page is for). */
export async function writeComment(h: Harness, { postId, ...fields }: Record<string, unknown>) {
  const { status, body } = await postForm(
    `${h.url}/blog-single-sidebar/${String(postId)}`,
    { website: "", ...fields },
    { xsrf: heldToken(h.c.t) },
  );
  return { status, body };
}
