// The uploaded pictures' rows (./tables.ts), the same on SQLite and PostgreSQL: a picture stored
// as pending, claimed by one converter at a time (a lease), made ready with its files or marked
// failed, read for the pages and the editor, and removed 30 days after no post and no content item
// (a project's pictures: server/content/) names it. On SQLite the space an original held goes back
// to the file system once it is dropped (server/db/sqlite-space.ts).
import { createHash, randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import type { MediaEntry } from "#app/lib/media.server.ts";
import { uploadedInText, uploadedNames } from "#app/lib/picture-upload.ts";
import { sha256Etag } from "#app/lib/digest.server.ts";
import { writeTransaction, type Db, type Queries } from "../db/index.ts";
import { reclaimSpace } from "../db/sqlite-space.ts";
import type { PictureFormat, PictureState } from "./tables.ts";

/** How long a picture no post and no content item names is kept: 30 days. */
export const UNUSED_KEPT_MS = 30 * 86_400_000;

/** A picture uploaded to a frame: the frame's shape (width ÷ height) and the part kept, in
 *  fractions of the upright upload (none: the frame's largest part around what draws the eye). */
export type PictureCrop = { ratio: number; rect?: [x: number, y: number, w: number, h: number] };

/** The uploaded pictures the posts (the trash too), the content items (drafts too) and the
 *  newsletter issues carrying a post name now. */
async function namedPictures(q: Queries): Promise<Set<string>> {
  const posts = await q.selectFrom("blog_post").select(["thumb", "image", "inlineImage"]).execute();
  const names = uploadedNames(posts);
  // The pictures written into the articles (`![…](/media/u/…)`).
  for (const { body } of await q
    .selectFrom("blog_post")
    .select("body")
    .where("body", "like", "%/media/u/%")
    .execute())
    uploadedInText(body, names);
  for (const { payload } of await q
    .selectFrom("content_item")
    .select("payload")
    .where("payload", "like", '%"u/%')
    .execute())
    uploadedNames(JSON.parse(payload) as unknown, names);
  // A newsletter issue carrying a post whole keeps its pictures: its e-mails and its page on the
  // site show them for good, after the post changes or goes (server/newsletter/issue-post.ts).
  for (const { post } of await q
    .selectFrom("newsletter_issue")
    .select("post")
    .where("post", "like", '%"u/%')
    .execute())
    uploadedNames(JSON.parse(post!) as unknown, names);
  return names;
}

/** How many pictures `by` uploaded since `since` (each picture once: the same bytes again are
 *  the picture uploaded before). */
async function uploadsSince(q: Queries, by: string, since: number): Promise<number> {
  const row = await q
    .selectFrom("post_picture")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("uploadedBy", "=", by)
    .where("uploadedAt", ">", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** PostgreSQL's advisory lock of a member's uploads (a 63-bit number from their address). */
const quotaLock = (by: string) =>
  String(createHash("sha256").update(`picture-quota:${by}`).digest().readBigInt64BE(0) >> 1n);

export type NewPicture = {
  name: string;
  sourceType: string;
  original: Buffer;
  sourceWidth: number;
  sourceHeight: number;
  uploadedBy: string;
  crop?: PictureCrop;
};

/** A member's uploads counted over a window (UPLOADS_PER_DAY): at most `max` new pictures by
 *  `by` uploaded since `since`. */
export type UploadQuota = { by: string; since: number; max: number };

/** What the uploaded pictures take: how many there are, and their bytes (every file made of
 *  them, and the originals still waiting for their conversion). */
export type PictureUsage = { pictures: number; bytes: number };

export type ClaimedPicture = { name: string; sourceType: string; original: Buffer; crop?: PictureCrop };

export type PictureFile = { width: number; format: PictureFormat; data: Buffer };

/** What a conversion made: the picture's entry (as the media manifest's) and its files. */
export type Converted = { entry: MediaEntry; files: PictureFile[] };

/**
 * `dir`: keep the files' bytes in this folder (PICTURES_DIR, shared by every instance: a network
 * volume) instead of the database, which then holds each file's row with empty bytes. The folder's
 * files are named by the picture's hash, width and format, written before their rows (a file with
 * no row is harmless: the same bytes for the same name) and removed after them.
 */
export function createPictureRepository(db: Db, options: { dir?: string } = {}) {
  const k = db.kysely;
  const { dir } = options;
  const pathOf = (name: string, width: number, format: PictureFormat) =>
    path.join(dir!, `${name.slice(2)}-${width}.${format}`);
  /** Writes a file whole or not at all (a temporary name, then renamed). */
  async function put(target: string, data: Buffer) {
    const temporary = `${target}.${process.pid}.${randomUUID()}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, target);
  }
  /** A new picture's row, pending (nothing when one of that name is there). */
  async function insert(q: Queries, p: NewPicture, now: number) {
    await q
      .insertInto("post_picture")
      .values({
        name: p.name,
        state: "pending",
        sourceType: p.sourceType,
        original: p.original,
        bytes: p.original.length,
        sourceWidth: p.sourceWidth,
        sourceHeight: p.sourceHeight,
        width: 0,
        height: 0,
        widths: "[]",
        formats: "[]",
        fallback: "",
        placeholder: null,
        error: null,
        uploadedBy: p.uploadedBy,
        uploadedAt: now,
        readyAt: null,
        leaseOwner: null,
        leaseUntil: null,
        unusedSince: now,
        crop: p.crop ? JSON.stringify(p.crop) : null,
      })
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
  }
  async function removeFiles(names: readonly string[]) {
    if (!dir) return;
    const prefixes = new Set(names.map((n) => `${n.slice(2)}-`));
    for (const file of await readdir(dir).catch(() => [] as string[]))
      if (prefixes.has(file.slice(0, 17))) await rm(path.join(dir, file), { force: true });
  }

  return {
    /** Stores a picture as pending; the same bytes uploaded again are the same picture (its
     *  state is answered, and its 30 days start again if no post names it). */
    async add(p: NewPicture, now: number): Promise<PictureState> {
      await insert(k, p, now);
      await k
        .updateTable("post_picture")
        .set({ unusedSince: now })
        .where("name", "=", p.name)
        .where("unusedSince", "is not", null)
        .execute();
      return (await this.state(p.name)) ?? "pending";
    },

    /** As `add`, within a member's quota: "quota" (nothing stored) when the picture is new and
     *  `quota.by` has uploaded `quota.max` new pictures since `quota.since` already. Counted and
     *  stored in one write transaction (on PostgreSQL under a lock of the member's), so that
     *  uploads sent at once, to any instance, cannot pass it together. */
    async addWithin(p: NewPicture, now: number, quota: UploadQuota): Promise<PictureState | "quota"> {
      const within = await writeTransaction(db, async (trx) => {
        if (db.dialect === "postgres")
          await sql`select pg_advisory_xact_lock(${quotaLock(quota.by)}::bigint)`.execute(trx);
        const known = await trx
          .selectFrom("post_picture")
          .select("name")
          .where("name", "=", p.name)
          .executeTakeFirst();
        if (known) return true; // the same bytes again: nothing new is stored
        if ((await uploadsSince(trx, quota.by, quota.since)) >= quota.max) return false;
        await insert(trx, p, now);
        return true;
      });
      return within ? this.add(p, now) : "quota";
    },

    /** How many new pictures `by` uploaded since `since` (the same bytes again do not count). */
    uploadsSince: (by: string, since: number) => uploadsSince(k, by, since),

    /** When the oldest of `by`'s uploads since `since` was made (the window moves on from it). */
    async firstUploadSince(by: string, since: number): Promise<number | undefined> {
      const row = await k
        .selectFrom("post_picture")
        .select((eb) => eb.fn.min("uploadedAt").as("first"))
        .where("uploadedBy", "=", by)
        .where("uploadedAt", ">", since)
        .executeTakeFirst();
      return row?.first == null ? undefined : Number(row.first);
    },

    /** What the uploaded pictures take (for the console): the files' bytes, in the database or
     *  in the folder, and the originals not converted yet. */
    async usage(): Promise<PictureUsage> {
      const inRows = await k
        .selectFrom("post_picture_file")
        .select(sql<number>`coalesce(sum(length(data)), 0)`.as("bytes"))
        .executeTakeFirstOrThrow();
      const originals = await k
        .selectFrom("post_picture")
        .select([
          sql<number>`count(*)`.as("pictures"),
          sql<number>`coalesce(sum(length(original)), 0)`.as("bytes"),
        ])
        .executeTakeFirstOrThrow();
      let inFolder = 0;
      if (dir) {
        const kept = await k
          .selectFrom("post_picture_file")
          .select(["name", "width", "format"])
          .where(sql<boolean>`length(data) = 0`)
          .execute();
        for (const f of kept)
          inFolder += await stat(pathOf(f.name, f.width, f.format)).then(
            (s) => s.size,
            () => 0,
          );
      }
      return {
        pictures: Number(originals.pictures),
        bytes: Number(inRows.bytes) + Number(originals.bytes) + inFolder,
      };
    },

    async state(name: string): Promise<PictureState | undefined> {
      const row = await k
        .selectFrom("post_picture")
        .select("state")
        .where("name", "=", name)
        .executeTakeFirst();
      return row?.state;
    },

    /** The next picture waiting for its conversion, leased to `owner` until `now + leaseMs` (a
     *  picture whose lease ran out, its converter gone, is taken again); null when none waits. */
    async claim(owner: string, now: number, leaseMs: number): Promise<ClaimedPicture | null> {
      for (;;) {
        const next = await k
          .selectFrom("post_picture")
          .select("name")
          .where("state", "=", "pending")
          .where((eb) => eb.or([eb("leaseUntil", "is", null), eb("leaseUntil", "<", now)]))
          .orderBy("uploadedAt")
          .orderBy("name")
          .limit(1)
          .executeTakeFirst();
        if (!next) return null;
        const taken = await k
          .updateTable("post_picture")
          .set({ leaseOwner: owner, leaseUntil: now + leaseMs })
          .where("name", "=", next.name)
          .where("state", "=", "pending")
          .where((eb) => eb.or([eb("leaseUntil", "is", null), eb("leaseUntil", "<", now)]))
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) continue; // another instance took it first
        const row = await k
          .selectFrom("post_picture")
          .select(["name", "sourceType", "original", "crop"])
          .where("name", "=", next.name)
          .executeTakeFirst();
        if (!row?.original) continue;
        return {
          name: row.name,
          sourceType: row.sourceType,
          original: Buffer.from(row.original),
          ...(row.crop ? { crop: JSON.parse(row.crop) as PictureCrop } : {}),
        };
      }
    },

    /** The conversion's files stored and the picture ready (its original dropped), if `owner`
     *  still holds it; false when not (its lease ran out and another converter has it). */
    async complete(name: string, owner: string, result: Converted, now: number): Promise<boolean> {
      const done = await writeTransaction(db, async (trx) => {
        const { entry } = result;
        const done = await trx
          .updateTable("post_picture")
          .set({
            state: "ready",
            original: null,
            width: entry.width,
            height: entry.height,
            widths: JSON.stringify(entry.widths),
            formats: JSON.stringify(entry.formats),
            fallback: entry.fallback,
            placeholder: entry.placeholder ?? null,
            readyAt: now,
            leaseOwner: null,
            leaseUntil: null,
          })
          .where("name", "=", name)
          .where("state", "=", "pending")
          .where("leaseOwner", "=", owner)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) !== 1) return false;
        await trx.deleteFrom("post_picture_file").where("name", "=", name).execute();
        if (dir) await mkdir(dir, { recursive: true });
        for (const f of result.files) {
          if (dir) await put(pathOf(name, f.width, f.format), f.data);
          await trx
            .insertInto("post_picture_file")
            .values({
              name,
              width: f.width,
              format: f.format,
              data: dir ? Buffer.alloc(0) : f.data,
              etag: sha256Etag(f.data, 22),
            })
            .execute();
        }
        return true;
      });
      // The original's pages (up to 15 MB) back to the file system.
      if (done) await reclaimSpace(db);
      return done;
    },

    /** The picture cannot be converted: it stays failed (its original dropped), with why. */
    async fail(name: string, owner: string, reason: string): Promise<void> {
      await k
        .updateTable("post_picture")
        .set({ state: "failed", error: reason, original: null, leaseOwner: null, leaseUntil: null })
        .where("name", "=", name)
        .where("state", "=", "pending")
        .where("leaseOwner", "=", owner)
        .execute();
      await reclaimSpace(db);
    },

    /** The entries of those of `names` that are ready (for the pages and the editor). */
    async entries(names: readonly string[]): Promise<Record<string, MediaEntry>> {
      const wanted = [...new Set(names)];
      if (wanted.length === 0) return {};
      const rows = await k
        .selectFrom("post_picture")
        .select(["name", "width", "height", "widths", "formats", "fallback", "placeholder"])
        .where("name", "in", wanted)
        .where("state", "=", "ready")
        .execute();
      return Object.fromEntries(
        rows.map((r) => [
          r.name,
          {
            width: r.width,
            height: r.height,
            widths: JSON.parse(r.widths) as number[],
            formats: JSON.parse(r.formats) as string[],
            fallback: r.fallback,
            ...(r.placeholder ? { placeholder: r.placeholder } : {}),
          },
        ]),
      );
    },

    /** Every ready picture's name, the newest first (the editor's choices). */
    async readyNames(): Promise<string[]> {
      const rows = await k
        .selectFrom("post_picture")
        .select("name")
        .where("state", "=", "ready")
        .orderBy("readyAt", "desc")
        .orderBy("name")
        .execute();
      return rows.map((r) => r.name);
    },

    /** One file of a ready picture. */
    async file(name: string, width: number, format: PictureFormat) {
      const row = await k
        .selectFrom("post_picture_file")
        .select(["data", "etag"])
        .where("name", "=", name)
        .where("width", "=", width)
        .where("format", "=", format)
        .executeTakeFirst();
      // Bytes in the row: a picture converted before PICTURES_DIR was set is served from here.
      if (!row || !dir || row.data.length > 0) return row;
      const data = await readFile(pathOf(name, width, format)).catch(() => undefined);
      return data && { data, etag: row.etag };
    },

    /**
     * The cleanup: a picture no post (any state, in the trash too) and no content item (drafts
     * too; a deleted item's revisions do not count) names is marked unused from
     * now, one named again is not, and one unused for 30 days is removed with its files. Returns
     * the names removed.
     */
    async sweep(now: number): Promise<string[]> {
      const usedSet = await namedPictures(k);
      const inUse = await k.selectFrom("post_picture").select(["name", "unusedSince"]).execute();
      const nowUsed = inUse.filter((r) => usedSet.has(r.name) && r.unusedSince !== null).map((r) => r.name);
      const nowUnused = inUse
        .filter((r) => !usedSet.has(r.name) && r.unusedSince === null)
        .map((r) => r.name);
      const expired = inUse
        .filter(
          (r) => !usedSet.has(r.name) && r.unusedSince !== null && now - r.unusedSince >= UNUSED_KEPT_MS,
        )
        .map((r) => r.name);
      if (nowUsed.length)
        await k.updateTable("post_picture").set({ unusedSince: null }).where("name", "in", nowUsed).execute();
      if (nowUnused.length)
        await k
          .updateTable("post_picture")
          .set({ unusedSince: now })
          .where("name", "in", nowUnused)
          .execute();
      if (expired.length === 0) return [];
      return writeTransaction(db, async (trx) => {
        // Checked again inside the transaction: a post or an item saved meanwhile keeps its picture.
        const keep = await namedPictures(trx);
        const gone = expired.filter((n) => !keep.has(n));
        if (gone.length === 0) return [];
        await trx.deleteFrom("post_picture_file").where("name", "in", gone).execute();
        await trx.deleteFrom("post_picture").where("name", "in", gone).execute();
        return gone;
      }).then(async (gone) => {
        await removeFiles(gone);
        if (gone.length) await reclaimSpace(db);
        return gone;
      });
    },
  };
}

export type PictureRepository = ReturnType<typeof createPictureRepository>;
