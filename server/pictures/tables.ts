// The pictures staff upload for posts (migration 0013): one row per picture, named by the hash of
// its bytes, and one row per file made of it (AVIF and WebP at each width, one JPEG or PNG), the
// bytes in the database, so that every instance serves every picture (docs/posts.md, "Pictures").

/** pending: stored, waiting for (or in) its conversion; ready: its files are served and it may
 *  be chosen for a post; failed: it could not be converted (`error` says why). */
export type PictureState = "pending" | "ready" | "failed";

/** The formats of the files of a picture (the fallback is one JPEG, or PNG when transparent). */
export type PictureFormat = "avif" | "webp" | "jpg" | "png";

export type PostPictureTable = {
  /** "u/" + 16 hex digits of the SHA-256 of the uploaded bytes. */
  name: string;
  state: PictureState;
  /** What the bytes are (read from them): jpeg, png, webp, avif or gif. */
  sourceType: string;
  /** The upload as it came, until it is converted (then null: only the files are kept). */
  original: Uint8Array | null;
  /** Size of the upload in bytes. */
  bytes: number;
  /** The picture's size once upright (EXIF orientation applied), as uploaded. */
  sourceWidth: number;
  sourceHeight: number;
  /** The largest file's size (the <img> width and height); 0 until ready. */
  width: number;
  height: number;
  /** JSON array of the widths of the files (ascending); "[]" until ready. */
  widths: string;
  /** JSON array of the responsive formats ("avif", "webp"); "[]" until ready. */
  formats: string;
  /** The JPEG or PNG file's address (/media/u/…-640.jpg); "" until ready. */
  fallback: string;
  /** Dominant colour (#rrggbb), behind an opaque picture while it loads; null if transparent. */
  placeholder: string | null;
  /** Why it failed (state failed). */
  error: string | null;
  uploadedBy: string;
  uploadedAt: number;
  readyAt: number | null;
  /** The instance converting it, and until when (a lease: a crashed instance's goes to another). */
  leaseOwner: string | null;
  leaseUntil: number | null;
  /** The part kept of the upload, for a picture uploaded to a frame (migration 0016, JSON:
   *  PictureCrop); null: the picture as uploaded. */
  crop: string | null;
  /** Since when no post and no content item names it (set by the cleanup; null while one does).
   *  Removed 30 days on. */
  unusedSince: number | null;
};

export type PostPictureFileTable = {
  name: string;
  width: number;
  format: PictureFormat;
  /** The file's bytes (no metadata: no EXIF, no GPS). */
  data: Uint8Array;
  /** Quoted strong ETag (SHA-256 of the bytes, shortened). */
  etag: string;
};

// These tables join the database's type by declaration merging: server/db imports nothing built on it.
declare module "../db/schema.ts" {
  interface Database {
    post_picture: PostPictureTable;
    post_picture_file: PostPictureFileTable;
  }
}
