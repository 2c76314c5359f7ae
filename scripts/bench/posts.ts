// The bench's newly published post: written and published through the console's own editor
// (server/posts/editor.ts) into the bench server's database from this process, which is then
// another instance to the server: the server learns of it only by its poll of the posts' version,
// as a second instance behind a load balancer would. Measured: the time from the publish's commit
// to the post's page answering 200 (publish-to-visible), and how long that first render took.
import { openDatabase } from "../../server/db/index.ts";
import { createPostEditor } from "../../server/posts/editor.ts";
import { createPostRepository } from "../../server/posts/repository.ts";

export type PublishedPost = {
  id: number;
  path: string;
  /** From the publish's commit to the first 200 for its page (ms). */
  visibleMs: number;
  /** The duration of that first 200: the post's first render (ms). */
  firstRenderMs: number;
  /** From the publish's commit to the post being on the first page of /blog-standard (ms). */
  listedMs: number;
};

const timed = async (url: string) => {
  const start = performance.now();
  const response = await fetch(url);
  const text = await response.text();
  return { status: response.status, text, ms: performance.now() - start };
};

/** Publishes a copy of post 1 under a new address; resolves once the server shows it. */
export async function publishPost(dataDir: string, base: string): Promise<PublishedPost> {
  const db = await openDatabase({ dataDir });
  try {
    const model = await createPostRepository(db).get(1);
    if (!model) throw new Error("post 1 is missing: the server did not import the posts");
    const editor = createPostEditor(db);
    const { id: _id, state: _s, publishAt: _p, trashedAt: _t, createdAt: _c, updatedAt: _u, ...rest } = model;
    const { updatedBy: _b, revision: _r, ...fields } = rest;
    const title = `Published by the benchmark at ${new Date().toISOString()}`;
    const created = await editor.create(
      { ...fields, slug: `bench-${Date.now()}`, title, date: new Date().toISOString().slice(0, 10) },
      "bench",
      Date.now(),
    );
    if (!created.ok) throw new Error(`the benchmark's post was refused: ${created.reason}`);
    const id = created.post.id;
    const published = await editor.publish(id, "bench", Date.now());
    if (!published.ok) throw new Error(`the benchmark's post was not published: ${published.reason}`);
    const committed = performance.now();
    const path = `/blog-single-sidebar/${id}`;
    let first: Awaited<ReturnType<typeof timed>>;
    for (;;) {
      first = await timed(`${base}${path}`);
      if (first.status === 200) break;
      if (performance.now() - committed > 10_000) throw new Error(`${path} is not shown after 10 s`);
      await new Promise((r) => setTimeout(r, 5));
    }
    const visibleMs = performance.now() - committed;
    while (!(await timed(`${base}/blog-standard`)).text.includes(title)) {
      if (performance.now() - committed > 10_000) throw new Error("/blog-standard does not list it");
      await new Promise((r) => setTimeout(r, 5));
    }
    const listedMs = performance.now() - committed;
    return {
      id,
      path,
      visibleMs: Math.round(visibleMs),
      firstRenderMs: Math.round(first.ms),
      listedMs: Math.round(listedMs),
    };
  } finally {
    await db.close();
  }
}
