// What sharp does with an uploaded picture. On the request path, `inspect` reads only what the
// bytes say: the type (file-type, from the first bytes: never the name) and the size in the header
// (sharp's metadata, no pixel decoded), refusing anything not a JPEG, PNG, WebP, AVIF or GIF and
// anything over PICTURE_MAX_PIXELS. Off the request path, `convert` makes the same files as the
// site's own pictures (app/config/picture-sizes.ts, scripts/build-images.ts): upright (EXIF
// orientation applied), AVIF and WebP at each width, one JPEG (PNG when transparent), and no
// metadata at all (sharp keeps none unless asked: EXIF, GPS and XMP are gone).
import { fileTypeFromFile } from "file-type";
import sharp, { type Metadata, type SharpOptions } from "sharp";
import { PICTURE_MAX_PIXELS, PICTURE_REFUSED } from "#app/lib/picture-upload.ts";
import { encodePicture } from "./encode.ts";
import type { PictureEffort } from "#app/config/picture-sizes.ts";
import type { Converted, PictureCrop } from "./repository.ts";

// One conversion at a time per instance (./queue.ts), on one thread, with no operation cache: a
// 12-megapixel photo then costs tens of megabytes, not hundreds, and the other core keeps serving.
sharp.cache(false);
sharp.concurrency(1);

/** The inputs sharp is given: never more pixels than the limit (a decompression bomb is refused
 *  before it is decoded); damaged data stops the decoding ("error") rather than going on. */
const INPUT: SharpOptions = { limitInputPixels: PICTURE_MAX_PIXELS, failOn: "error" };

/** The types taken, by what file-type reads from the bytes → what sharp's metadata calls them. */
const TYPES: Record<string, { name: string; sharp: string }> = {
  "image/jpeg": { name: "jpeg", sharp: "jpeg" },
  "image/png": { name: "png", sharp: "png" },
  "image/webp": { name: "webp", sharp: "webp" },
  "image/avif": { name: "avif", sharp: "heif" },
  "image/gif": { name: "gif", sharp: "gif" },
};

export type Inspected =
  { ok: true; type: string; width: number; height: number } | { ok: false; status: number; message: string };

/** What the uploaded file is, from its bytes; a refusal (415, 422) says why not. */
export async function inspect(file: string): Promise<Inspected> {
  const detected = await fileTypeFromFile(file).catch(() => undefined);
  const type = detected && TYPES[detected.mime];
  if (!type) return { ok: false, status: 415, message: PICTURE_REFUSED.type };
  let meta: Metadata;
  try {
    meta = await sharp(file, INPUT).metadata();
  } catch (error) {
    // sharp reads the size from the header and refuses there, before a pixel is decoded.
    const bomb = error instanceof Error && /pixel limit/i.test(error.message);
    return { ok: false, status: 422, message: bomb ? PICTURE_REFUSED.pixels : PICTURE_REFUSED.unreadable };
  }
  if (meta.format !== type.sharp) return { ok: false, status: 415, message: PICTURE_REFUSED.type };
  const width = meta.width ?? 0;
  // An animated GIF or WebP: its first frame is the picture.
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (!width || !height) return { ok: false, status: 422, message: PICTURE_REFUSED.unreadable };
  if (width * height > PICTURE_MAX_PIXELS) return { ok: false, status: 422, message: PICTURE_REFUSED.pixels };
  // EXIF orientations 5–8 turn the picture a quarter: width and height swap.
  const swap = (meta.orientation ?? 1) >= 5;
  return { ok: true, type: type.name, width: swap ? height : width, height: swap ? width : height };
}

/** Longest a conversion may take (a picture that takes longer fails, and says so). */
const TIMEOUT = { seconds: 120 };

/** The widest a cropped picture is kept before its files are made (the widest file a frame's
 *  picture is shown at is narrower: a portrait is shown at most 640 px wide). */
const CROPPED_MAX_WIDTH = 1600;

/** The part of the upright picture its crop keeps, decoded (RGBA): the rectangle chosen, or the
 *  frame's largest part around what draws the eye (sharp's attention strategy: faces, colour,
 *  contrast). */
async function cropped(input: Buffer, W: number, H: number, crop: PictureCrop) {
  const upright = sharp(input, INPUT).timeout(TIMEOUT).rotate();
  let part;
  if (crop.rect) {
    const [x, y, w, h] = crop.rect;
    const left = Math.min(W - 1, Math.round(x * W));
    const top = Math.min(H - 1, Math.round(y * H));
    const width = Math.max(1, Math.min(W - left, Math.round(w * W)));
    const height = Math.max(1, Math.min(H - top, Math.round(h * H)));
    part = upright.extract({ left, top, width, height });
  } else {
    const width = Math.min(W, Math.round(H * crop.ratio));
    const height = Math.min(H, Math.round(W / crop.ratio));
    part = upright.resize({ width, height, fit: "cover", position: sharp.strategy.attention });
  }
  const kept = await part.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { width: kept.info.width, height: kept.info.height, channels: 4 as const };
  const { data, info } = await sharp(kept.data, { ...INPUT, raw })
    .timeout(TIMEOUT)
    .resize({ width: CROPPED_MAX_WIDTH, withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The files of picture `name` (its address under /media/) from its uploaded bytes, cropped to
 *  its frame first when it was uploaded to one, at the encoders' `effort`. */
export async function convert(
  name: string,
  input: Buffer,
  crop?: PictureCrop,
  effort?: PictureEffort,
): Promise<Converted> {
  const meta = await sharp(input, INPUT).metadata();
  const swap = (meta.orientation ?? 1) >= 5;
  let W = (swap ? (meta.pageHeight ?? meta.height) : meta.width) ?? 0;
  let H = (swap ? meta.width : (meta.pageHeight ?? meta.height)) ?? 0;
  if (!W || !H) throw new Error("cannot read the picture's size");
  let source = input;
  let decode: SharpOptions = INPUT;
  if (crop) {
    const part = await cropped(input, W, H, crop);
    [source, W, H] = [part.data, part.width, part.height];
    decode = { ...INPUT, raw: { width: W, height: H, channels: 4 } };
  }
  // One decoded master at the largest width (a JPEG shrinks while decoding), upright.
  const made = await encodePicture(source, { W, H }, { decode, timeout: TIMEOUT, effort });
  return {
    entry: {
      width: made.width,
      height: made.height,
      widths: made.widths,
      formats: ["avif", "webp"],
      fallback: `/media/${name}-${made.fallback.width}.${made.fallback.format}`,
      placeholder: made.placeholder,
    },
    files: made.files,
  };
}
