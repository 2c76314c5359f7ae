// The pictures staff upload for posts (issue 28), projects and team portraits (issue 29, a portrait
// cropped to its frame by the conversion): the upload endpoint and the files' addresses
// (./upload.ts, ./serve.ts), the conversion off the request path (one at a time per instance, a
// lease per picture so that a picture left pending by a stopped instance is taken again), what the
// editor may choose (the ready pictures, read again every few seconds) and the cleanup (a picture
// no post and no content item names is removed 30 days after it stopped being named).
//   const pictures = createPictureService({ db, session: staff.session });
//   app routers: pictures.router;  pages: pictures.entries(names);  editor: pictures.names()
import { createHash, randomUUID } from "node:crypto";
import { hostname } from "node:os";
import express from "express";
import type { MediaEntry } from "#app/lib/media.server.ts";
import type { StaffSessionView } from "#app/lib/ports/staff-session.ts";
import { PICTURE_UPLOAD_PATH } from "#app/lib/picture-upload.ts";
import type { Db } from "../db/index.ts";
import { consoleLogger, describeError, type Logger } from "../log.ts";
import { oneAtATime } from "../one-at-a-time.ts";
import { auditLog } from "../staff/audit.ts";
import { convertApart } from "./convert-apart.ts";
import { createPictureRepository, type PictureRepository } from "./repository.ts";
import { serveHandler } from "./serve.ts";
import { statusHandler, uploadHandler } from "./upload.ts";

export type PictureSettings = {
  /** Keep the pictures' files in this folder, shared by every instance, instead of the database
   *  (PICTURES_DIR; docs/posts.md). */
  picturesDir?: string;
  /** How often this instance looks for pictures to convert and for new ready ones (default 5 s). */
  pictureWatchMs?: number;
  /** How long a conversion may hold its picture before another instance may take it (10 min). */
  pictureLeaseMs?: number;
  /** How often unused pictures are looked for (default hourly). */
  pictureSweepMs?: number;
  /** Convert on this instance (default true; tests convert by hand with `convertPending`). */
  startConverter?: boolean;
  now?: () => number;
  logger?: Logger;
};

/** What the console's posts read of the uploaded pictures (server/staff/posts.ts). */
export type UploadedPictures = {
  /** The ready pictures' names, newest first, as this instance last read them. */
  names(): string[];
  /** The entries of those of `names` that are ready (read now). */
  entries(names: readonly string[]): Promise<Record<string, MediaEntry>>;
};

export type PictureService = UploadedPictures & {
  /** POST /admin/posts/pictures and GET /media/u/…, to mount before the pages. */
  router: express.Router;
  store: PictureRepository;
  /** Converts every pending picture now, one at a time (what the converter does on its own). */
  convertPending(): Promise<void>;
  /** Marks the pictures no post and no content item names, removes those unused for 30 days;
   *  their names. */
  sweep(): Promise<string[]>;
  close(): Promise<void>;
};

export function createPictureService(
  config: PictureSettings & {
    db: Db;
    /** The signed-in member of a request (the staff service's session). */
    session: (cookie: string | undefined, url: string) => Promise<StaffSessionView | null>;
    /** Told when a picture is ready (after an import, a post may name it already). */
    onReady?: (name: string) => Promise<unknown>;
  },
): PictureService {
  const now = config.now ?? Date.now;
  const log = config.logger ?? consoleLogger;
  const store = createPictureRepository(config.db, { dir: config.picturesDir });
  const audit = auditLog(config.db.kysely, now);
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leaseMs = config.pictureLeaseMs ?? 600_000;
  let closed = false;
  let ready: string[] = [];

  const readNames = oneAtATime(async () => {
    try {
      ready = await store.readyNames();
    } catch (error) {
      log({ level: "warn", msg: "pictures.read-failed", reason: describeError(error) });
    }
  });

  // One conversion at a time on this instance: asked while one runs, it looks again after it.
  const convertPending = oneAtATime(async () => {
    while (!closed) {
      let job;
      try {
        job = await store.claim(owner, now(), leaseMs);
      } catch (error) {
        log({ level: "warn", msg: "pictures.claim-failed", reason: describeError(error) });
        return;
      }
      if (!job) return;
      const t0 = performance.now();
      try {
        const result = await convertApart(job.name, job.original, job.crop);
        if (await store.complete(job.name, owner, result, now())) {
          log({
            msg: "pictures.ready",
            name: job.name,
            widths: result.entry.widths,
            ms: Math.round(performance.now() - t0),
          });
          await readNames();
          await config.onReady?.(job.name);
        }
      } catch (error) {
        const reason = describeError(error);
        log({ level: "warn", msg: "pictures.failed", name: job.name, reason });
        await store.fail(job.name, owner, reason).catch(() => {});
      }
    }
  });

  const sweep = async () => {
    const gone = await store.sweep(now());
    if (gone.length) {
      log({ msg: "pictures.removed", names: gone });
      await readNames();
    }
    return gone;
  };

  const router = express.Router();
  router.post(
    PICTURE_UPLOAD_PATH,
    uploadHandler({
      session: config.session,
      maxAtOnce: 8,
      async store(upload) {
        // A picture cropped to a frame is another picture than the upload as it is: its name is
        // the hash of the bytes and the crop (the same bytes and crop again: the same picture).
        const hash = upload.crop
          ? createHash("sha256").update(upload.sha256).update(JSON.stringify(upload.crop)).digest("hex")
          : upload.sha256;
        const name = `u/${hash.slice(0, 16)}`;
        const state = await store.add(
          {
            name,
            sourceType: upload.type,
            original: upload.original,
            sourceWidth: upload.width,
            sourceHeight: upload.height,
            uploadedBy: upload.by,
            ...(upload.crop ? { crop: upload.crop } : {}),
          },
          now(),
        );
        await audit(upload.by, "picture.uploaded", name, `${upload.type} ${upload.width}×${upload.height}`);
        if (state === "pending" && (config.startConverter ?? true)) void convertPending();
        return { name, state };
      },
    }),
  );
  router.get(
    `${PICTURE_UPLOAD_PATH}/u/:hash`,
    statusHandler({ session: config.session, state: (name) => store.state(name) }),
  );
  router.get("/media/u/:file", serveHandler(store));

  void readNames();
  const timers: NodeJS.Timeout[] = [];
  if (config.startConverter ?? true) {
    // A picture left pending (this instance stopped while converting it) is taken again now.
    void convertPending();
    timers.push(
      setInterval(() => {
        void readNames();
        void convertPending();
      }, config.pictureWatchMs ?? 5_000),
      setInterval(
        () =>
          void sweep().catch((error: unknown) =>
            log({ level: "error", msg: "pictures.sweep-failed", reason: describeError(error) }),
          ),
        config.pictureSweepMs ?? 3_600_000,
      ),
    );
  }
  for (const t of timers) t.unref();

  return {
    router,
    store,
    names: () => ready,
    entries: (names) => store.entries(names.filter((n) => n.startsWith("u/"))),
    convertPending,
    sweep,
    async close() {
      closed = true;
      for (const t of timers) clearInterval(t);
      await convertPending.settled();
      await readNames.settled();
    },
  };
}
