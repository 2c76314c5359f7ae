// POST /admin/posts/pictures: a staff member's picture, as multipart/form-data (busboy, streamed).
// The request must come from a signed-in session and carry its console form token (the header
// X-Console-Token from the editor's script, or the form's hidden field before the file, as every
// console form: app/lib/staff.server.ts), besides the fast path's same-origin check. The file is
// streamed to a temporary file and hashed on the way, never held whole in memory; refused at 413
// past PICTURE_MAX_BYTES (the request guard refuses a larger Content-Length before reading it),
// 415 when its bytes are not a JPEG, PNG, WebP, AVIF or GIF, 422 past PICTURE_MAX_PIXELS or
// unreadable; 429 when the member has uploaded as many new pictures in the last 24 hours as one may
// (UPLOADS_PER_DAY: looked at before the file is read, and counted again as it is stored). Then it
// is stored as pending and converted off the request path (./queue.ts).
//   With JavaScript (Accept: application/json): 201 { ok, name, state } or 4xx { ok: false, message }.
//   Without: 303 back to the editor, `?picture=u/…` or `?picture-refused=<reason>`.
import { createHash } from "node:crypto";
import { safeEqual } from "#app/lib/digest.server.ts";
import { createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Request, Response } from "express";
import busboy from "busboy";
import { CONSOLE_FORM_REFUSED, CONSOLE_TOKEN_FIELD } from "#app/lib/console-form.ts";
import type { StaffSessionView } from "#app/lib/ports/staff-session.ts";
import {
  PICTURE_CROP_FIELD,
  PICTURE_FIELD,
  PICTURE_FOR_FIELD,
  PICTURE_FOR_PATTERN,
  PICTURE_FRAME_FIELD,
  PICTURE_MAX_BYTES,
  PICTURE_MAX_REQUEST_BYTES,
  PICTURE_REFUSED,
  parseCrop,
  type PictureUploadAnswer,
} from "#app/lib/picture-upload.ts";
import { PICTURE_FRAMES, type PictureFrame } from "#app/config/picture-sizes.ts";
import { formatDay } from "#app/lib/format.ts";
import type { PictureCrop } from "./repository.ts";

/** The header the editor's script sends the session's form token in. */
export const TOKEN_HEADER = "x-console-token";

/** Where a plain form's post goes back to: the editor it came from (a new post's, one post's, or
 *  a content item's: a team member's portrait). */
const EDITOR = /^\/admin\/(?:posts\/(?:new|\d{1,9})|content\/[a-z][a-z0-9-]{0,39}\/[a-z0-9-]{1,60})$/;

/** The reasons a plain form is sent back with (the editor shows PICTURE_REFUSED's words, and its
 *  own for the others: app/components/admin/picture-upload.tsx). */
export type RefusalReason = keyof typeof PICTURE_REFUSED | "signedOut" | "token" | "daily";

/** The window UPLOADS_PER_DAY counts over: the last 24 hours. */
export const UPLOAD_WINDOW_MS = 86_400_000;

/** A time as Lagos reads it (UTC+1 all year): "14:05 on 3 March 2025". */
function lagosClock(ms: number): string {
  const iso = new Date(ms + 3_600_000).toISOString();
  return `${iso.slice(11, 16)} on ${formatDay(iso.slice(0, 10))}`;
}

/** The member has uploaded `perDay` new pictures in the last 24 hours: what they are told, with
 *  when the next may be uploaded (the oldest of them 24 hours on). */
export function dailyLimitMessage(perDay: number, nextAt?: number): string {
  const when = nextAt === undefined ? "tomorrow" : `from ${lagosClock(nextAt)} (Lagos time)`;
  return `You have uploaded ${perDay} new ${perDay === 1 ? "picture" : "pictures"} in the last 24 hours, as many as one member may: you can upload the next ${when}. Meanwhile, choose one already uploaded in the picture fields.`;
}

type Refusal = { status: number; reason: RefusalReason; message: string };

const refusal = (status: number, reason: keyof typeof PICTURE_REFUSED): Refusal => ({
  status,
  reason,
  message: PICTURE_REFUSED[reason],
});

export type Uploaded = {
  by: string;
  sha256: string;
  file: string;
  type: string;
  width: number;
  height: number;
  /** Uploaded to a frame: the part kept (the conversion crops it). */
  crop?: PictureCrop;
};

export function uploadHandler(config: {
  session: (cookie: string | undefined, url: string) => Promise<StaffSessionView | null>;
  /** Stores the picture (pending) and queues its conversion; its name and state, or `quota`
   *  when the member's uploads of the last 24 hours are at the limit (nothing stored). */
  store: (
    upload: Uploaded & { original: Buffer },
  ) => Promise<{ name: string; state: "pending" | "ready" | "failed" } | { quota: true }>;
  /** Uploads taken at once on this instance (more: 503). */
  maxAtOnce: number;
  /** A member's new pictures in the last 24 hours: at `perDay`, the next is refused (429) before
   *  its file is read. `nextAt`: when the oldest of them leaves the window. */
  daily?: { perDay: number; used(by: string): Promise<{ count: number; nextAt?: number }> };
  now?: () => number;
}) {
  const now = config.now ?? Date.now;
  let atOnce = 0;

  return async (req: Request, res: Response) => {
    const json = /application\/json/.test(req.get("accept") ?? "");
    const back = (field: string | undefined) => (field && EDITOR.test(field) ? field : "/admin/posts");
    // The form's `back` field says it; a refusal before the body is read (the day's limit) goes
    // back to the editor the browser says it came from (only an editor's path of this site).
    let backTo: string | undefined = URL.parse(req.get("referer") ?? "")?.pathname;
    // The editor's picture field it is for (a plain form's): named again on the way back.
    let forField: string | undefined;

    const answer = (status: number, body: PictureUploadAnswer) => {
      if (res.headersSent) return;
      res.setHeader("Cache-Control", "no-store");
      if (!body.ok && !req.complete) res.setHeader("Connection", "close"); // the rest is not read
      if (json) return void res.status(status).json(body);
      const query = body.ok
        ? `picture=${encodeURIComponent(body.name)}`
        : `picture-refused=${body.reason ?? "unreadable"}`;
      const field = forField && PICTURE_FOR_PATTERN.test(forField) ? `&${PICTURE_FOR_FIELD}=${forField}` : "";
      res.redirect(303, `${back(backTo)}?${query}${field}`);
    };
    const refuse = (r: Refusal) => answer(r.status, { ok: false, message: r.message, reason: r.reason });

    const origin = `${req.protocol}://${req.get("host") ?? "localhost"}`;
    const session = await config.session(req.headers.cookie, origin + req.originalUrl);
    if (!session)
      return refuse({
        status: 401,
        reason: "signedOut",
        message: "You are signed out. Sign in again, then upload the picture.",
      });
    if (!/^multipart\/form-data/i.test(req.get("content-type") ?? ""))
      return refuse({ status: 415, reason: "none", message: "Send the picture as multipart/form-data." });
    // The request guard refuses this in the fast path already; here too, for any other mount.
    if (Number(req.get("content-length") ?? 0) > PICTURE_MAX_REQUEST_BYTES)
      return refuse(refusal(413, "tooLarge"));
    // At the day's limit: refused before a byte of the file is read.
    const overDaily = async () => {
      const used = config.daily && (await config.daily.used(session.member.email));
      if (!config.daily || !used || used.count < config.daily.perDay) return false;
      if (used.nextAt !== undefined)
        res.setHeader("Retry-After", String(Math.max(1, Math.ceil((used.nextAt - now()) / 1000))));
      refuse({ status: 429, reason: "daily", message: dailyLimitMessage(config.daily.perDay, used.nextAt) });
      return true;
    };
    if (await overDaily()) return;
    if (atOnce >= config.maxAtOnce) return refuse(refusal(503, "busy"));
    atOnce++;
    const dir = await mkdtemp(path.join(tmpdir(), "techspark-picture-"));
    try {
      const result = await receive(req, dir, session, (name, value) => {
        if (name === "back") backTo = value;
        else forField = value;
      });
      if ("status" in result) return refuse(result);
      // sharp (libvips, about 20 MB resident) is loaded by the first upload, not by every server.
      const { inspect } = await import("./convert.ts");
      const checked = await inspect(result.file);
      if (!checked.ok)
        return refuse({
          status: checked.status,
          reason:
            checked.status === 415
              ? "type"
              : checked.message === PICTURE_REFUSED.pixels
                ? "pixels"
                : "unreadable",
          message: checked.message,
        });
      // A frame (a portrait's 4:5): the part kept, checked against the picture's upright size.
      let crop: PictureCrop | undefined;
      if (result.frame !== undefined) {
        if (!Object.hasOwn(PICTURE_FRAMES, result.frame)) return refuse(refusal(400, "frame"));
        const frame = result.frame as PictureFrame;
        const rect = result.crop ? parseCrop(result.crop, frame, checked) : undefined;
        if (rect === null) return refuse(refusal(400, "crop"));
        crop = { ratio: PICTURE_FRAMES[frame].ratio, ...(rect ? { rect } : {}) };
      }
      const original = await readFile(result.file);
      const stored = await config.store({
        by: session.member.email,
        sha256: result.sha256,
        file: result.file,
        type: checked.type,
        width: checked.width,
        height: checked.height,
        original,
        ...(crop ? { crop } : {}),
      });
      // Others sent meanwhile (this instance or another) reached the limit first.
      if ("quota" in stored) {
        if (!(await overDaily()))
          refuse({ status: 429, reason: "daily", message: dailyLimitMessage(config.daily?.perDay ?? 0) });
        return;
      }
      answer(201, { ok: true, name: stored.name, state: stored.state });
    } finally {
      atOnce--;
      await rm(dir, { recursive: true, force: true });
    }
  };
}

/** What a multipart body brought: the file, its SHA-256, and the frame and part kept if sent. */
type Received = { file: string; sha256: string; frame?: string; crop?: string };

/** The multipart body read: the token checked before the file is taken, the file streamed to
 *  `dir` with its SHA-256; or why it is refused. */
function receive(
  req: Request,
  dir: string,
  session: StaffSessionView,
  /** The way back's fields (a plain form's): `back`, the editor's address, and the field. */
  onBack: (name: "back" | typeof PICTURE_FOR_FIELD, value: string) => void,
): Promise<Received | Refusal> {
  return new Promise((resolve) => {
    let token = req.get(TOKEN_HEADER);
    let found: Promise<Received | Refusal> | null = null;
    let settled = false;
    // The frame and the part kept come before the file, as the token does.
    let frame: string | undefined;
    let crop: string | undefined;
    const finish = (value: Received | Refusal) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fields: 5, parts: 6, fileSize: PICTURE_MAX_BYTES, fieldSize: 1024 },
      });
    } catch {
      return finish(refusal(400, "none"));
    }
    parser.on("field", (name, value) => {
      if (name === CONSOLE_TOKEN_FIELD) token ??= value;
      if (name === "back" || name === PICTURE_FOR_FIELD) onBack(name, value);
      if (name === PICTURE_FRAME_FIELD && !found) frame = value;
      if (name === PICTURE_CROP_FIELD && !found && value !== "") crop = value;
    });
    parser.on("file", (name, stream) => {
      if (name !== PICTURE_FIELD || found) return void stream.resume();
      if (!sameToken(token, session.formToken)) {
        stream.resume();
        return finish({ status: 403, reason: "token", message: CONSOLE_FORM_REFUSED });
      }
      const file = path.join(dir, "upload");
      const hash = createHash("sha256");
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      });
      found = pipeline(stream, hashing, createWriteStream(file)).then(
        () =>
          (stream as { truncated?: boolean }).truncated
            ? refusal(413, "tooLarge")
            : { file, sha256: hash.digest("hex"), frame, crop },
        () => refusal(400, "unreadable"),
      );
    });
    parser.on("close", () => {
      if (!found) return finish(refusal(400, "none"));
      void found.then(finish);
    });
    parser.on("error", () => finish(refusal(400, "unreadable")));
    req.on("aborted", () => finish(refusal(400, "unreadable")));
    req.pipe(parser);
  });
}

function sameToken(given: string | undefined, expected: string): boolean {
  return !!given && safeEqual(given, expected);
}

/** GET /admin/posts/pictures/u/<hash>: an upload's state, for the editor's script to wait for it
 *  (signed-in members only; JSON { ok, name, state }). */
export function statusHandler(config: {
  session: (cookie: string | undefined, url: string) => Promise<StaffSessionView | null>;
  state: (name: string) => Promise<"pending" | "ready" | "failed" | undefined>;
}) {
  return async (req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    const origin = `${req.protocol}://${req.get("host") ?? "localhost"}`;
    if (!(await config.session(req.headers.cookie, origin + req.originalUrl)))
      return void res.status(401).json({ ok: false, message: "You are signed out." });
    const hash = String(req.params.hash ?? "");
    const state = /^[0-9a-f]{16}$/.test(hash) ? await config.state(`u/${hash}`) : undefined;
    if (!state) return void res.status(404).json({ ok: false, message: "There is no such picture." });
    res.json({ ok: true, name: `u/${hash}`, state } satisfies PictureUploadAnswer);
  };
}
