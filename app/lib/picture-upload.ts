// A post's picture uploaded from the console's editor (server/pictures/): where it is posted, what
// is accepted and what the server answers. Shared by the server, which enforces it, and the
// editor, which says it before a byte is sent.
import { PICTURE_FRAMES, type PictureFrame } from "#app/config/picture-sizes.ts";

/** Where the editor posts a picture (multipart/form-data, field `picture`). */
export const PICTURE_UPLOAD_PATH = "/admin/posts/pictures";
/** The file's field in the form. */
export const PICTURE_FIELD = "picture";
/** Largest picture accepted: 15 MB (a 12-megapixel phone photo is 3 to 8 MB). */
export const PICTURE_MAX_BYTES = 15 * 1024 * 1024;
/** The request around it: the file, the form's other fields and the multipart boundaries. */
export const PICTURE_MAX_REQUEST_BYTES = PICTURE_MAX_BYTES + 64 * 1024;
/** Largest picture in pixels (width × height): a 48-megapixel camera's photo fits, a
 *  decompression bomb does not. */
export const PICTURE_MAX_PIXELS = 50_000_000;

/** The types accepted, read from the file's bytes (never from its name). */
export const PICTURE_TYPES = ["JPEG", "PNG", "WebP", "AVIF", "GIF"] as const;

/** The form's field naming the frame (before the file). */
export const PICTURE_FRAME_FIELD = "frame";
/** The form's field with the part kept: "x,y,w,h" in fractions of the upright picture (0 to 1),
 *  of the frame's shape; left out (a plain form), the frame's largest part around what draws the
 *  eye is kept. */
export const PICTURE_CROP_FIELD = "crop";

/** The form's field naming the editor's picture field the upload is for ("thumb"), sent by the
 *  plain form so that the editor it comes back to (`?picture=…&field=thumb`) chooses it there. */
export const PICTURE_FOR_FIELD = "field";
/** What a field's name may be (a content type's field: app/content-types/); any other
 *  value is left out of the way back. */
export const PICTURE_FOR_PATTERN = /^[a-z][A-Za-z0-9]{0,39}$/;

/** A crop rectangle as its field writes it, checked for a picture of `width` × `height`. */
export function parseCrop(
  value: string,
  frame: PictureFrame,
  size: { width: number; height: number },
): [x: number, y: number, w: number, h: number] | null {
  const parts = value.split(",").map((v) => (/^\s*(0|1|0?\.\d{1,8}|1\.0*)\s*$/.test(v) ? Number(v) : NaN));
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) return null;
  const [x, y, w, h] = parts as [number, number, number, number];
  const slack = 1e-6;
  if (w <= 0 || h <= 0 || x + w > 1 + slack || y + h > 1 + slack) return null;
  // In pixels, the frame's shape within 2 % (rounding a crop of a small picture).
  const ratio = (w * size.width) / (h * size.height);
  if (Math.abs(ratio / PICTURE_FRAMES[frame].ratio - 1) > 0.02) return null;
  return [x, y, w, h];
}

/** A picture's name once uploaded: `u/` and 16 hex digits of the SHA-256 of its bytes. */
export const UPLOADED_PICTURE = /^u\/[0-9a-f]{16}$/;

/** The uploaded pictures named anywhere in `value` (a post's fields, a content item's payload:
 *  a project's pictures, a member's portrait, or any type's later), added to `into`. */
export function uploadedNames(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === "string") {
    if (UPLOADED_PICTURE.test(value)) into.add(value);
  } else if (Array.isArray(value)) for (const v of value) uploadedNames(v, into);
  else if (value && typeof value === "object") for (const v of Object.values(value)) uploadedNames(v, into);
  return into;
}

/** The uploaded pictures a text names as an article does (`/media/u/<hash>`: a post's body),
 *  added to `into`. Any mention counts (in a code span too): what it is for is a picture's
 *  keeping and its entry going with the post, where one too many costs nothing. */
export function uploadedInText(text: string, into = new Set<string>()): Set<string> {
  for (const match of text.matchAll(/\/media\/(u\/[0-9a-f]{16})(?![0-9a-f])/g)) into.add(match[1]!);
  return into;
}

/** What the server says when it refuses one (the editor shows the same words). */
export const PICTURE_REFUSED = {
  tooLarge:
    "This picture is larger than 15 MB: save it smaller (a photo of 3,000 pixels across is plenty) and upload it again.",
  type: `This file is not a picture the site takes: upload a ${PICTURE_TYPES.slice(0, -1).join(", ")} or ${PICTURE_TYPES.at(-1)} file (SVG and other files are refused).`,
  pixels: `This picture has too many pixels (more than ${PICTURE_MAX_PIXELS / 1_000_000} million): make it smaller and upload it again.`,
  unreadable: "This picture could not be read: the file may be damaged. Export it again and upload it.",
  none: "Choose a picture to upload.",
  busy: "Too many pictures are being processed right now. Please try again in a minute.",
  frame: "This picture's frame is not one the site uses: choose the picture again from the editor.",
  crop: "The part of the picture to keep is not inside it or not of the frame's shape: choose it again.",
} as const;

/** The server's answer to an upload (JSON, or the redirect's `?picture=` for a plain form). */
export type PictureUploadAnswer =
  | { ok: true; name: string; state: "pending" | "ready" | "failed" }
  | { ok: false; message: string; reason?: string };
