// The bench's newly published post, as issue 28 measures it: three photos uploaded (stored as
// pending in the bench server's database, as the upload endpoint stores them, and converted by
// the server's own converter), then the post written and published with them through the
// console's own editor (server/posts/editor.ts), from this process: another instance to the
// server, which learns of the post only by its poll of the posts' version, as a second instance
// behind a load balancer would. Measured: the time from the publish's commit to the post's page
// answering 200 (publish-to-visible), and how long that first render took; Lighthouse then
// measures the post's page (scripts/bench.ts).
import { createHash } from "node:crypto";
import sharp from "sharp";
import { openDatabase, type Db } from "../../server/db/index.ts";
import { createPictureRepository } from "../../server/pictures/repository.ts";
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

/** A photo-like JPEG (grain over a colour: it compresses as photos do, not to nothing). */
const photo = (width: number, height: number, r: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r, g: 120, b: 150 },
      noise: { type: "gaussian", mean: 120, sigma: 28 },
    },
  })
    .blur(1.2)
    .jpeg({ quality: 85 })
    .toBuffer();

/** Three photos (list 3:2, header 16:9, body 4:3) uploaded; resolves with their names once the
 *  server has converted them. */
async function uploadPhotos(db: Db): Promise<[string, string, string]> {
  const pictures = createPictureRepository(db);
  const sizes = [
    [2400, 1600],
    [3840, 2160],
    [2400, 1800],
  ] as const;
  const names: string[] = [];
  for (const [i, [width, height]] of sizes.entries()) {
    const original = await photo(width, height, 60 + 50 * i);
    const name = `u/${createHash("sha256").update(original).digest("hex").slice(0, 16)}`;
    await pictures.add(
      { name, sourceType: "jpeg", original, sourceWidth: width, sourceHeight: height, uploadedBy: "bench" },
      Date.now(),
    );
    names.push(name);
  }
  const started = Date.now();
  while ((await Promise.all(names.map((n) => pictures.state(n)))).some((state) => state !== "ready")) {
    if (Date.now() - started > 120_000) throw new Error("the bench's photos were not converted in 2 minutes");
    await new Promise((r) => setTimeout(r, 100));
  }
  return names as [string, string, string];
}

/** Publishes a copy of post 1 under a new address, with three uploaded photos; resolves once the
 *  server shows it. */
export async function publishPost(dataDir: string, base: string): Promise<PublishedPost> {
  const db = await openDatabase({ dataDir });
  try {
    const model = await createPostRepository(db).get(1);
    if (!model) throw new Error("post 1 is missing: the server did not import the posts");
    const editor = createPostEditor(db);
    const { id: _id, state: _s, publishAt: _p, trashedAt: _t, createdAt: _c, updatedAt: _u, ...rest } = model;
    const { updatedBy: _b, revision: _r, ...fields } = rest;
    const [thumb, image, inlineImage] = await uploadPhotos(db);
    const title = `Published by the benchmark at ${new Date().toISOString()}`;
    const created = await editor.create(
      {
        ...fields,
        slug: `bench-${Date.now()}`,
        title,
        date: new Date().toISOString().slice(0, 10),
        thumb,
        image,
        inlineImage,
        imageAlt: "A photo uploaded by the benchmark: grain over a single colour",
      },
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
