// @vitest-environment node
// The posts are the database's: a post added, changed or unpublished there shows (or stops
// showing) on every page that shows posts, within a second, with no stale copy kept: both post
// layouts, the four lists and their filters, the sidebar, the home pages' teaser, the site search,
// the RSS feed and the sitemap. A post moved to the trash or deleted for good answers 410 Gone
// (the not-found look, saying it was removed) and leaves them too. The built app in this process,
// on SQLite (two instances on one PostgreSQL: server/multi-instance.test.ts).
import { createHash } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipWithoutBuild } from "#server/testing/server-process.ts";
import type { ImportedPost } from "#server/posts/repository.ts";
import { createPostEditor } from "#server/posts/editor.ts";
import { fetchPage, startSite, within1s as within1sAt, type Answer, type InProcessSite } from "./site.ts";
import { removeCommentsOfPosts } from "#server/comments/posts-removed.ts";

const skip = skipWithoutBuild("the posts from the database on every page");

/** The pages that show a post that is among the three newest. */
const showing = (id: number) => [
  `/blog-single-sidebar/${id}`,
  `/blog-single/${id}`,
  "/blog-standard",
  "/blog-with-sidebar",
  "/blog-2-column",
  "/blog-3-column",
  "/blog-with-sidebar?category=health",
  "/",
  "/home-2",
  "/business-dark",
  "/search?q=Kubwa+bakeries",
  "/blog/rss.xml",
  "/sitemap.xml",
];

describe.skipIf(skip)("posts from the database", () => {
  let site: InProcessSite;
  const get = (path: string) => fetchPage(site.base, path);
  const within1s = (paths: string[], check: (page: Answer, path: string) => boolean) =>
    within1sAt(site.base, paths, check);

  let newest: ImportedPost;
  const fresh = (fields: Partial<ImportedPost>): ImportedPost => ({
    ...newest,
    id: 17,
    slug: "bread-by-phone-kubwa-bakeries",
    title: "Bread by Phone: How Two Kubwa Bakeries Took Orders Online",
    date: "2024-02-01",
    category: "health",
    excerpt:
      "Two family bakeries in Kubwa moved their orders from phone calls to a simple order page. What they built, what it cost, and what changed for their customers.",
    ...fields,
  });

  beforeAll(async () => {
    site = await startSite();
    const [first] = await site.services.posts.store.all();
    newest = { ...first!, state: "published" };
    // Every page once, so that each is kept (and must be dropped when the posts change).
    for (const path of showing(newest.id)) expect((await get(path)).status, path).toBe(200);
  });

  afterAll(() => site?.stop());

  it("a fresh database shows the seed's posts", async () => {
    expect(await site.services.posts.store.all()).toHaveLength(16);
    expect((await get("/blog-single-sidebar/16")).status).toBe(200);
    expect((await get("/blog-single-sidebar/17")).status).toBe(404);
  });

  it("a new post shows on every page that shows posts within a second; unpublished, it is gone", async () => {
    const now = Date.now();
    await site.services.posts.store.importPosts([fresh({})], "test", now);
    // The sitemap names the post by its address, every other page by its title.
    const mentions = (page: Answer, path: string, title: string) =>
      page.text.includes(path === "/sitemap.xml" ? "/blog-single-sidebar/17<" : title);
    const title = "Bread by Phone: How Two Kubwa Bakeries Took Orders Online";
    expect(
      await within1s(showing(17), (page, path) => page.status === 200 && mentions(page, path, title)),
    ).toEqual([]);

    const changed = `${title}, and Kept Them`;
    await site.services.posts.store.importPosts([fresh({ title: changed })], "test", now + 1);
    expect(
      await within1s(showing(17), (page, path) =>
        mentions(page, path, path === "/sitemap.xml" ? "" : changed),
      ),
    ).toEqual([]);

    await site.services.posts.store.importPosts([fresh({ title: changed, state: "draft" })], "test", now + 2);
    const [post, reading, ...others] = showing(17);
    expect(await within1s([post!, reading!], (page) => page.status === 404)).toEqual([]);
    expect(
      await within1s(others, (page, path) => page.status === 200 && !mentions(page, path, title)),
    ).toEqual([]);
  });

  it("a title with markup is text on every page that shows it, in the JSON-LD and the feed too", async () => {
    const title = 'Hostile </script><script>alert(1)</script> & <b>"quoted"</b> title';
    await site.services.posts.store.importPosts(
      [fresh({ id: 18, slug: "hostile-title", title })],
      "test",
      Date.now(),
    );
    const paths = ["/blog-single-sidebar/18", "/blog-standard", "/", "/blog/rss.xml", "/search?q=Hostile"];
    const failing = await within1s(paths, (page) => page.status === 200 && page.text.includes("Hostile "));
    expect(failing).toEqual([]);
    for (const path of paths) {
      const { text } = await get(path);
      expect(text, path).not.toContain("<script>alert(1)");
      expect(text, path).not.toContain('<b>"quoted"</b>');
    }
  });

  it("a post naming a picture this database lacks is left out, the blog still served; shown once the picture is ready", async () => {
    const photo = await sharp({
      create: { width: 1000, height: 700, channels: 3, background: { r: 20, g: 140, b: 90 } },
    })
      .jpeg()
      .toBuffer();
    const name = `u/${createHash("sha256").update(photo).digest("hex").slice(0, 16)}`;
    const id = 20;
    const title = "Flour Prices and the Kubwa Bakeries";
    // As an import from another server brings it: the post first, its picture not there yet.
    await site.services.posts.store.importPosts(
      [fresh({ id, slug: "flour-prices-kubwa-bakeries", title, date: "2024-03-02", image: name })],
      "test",
      Date.now(),
    );
    const [post, reading] = showing(id);
    const mentions = (page: Answer, path: string) =>
      page.text.includes(path === "/sitemap.xml" ? `/blog-single-sidebar/${id}<` : title);
    // Give the instance time to read the posts: then nothing shows it, and every page answers.
    await new Promise((r) => setTimeout(r, 600));
    for (const path of showing(id)) {
      const page = await get(path);
      expect({ path, status: page.status, shown: mentions(page, path) }).toEqual({
        path,
        status: path === post || path === reading ? 404 : 200,
        shown: false,
      });
    }

    // The picture arrives and is converted (as the import and the converter do): shown at once.
    await site.services.pictures.store.add(
      { name, sourceType: "jpeg", original: photo, sourceWidth: 1000, sourceHeight: 700, uploadedBy: "t" },
      Date.now(),
    );
    await site.services.pictures.convertPending();
    expect(await within1s(showing(id), (page, path) => page.status === 200 && mentions(page, path))).toEqual(
      [],
    );
    expect((await get(post!)).text).toContain(`/media/${name}-`);
  });

  it("a post moved to the trash answers 410 and leaves every page within a second; deleted for good, still 410", async () => {
    // Through the editor itself, not the console: nothing reads the posts again but the poll.
    const editor = createPostEditor(site.services.db, removeCommentsOfPosts);
    const id = 19;
    const title = "Ovens by Phone: Kubwa Bakeries a Year Later";
    await site.services.posts.store.importPosts(
      [fresh({ id, slug: "kubwa-bakeries-a-year-later", title, date: "2024-03-01" })],
      "test",
      Date.now(),
    );
    const [post, reading, ...others] = showing(id);
    const mentions = (page: Answer, path: string) =>
      page.text.includes(path === "/sitemap.xml" ? `/blog-single-sidebar/${id}<` : title);
    expect(await within1s(showing(id), (page, path) => page.status === 200 && mentions(page, path))).toEqual(
      [],
    );

    expect(await editor.trash(id, "test", Date.now())).toMatchObject({ ok: true, changed: true });
    expect(await within1s([post!, reading!], (page) => page.status === 410)).toEqual([]);
    expect(await within1s(others, (page, path) => page.status === 200 && !mentions(page, path))).toEqual([]);
    const gone = await get(post!);
    expect(gone.text).toContain("This Article Was Removed");
    expect(gone.text).toContain("<title>Post Removed | ");
    // A number no post ever had is still a 404.
    expect((await get("/blog-single-sidebar/999")).status).toBe(404);

    // Restored, it is a draft: 404 (not shown, not removed).
    await editor.restore(id, "test", Date.now());
    expect(await within1s([post!, reading!], (page) => page.status === 404)).toEqual([]);

    await editor.trash(id, "test", Date.now());
    expect(await editor.deleteForGood(id, "test", Date.now())).toHaveLength(1);
    expect(await within1s([post!, reading!], (page) => page.status === 410)).toEqual([]);
  });
});
