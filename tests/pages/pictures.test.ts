// @vitest-environment node
// An uploaded picture through the real server (the built app in this process, on SQLite): the
// request guard refuses 16 MB before reading it, with the limit in words; a good JPEG becomes
// ready, is chosen for a post, published, and its <picture> on the post page, the lists, the
// feed and the console's preview names /media/u/… files, each served for a year; chosen for a
// project, its gallery card, its page and the project editor's preview do too. The upload's
// hostile cases in detail: server/pictures/pictures.test.ts.
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, skipWithoutBuild } from "#server/testing/server-process.ts";
import { readPostFolder, seedFolder } from "#server/posts/files.ts";
import { PICTURE_REFUSED } from "#app/lib/picture-upload.ts";
import { HTML_AS_JPEG, photo, postLarge, upload } from "#server/pictures/testing/fixtures.ts";
import { projectType } from "#app/content-types/project/type.ts";
import { fieldValues } from "#app/config/content-fields.ts";
import { startSite, type InProcessSite } from "./site.ts";

const skip = skipWithoutBuild("uploaded pictures on the pages");
const AMINA = "amina@techspark.ng";

describe.skipIf(skip)("an uploaded picture on the site", () => {
  let site: InProcessSite;
  let cookie = "";
  let token = "";
  beforeAll(async () => {
    site = await startSite();
    const { staff } = site.services;
    const { member } = await staff.store.invite({ email: AMINA, name: "Amina", by: "shell" }, Date.now());
    cookie = `staff=${await staff.store.startSession(member.id, "test", Date.now())}`;
    token = (await staff.session(cookie, site.base))!.formToken;
  });
  afterAll(() => site?.stop());

  it("refuses 16 MB in the request guard, before reading it, and a page named .jpg", async () => {
    const big = await postLarge(site.base, 16 * 1024 * 1024, { cookie, "x-console-token": token });
    expect(big).toEqual({ status: 413, text: PICTURE_REFUSED.tooLarge });
    const html = await upload(site.base, HTML_AS_JPEG, "holiday.jpg", { cookie, token });
    expect(html.status).toBe(415);
  });

  it("shows a chosen, published picture on the post page, the lists, the feed and the preview", async () => {
    const answer = await upload(site.base, await photo(1300, 867), "office.jpg", { cookie, token });
    expect(answer.status).toBe(201);
    const name = answer.body.name as string;
    await site.services.pictures.convertPending();
    expect(site.services.pictures.names()).toContain(name);

    const { id: _, state: __, ...fields } = readPostFolder(seedFolder()).posts.find((p) => p.id === 16)!;
    const posts = site.services.staff.posts;
    const saved = await posts.save(AMINA, null, {
      ...fields,
      title: "Our new office, in our own pictures",
      slug: "our-new-office",
      date: "2099-01-01", // the newest: first on every list
      thumb: name,
      image: name,
      inlineImage: name,
    });
    expect(saved).toMatchObject({ ok: true });
    const id = (saved as { id: number }).id;
    // The console's preview, before it is published.
    const preview = await (await fetch(`${site.base}/admin/posts/${id}`, { headers: { cookie } })).text();
    expect(preview).toContain(`/media/${name}-1280.avif 1280w`);
    expect(await posts.publish(AMINA, id)).toMatchObject({ ok: true });

    const page = await (await fetch(`${site.base}/blog-single-sidebar/${id}`)).text();
    const pictures = [...page.matchAll(/<picture[\s\S]*?<\/picture>/g)].map((m) => m[0]);
    const ours = pictures.filter((p) => p.includes(`/media/${name}-`));
    // The header picture, the picture in the body and the sidebar's recent post and gallery.
    expect(ours.length).toBeGreaterThanOrEqual(2);
    expect(ours[0]).toMatch(new RegExp(`type="image/avif" srcSet="/media/${name}-320\\.avif 320w`));
    expect(ours[0]).toContain(`src="/media/${name}-640.jpg"`);
    for (const url of new Set(
      [...ours.join(" ").matchAll(/\/media\/u\/[0-9a-f]{16}-\d+\.(?:avif|webp|jpg)/g)].map((m) => m[0]),
    )) {
      const res = await fetch(site.base + url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
    for (const list of ["/blog-standard", "/blog-3-column", "/blog/rss.xml"])
      expect(await (await fetch(site.base + list)).text(), list).toContain(`/media/${name}-`);
  });

  it("lets other sites show the uploaded and the built pictures (a newsletter in a web mail, the feed in a reader): Cross-Origin-Resource-Policy cross-origin on /media/u/ and /img/, same-origin elsewhere", async () => {
    const answer = await upload(site.base, await photo(500, 333), "for-the-newsletter.jpg", {
      cookie,
      token,
    });
    const name = answer.body.name as string;
    await site.services.pictures.convertPending();
    const { fallback } = (await site.services.pictures.entries([name]))[name]!;
    const built = readdirSync(path.join(ROOT, "build/client/img")).find((f) => f.endsWith(".webp"))!;
    const asset = readdirSync(path.join(ROOT, "build/client/assets")).find((f) => f.endsWith(".js"))!;
    const corp = async (url: string) => {
      const res = await fetch(site.base + url);
      return [res.status, res.headers.get("cross-origin-resource-policy")];
    };
    for (const url of [fallback, `/media/${name}-320.webp`, `/media/${name}-320.avif`, `/img/${built}`])
      expect(await corp(url), url).toEqual([200, "cross-origin"]);
    for (const url of [
      "/",
      "/about-us",
      "/blog-standard",
      "/blog/rss.xml",
      `/assets/${asset}`,
      "/favicon.svg",
    ])
      expect(await corp(url), url).toEqual([200, "same-origin"]);
  });

  it("shows a member's uploaded portrait, cropped to its frame, on their page, the team lists and their posts, within a second; kept by the cleanup while they show it", async () => {
    // Uploaded without a crop (a plain form's): the frame's largest part.
    const answer = await upload(site.base, await photo(900, 600), "zainab.jpg", {
      cookie,
      token,
      frame: "portrait",
    });
    expect(answer.status).toBe(201);
    const name = answer.body.name as string;
    await site.services.pictures.convertPending();
    const content = site.services.staff.content;
    expect(await content.framedPictures("team")).toContain(name);
    const zainab = (await content.get("team", "4"))!.item;
    const saved = await content.save(
      AMINA,
      "team",
      "4",
      { values: { ...zainab.values, portrait: name }, intent: "save", publishAt: null },
      zainab.revision,
    );
    expect(saved).toMatchObject({ ok: true, changed: true });
    const before = (zainab.item as { portrait: string }).portrait;
    const shows = (text: string) => text.includes(`/media/${name}-`) && !text.includes(`/img/${before}-`);
    // Her page, the lists, and the post she wrote (post 16): its author's portrait.
    for (const path of ["/team-details/4", "/team", "/team-3", "/blog-single-sidebar/16"]) {
      let text = "";
      for (let i = 0; i < 20 && !shows(text); i++) {
        text = await (await fetch(site.base + path)).text();
        if (!shows(text)) await new Promise((r) => setTimeout(r, 50));
      }
      expect(shows(text), path).toBe(true);
    }
    const page = await (await fetch(`${site.base}/team-details/4`)).text();
    const picture = [...page.matchAll(/<picture[\s\S]*?<\/picture>/g)]
      .map((m) => m[0])
      .find((p) => p.includes(name))!;
    // 4:5, as every portrait: the <img>'s size says so.
    const [, w, h] = /width="(\d+)" height="(\d+)"/.exec(picture)!;
    expect(Number(h) / Number(w)).toBeCloseTo(1.25, 2);
    const src = /src="(\/media\/[^"]+)"/.exec(picture)![1]!;
    expect((await fetch(site.base + src)).status).toBe(200);

    // The cleanup keeps what a member shows, 30 days on and more.
    expect(await site.services.pictures.sweep()).not.toContain(name);
    await site.services.db.kysely
      .updateTable("post_picture")
      .set({ unusedSince: 1 })
      .where("name", "=", name)
      .execute();
    expect(await site.services.pictures.sweep()).not.toContain(name);
    expect((await fetch(site.base + src)).status).toBe(200);
  });

  it("shows the pictures uploaded to a project's frames on the galleries, the home teaser, its page and its editor, each field with its own upload", async () => {
    const send = (frame: string) =>
      photo(1600, 1000).then((p) => upload(site.base, p, "bwari.jpg", { cookie, token, frame }));
    const card = (await send("card")).body.name as string;
    const wide = (await send("wide")).body.name as string;
    await site.services.pictures.convertPending();
    const [first] = projectType.seed;
    const made = await site.services.staff.content.create(AMINA, "project", {
      values: fieldValues(projectType.fields, {
        ...first,
        title: "Site visits in Bwari",
        thumb: card,
        thumbFull: wide,
      }),
      intent: "publish",
      publishAt: null,
    });
    expect(made).toMatchObject({ ok: true, key: "7" });
    // First on the list: on the home pages' teaser too.
    expect(await site.services.content.store.move("project", "7", 0, Date.now())).toBe(true);
    await site.services.content.refresh();
    for (const [path, name] of [
      ["/project-2-column", card],
      ["/project-carousel", card],
      ["/", card],
      ["/project-details/7", wide],
    ] as const) {
      const html = await (await fetch(site.base + path)).text();
      expect(html, path).toContain("Site visits in Bwari");
      expect(html, path).toMatch(new RegExp(`srcSet="/media/${name}-320\\.avif 320w`));
    }
    const editor = await (
      await fetch(`${site.base}/admin/content/project/7`, { headers: { cookie } })
    ).text();
    expect(editor).toContain(`<option value="${card}" selected="">`);
    expect(editor).toContain(`<option value="${wide}" selected="">`);
    expect(editor).toContain(`/media/${card}-320.avif 320w`);
    // Each field its own upload: its plain form, its file input, its words; no id twice.
    for (const field of ["thumb", "thumbFull"]) {
      expect(editor).toContain(`<form id="picture-upload-${field}"`);
      expect(editor).toContain(`id="field-${field}-file"`);
    }
    expect(editor).toContain("Upload a card picture");
    expect(editor).toContain("Upload a page picture");
    const ids = [...editor.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.filter((id, n) => ids.indexOf(id) !== n)).toEqual([]);
  });
});
