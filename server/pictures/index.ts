// The pictures staff upload for posts (issue 28), projects and team portraits (issue 29, a portrait
// cropped to its frame by the conversion): the upload endpoint and the files' addresses
// (./upload.ts, ./serve.ts), the conversion off the request path (one at a time per instance, a
// lease per picture so that a picture left pending by a stopped instance is taken again), what the
// editor may choose (the ready pictures, read again every few seconds) and the cleanup (a picture
// no post and no content item names is removed 30 days after it stopped being named), how many new
// pictures a member may upload in 24 hours (UPLOADS_PER_DAY) and what the pictures take (the
// console shows it above the picture fields: GET /admin/posts/pictures/usage).
//   const pictures = createPictureService({ db, session: staff.session });
//   app routers: pictures.router;  pages: pictures.entries(names);  editor: pictures.names()
import { createHash, randomUUID } from "node:crypto";
import { hostname } from "node:os";
import express from "express";
import type { MediaEntry } from "#app/lib/media.server.ts";
import type { StaffSessionView } from "#app/lib/ports/staff-session.ts";
import { PICTURE_UPLOAD_PATH } from "#app/lib/picture-upload.ts";
import type { PictureEffort } from "#app/config/picture-sizes.ts";
import type { Db } from "../db/index.ts";
import { consoleLogger, describeError, type Logger } from "../log.ts";
import { oneAtATime } from "../one-at-a-time.ts";
import { auditLog } from "../audit.ts";
import { convertApart } from "./convert-apart.ts";
import { createPictureRepository, type PictureRepository } from "./repository.ts";
import { serveHandler } from "./serve.ts";
import { statusHandler, uploadHandler, UPLOAD_WINDOW_MS } from "./upload.ts";

/** New pictures one member may upload in 24 hours unless UPLOADS_PER_DAY says otherwise: a
 *  day's heavy editing is a few dozen; a script or a stolen session stops here. */
export const UPLOADS_PER_DAY = 100;

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
  /** New pictures one member may upload in 24 hours (UPLOADS_PER_DAY; default 100). */
  uploadsPerDay?: number;
  /** The encoders' effort (PICTURE_EFFORT; default "standard"). */
  pictureEffort?: PictureEffort;
  /** Convert on this instance (default true; tests convert by hand with `convertPending`). */
  startConverter?: boolean;
  now?: () => number;
  logger?: Logger;
};

/** What the console's posts read of the uploaded pictures (server/posts/console.ts). */
export type UploadedPictures = {
  /** The ready pictures' names, newest first, as this instance last read them. */
  names(): string[];
  /** The entries of those of `names` that are ready (read now). */
  entries(names: readonly string[]): Promise<Record<string, MediaEntry>>;
};

/** GET /admin/posts/pictures/usage: every uploaded picture (how many, their bytes: all their
 *  files, the originals not converted yet), and the member's new pictures of the last 24 hours
 *  against UPLOADS_PER_DAY. */
export type PictureUsageAnswer = {
  ok: true;
  pictures: number;
  bytes: number;
  uploadedToday: number;
  perDay: number;
};

export type PictureService = UploadedPictures & {
  /** POST /admin/posts/pictures, its state and usage, and GET /media/u/…, to mount before the
   *  pages. */
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
  const perDay = config.uploadsPerDay ?? UPLOADS_PER_DAY;
  /** A member's new pictures of the last 24 hours, and when the oldest of them leaves the window. */
  const used = async (by: string) => {
    const since = now() - UPLOAD_WINDOW_MS;
    const count = await store.uploadsSince(by, since);
    const first = count > 0 ? await store.firstUploadSince(by, since) : undefined;
    return { count, ...(first === undefined ? {} : { nextAt: first + UPLOAD_WINDOW_MS }) };
  };
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
        const result = await convertApart(job.name, job.original, job.crop, config.pictureEffort);
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
      daily: { perDay, used },
      now,
      async store(upload) {
        // A picture cropped to a frame is another picture than the upload as it is: its name is
        // the hash of the bytes and the crop (the same bytes and crop again: the same picture).
        const hash = upload.crop
          ? createHash("sha256").update(upload.sha256).update(JSON.stringify(upload.crop)).digest("hex")
          : upload.sha256;
        const name = `u/${hash.slice(0, 16)}`;
        const at = now();
        const state = await store.addWithin(
          {
            name,
            sourceType: upload.type,
            original: upload.original,
            sourceWidth: upload.width,
            sourceHeight: upload.height,
            uploadedBy: upload.by,
            ...(upload.crop ? { crop: upload.crop } : {}),
          },
          at,
          { by: upload.by, since: at - UPLOAD_WINDOW_MS, max: perDay },
        );
        if (state === "quota") return { quota: true as const };
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
  // What the uploaded pictures take, and the member's uploads of the last 24 hours (the console's
  // upload shows them: app/components/admin/picture-upload.tsx). Signed-in members only.
  router.get(`${PICTURE_UPLOAD_PATH}/usage`, async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const origin = `${req.protocol}://${req.get("host") ?? "localhost"}`;
    const session = await config.session(req.headers.cookie, origin + req.originalUrl);
    if (!session) return void res.status(401).json({ ok: false, message: "You are signed out." });
    const [usage, yours] = await Promise.all([store.usage(), used(session.member.email)]);
    res.json({ ok: true, ...usage, uploadedToday: yours.count, perDay } satisfies PictureUsageAnswer);
  });
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
