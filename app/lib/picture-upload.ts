// A post's picture uploaded from the console's editor (server/pictures/): where it is posted, what
// is accepted and what the server answers. Shared by the server, which enforces it, and the
// editor, which says it before a byte is sent.

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

/** A picture's name once uploaded: `u/` and 16 hex digits of the SHA-256 of its bytes. */
export const UPLOADED_PICTURE = /^u\/[0-9a-f]{16}$/;

/** What the server says when it refuses one (the editor shows the same words). */
export const PICTURE_REFUSED = {
  tooLarge:
    "This picture is larger than 15 MB: save it smaller (a photo of 3,000 pixels across is plenty) and upload it again.",
  type: `This file is not a picture the site takes: upload a ${PICTURE_TYPES.slice(0, -1).join(", ")} or ${PICTURE_TYPES.at(-1)} file (SVG and other files are refused).`,
  pixels: `This picture has too many pixels (more than ${PICTURE_MAX_PIXELS / 1_000_000} million): make it smaller and upload it again.`,
  unreadable: "This picture could not be read: the file may be damaged. Export it again and upload it.",
  none: "Choose a picture to upload.",
  busy: "Too many pictures are being processed right now. Please try again in a minute.",
} as const;

/** The server's answer to an upload (JSON, or the redirect's `?picture=` for a plain form). */
export type PictureUploadAnswer =
  | { ok: true; name: string; state: "pending" | "ready" | "failed" }
  | { ok: false; message: string; reason?: string };
